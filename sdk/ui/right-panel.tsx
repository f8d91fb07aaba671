import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { filter } from 'rxjs';
import type { CommentsStore } from '../collab/comments';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { FramesPanel } from './frames-panel';

/** Panels most sessions never open: chunks of their own, loaded when first opened (docs/performance.md). */
const HistoryPanel = lazy(() => import('./history-panel').then((m) => ({ default: m.HistoryPanel })));
const AutomationPanel = lazy(() => import('./automation-panel').then((m) => ({ default: m.AutomationPanel })));

/**
 * The right side of the board holds one panel at a time (board.md §2 "Right-side panels": Board
 * history 450 px, Comments 450 px, Frames 450 px, Automation 650 px): opening one closes the other.
 * Comments keep their own open state (the comments store's `panel$`, which their pins also open),
 * so this hook closes them when another opens and steps aside when they open.
 */
export type RightPanel = 'frames' | 'history' | 'automation';

export function useRightPanel(editor: Editor | null, comments: CommentsStore | null | undefined) {
  const [panel, setPanel] = useState<RightPanel | null>(null);
  const current = useRef(panel);
  current.current = panel;
  useEffect(() => {
    const sub = comments?.panel$.subscribe((open) => open && setPanel(null));
    return () => sub?.unsubscribe();
  }, [comments]);
  const toggle = useCallback(
    (which: RightPanel) => {
      const next = current.current === which ? null : which;
      if (next) comments?.panel$.next(false);
      setPanel(next);
    },
    [comments],
  );
  // the Automation and Board history actions (toolbox, Shift+F2, palette: sdk/actions) ask through editor.ui$
  useEffect(() => {
    const sub = editor?.ui$
      .pipe(filter((r) => r.kind === 'automation' || r.kind === 'history'))
      .subscribe((r) => toggle(r.kind as RightPanel));
    return () => sub?.unsubscribe();
  }, [editor, toggle]);
  const close = useCallback(() => setPanel(null), []);
  return { panel, toggle, close };
}

/** The open right-side panel (comments draw their own, in their layer). */
export function RightPanels({
  panel,
  editor,
  sync,
  code,
  onClose,
}: {
  panel: RightPanel | null;
  editor: Editor;
  sync: SyncClient;
  code: string | null;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      {panel === 'frames' && <FramesPanel editor={editor} onClose={onClose} />}
      {panel === 'history' && code && <HistoryPanel editor={editor} sync={sync} code={code} onClose={onClose} />}
      {panel === 'automation' && <AutomationPanel editor={editor} sync={sync} onClose={onClose} />}
    </Suspense>
  );
}
