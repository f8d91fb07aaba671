/**
 * The diagram dialog's preview of a Mermaid kind other than a flowchart (issue 34 item 2): Mermaid
 * is loaded the first time such a script is previewed (sdk/editor/mermaid-loader.ts: loading,
 * failed with a retry), then the script is drawn a moment after the typing stops; an answer for a
 * script that has since changed is dropped.
 */
import { useEffect, useState } from 'react';
import type { Mermaid } from 'mermaid';
import { drawMermaid, loadMermaid, type MermaidDrawing } from '../editor/mermaid-loader';

/** How long after the last key the preview is drawn (ms). */
const DRAW_DELAY = 250;

export type MermaidPreview =
  | { phase: 'off' }
  | { phase: 'loading' }
  | { phase: 'failed'; retry: () => void }
  /** drawing `script`; `last` is the previous drawing, still shown */
  | { phase: 'drawing'; last: MermaidDrawing | null }
  | { phase: 'drawn'; drawing: MermaidDrawing };

/** The preview of `script` (null: not a Mermaid kind, nothing loads) with Mermaid from `url` (null: none here). */
export function useMermaidPreview(url: string | null, script: string | null): MermaidPreview {
  const [mermaid, setMermaid] = useState<Mermaid | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [drawn, setDrawn] = useState<{ script: string; drawing: MermaidDrawing } | null>(null);
  const wanted = script !== null && url !== null;

  useEffect(() => {
    if (!wanted || mermaid || !url) return;
    let live = true;
    setFailed(false);
    loadMermaid(url).then(
      (m) => live && setMermaid(() => m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, url, mermaid, attempt]);

  useEffect(() => {
    if (!mermaid || script === null) return;
    let live = true;
    const timer = setTimeout(() => {
      void drawMermaid(mermaid, script).then((drawing) => live && setDrawn({ script, drawing }));
    }, DRAW_DELAY);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [mermaid, script]);

  if (!wanted) return { phase: 'off' };
  if (!mermaid) return failed ? { phase: 'failed', retry: () => setAttempt((n) => n + 1) } : { phase: 'loading' };
  if (drawn?.script === script) return { phase: 'drawn', drawing: drawn.drawing };
  return { phase: 'drawing', last: drawn?.drawing ?? null };
}
