import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
/** The partner area's layout rules (colours from the ui tokens, AA on white). */
import CSS from './partner.css?raw';

export function usePartnerStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-partner', CSS), []);
}
