import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
import CSS from './partners.css?raw';

export function usePartnerStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-admin-partners', CSS), []);
}
