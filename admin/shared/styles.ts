import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';

/** The back-office's few styles beyond ui/ and the panel (AA contrast on white: #b42318 red, #a15c00 orange). */
const CSS = `
.a-page { display: flex; flex-direction: column; gap: 16px; }
.a-dl { display: grid; grid-template-columns: minmax(120px, 180px) 1fr; gap: 8px 16px; margin: 0 0 16px; align-items: baseline; }
.a-dl dt { color: #4a5466; font-size: 13px; }
.a-dl dd { margin: 0; overflow-wrap: anywhere; }
.a-section { font: 600 14px/1.4 var(--t-font); margin: 18px 0 8px; }
.a-row { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; margin-bottom: 12px; }
.a-checks { display: flex; flex-wrap: wrap; gap: 8px 20px; margin-bottom: 12px; }
.a-groups { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 16px; }
.a-group { border: 1px solid var(--t-border-soft); border-radius: 8px; padding: 12px; min-width: 0; }
.a-group h3 { font: 600 13px/1.3 var(--t-font); margin: 0 0 8px; text-transform: capitalize; }
.a-group ul { list-style: none; margin: 0; padding: 0; font-size: 13px; }
.a-group li { display: flex; justify-content: space-between; gap: 8px; padding: 2px 0; }
.a-series { width: 100%; height: 120px; display: block; }
.a-pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; background: #f6f8fb; border-radius: 6px; padding: 8px; margin: 0; max-height: 320px; overflow: auto; }
.a-status { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; }
.a-status--1 { background: #e6f5ee; color: #1a6b45; }
.a-status--2 { background: #fdecec; color: #b42318; }
.a-status--3 { background: #fdf4e3; color: #8a4b00; }
.a-log { display: grid; grid-template-columns: 1fr; gap: 12px; }
.a-log__list { position: relative; list-style: none; margin: 0; padding: 0; border: 1px solid var(--t-border); border-radius: 8px; height: max(240px, calc(100vh - 400px)); overflow: auto; background: #fff; }
.a-log__list:focus-visible { outline: 2px solid var(--t-primary); outline-offset: 2px; }
.a-log__item { display: grid; grid-template-columns: 180px 70px 1fr; gap: 10px; padding: 6px 10px; border-bottom: 1px solid var(--t-border-soft); font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; cursor: pointer; }
.a-log__item > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.a-log__item[aria-selected="true"] { background: #e8f2fd; box-shadow: inset 3px 0 0 var(--t-primary); }
.a-log--fatal, .a-log--error { color: #b42318; }
.a-log--warning { color: #a15c00; }
.a-log__filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; }
.a-log__filters > * { min-width: 160px; }
`;

export function useAdminStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-admin', CSS), []);
}
