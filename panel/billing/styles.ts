import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
/** The billing screens' few layout rules (colours come from the ui tokens, AA on white). */
import CSS from './billing.css?raw';

export function useBillingStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-billing', CSS), []);
}
