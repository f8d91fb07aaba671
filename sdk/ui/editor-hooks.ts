import { useEffect, useState } from 'react';
import { merge } from 'rxjs';
import type { Editor } from '../editor/editor';

/** Re-renders when the document, selection, tool, permissions or viewport change. */
export function useEditorTick(
  editor: Editor | null,
  sources: Array<'changes' | 'selection' | 'tool' | 'readOnly' | 'viewport' | 'style'> = ['changes', 'selection', 'tool', 'readOnly'],
): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!editor) return;
    const streams = sources.map((s) =>
      s === 'changes'
        ? editor.changes$
        : s === 'selection'
          ? editor.selection$
          : s === 'tool'
            ? editor.tool$
            : s === 'readOnly'
              ? editor.readOnly$
              : s === 'style'
                ? editor.style$
                : editor.viewport.state$,
    );
    const sub = merge(...streams).subscribe(() => setTick((t) => t + 1));
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, sources.join()]);
  return tick;
}

/** Performs a registry action when it is enabled. */
export function runAction(editor: Editor, id: string): void {
  const action = editor.actions.get(id);
  if (action) editor.actions.run(action, { editor }, 'menu');
}

/** "Label (Key)" for titles. */
export function actionTitle(editor: Editor, id: string, fallback: string): string {
  const label = editor.actions.get(id)?.label ?? fallback;
  const key = editor.actions.keysOf(id)[0];
  return key ? `${label} (${key})` : label;
}
