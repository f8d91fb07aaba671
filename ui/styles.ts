import { useInsertionEffect } from 'react';

/**
 * The widgets' one stylesheet: plain CSS, injected once into <head> the first time any widget
 * renders (no CSS framework, no build step). Every class is prefixed `t-`; colours and sizes
 * are custom properties so an app (or a dark board theme) can override them on any ancestor.
 */
export const UI_CSS = `
:root {
  --t-font: "Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif;
  --t-primary: #1e88e5;
  --t-primary-hover: #1976d2;
  --t-primary-soft: #e8f2fd;
  --t-text: #1c2430;
  --t-muted: #667085;
  --t-border: #d9dee7;
  --t-border-soft: #e9edf3;
  --t-bg: #f4f6fa;
  --t-surface: #ffffff;
  --t-danger: #d93a3a;
  --t-danger-soft: #fdecec;
  --t-success: #23885a;
  --t-success-soft: #e6f5ee;
  --t-warning: #c27803;
  --t-warning-soft: #fdf4e3;
  --t-info: #1e88e5;
  --t-info-soft: #e8f2fd;
  --t-radius: 8px;
  --t-shadow: 0 1px 2px rgba(16, 24, 40, .06), 0 1px 3px rgba(16, 24, 40, .08);
  --t-shadow-lg: 0 12px 32px rgba(16, 24, 40, .18);
}
.t-root, .t-root *, .t-toaster *, .t-backdrop *, .t-btn, .t-input, .t-field { box-sizing: border-box; }

/* Buttons */
.t-btn { display: inline-flex; align-items: center; justify-content: center; gap: 8px; height: 40px; padding: 0 16px;
  font: 500 14px/1 var(--t-font); border-radius: var(--t-radius); border: 1px solid transparent; cursor: pointer;
  transition: background .15s, border-color .15s, color .15s, box-shadow .15s; white-space: nowrap; text-decoration: none; }
.t-btn:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30, 136, 229, .35); }
.t-btn:disabled, .t-btn[aria-disabled="true"] { opacity: .55; cursor: not-allowed; }
.t-btn--primary { background: var(--t-primary); color: #fff; }
.t-btn--primary:hover:not(:disabled) { background: var(--t-primary-hover); }
.t-btn--secondary { background: var(--t-surface); color: var(--t-text); border-color: var(--t-border); }
.t-btn--secondary:hover:not(:disabled) { background: #f7f9fc; border-color: #c5ccd8; }
.t-btn--danger { background: var(--t-danger); color: #fff; }
.t-btn--danger:hover:not(:disabled) { background: #c22f2f; }
.t-btn--ghost { background: transparent; color: var(--t-text); }
.t-btn--ghost:hover:not(:disabled) { background: rgba(16, 24, 40, .06); }
.t-btn--link { background: none; border: none; color: var(--t-primary); padding: 0; height: auto; }
.t-btn--link:hover:not(:disabled) { text-decoration: underline; }
.t-btn--sm { height: 32px; padding: 0 12px; font-size: 13px; }
.t-btn--block { display: flex; width: 100%; }
.t-btn--icon { width: 38px; padding: 0; }

/* Fields */
.t-field { display: flex; flex-direction: column; gap: 6px; margin-bottom: 16px; position: relative; }
.t-field__label { font: 500 13px/1.3 var(--t-font); color: var(--t-text); }
.t-field__hint { font: 12px/1.4 var(--t-font); color: var(--t-muted); }
.t-input { width: 100%; height: 40px; padding: 0 12px; font: 14px/1.4 var(--t-font); color: var(--t-text); background: var(--t-surface);
  border: 1px solid var(--t-border); border-radius: var(--t-radius); transition: border-color .15s, box-shadow .15s; }
select.t-input { padding-right: 8px; }
textarea.t-input { height: auto; min-height: 88px; padding: 10px 12px; resize: vertical; }
.t-input::placeholder { color: #98a2b3; }
.t-input:hover { border-color: #c5ccd8; }
.t-input:focus { outline: none; border-color: var(--t-primary); box-shadow: 0 0 0 3px rgba(30, 136, 229, .18); }
.t-input:disabled { background: #f2f4f7; color: var(--t-muted); }
.t-field--invalid .t-input { border-color: var(--t-danger); background: #fffafa; }
.t-field--invalid .t-input:focus { box-shadow: 0 0 0 3px rgba(217, 58, 58, .18); }
/* the error "tooltip": a callout under the field */
.t-tip { position: relative; align-self: flex-start; max-width: 100%; margin-top: 2px; padding: 6px 10px; border-radius: 6px;
  background: var(--t-danger); color: #fff; font: 500 12px/1.35 var(--t-font); box-shadow: var(--t-shadow); }
.t-tip::before { content: ""; position: absolute; top: -5px; left: 14px; width: 10px; height: 10px; background: var(--t-danger); transform: rotate(45deg); border-radius: 1px; }
.t-tip p { margin: 0; position: relative; }
.t-error-text { color: var(--t-danger); font: 500 13px/1.4 var(--t-font); margin: 0 0 12px; }

/* Checkbox */
.t-check { display: inline-flex; align-items: flex-start; gap: 10px; font: 14px/1.45 var(--t-font); color: var(--t-text); cursor: pointer; user-select: none; }
.t-check input { appearance: none; flex: none; width: 18px; height: 18px; margin: 1px 0 0; border: 1.5px solid #98a2b3; border-radius: 5px; background: #fff;
  display: grid; place-content: center; cursor: pointer; transition: background .15s, border-color .15s; }
.t-check input::after { content: ""; width: 10px; height: 6px; border: 2px solid #fff; border-top: 0; border-right: 0; transform: rotate(-45deg) translate(1px, -1px); opacity: 0; }
.t-check input:checked { background: var(--t-primary); border-color: var(--t-primary); }
.t-check input:checked::after { opacity: 1; }
.t-check input:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30, 136, 229, .3); }
.t-check--invalid { color: var(--t-danger); }
.t-check--invalid input { border-color: var(--t-danger); }
.t-check--invalid a { color: var(--t-danger); }
.t-shake { animation: t-shake .5s cubic-bezier(.36, .07, .19, .97) both; }
@keyframes t-shake { 10%, 90% { transform: translateX(-1px); } 20%, 80% { transform: translateX(3px); } 30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); } }

/* Switch (toggle) */
.t-switch { display: inline-flex; align-items: center; gap: 10px; font: 500 14px/1.3 var(--t-font); color: var(--t-text); cursor: pointer; }
.t-switch input { appearance: none; width: 36px; height: 20px; margin: 0; border-radius: 999px; background: #cfd5df; position: relative; cursor: pointer; transition: background .15s; }
.t-switch input::after { content: ""; position: absolute; top: 2px; left: 2px; width: 16px; height: 16px; border-radius: 50%; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.2); transition: transform .15s; }
.t-switch input:checked { background: var(--t-primary); }
.t-switch input:checked::after { transform: translateX(16px); }
.t-switch input:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30, 136, 229, .3); }

/* Inline notices */
.t-alert { display: flex; gap: 10px; align-items: flex-start; padding: 12px 14px; border-radius: var(--t-radius); font: 14px/1.45 var(--t-font); margin-bottom: 16px; border: 1px solid transparent; }
.t-alert svg { flex: none; margin-top: 1px; }
.t-alert--error { background: var(--t-danger-soft); color: #a32020; border-color: #f6caca; }
.t-alert--success { background: var(--t-success-soft); color: #17663f; border-color: #bfe5d2; }
.t-alert--info { background: var(--t-info-soft); color: #155fa0; border-color: #c4ddf7; }
.t-alert--warning { background: var(--t-warning-soft); color: #8a5300; border-color: #f3dcae; }
.t-alert a { color: inherit; font-weight: 600; }

/* Spinner and busy bar */
.t-spinner { display: inline-block; border-radius: 50%; border: 2px solid rgba(30, 136, 229, .2); border-top-color: var(--t-primary); animation: t-spin .7s linear infinite; flex: none; }
.t-btn--primary .t-spinner, .t-btn--danger .t-spinner { border-color: rgba(255,255,255,.35); border-top-color: #fff; }
@keyframes t-spin { to { transform: rotate(360deg); } }
.t-busybar { position: fixed; top: 0; left: 0; right: 0; height: 3px; z-index: 2000; overflow: hidden; background: rgba(30, 136, 229, .15); }
.t-busybar::after { content: ""; position: absolute; top: 0; bottom: 0; width: 40%; background: var(--t-primary); animation: t-busy 1.1s ease-in-out infinite; }
@keyframes t-busy { from { left: -40%; } to { left: 100%; } }
.t-choice { border: none; padding: 0; margin: 0 0 16px; }
.t-choice__options { display: flex; gap: 8px; flex-wrap: wrap; }
.t-choice__option { display: inline-flex; align-items: center; gap: 6px; height: 36px; padding: 0 14px; border: 1px solid var(--t-border); border-radius: 999px; cursor: pointer; font: 14px/1 var(--t-font); color: var(--t-text); }
.t-choice__option input { margin: 0; accent-color: var(--t-primary); }
.t-choice__option--on { border-color: var(--t-primary); background: var(--t-primary-soft); }
.t-choice__option:focus-within { box-shadow: 0 0 0 3px rgba(30,136,229,.3); }
.t-actions-end { display: flex; justify-content: flex-end; gap: 8px; margin-top: 8px; }
.t-menu { position: relative; display: inline-block; }
.t-menu__button { width: 32px; height: 32px; border-radius: 8px; border: 1px solid transparent; background: rgba(255,255,255,.92); color: #3d4656; display: grid; place-content: center; cursor: pointer; }
.t-menu__button:hover { background: #eef2f6; }
.t-menu__button:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30,136,229,.35); }
.t-menu__list { position: absolute; right: 0; top: calc(100% + 4px); min-width: 190px; background: #fff; border: 1px solid var(--t-border-soft); border-radius: 10px; box-shadow: var(--t-shadow-lg); padding: 4px; z-index: 30; }
.t-menu__item { display: flex; align-items: center; gap: 10px; width: 100%; height: 36px; padding: 0 10px; border: none; background: none; border-radius: 6px; font: 14px/1 var(--t-font); color: var(--t-text); cursor: pointer; text-align: left; }
.t-menu__item:hover, .t-menu__item:focus-visible { background: #f2f5f9; outline: none; }
.t-menu__item svg { color: #667085; }
.t-menu__item--danger { color: #b42318; }
.t-menu__item--danger svg { color: #b42318; }
.t-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }

/* Toasts */
.t-figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 12px; margin: 0; }
.t-figures div { background: #f7f9fb; border-radius: 10px; padding: 10px 12px; }
.t-figures dt { color: var(--t-muted); font-size: 12px; }
.t-figures dd { margin: 4px 0 0; font: 600 18px/1.2 var(--t-font); }
.t-figures div.t-figures--danger { background: #fdecec; }
.t-figures--danger dd { color: #b42318; }
.t-toaster { position: fixed; top: 16px; right: 16px; z-index: 3000; display: flex; flex-direction: column; gap: 10px; width: 360px; max-width: calc(100vw - 32px); pointer-events: none; }
.t-toast { pointer-events: auto; display: flex; gap: 12px; align-items: flex-start; padding: 12px 12px 12px 14px; background: var(--t-surface); border-radius: 10px;
  box-shadow: var(--t-shadow-lg); border-left: 4px solid var(--t-info); font: 14px/1.45 var(--t-font); color: var(--t-text); animation: t-toast-in .18s ease-out; }
@keyframes t-toast-in { from { opacity: 0; transform: translateY(-6px); } to { opacity: 1; transform: none; } }
.t-toast--success { border-left-color: var(--t-success); } .t-toast--success .t-toast__icon { color: var(--t-success); }
.t-toast--error { border-left-color: var(--t-danger); } .t-toast--error .t-toast__icon { color: var(--t-danger); }
.t-toast--warning { border-left-color: #e8a317; } .t-toast--warning .t-toast__icon { color: #e8a317; }
.t-toast--info .t-toast__icon { color: var(--t-info); }
.t-toast__icon { flex: none; margin-top: 1px; }
.t-toast__body { flex: 1; min-width: 0; }
.t-toast__title { font-weight: 600; margin-bottom: 2px; }
.t-toast__text { overflow-wrap: anywhere; }
.t-toast__actions { display: flex; gap: 8px; margin-top: 10px; }
.t-toast__action { font: 600 13px/1 var(--t-font); padding: 7px 12px; border-radius: 6px; border: 1px solid var(--t-border); background: #fff; color: var(--t-text); cursor: pointer; }
.t-toast__action:first-child { background: var(--t-primary); border-color: var(--t-primary); color: #fff; }
.t-toast__close { flex: none; border: none; background: none; color: #98a2b3; padding: 2px; cursor: pointer; border-radius: 4px; display: grid; }
.t-toast__close:hover { color: var(--t-text); background: rgba(16,24,40,.06); }

/* Modal */
.t-backdrop { position: fixed; inset: 0; z-index: 2500; background: rgba(16, 24, 40, .45); display: flex; align-items: center; justify-content: center; padding: 24px; animation: t-fade .15s ease-out; }
@keyframes t-fade { from { opacity: 0; } }
.t-modal { background: var(--t-surface); border-radius: 12px; box-shadow: var(--t-shadow-lg); max-width: 100%; max-height: calc(100vh - 48px); display: flex; flex-direction: column;
  font: 14px/1.5 var(--t-font); color: var(--t-text); animation: t-pop .16s ease-out; }
@keyframes t-pop { from { opacity: 0; transform: scale(.97); } }
.t-modal__header { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 18px 20px 14px; border-bottom: 1px solid var(--t-border-soft); }
.t-modal__title { margin: 0; font: 600 17px/1.3 var(--t-font); }
.t-modal__body { padding: 20px; overflow: auto; }
.t-modal__footer { display: flex; justify-content: flex-end; gap: 10px; padding: 14px 20px; border-top: 1px solid var(--t-border-soft); background: #fafbfd; border-radius: 0 0 12px 12px; }
.t-modal__close { border: none; background: none; color: var(--t-muted); width: 32px; height: 32px; border-radius: 6px; display: grid; place-content: center; cursor: pointer; }
.t-modal__close:hover { background: rgba(16,24,40,.06); color: var(--t-text); }
`;

const STYLE_ID = 'tabula-ui-styles';

/** Injects a stylesheet once per document (by id). */
export function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

export function ensureUiStyles(): void {
  injectStyles(STYLE_ID, UI_CSS);
}

/** Hook form of ensureUiStyles, for components. */
export function useUiStyles(): void {
  useInsertionEffect(ensureUiStyles, []);
}
