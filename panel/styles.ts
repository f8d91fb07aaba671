import { useInsertionEffect } from 'react';
import { ensureUiStyles, injectStyles } from '../ui';
import { ensureStatusPageStyles } from '../ui/status-page';

/** The panel's layout stylesheet (visitor screens, shell, pages); widgets style themselves (ui/). */
export const PANEL_CSS = `
html, body { margin: 0; height: 100%; }
body { font-family: var(--t-font); color: var(--t-text); background: var(--t-bg); -webkit-font-smoothing: antialiased; }
#root { min-height: 100%; }
a { color: var(--t-primary); text-decoration: none; }
a:hover { text-decoration: underline; }
.p-link-strong { font-weight: 600; }

/* Visitor screens */
.v-page { min-height: 100vh; display: flex; flex-direction: column; align-items: center; padding: 56px 16px 40px; box-sizing: border-box;
  background: radial-gradient(1200px 500px at 50% -120px, #dcebfb 0%, rgba(220, 235, 251, 0) 70%), var(--t-bg); }
.v-brand { display: flex; align-items: center; gap: 10px; margin-bottom: 28px; color: var(--t-text); font: 700 22px/1 var(--t-font); letter-spacing: -.01em; }
.v-brand:hover { text-decoration: none; }
.v-card { width: 100%; max-width: 420px; background: var(--t-surface); border: 1px solid var(--t-border-soft); border-radius: 14px;
  box-shadow: 0 1px 3px rgba(16,24,40,.06), 0 8px 24px rgba(16,24,40,.06); padding: 36px 40px 32px; box-sizing: border-box; }
.v-title { margin: 0 0 6px; font: 600 24px/1.25 var(--t-font); letter-spacing: -.01em; }
.v-subtitle { margin: 0 0 24px; color: var(--t-muted); font-size: 14px; line-height: 1.5; }
.v-row { display: flex; justify-content: space-between; align-items: center; margin: -4px 0 20px; font-size: 13px; }
.v-divider { display: flex; align-items: center; gap: 12px; color: #98a2b3; font-size: 12px; text-transform: uppercase; letter-spacing: .06em; margin: 20px 0; }
.v-divider::before, .v-divider::after { content: ""; flex: 1; height: 1px; background: var(--t-border-soft); }
.v-footer { margin-top: 20px; text-align: center; color: var(--t-muted); font-size: 14px; }
.v-google { background: #fff; }
.v-sent { text-align: center; padding: 8px 0 4px; }
.v-sent__icon { width: 56px; height: 56px; margin: 0 auto 16px; border-radius: 50%; background: var(--t-success-soft); color: var(--t-success); display: grid; place-content: center; }
.v-legal { margin-top: 24px; color: #98a2b3; font-size: 12px; text-align: center; }

/* Stand-alone pages (not found, access denied, the invitation): the x- classes, ui/status-page.tsx */

/* Documents (how-to) */
.d-page { min-height: 100vh; background: var(--t-bg); }
.d-head { padding: 20px 32px; border-bottom: 1px solid var(--t-border-soft); background: #fff; }
.d-head .v-brand { margin: 0; }
.d-body { max-width: 760px; margin: 0 auto; padding: 32px 24px 64px; line-height: 1.6; font-size: 15px; }
.d-body h1 { font: 600 30px/1.2 var(--t-font); margin: 0 0 8px; }
.d-body h2 { font: 600 20px/1.3 var(--t-font); margin: 32px 0 8px; }
.d-toc { font-size: 14px; }
.d-table { border-collapse: collapse; width: 100%; max-width: 480px; background: #fff; }
.d-table th, .d-table td { text-align: left; padding: 6px 12px; border-bottom: 1px solid var(--t-border-soft); }
.d-table kbd { font: 13px/1 ui-monospace, monospace; background: #f2f5f9; border: 1px solid var(--t-border); border-radius: 4px; padding: 2px 6px; }

/* Panel shell */
.p-shell { display: flex; min-height: 100vh;
  background: linear-gradient(to right, var(--t-surface) 247px, var(--t-border-soft) 247px, var(--t-border-soft) 248px, transparent 248px); }
.p-sidebar { width: 248px; flex: none; background: var(--t-surface); border-right: 1px solid var(--t-border-soft); display: flex; flex-direction: column;
  position: sticky; top: 0; height: 100vh; box-sizing: border-box; padding: 20px 14px; overflow-y: auto; }
.p-sidebar__brand { display: flex; align-items: center; gap: 10px; padding: 2px 10px 22px; font: 700 19px/1 var(--t-font); color: var(--t-text); }
.p-sidebar__brand:hover { text-decoration: none; }
.p-nav { display: flex; flex-direction: column; gap: 2px; }
.p-nav__section { margin: 20px 10px 8px; font: 600 11px/1 var(--t-font); color: #98a2b3; text-transform: uppercase; letter-spacing: .08em; }
.p-nav__link { display: flex; align-items: center; gap: 12px; height: 38px; padding: 0 10px; border-radius: 8px; color: #3d4656; font: 500 14px/1 var(--t-font); }
.p-nav__link:hover { background: #f2f5f9; text-decoration: none; color: var(--t-text); }
.p-nav__link.active { background: var(--t-primary-soft); color: var(--t-primary); }
.p-nav__link svg { color: #8a94a6; flex: none; }
.p-nav__link.active svg { color: var(--t-primary); }
.p-main { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.p-header { height: 76px; flex: none; display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 0 32px;
  background: var(--t-surface); border-bottom: 1px solid var(--t-border-soft); position: sticky; top: 0; z-index: 10; box-sizing: border-box; }
.p-header__title { margin: 0; font: 600 20px/1.25 var(--t-font); letter-spacing: -.01em; }
.p-header__subtitle { margin: 3px 0 0; color: var(--t-muted); font-size: 13px; }
.p-header__actions { display: flex; align-items: center; gap: 8px; }
.p-iconbtn { width: 38px; height: 38px; border-radius: 10px; border: 1px solid transparent; background: none; color: #55606f; display: grid; place-content: center; cursor: pointer; }
.p-iconbtn:hover { background: #f2f5f9; color: var(--t-text); }
.p-iconbtn:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30,136,229,.3); }
.p-busy { width: 24px; display: grid; place-content: center; }
.p-content { padding: 32px; flex: 1; box-sizing: border-box; width: 100%; max-width: 1180px; }

/* Profile menu */
.p-menu { position: relative; }
.p-menu__button { display: flex; align-items: center; gap: 10px; height: 42px; padding: 0 8px 0 4px; border-radius: 999px; border: 1px solid var(--t-border-soft); background: #fff; cursor: pointer; font: 500 14px/1 var(--t-font); color: var(--t-text); }
.p-menu__button:hover { border-color: var(--t-border); }
.p-menu__button:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30,136,229,.3); }
.p-menu__name { max-width: 160px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.p-menu__list { position: absolute; right: 0; top: calc(100% + 8px); min-width: 240px; background: #fff; border: 1px solid var(--t-border-soft); border-radius: 10px;
  box-shadow: var(--t-shadow-lg); padding: 6px; z-index: 20; }
.p-menu__head { padding: 10px 12px 12px; border-bottom: 1px solid var(--t-border-soft); margin-bottom: 6px; }
.p-menu__head strong { display: block; font-size: 14px; }
.p-menu__head strong, .p-menu__head span { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 260px; }
.p-menu__head span { display: block; color: var(--t-muted); font-size: 12px; margin-top: 2px; }
.p-menu__item { display: flex; width: 100%; align-items: center; gap: 10px; height: 38px; padding: 0 12px; border: none; background: none; border-radius: 6px;
  color: var(--t-text); font: 14px/1 var(--t-font); cursor: pointer; text-align: left; box-sizing: border-box; }
.p-menu__item:hover, .p-menu__item:focus-visible { background: #f2f5f9; outline: none; text-decoration: none; }
.p-menu__item svg { color: #8a94a6; }
.p-avatar { width: 34px; height: 34px; border-radius: 50%; background: linear-gradient(135deg, #4aa3f0, #1e6fd1); color: #fff; display: grid; place-content: center;
  font: 600 13px/1 var(--t-font); flex: none; overflow: hidden; }
.p-avatar img { width: 100%; height: 100%; object-fit: cover; }

/* Pages */
.p-greeting { margin: 0 0 4px; font: 600 28px/1.2 var(--t-font); letter-spacing: -.02em; }
.p-lead { margin: 0 0 28px; color: var(--t-muted); font-size: 15px; }
.p-section-title { margin: 0 0 14px; font: 600 15px/1.3 var(--t-font); }
.p-actions { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; }
.p-action { display: flex; gap: 14px; align-items: flex-start; padding: 18px; background: #fff; border: 1px solid var(--t-border-soft); border-radius: 12px; color: var(--t-text);
  transition: border-color .15s, box-shadow .15s, transform .15s; }
.p-action:hover { text-decoration: none; border-color: #bcd7f5; box-shadow: 0 6px 18px rgba(30,136,229,.1); transform: translateY(-1px); }
.p-action__icon { width: 40px; height: 40px; border-radius: 10px; display: grid; place-content: center; flex: none; background: var(--t-primary-soft); color: var(--t-primary); }
.p-action__icon--green { background: var(--t-success-soft); color: var(--t-success); }
.p-action__icon--amber { background: var(--t-warning-soft); color: var(--t-warning); }
.p-action strong { display: block; font-size: 15px; margin-bottom: 4px; color: var(--t-text); }
.p-action span { color: var(--t-muted); font-size: 13px; line-height: 1.45; }
.p-card { background: #fff; border: 1px solid var(--t-border-soft); border-radius: 12px; box-shadow: var(--t-shadow); }
.p-card__body { padding: 28px; }
.p-tabs { display: flex; gap: 4px; padding: 0 20px; border-bottom: 1px solid var(--t-border-soft); }
.p-tab { display: inline-flex; align-items: center; height: 48px; padding: 0 12px; color: var(--t-muted); font: 500 14px/1 var(--t-font); border-bottom: 2px solid transparent; margin-bottom: -1px; }
.p-tab:hover { color: var(--t-text); text-decoration: none; }
.p-tab.active { color: var(--t-primary); border-bottom-color: var(--t-primary); }
.p-form { max-width: 520px; }
.p-form-actions { display: flex; gap: 10px; align-items: center; margin-top: 8px; }
.p-separator { border: none; border-top: 1px solid var(--t-border-soft); margin: 28px 0; }
.p-avatar-input { display: flex; align-items: center; gap: 18px; margin-bottom: 22px; }
.p-avatar-input .p-avatar { width: 72px; height: 72px; font-size: 24px; }
.p-avatar-input__buttons { display: flex; gap: 8px; flex-wrap: wrap; }
.p-avatar-input__hint { color: var(--t-muted); font-size: 12px; margin-top: 8px; }
.p-nav__text { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.p-nav__button { border: none; background: none; width: 100%; cursor: pointer; text-align: left; }
.p-nav__button:focus-visible, .p-nav__link:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30,136,229,.3); }
.p-muted { color: var(--t-muted); font-size: 13px; }
.p-error { color: #b42318; font-size: 13px; margin: 6px 0 0; }
.p-badge { display: inline-flex; align-items: center; height: 22px; padding: 0 8px; border-radius: 999px; background: var(--t-primary-soft); color: #0d4f91; font: 600 12px/1 var(--t-font); }
.p-ws-head { display: flex; align-items: center; gap: 12px; padding: 20px 28px 4px; }
.p-ws-head__name { margin: 0; font: 600 18px/1.3 var(--t-font); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.p-form-row { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.p-form-actions--end { justify-content: flex-end; }
.p-fonts { border: none; padding: 0; margin: 4px 0 16px; }
.p-fonts legend { font: 500 13px/1 var(--t-font); color: #3d4656; margin-bottom: 8px; padding: 0; }
.p-fonts__list { list-style: none; margin: 0; padding: 0; border: 1px solid var(--t-border-soft); border-radius: 8px; }
.p-fonts__list li { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-top: 1px solid var(--t-border-soft); }
.p-fonts__list li:first-child { border-top: none; }
.p-fonts__name { font-size: 16px; flex: none; }
.p-fonts__url { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.p-font-add { display: flex; align-items: flex-start; gap: 12px; margin-top: 14px; }
.p-switch-row { margin: 0 0 18px; }
.p-font-add .t-field { flex: 1; margin: 0; }
.p-font-add .t-btn { margin-top: 24px; }
.p-extensions { list-style: none; margin: 0; padding: 0; }
.p-extension { display: flex; align-items: center; justify-content: space-between; gap: 24px; padding: 14px 0; border-top: 1px solid var(--t-border-soft); }
.p-extension:first-child { border-top: none; }
.p-extension strong { font-size: 15px; }
.p-extension__name { margin-left: 8px; }
.p-extension__text { margin: 4px 0 0; color: var(--t-muted); font-size: 13px; }
.p-invite { display: flex; align-items: flex-start; gap: 12px; margin-bottom: 24px; }
.p-invite__email { flex: 1; margin: 0; }
.p-invite__role { width: 160px; margin: 0; }
.p-invite .t-btn { margin-top: 24px; }
.p-pending { margin-top: 32px; }
.p-boards__head { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 8px; }
.p-boards__head .p-section-title { margin: 0; }
.p-boards__buttons { display: flex; gap: 8px; }
.p-boards__buttons a.t-btn:hover { text-decoration: none; }
.p-note-danger { color: #b42318; font-size: 13px; margin: 4px 0 8px; }
.p-boards__controls { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0 20px; }
.p-boards__controls > .t-input { width: auto; min-width: 160px; }
.p-boards__controls input[type="search"] { flex: 1; min-width: 200px; }
.p-boards__tags { display: flex; gap: 6px; flex-wrap: nowrap; align-items: center; }
.p-boards__tags .t-input { width: 260px; }
.p-boards__grid { list-style: none; margin: 0 0 20px; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; }
.p-board { position: relative; border: 1px solid var(--t-border-soft); border-radius: 12px; background: #fff; padding: 10px 10px 12px; display: flex; flex-direction: column; gap: 8px; }
.p-board:hover { border-color: #bcd7f5; box-shadow: 0 6px 18px rgba(30,136,229,.08); }
.p-board__link { color: var(--t-text); display: flex; flex-direction: column; gap: 8px; }
.p-board__link:hover { text-decoration: none; }
.p-board__link:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30,136,229,.35); border-radius: 8px; }
.p-board__thumb { aspect-ratio: 16 / 10; border-radius: 8px; background: #f4f6f9; display: grid; place-content: center; color: #98a2b3; overflow: hidden; }
.p-board__thumb img { width: 100%; height: 100%; object-fit: cover; display: block; }
.p-board__name { font: 600 14px/1.3 var(--t-font); display: flex; gap: 4px; min-width: 0; }
.p-board__name span:first-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.p-board__changed { color: #b42318; font-weight: 700; }
.p-board__meta { display: flex; justify-content: space-between; gap: 8px; color: var(--t-muted); font-size: 12px; }
.p-board__meta span { display: inline-flex; align-items: center; gap: 4px; }
.p-board__menu { position: absolute; top: 16px; right: 16px; }
.p-board__tags { display: flex; gap: 4px; flex-wrap: wrap; }
.p-tag { height: 22px; padding: 0 8px; border-radius: 999px; border: 1px solid #bcd7f5; background: var(--t-primary-soft); color: #0d4f91; font: 500 12px/1 var(--t-font); cursor: pointer; }
.p-tag--static { display: inline-flex; align-items: center; cursor: default; }
.p-tag:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30,136,229,.35); }
.p-board--skeleton .p-board__thumb { animation: p-pulse 1.2s ease-in-out infinite; }
.p-board__bar { height: 12px; border-radius: 6px; background: #eef1f5; }
.p-board__bar--short { width: 55%; }
@keyframes p-pulse { 50% { opacity: .55; } }
.p-empty { color: var(--t-muted); text-align: center; padding: 24px 0; }
.p-action--button { border: 1px solid var(--t-border-soft); font: inherit; text-align: left; cursor: pointer; }
.p-action--button:focus-visible, .p-action:focus-visible { outline: none; box-shadow: 0 0 0 3px rgba(30,136,229,.35); }
.p-home-block { margin-top: 28px; }
.p-home-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; margin-top: 28px; }
.p-home-card { padding: 20px 22px; }
.p-home-sub { margin-top: 20px; }
.p-home-card .t-figures { margin-bottom: 18px; }
.p-chart { margin: 0; }
.p-chart__title { font: 500 13px/1 var(--t-font); color: #3d4656; margin-bottom: 10px; }
.p-chart__row { display: grid; grid-template-columns: 110px 1fr 60px; align-items: center; gap: 10px; margin-bottom: 8px; font-size: 13px; }
.p-chart__bar { width: 100%; height: 12px; display: block; }
.p-chart__value { text-align: right; font-variant-numeric: tabular-nums; }
.p-checklist, .p-links, .p-browse { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; font-size: 14px; }
.p-checklist li::before { content: "○"; color: #98a2b3; margin-right: 8px; }
.p-checklist li.p-checklist--done::before { content: "✓"; color: var(--t-success); }
.p-checklist li.p-checklist--done a { color: var(--t-muted); text-decoration: line-through; }
.p-browse { flex-direction: row; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
.p-browse a { display: inline-flex; align-items: center; gap: 6px; }
.p-recent { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 14px; }
.p-recent__item { display: flex; flex-direction: column; gap: 6px; color: var(--t-text); }
.p-recent__item:hover { text-decoration: none; }
.p-recent__item:hover .p-board__thumb { box-shadow: 0 0 0 2px #bcd7f5; }
.p-recent__name { font: 500 13px/1.3 var(--t-font); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.p-loading { display: flex; align-items: center; gap: 10px; color: var(--t-muted); padding: 8px 0; }
`;

/** Injects the widgets' and the panel's stylesheets once. */
export function usePanelStyles(): void {
  useInsertionEffect(() => {
    ensureUiStyles();
    ensureStatusPageStyles();
    injectStyles('tabula-panel-styles', PANEL_CSS);
  }, []);
}
