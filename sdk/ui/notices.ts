import { useEffect } from 'react';
import { toast } from '../../ui/toast';
import type { SyncClient } from '../sync/sync-client';

/** Shows the session's notices as the shared toasts (top-right, max 4, 4 s, no duplicates). */
export function useSyncNotices(sync: SyncClient | null): void {
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
  }, [sync]);
}
