/**
 * Whether the quick overview has been seen, per user, in this browser's localStorage (the user
 * config on the server has a fixed schema of keys, snap and colours: docs/board-screen.md "Help").
 * `tabula.tour.done.<member key>` = '1' once a user finished or skipped it; `tabula.tour` = 'off'
 * keeps it from starting by itself for everyone in this browser (kiosks, automated tests).
 */
export const TOUR_OFF_KEY = 'tabula.tour';
export const tourKey = (userKey: string) => `tabula.tour.done.${userKey}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Whether the tour should start by itself for this user. Without storage: never (it could not be remembered). */
export function tourWanted(userKey: string): boolean {
  const s = storage();
  if (!s) return false;
  try {
    return s.getItem(TOUR_OFF_KEY) !== 'off' && s.getItem(tourKey(userKey)) !== '1';
  } catch {
    return false;
  }
}

/** Remembers that this user finished or skipped the tour. */
export function markTourSeen(userKey: string): void {
  try {
    storage()?.setItem(tourKey(userKey), '1');
  } catch {
    /* storage full or disabled: it shows again next time */
  }
}
