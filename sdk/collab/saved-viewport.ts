import { combineLatest, filter, take, type Subscription } from 'rxjs';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { isRect } from './view-rect';

/**
 * The board's saved viewport (board.md §2 profile menu, §6 "save current viewport"): an Owner or
 * Facilitator stores the board rectangle they see in boardConfig.viewport; whoever opens the board
 * afterwards starts there (fitted to their screen) instead of at the origin. Applied once, when the
 * session first comes online; the visitor's own panning and zooming is theirs from then on.
 */
export function applySavedViewport(editor: Editor, sync: SyncClient): Subscription {
  return combineLatest([sync.state$, sync.board$])
    .pipe(
      filter(([s]) => s.phase === 'online'),
      take(1),
    )
    .subscribe(([, board]) => {
      const saved = board?.boardConfig?.viewport;
      if (isRect(saved)) editor.showRect(saved, 0);
    });
}
