/** The chat's CSS (part of the board stylesheet, sdk/ui/styles.ts): the bottom-right dock buttons and the chat box. */
export const CHAT_CSS = `
.tb-dock { position: absolute; right: 12px; bottom: 12px; z-index: 25; display: flex; flex-direction: column; gap: 8px; align-items: flex-end; }
.tb-dock--above-zoom { bottom: 64px; }
.tb-dock-btn { position: relative; width: 44px; height: 44px; border-radius: 50%; }
.tb-unread-dot { position: absolute; top: 6px; right: 6px; width: 10px; height: 10px; border-radius: 50%; background: #d92d20; border: 2px solid var(--tb-panel); }
.tb-chat { position: absolute; right: 56px; bottom: 0; z-index: 30; width: 340px; height: min(440px, calc(100vh - 120px)); display: flex; flex-direction: column; overflow: hidden; user-select: text; -webkit-user-select: text; }
.tb-chat__head, .tb-side__head, .tb-comment__head { display: flex; align-items: center; gap: 4px; padding: 6px 6px 6px 14px; border-bottom: 1px solid var(--tb-line); }
.tb-chat__head h2, .tb-side__head h2, .tb-comment__head h2 { margin: 0; font-size: 15px; font-weight: 600; flex: 1; }
.tb-chat__list { flex: 1; overflow-y: auto; padding: 8px 14px; display: flex; flex-direction: column; gap: 10px; }
.tb-chat__info { margin: auto; color: var(--tb-muted); text-align: center; }
.tb-chat__msg { display: flex; flex-direction: column; gap: 2px; max-width: 85%; align-self: flex-start; }
.tb-chat__msg--self { align-self: flex-end; text-align: right; }
.tb-chat__meta { display: flex; gap: 8px; align-items: baseline; font-size: 12px; color: var(--tb-muted); }
.tb-chat__msg--self .tb-chat__meta { justify-content: flex-end; }
.tb-chat__name { font-weight: 600; }
.tb-chat__text { margin: 0; padding: 6px 10px; border-radius: 10px; background: #f1f3f7; white-space: pre-wrap; overflow-wrap: anywhere; text-align: left; }
.tb-chat__msg--self .tb-chat__text { background: var(--tb-accent-soft); }
.tb-dark .tb-chat__text { background: #2a3140; }
.tb-chat__msg[data-pending] time { font-style: italic; }
.tb-chat__form { display: flex; gap: 6px; padding: 8px; border-top: 1px solid var(--tb-line); }
.tb-input { flex: 1; min-width: 0; height: 36px; padding: 0 10px; border: 1px solid var(--tb-line); border-radius: 8px; font: inherit; background: var(--tb-panel); color: var(--tb-ink); }
.tb-input:focus { outline: none; border-color: var(--tb-accent); box-shadow: 0 0 0 3px rgba(30,136,229,.18); }
.tb-link-btn { align-self: center; border: none; background: none; color: #1565c0; cursor: pointer; font: inherit; font-size: 13px; padding: 2px 6px; }
.tb-link-btn:hover { text-decoration: underline; }
.tb-grow { flex: 1; }
.tb-muted { color: var(--tb-muted); font-size: 12px; }
`;
