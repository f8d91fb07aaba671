/** The comments' CSS (part of the board stylesheet, sdk/ui/styles.ts): unread badges, the comment box, the 450 px panel. */
export const COMMENTS_CSS = `
.tb-comment-badges { position: absolute; inset: 0; pointer-events: none; overflow: hidden; z-index: 6; }
.tb-badge { display: inline-flex; align-items: center; justify-content: center; min-width: 20px; height: 20px; padding: 0 6px; border-radius: 10px; background: #d92d20; color: #fff; font-size: 12px; font-weight: 600; }
.tb-badge--marker { position: absolute; left: 0; top: 0; border: 2px solid #fff; }
.tb-comment { position: absolute; z-index: 35; display: flex; flex-direction: column; max-height: min(480px, calc(100% - 16px)); user-select: text; -webkit-user-select: text; }
.tb-comment__head { padding-left: 10px; }
.tb-comment__colors { display: flex; gap: 6px; }
.tb-comment__color { width: 20px; height: 20px; border-radius: 50%; border: 2px solid #fff; box-shadow: 0 0 0 1px var(--tb-line); cursor: pointer; padding: 0; }
.tb-comment__color[aria-checked="true"] { box-shadow: 0 0 0 2px var(--tb-ink); }
.tb-comment__color:focus-visible { outline: 2px solid var(--tb-accent); outline-offset: 2px; }
.tb-comment__list { list-style: none; margin: 0; padding: 8px 12px; overflow-y: auto; display: flex; flex-direction: column; gap: 12px; flex: 1; }
.tb-comment__meta { display: flex; align-items: center; gap: 8px; }
.tb-comment__meta .tb-avatar { width: 24px; height: 24px; margin-left: 0; color: #fff; }
.tb-comment__author { font-weight: 600; white-space: nowrap; }
.tb-comment__meta time { white-space: nowrap; }
.tb-comment__text { margin: 4px 0 0 32px; white-space: pre-wrap; overflow-wrap: anywhere; }
.tb-btn--small { min-width: 28px; height: 28px; padding: 0 4px; }
.tb-mention { position: relative; display: flex; flex-direction: column; gap: 6px; padding: 8px 12px 10px; border-top: 1px solid var(--tb-line); }
.tb-comment__input { height: auto; min-height: 56px; padding: 8px 10px; resize: vertical; line-height: 1.4; }
.tb-comment__send { display: flex; align-items: center; justify-content: space-between; }
.tb-mention__menu { position: absolute; left: 12px; right: 12px; bottom: calc(100% - 4px); z-index: 2; list-style: none; margin: 0; padding: 4px; max-height: 296px; overflow-y: auto; }
.tb-mention__item { display: flex; align-items: center; gap: 8px; padding: 4px 8px; border-radius: 6px; cursor: pointer; }
.tb-mention__item .tb-avatar { width: 24px; height: 24px; margin-left: 0; color: #fff; }
.tb-mention__item[aria-selected="true"] { background: var(--tb-accent-soft); }
.tb-side { position: absolute; top: 64px; right: 64px; bottom: 12px; z-index: 32; width: min(450px, calc(100% - 76px)); display: flex; flex-direction: column; overflow: hidden; }
.tb-segmented { display: flex; gap: 4px; padding: 8px 12px; }
.tb-segmented button { flex: 1; height: 32px; border: 1px solid var(--tb-line); border-radius: 8px; background: var(--tb-panel); color: var(--tb-ink); font: inherit; cursor: pointer; }
.tb-segmented button[aria-pressed="true"] { background: var(--tb-accent-soft); border-color: var(--tb-accent); font-weight: 600; }
.tb-side__empty { margin: 24px 16px; color: var(--tb-muted); text-align: center; }
.tb-side__list { list-style: none; margin: 0; padding: 4px 8px 8px; overflow-y: auto; flex: 1; display: flex; flex-direction: column; gap: 4px; }
.tb-side__item { width: 100%; display: flex; flex-direction: column; gap: 4px; text-align: left; padding: 10px 12px; border: 1px solid var(--tb-line); border-radius: 10px; background: var(--tb-panel); color: var(--tb-ink); font: inherit; cursor: pointer; }
.tb-side__item:hover { border-color: var(--tb-accent); }
.tb-side__row { display: flex; align-items: center; gap: 8px; }
.tb-side__text { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; overflow-wrap: anywhere; }
`;
