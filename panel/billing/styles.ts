import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';

/** The billing screens' few layout rules (colours come from the ui tokens, AA on white). */
const CSS = `
.p-bill { display: flex; flex-direction: column; gap: 24px; max-width: 920px; }
.p-bill__facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 12px 20px; margin: 0; }
.p-bill__facts div { min-width: 0; }
.p-bill__facts dt { color: var(--t-muted); font-size: 13px; }
.p-bill__facts dd { margin: 2px 0 0; font-weight: 600; overflow-wrap: anywhere; }
.p-bill__actions { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }
.p-bill__actions .t-field { margin: 0; }
.p-bill__actions > a { line-height: 40px; }
.p-bill__section { border-top: 1px solid var(--t-border, #e2e5ea); padding-top: 18px; }
.p-bill__section > h3 { margin: 0 0 12px; font-size: 16px; }
.p-order { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 20px 28px; }
@media (max-width: 760px) { .p-order { grid-template-columns: 1fr; } }
.p-order fieldset { border: 0; margin: 0 0 14px; padding: 0; min-width: 0; }
.p-order legend { font-weight: 600; font-size: 14px; margin-bottom: 6px; padding: 0; }
.p-choice { display: flex; gap: 8px; align-items: center; padding: 4px 0; cursor: pointer; }
.p-choice input { width: 16px; height: 16px; margin: 0; }
.p-choice__price { color: var(--t-muted); font-size: 13px; margin-left: auto; padding-left: 10px; white-space: nowrap; }
.p-preview { width: 100%; border-collapse: collapse; font-size: 14px; }
.p-preview caption { text-align: left; font-weight: 600; padding-bottom: 6px; }
.p-preview td { padding: 5px 0; border-bottom: 1px solid var(--t-border, #e2e5ea); vertical-align: top; }
.p-preview td:last-child { text-align: right; white-space: nowrap; padding-left: 12px; }
.p-preview tr.p-preview__total td { font-weight: 700; border-bottom: 0; }
.p-bill__red { color: #b42318; font-weight: 600; margin: 8px 0 0; }
.p-bill__ok { color: #05603a; font-weight: 600; margin: 8px 0 0; }
.p-redeem { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }
.p-redeem .t-field { margin: 0; min-width: 260px; }
.p-invoice dl { display: grid; grid-template-columns: 140px 1fr; gap: 6px 16px; margin: 0 0 14px; }
.p-invoice dt { color: var(--t-muted); }
.p-invoice dd { margin: 0; }
`;

export function useBillingStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-billing', CSS), []);
}
