import { useEffect } from 'react';
import { toast } from '../../ui/toast';
import type { SyncClient } from '../sync/sync-client';

/**
 * Shows the session's notices as the shared toasts (top-right, max 4, 4 s, no duplicates).
 * 'essential' (embedded boards, board.md §7) shows only warnings, errors and persistent notices.
 */
export function useSyncNotices(sync: SyncClient | null, mode: 'all' | 'essential' = 'all'): void {
  useEffect(() => {
    if (!sync) return;
    const shown = new Map<string, number>();
    const sub = sync.notices$.subscribe((n) => {
      if ('dismiss' in n) {
        const id = shown.get(n.dismiss);
        if (id !== undefined) toast.dismiss(id);
        shown.delete(n.dismiss);
        return;
      }
      if (mode === 'essential' && !n.persistent && n.kind !== 'error' && n.kind !== 'warning') return;
      const previous = shown.get(n.key);
      if (previous !== undefined) toast.dismiss(previous);
      const id = toast.show(n.text, {
        type: n.kind,
        persistent: n.persistent,
        timeout: n.duration,
        actions: n.actions?.map((a) => ({ label: a.label, onClick: a.run })),
      });
      if (id !== null) shown.set(n.key, id);
    });
    return () => {
      sub.unsubscribe();
      for (const id of shown.values()) toast.dismiss(id);
    };
  }, [sync, mode]);
}
