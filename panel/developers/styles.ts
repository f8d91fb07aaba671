import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';

const CSS = `
.p-dev { display: grid; grid-template-columns: 140px 1fr; gap: 12px 20px; margin: 0 0 20px; align-items: baseline; }
.p-dev__row { display: contents; }
.p-dev dt { color: var(--t-muted); font-size: 13px; }
.p-dev dd { margin: 0; word-break: break-all; }
.p-dev__mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.p-dev__muted { color: var(--t-muted); font-size: 13px; }
.p-dev__empty { display: flex; flex-direction: column; align-items: flex-start; gap: 14px; }
.p-dev__origins { margin: 0 0 16px; padding-left: 18px; line-height: 1.8; }
`;

export function useDeveloperStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-developers', CSS), []);
}
