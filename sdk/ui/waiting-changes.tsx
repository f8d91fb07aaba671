/**
 * Nothing drawn is lost silently (issue 34 item 7; docs/board-screen.md "Unsent changes"): while
 * commands wait in the outbox, a status under the top bar says how many ('3 changes waiting to be
 * sent') and, while the board is off its socket, where they are ('Kept in this browser until the
 * connection is back'). Online, a command waits a moment for its answer every time: the count
 * shows only once something has waited longer than SHOW_AFTER_MS, so it does not flicker at every
 * stroke. `guardUnload` makes the page ask before it is closed while anything waits.
 */
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { SyncClient } from '../sync/sync-client';
import type { SyncState } from '../sync/types';
import { useObservable } from './hooks';

/** How long a command may wait for its answer, online, before the count shows. */
const SHOW_AFTER_MS = 1500;

/** '1 change waiting to be sent', '3 changes waiting to be sent'. */
export const waitingText = (count: number): string => `${count} ${count === 1 ? 'change' : 'changes'} waiting to be sent`;
export const KEPT_HERE = 'Kept in this browser until the connection is back';

export function WaitingChanges({ sync }: { sync: SyncClient }) {
  const count = useObservable<number>(sync.pending$, sync.pending$.value);
  const state = useObservable<SyncState>(sync.state$, sync.state$.value);
  const offline = state.phase !== 'online';
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!count || offline) return;
    const timer = setTimeout(() => setLate(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [count > 0, offline]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = count > 0 && (offline || late);
  // the live region stays in the page (empty) so screen readers hear it appear
  return (
    <div className={`tb-waiting${shown ? '' : ' tb-waiting--idle'}`} role="status" aria-live="polite">
      {shown && (
        <>
          <span className="tb-waiting__dot" aria-hidden="true" />
          <span className="tb-waiting__count">{waitingText(count)}</span>
          {offline && <span className="tb-waiting__where">{KEPT_HERE}</span>}
        </>
      )}
    </div>
  );
}

/**
 * While `pending$` is above zero the page asks before it is closed, reloaded or left (the browser's
 * own 'Leave site?' dialog: the text is the browser's). Answers the function that stops asking.
 */
export function guardUnload(pending$: Observable<number>, target: Window = window): () => void {
  let waiting = 0;
  const sub = pending$.subscribe((n) => (waiting = n));
  const ask = (event: BeforeUnloadEvent) => {
    if (waiting <= 0) return;
    event.preventDefault();
    // older browsers show the dialog only when returnValue is set
    event.returnValue = '';
  };
  target.addEventListener('beforeunload', ask);
  return () => {
    sub.unsubscribe();
    target.removeEventListener('beforeunload', ask);
  };
}
