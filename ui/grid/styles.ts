import { useInsertionEffect } from 'react';
import { ensureUiStyles, injectStyles } from '../styles';

/**
 * The grid's stylesheet, on the widgets' tokens (ui/styles.ts custom properties), injected once
 * beside the widgets' own. Contrast (AA): body text #1c2430 and muted #667085 on white and on
 * the header's #f8fafc (≥ 4.6:1); the current page is white on #1976d2 (4.6:1); focus rings are
 * 2 px #1e88e5 (3.7:1 against white).
 */
export const GRID_CSS = `
.t-grid { font: 14px/1.45 var(--t-font); color: var(--t-text); display: flex; flex-direction: column; gap: 12px; min-width: 0; }
.t-grid *, .t-grid *::before, .t-grid *::after { box-sizing: border-box; }
.t-grid__toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
.t-grid__search { position: relative; flex: 1 1 220px; max-width: 320px; }
.t-grid__search .t-input { height: 36px; padding-left: 34px; }
.t-grid__search svg { position: absolute; left: 10px; top: 50%; transform: translateY(-50%); color: var(--t-muted); pointer-events: none; }
.t-grid__quick { display: inline-flex; flex-wrap: wrap; border: 1px solid var(--t-border); border-radius: var(--t-radius); overflow: hidden; background: var(--t-surface); }
.t-grid__quick button { font: 500 13px/1 var(--t-font); color: var(--t-text); background: none; border: none; border-left: 1px solid var(--t-border); padding: 0 12px; height: 34px; cursor: pointer; }
.t-grid__quick button:first-child { border-left: none; }
.t-grid__quick button:hover { background: #f2f5f9; }
.t-grid__quick button[aria-pressed="true"] { background: var(--t-primary-soft); color: #1565c0; font-weight: 600; }
.t-grid__quick-select { width: auto; height: 36px; }
.t-grid__tools { display: flex; gap: 8px; margin-left: auto; }
.t-grid__scroll { overflow-x: auto; border: 1px solid var(--t-border); border-radius: var(--t-radius); background: var(--t-surface); }
.t-grid__table { width: 100%; border-collapse: collapse; }
.t-grid__caption { caption-side: top; text-align: left; font: 600 15px/1.3 var(--t-font); padding: 12px 14px 4px; }
.t-grid__table th, .t-grid__table td { padding: 10px 14px; text-align: left; vertical-align: middle; border-bottom: 1px solid var(--t-border-soft); }
.t-grid__table thead th { background: #f8fafc; color: var(--t-muted); font: 600 12px/1.3 var(--t-font); text-transform: uppercase; letter-spacing: .03em; white-space: nowrap; }
.t-grid__table tbody tr:last-child td { border-bottom: none; }
.t-grid__table tbody tr:hover td { background: #fafbfd; }
.t-grid__table [data-align="end"] { text-align: right; }
.t-grid__table [data-align="center"] { text-align: center; }
.t-grid__sort { display: inline-flex; align-items: center; gap: 4px; font: inherit; color: inherit; text-transform: inherit; letter-spacing: inherit; background: none; border: none; padding: 2px 4px; margin: -2px -4px; border-radius: 4px; cursor: pointer; }
.t-grid__sort:hover { color: var(--t-text); }
th[aria-sort="ascending"] .t-grid__sort, th[aria-sort="descending"] .t-grid__sort { color: var(--t-text); }
.t-grid__sort svg { flex: none; }
.t-grid__actions { display: flex; gap: 6px; justify-content: flex-end; }
.t-grid__action { display: inline-flex; align-items: center; gap: 6px; height: 30px; padding: 0 10px; font: 500 13px/1 var(--t-font); color: var(--t-text);
  background: var(--t-surface); border: 1px solid var(--t-border); border-radius: 6px; cursor: pointer; white-space: nowrap; }
.t-grid__action:hover:not(:disabled) { border-color: #c5ccd8; background: #f7f9fc; }
.t-grid__action:disabled { opacity: .55; cursor: not-allowed; }
.t-grid__action--danger { color: #c22f2f; }
.t-grid__action--icon { width: 30px; padding: 0; justify-content: center; }
.t-grid__empty, .t-grid__failed { text-align: center !important; color: var(--t-muted); padding: 28px 14px !important; }
.t-grid__failed { color: #a32020; }
.t-grid__failed button { margin-left: 10px; }
.t-grid__skeleton { display: block; height: 12px; border-radius: 6px; width: 70%;
  background: linear-gradient(90deg, #eef1f5 25%, #f6f8fb 50%, #eef1f5 75%); background-size: 200% 100%; animation: t-grid-shimmer 1.2s ease-in-out infinite; }
.t-grid__skeleton-row td { height: 44px; }
.t-grid__table tr:nth-child(3n+2) .t-grid__skeleton { width: 55%; }
.t-grid__table tr:nth-child(3n) .t-grid__skeleton { width: 82%; }
@keyframes t-grid-shimmer { from { background-position: 100% 0; } to { background-position: -100% 0; } }
@media (prefers-reduced-motion: reduce) { .t-grid__skeleton { animation: none; } }
.t-grid__footer { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 16px; min-height: 34px; }
.t-grid__summary { color: var(--t-muted); font-size: 13px; }
.t-pager__list { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 0; padding: 0; }
.t-pager__btn { min-width: 34px; height: 34px; padding: 0 10px; font: 500 13px/1 var(--t-font); color: var(--t-text); background: var(--t-surface);
  border: 1px solid var(--t-border); border-radius: 6px; cursor: pointer; }
.t-pager__btn:hover:not([aria-current="page"]):not([aria-disabled="true"]) { background: #f2f5f9; border-color: #c5ccd8; }
.t-pager__btn[aria-current="page"] { background: var(--t-primary-hover); border-color: var(--t-primary-hover); color: #fff; cursor: default; }
.t-pager__btn[aria-disabled="true"] { color: var(--t-muted); cursor: not-allowed; opacity: .7; }
.t-grid button:focus-visible, .t-grid select:focus-visible, .t-pager__btn:focus-visible, .t-grid__scroll:focus-visible { outline: 2px solid var(--t-primary); outline-offset: 2px; }
.t-grid__detail { display: grid; grid-template-columns: minmax(120px, max-content) 1fr; gap: 8px 20px; margin: 0; }
.t-grid__detail dt { color: var(--t-muted); font-weight: 500; }
.t-grid__detail dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 560px) {
  .t-grid__search { max-width: none; }
  .t-grid__tools { margin-left: 0; }
  .t-grid__table th, .t-grid__table td { padding: 8px 10px; }
  .t-grid__detail { grid-template-columns: 1fr; gap: 2px; }
  .t-grid__detail dd { margin-bottom: 8px; }
}
`;

const STYLE_ID = 'tabula-grid-styles';

/** Injects the widgets' stylesheet and the grid's, once per document. */
export function useGridStyles(): void {
  useInsertionEffect(() => {
    ensureUiStyles();
    injectStyles(STYLE_ID, GRID_CSS);
  }, []);
}
