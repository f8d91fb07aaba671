/**
 * Styles of the editing layer (floating menu, context menu, find palette, tag and link editors),
 * included in the board stylesheet (sdk/ui/styles.ts).
 */
export const EDITING_CSS = `
.tb-floating { position: absolute; z-index: 25; display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 6px;
  max-width: calc(100% - 10px); pointer-events: none; }
.tb-floating > * { pointer-events: auto; }
.tb-floating .tb-props { position: static; transform: none; }
.tb-floating__bar { display: flex; align-items: center; gap: 2px; padding: 4px; }
.tb-cmenu-wrap { position: absolute; z-index: 50; }
.tb-cmenu { min-width: 220px; max-height: calc(100vh - 16px); overflow: visible; padding: 4px; display: flex; flex-direction: column; gap: 1px; }
.tb-cmenu .tb-item { height: 32px; }
.tb-cmenu .tb-item__keys { padding-left: 24px; }
.tb-cmenu__sep { height: 1px; margin: 4px 6px; background: var(--tb-line); }
.tb-sub { position: relative; }
.tb-cmenu--sub { position: absolute; left: calc(100% + 2px); top: -4px; z-index: 51; }
.tb-cmenu--drop { position: absolute; top: calc(100% + 8px); left: 0; z-index: 51; display: flex; flex-direction: column; }
.tb-cmenu--drop > .tb-cmenu { min-height: 0; overflow-y: auto; }
.tb-palette__input { margin-bottom: 8px; }
.tb-palette__list { list-style: none; margin: 0; padding: 0; max-height: 25vh; overflow-y: auto; }
.tb-palette__item { display: flex; align-items: center; gap: 12px; padding: 8px 10px; border-radius: 8px; cursor: pointer; }
.tb-palette__item--active { background: #e8f2fd; }
.tb-palette__label { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-palette__detail { color: #5b6472; font-size: 12px; white-space: nowrap; }
.tb-muted { color: #5b6472; }
.tb-tags { list-style: none; margin: 0 0 16px; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.tb-tag { display: inline-flex; align-items: center; gap: 4px; padding: 2px 4px 2px 10px; border-radius: 999px; background: #e8f2fd; color: #0d47a1; }
.tb-tag__remove { border: none; background: none; color: inherit; font: inherit; font-size: 16px; width: 24px; height: 24px; border-radius: 50%; cursor: pointer; }
.tb-tag__remove:hover, .tb-tag__remove:focus-visible { background: rgba(13,71,161,.12); outline: none; }
.tb-tag-form { display: grid; grid-template-columns: 1fr 1fr; gap: 0 12px; align-items: end; }
.tb-tag-form .t-btn { grid-column: 1 / -1; justify-self: start; }
.tb-dialog-actions { display: flex; justify-content: flex-end; gap: 8px; }
`;
