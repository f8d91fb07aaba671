import { useCallback, useEffect, useRef, useState } from 'react';
import { markTourSeen, tourWanted } from './tour-store';

/** How long the board is left alone before the tour starts by itself. */
export const TOUR_DELAY_MS = 800;

export interface TourState {
  open: boolean;
  /** started by the board itself (not from the help menu) */
  auto: boolean;
  start: () => void;
  end: () => void;
}

/**
 * Whether the quick overview runs, and its start and end. It starts by itself once, when `ready`
 * (the board is online, no start screen is up), this user has not seen it in this browser and
 * nobody has started working yet: a click, key or wheel on the board in the first moment puts it
 * off to the next board (it never interrupts). Finishing or skipping it (or ending one started
 * from the help menu) remembers that it was seen.
 */
export function useTour(userKey: string | null, ready: boolean, root: HTMLElement | null): TourState {
  const [open, setOpen] = useState<false | 'auto' | 'asked'>(false);
  const checked = useRef(false);
  useEffect(() => {
    if (!ready || !userKey || !root || checked.current) return;
    checked.current = true;
    if (!tourWanted(userKey)) return;
    let busy = false;
    const onUse = () => (busy = true);
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const e of events) root.addEventListener(e, onUse, true);
    // a moment after the board shows: the bars it points at are laid out, and a visitor who is
    // already drawing is left alone
    const timer = setTimeout(() => {
      for (const e of events) root.removeEventListener(e, onUse, true);
      if (!busy) setOpen((o) => o || 'auto');
    }, TOUR_DELAY_MS);
    return () => {
      clearTimeout(timer);
      for (const e of events) root.removeEventListener(e, onUse, true);
    };
  }, [ready, userKey, root]);
  const start = useCallback(() => setOpen('asked'), []);
  const end = useCallback(() => {
    setOpen(false);
    if (userKey) markTourSeen(userKey);
  }, [userKey]);
  return { open: open !== false, auto: open === 'auto', start, end };
}
