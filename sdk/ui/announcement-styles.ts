/** The bar's CSS (part of the board stylesheet, sdk/ui/styles.ts): bottom centre, clear of the toolbox and the dock. */
export const ANNOUNCEMENT_CSS = `
.tb-announcements { position: absolute; left: 50%; bottom: 12px; transform: translateX(-50%); z-index: 22; width: max-content; max-width: min(640px, calc(100% - 150px)); }
.tb-announcements ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.tb-announcement { display: flex; align-items: center; gap: 6px; padding: 4px 4px 4px 14px; border-radius: var(--tb-radius); box-shadow: var(--tb-shadow);
  border: 1px solid #c8dcf5; background: #eef5fe; color: #1c2430; user-select: text; -webkit-user-select: text; }
.tb-announcement--maintenance { border-color: #f3d38a; background: #fff6dc; }
.tb-announcement .tb-btn { color: #1c2430; flex: none; }
.tb-announcement .tb-btn--primary { color: #ffffff; }
.tb-announcement__text { margin: 0; flex: 1; min-width: 0; overflow-wrap: anywhere; }
.tb-announcement__when { color: #475467; }
.tb-announcement__hide { min-width: 32px; height: 32px; font-size: 20px; line-height: 1; }
`;
