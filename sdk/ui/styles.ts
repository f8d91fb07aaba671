import { UI_CSS } from '../../ui/styles';
import { ANNOUNCEMENT_CSS } from './announcement-styles';
import { CHAT_CSS } from './chat/styles';
import { COMMENTS_CSS } from './comments/styles';
import { EDITING_CSS } from './editing-styles';

/**
 * The board screen's stylesheet (classes prefixed `tb-`): a white full-screen canvas with
 * floating rounded panels and soft shadows. Injected into <head> for the React <Board>, or into
 * the shadow root of <tabula-board> together with the shared widgets' CSS (ui/styles).
 */
export const BOARD_CSS = `
.tb-board { --tb-panel: #ffffff; --tb-ink: #1c2430; --tb-muted: #667085; --tb-line: #e6e9ef; --tb-accent: #1e88e5;
  --tb-accent-soft: #e8f2fd; --tb-shadow: 0 2px 6px rgba(16,24,40,.06), 0 8px 24px rgba(16,24,40,.10); --tb-radius: 12px;
  position: relative; width: 100%; height: 100%; min-height: 320px; overflow: hidden; background: #ffffff;
  font: 14px/1.4 "Inter", "Segoe UI", system-ui, -apple-system, Roboto, Arial, sans-serif; color: var(--tb-ink);
  user-select: none; -webkit-user-select: none; touch-action: none; }
.tb-board *, .tb-board *::before, .tb-board *::after { box-sizing: border-box; }
.tb-board.tb-dark { --tb-panel: #1f2530; --tb-ink: #e8ecf2; --tb-muted: #9aa4b2; --tb-line: #323a48; --tb-accent-soft: #22364d; background: #161b22; }
.tb-canvas { position: absolute; inset: 0; outline: none; }
.tb-canvas canvas { display: block; }

.tb-panel { background: var(--tb-panel); border-radius: var(--tb-radius); box-shadow: var(--tb-shadow); border: 1px solid var(--tb-line); }
.tb-bar { position: absolute; display: flex; align-items: center; gap: 2px; padding: 4px; z-index: 20; }
.tb-topleft { top: 12px; left: 12px; }
.tb-topright { top: 12px; right: 12px; gap: 8px; background: none; border: none; box-shadow: none; padding: 0; }
.tb-bottomright { bottom: 12px; right: 12px; }
.tb-sep { width: 1px; align-self: stretch; margin: 4px 4px; background: var(--tb-line); }

.tb-btn { display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-width: 36px; height: 36px; padding: 0 8px;
  border: none; border-radius: 8px; background: transparent; color: var(--tb-ink); cursor: pointer; font: inherit; text-decoration: none;
  transition: background .12s, color .12s; }
.tb-btn:hover:not(:disabled) { background: rgba(16,24,40,.06); }
.tb-dark .tb-btn:hover:not(:disabled) { background: rgba(255,255,255,.08); }
.tb-btn:focus-visible { outline: 2px solid var(--tb-accent); outline-offset: 1px; }
.tb-btn:disabled { opacity: .35; cursor: default; }
.tb-btn[aria-pressed="true"] { background: var(--tb-accent-soft); color: var(--tb-accent); }
.tb-btn--primary { background: var(--tb-accent); color: #fff; padding: 0 14px; font-weight: 600; }
.tb-btn--primary:hover:not(:disabled) { background: #1976d2; }
.tb-btn--outline { border: 1px solid var(--tb-line); background: var(--tb-panel); padding: 0 14px; font-weight: 500; }
.tb-zoom-value { min-width: 58px; font-variant-numeric: tabular-nums; font-weight: 500; }

.tb-name { width: 200px; height: 32px; padding: 0 8px; border: 1px solid transparent; border-radius: 8px; background: transparent;
  font: 600 14px/1 inherit; font-family: inherit; color: var(--tb-ink); text-overflow: ellipsis; }
.tb-name:hover:not(:read-only) { border-color: var(--tb-line); }
.tb-name:focus { outline: none; border-color: var(--tb-accent); background: var(--tb-panel); }
.tb-name:read-only { cursor: default; }

.tb-pop { position: absolute; z-index: 40; min-width: 200px; padding: 6px; display: flex; flex-direction: column; gap: 2px; }
.tb-pop > * { flex-shrink: 0; }
/* a panel with an open popover comes above the other panels (the main menu over the toolbox) */
.tb-board > :has(.tb-pop) { z-index: 45; }
.tb-pop--below { top: calc(100% + 6px); left: 0; }
.tb-pop--below-right { top: calc(100% + 6px); right: 0; }
.tb-pop--above-right { bottom: calc(100% + 6px); right: 0; }
.tb-pop--right { left: calc(100% + 8px); top: 0; }
.tb-wrap { position: relative; display: inline-flex; }
.tb-item { display: flex; align-items: center; gap: 10px; width: 100%; height: 36px; padding: 0 10px; border: none; border-radius: 8px;
  background: none; color: var(--tb-ink); font: inherit; text-align: left; cursor: pointer; text-decoration: none; white-space: nowrap; }
.tb-item:hover, .tb-item:focus-visible { background: rgba(16,24,40,.06); outline: none; }
.tb-item__keys { margin-left: auto; color: var(--tb-muted); font-size: 12px; }

.tb-toolbox { position: absolute; left: 12px; top: 68px; bottom: 12px; height: max-content; max-height: calc(100% - 80px); margin: auto 0;
  z-index: 20; display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 6px; }
.tb-toolbox .tb-btn { width: 40px; height: 40px; }
.tb-swatch { width: 22px; height: 22px; border-radius: 50%; border: 2px solid #fff; box-shadow: 0 0 0 1px rgba(16,24,40,.25); }
.tb-palette { display: grid; grid-template-columns: repeat(8, 24px); gap: 6px; padding: 4px; }
.tb-palette button { width: 24px; height: 24px; padding: 0; border-radius: 6px; border: 1px solid rgba(16,24,40,.15); cursor: pointer; }
.tb-palette button[aria-pressed="true"] { outline: 2px solid var(--tb-accent); outline-offset: 2px; }
.tb-slider { display: flex; align-items: center; gap: 8px; padding: 4px 6px; font-size: 12px; color: var(--tb-muted); }
.tb-slider input { flex: 1; accent-color: var(--tb-accent); }
.tb-slider output { width: 18px; text-align: right; color: var(--tb-ink); font-variant-numeric: tabular-nums; }
.tb-style-pop { width: 252px; gap: 6px; }
.tb-label { font-size: 12px; color: var(--tb-muted); padding: 2px 6px; }

.tb-props { position: absolute; z-index: 25; display: flex; align-items: center; gap: 2px; padding: 4px; transform: translateX(-50%); }
.tb-props select { height: 32px; border: 1px solid var(--tb-line); border-radius: 8px; background: var(--tb-panel); color: var(--tb-ink); font: inherit; padding: 0 6px; }

.tb-members { display: flex; align-items: center; padding: 4px 6px 4px 10px; gap: 6px; }
.tb-avatars { display: flex; }
.tb-avatar { width: 30px; height: 30px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: 12px;
  font-weight: 600; color: #fff; border: 2px solid var(--tb-panel); margin-left: -8px; overflow: hidden; }
.tb-avatar:first-child { margin-left: 0; }
.tb-avatar img { width: 100%; height: 100%; object-fit: cover; }
.tb-count { font-size: 12px; color: var(--tb-muted); font-variant-numeric: tabular-nums; }
.tb-member-row { display: flex; align-items: center; gap: 10px; padding: 6px 8px; }
.tb-member-row .tb-avatar { margin-left: 0; }
.tb-dot { width: 8px; height: 8px; border-radius: 50%; background: #23885a; margin-left: auto; }

.tb-overlay { position: absolute; inset: 0; z-index: 60; display: flex; align-items: center; justify-content: center;
  background: rgba(255,255,255,.86); backdrop-filter: blur(3px); }
.tb-share__invite { display: flex; gap: 8px; margin-bottom: 16px; }
.tb-share__invite .t-input:first-child { flex: 1; }
.t-input.tb-share__select { width: 135px; flex: none; font-size: 13px; padding: 0 4px 0 8px; }
.tb-share__members { list-style: none; margin: 0 0 16px; padding: 0; max-height: 240px; overflow: auto; }
.tb-share__members li { display: flex; align-items: center; gap: 10px; padding: 6px 0; border-top: 1px solid #eef1f5; }
.tb-share__members li:first-child { border-top: none; }
.tb-share__members .tb-avatar { position: relative; flex: none; overflow: visible; }
.tb-share__members .tb-avatar img { width: 100%; height: 100%; border-radius: 50%; object-fit: cover; }
.tb-share__online { position: absolute; right: -1px; bottom: -1px; width: 9px; height: 9px; border-radius: 50%; background: #2e7d32; border: 2px solid #fff; }
.tb-share__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 14px; }
.tb-share__status, .tb-share__role, .tb-share__hint { color: #5f6b7a; font-size: 13px; }
.tb-share__owner { font: 600 13px/1 system-ui, sans-serif; color: #0d4f91; }
.tb-share__levels { display: grid; gap: 8px; margin-bottom: 16px; }
.tb-share__levels label { display: flex; align-items: center; justify-content: space-between; gap: 12px; font-size: 14px; }
.tb-share__link { display: flex; gap: 8px; }
.tb-share__link .t-input { flex: 1; }
.tb-share__qr { display: block; margin: 12px auto 0; }
.tb-topleft { max-width: calc(100% - 24px); flex-wrap: wrap; }
@media (max-width: 900px) { .tb-name { width: 120px; } }
@media (max-width: 820px) { .tb-topright { top: 66px; } }
@media (max-width: 560px) { .tb-topright { top: 110px; } .tb-toolbox { top: 110px; max-height: calc(100% - 122px); } }
.tb-item--danger { color: #b42318; }
.tb-tooltip { position: fixed; z-index: 80; display: inline-flex; align-items: center; gap: 8px; padding: 5px 8px; border-radius: 6px;
  background: #1c2430; color: #ffffff; font: 500 12px/1.2 system-ui, sans-serif; white-space: nowrap; pointer-events: none; box-shadow: 0 2px 8px rgba(16,24,40,.2); }
.tb-tooltip__keys { font: 11px/1 ui-monospace, SFMono-Regular, Menlo, monospace; color: #d0d5dd; padding: 2px 4px; border: 1px solid #475467; border-radius: 4px; }
.tb-settings { display: grid; gap: 14px; font-size: 14px; }
.tb-settings__group { margin: 0; padding: 0; border: none; min-width: 0; }
.tb-settings__group legend { padding: 0; margin-bottom: 6px; font-weight: 600; color: #344054; }
.tb-settings__choices { display: grid; grid-template-columns: repeat(2, 1fr); gap: 4px 12px; }
.tb-settings__choice { display: flex; align-items: center; gap: 6px; cursor: pointer; }
.tb-settings__url { display: flex; gap: 8px; margin-top: 8px; }
.tb-settings__url .t-input { flex: 1; min-width: 0; }
.tb-settings__error { margin: 4px 0 0; color: #b42318; font-size: 13px; }
.tb-settings__swatches { display: flex; flex-wrap: wrap; gap: 8px; }
.tb-settings__swatch { position: relative; width: 28px; height: 28px; border-radius: 50%; border: 1px solid #98a2b3; cursor: pointer; }
.tb-settings__swatch input { position: absolute; inset: 0; margin: 0; opacity: 0; cursor: pointer; }
.tb-settings__swatch:has(input:checked) { box-shadow: 0 0 0 2px #ffffff, 0 0 0 4px #1e88e5; }
.tb-settings__swatch:has(input:focus-visible) { outline: 2px solid #1e88e5; outline-offset: 3px; }
.tb-settings__row { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
.t-input.tb-settings__select { width: 170px; flex: none; }
.tb-settings__row input[type="checkbox"] { width: 18px; height: 18px; }
.tb-settings__note { margin: 6px 0 0; color: #475467; font-size: 13px; }
.tb-item[aria-disabled] { color: #667085; cursor: not-allowed; }
.tb-export { min-width: 240px; }
.tb-shortcuts__hint { margin: 0 0 8px; color: #475467; font-size: 13px; }
.tb-shortcuts__group { margin: 14px 0 4px; font-size: 13px; font-weight: 600; color: #344054; text-transform: uppercase; letter-spacing: .04em; }
.tb-shortcuts__list { list-style: none; margin: 0; padding: 0; }
.tb-shortcuts__row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; padding: 5px 0; border-top: 1px solid #eef1f5; font-size: 14px; }
.tb-shortcuts__label { flex: 1; min-width: 0; }
.tb-shortcuts__keys { display: inline-flex; gap: 4px; }
.tb-shortcuts__none { color: #667085; font-size: 13px; }
.tb-kbd { font: 12px/1 ui-monospace, SFMono-Regular, Menlo, monospace; padding: 4px 6px; border: 1px solid #d0d5dd; border-bottom-width: 2px; border-radius: 5px; background: #f9fafb; color: #1c2430; }
.tb-kbd--recording { border-color: #1e88e5; background: #e8f1fd; }
.tb-shortcuts__actions { display: inline-flex; gap: 4px; }
.tb-shortcuts__actions .t-btn { height: 28px; padding: 0 10px; font-size: 13px; }
.tb-shortcuts__error { flex-basis: 100%; color: #b42318; font-size: 13px; }
.tb-shortcuts__ready { flex-basis: 100%; color: #475467; font-size: 13px; }
.tb-cursors { position: absolute; inset: 0; pointer-events: none; overflow: hidden; z-index: 5; }
.tb-cursor { position: absolute; left: 0; top: 0; transition: transform 70ms linear; will-change: transform; }
.tb-cursor svg { display: block; }
.tb-cursor__name { position: absolute; left: 14px; top: 14px; padding: 1px 6px; border-radius: 4px; color: #fff; font: 12px/18px system-ui, sans-serif; white-space: nowrap; }
.tb-dark .tb-overlay { background: rgba(22,27,34,.86); }
.tb-card { width: min(420px, calc(100% - 32px)); padding: 28px; text-align: center; display: flex; flex-direction: column; gap: 14px; align-items: center; }
.tb-card h2 { margin: 0; font-size: 20px; }
.tb-card p { margin: 0; color: var(--tb-muted); }
.tb-card .tb-actions { display: flex; gap: 10px; justify-content: center; flex-wrap: wrap; }
.tb-card input { width: 100%; height: 40px; padding: 0 12px; border: 1px solid var(--tb-line); border-radius: 8px; font: inherit; background: var(--tb-panel); color: var(--tb-ink); }
.tb-card input:focus { outline: none; border-color: var(--tb-accent); box-shadow: 0 0 0 3px rgba(30,136,229,.18); }
.tb-progress { width: 100%; height: 6px; border-radius: 3px; background: var(--tb-line); overflow: hidden; }
.tb-progress > div { height: 100%; background: var(--tb-accent); transition: width .15s; }
.tb-percent { font-size: 28px; font-weight: 700; font-variant-numeric: tabular-nums; }
.tb-bg-grid { display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px; width: 100%; }
.tb-bg-grid button { height: 54px; border: 1px solid var(--tb-line); border-radius: 8px; background: var(--tb-panel); color: var(--tb-ink); cursor: pointer; font: inherit; font-size: 12px; }
.tb-bg-grid button:hover { border-color: var(--tb-accent); }

.tb-chip { display: inline-flex; align-items: center; gap: 6px; height: 36px; padding: 0 10px; font-size: 13px; white-space: nowrap; }
.tb-chip__text { max-width: 180px; overflow: hidden; text-overflow: ellipsis; }
.tb-chip--following { background: var(--tb-accent-soft); color: #0d4f91; border-color: #b9d6f5; }
.tb-dark .tb-chip--following { color: #cfe4fb; }
.tb-chip__stop { width: 24px; height: 24px; border: none; border-radius: 6px; background: none; color: inherit; font-size: 18px; line-height: 1; cursor: pointer; }
.tb-chip__stop:hover, .tb-chip__stop:focus-visible { background: rgba(16,24,40,.08); outline: 2px solid var(--tb-accent); outline-offset: 0; }
.tb-chip--private { padding: 0 9px; color: #8a1c1c; }
.tb-dark .tb-chip--private { color: #ffb4b4; }
.tb-profile { padding: 0 3px; }
.tb-profile__head { display: flex; flex-direction: column; gap: 2px; padding: 6px 10px 8px; border-bottom: 1px solid var(--tb-line); margin-bottom: 4px; }
.tb-profile__head:last-child { border-bottom: none; margin-bottom: 0; padding-bottom: 6px; }
.tb-profile__head .tb-label { padding: 0; }
.tb-profile__name { font-size: 14px; max-width: 240px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-switch { margin-left: auto; width: 30px; height: 18px; border-radius: 9px; background: #98a2b3; position: relative; flex: none; }
.tb-switch::after { content: ''; position: absolute; top: 2px; left: 2px; width: 14px; height: 14px; border-radius: 50%; background: #fff; transition: left .12s; }
.tb-switch--on { background: var(--tb-accent); }
.tb-switch--on::after { left: 14px; }
.tb-members-pop { min-width: 320px; }
.tb-members-filter { width: 100%; border: 1px solid var(--tb-line); }
.tb-members-list { list-style: none; margin: 4px 0 0; padding: 0; }
.tb-member-row__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-member-row__follow { height: 28px; padding: 0 10px; font-size: 13px; }
.tb-member-row__role { height: 28px; max-width: 110px; border: 1px solid var(--tb-line); border-radius: 8px; background: var(--tb-panel); color: var(--tb-ink); font: inherit; font-size: 12px; }
.tb-member-row .tb-dot { margin-left: 0; flex: none; }
/* toasts at the bottom centre, above the announcement bar: clear of the top-right menus and of a dialog's header */
.tb-board .t-toaster { position: absolute; top: auto; right: auto; left: 50%; bottom: 64px; transform: translateX(-50%); flex-direction: column-reverse; }
${CHAT_CSS}${COMMENTS_CSS}${EDITING_CSS}${ANNOUNCEMENT_CSS}
`;

/** The shared widgets' CSS made to work inside a shadow root (its :root variables → :host). */
export const SHADOW_UI_CSS = UI_CSS.replace(/:root\b/g, ':host, :root');
