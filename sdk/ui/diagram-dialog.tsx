/**
 * The diagram text-script dialog (board.md §2 "diagram text-script dialog (Add/Update)", §5
 * "Diagram text-script Add requires non-empty text", issue 34 item 2): Mermaid text typed in the
 * text box with a live preview and the parser's problem shown in place; Add/Update is disabled
 * while the text is empty, names no kind, or does not parse. A flowchart becomes native board
 * shapes (our own parser; the preview is drawn by the board's SVG export) placed as one group; any
 * other kind is drawn by Mermaid, loaded only then (./diagram-mermaid.ts), and stored as a picture
 * keeping its script (sdk/editor/diagram-picture.ts). Update replaces the selected diagram, of
 * either kind, in one commandSet. Ctrl+Enter submits.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { boardToSvg } from '../../shared/geometry';
import { diagramScript, DIAGRAM_SCRIPT_MAX } from '../../shared/diagram/flowchart';
import { diagramKind, UNKNOWN_KIND } from '../../shared/diagram/kind';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import type { Editor } from '../editor/editor';
import { addDiagram, diagramShapes, selectedDiagram, updateDiagram } from '../editor/diagram';
import { PICTURES_OFF, placeDiagramPicture, storeDiagramPicture } from '../editor/diagram-picture';
import { useMermaidPreview, type MermaidPreview } from './diagram-mermaid';

const EXAMPLE = 'flowchart TD\n  A[Start] --> B{Is it working?}\n  B -->|Yes| C((Done))\n  B -->|No| D[Fix it]\n  D --> B';
const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
export const MERMAID_LOADING = 'Loading Mermaid, which draws this kind of diagram…';
export const MERMAID_FAILED = 'Mermaid, which draws this kind of diagram, could not be loaded. Check the connection and try again.';

interface View {
  src: string | null;
  problem: string | null;
  /** what is under way (loading Mermaid, drawing) */
  status: string | null;
  /** Mermaid's drawing, ready to be stored */
  picture: { svg: string; width: number; height: number } | null;
  ready: boolean;
  /** the problem is Mermaid parser's (its lines and caret: shown as code) */
  code?: boolean;
}

/** What the preview of a Mermaid kind shows. */
function mermaidView(p: MermaidPreview): View {
  const none = { src: null, problem: null, status: null, picture: null, ready: false };
  if (p.phase === 'loading') return { ...none, status: MERMAID_LOADING };
  if (p.phase === 'failed') return { ...none, problem: MERMAID_FAILED };
  if (p.phase === 'drawing') return { ...none, src: p.last?.ok ? svgSrc(p.last.svg) : null, status: 'Drawing…' };
  if (p.phase === 'drawn' && p.drawing.ok) {
    const { svg, width, height } = p.drawing;
    return { ...none, src: svgSrc(svg), picture: { svg, width, height }, ready: true };
  }
  return p.phase === 'drawn' && !p.drawing.ok ? { ...none, problem: p.drawing.error, code: true } : none;
}

export function DiagramDialog({ editor, mode, onClose }: { editor: Editor; mode: 'add' | 'update'; onClose: () => void }) {
  // Update: the selected diagram as the dialog opened (the dialog closes if there is none)
  const [target] = useState(() => (mode === 'update' ? selectedDiagram(editor) : null));
  const [script, setScript] = useState(() => (target ? (diagramScript(target) ?? '') : ''));
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const missing = mode === 'update' && !target;
  useEffect(() => {
    if (missing) onClose();
  }, [missing, onClose]);
  // a picture stored after the dialog was closed (Cancel, Escape) is not placed
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  const kind = diagramKind(script);
  const mermaidUrl = editor.uploader?.mermaidScript ?? null;
  const mermaid = useMermaidPreview(kind === 'mermaid' ? mermaidUrl : null, kind === 'mermaid' ? script : null);
  const flowchart = useMemo(() => {
    if (kind !== 'flowchart') return null;
    const { group, result } = diagramShapes(editor, script, { x: 0, y: 0 });
    return { error: result.ok ? null : result.error, src: group ? svgSrc(boardToSvg([group], { padding: 10 })) : null };
  }, [editor, kind, script]);
  if (missing) return null;

  const none: View = { src: null, problem: null, status: null, picture: null, ready: false };
  const view: View =
    kind === 'empty'
      ? none
      : kind === 'unknown'
        ? { ...none, problem: UNKNOWN_KIND }
        : flowchart
          ? { ...none, src: flowchart.src, problem: flowchart.error, ready: !flowchart.error }
          : mermaidUrl
            ? mermaidView(mermaid)
            : { ...none, problem: PICTURES_OFF };
  const problem = refused ?? view.problem;
  const valid = view.ready && !sending;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!valid) return;
    if (target && diagramScript(target) === script) return onClose();
    if (kind === 'flowchart') {
      if (target) updateDiagram(editor, target.id, script);
      else addDiagram(editor, script);
      return onClose();
    }
    const picture = view.picture!;
    setSending(true);
    setRefused(null);
    try {
      const resource = await storeDiagramPicture(editor, script, picture.svg);
      if (!open.current) return;
      placeDiagramPicture(editor, resource, script, picture, target?.id);
      onClose();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : String(err));
      setSending(false);
    }
  };
  const key = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
  };
  const edit = (text: string) => {
    setScript(text);
    setRefused(null);
  };

  const title = 'Diagram';
  const empty = kind === 'empty';
  return (
    <Modal open title={title} width={820} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} aria-label={title} className="tb-diagram" noValidate>
        <p id="tb-diagram-hint" className="tb-diagram__hint">
          Type a Mermaid diagram. A flowchart’s boxes, circles, decisions and arrows become shapes you can move and restyle; other kinds
          (sequence, class, state, ER, gantt, pie, mindmap, timeline, journey …) become a picture.
        </p>
        <div className="tb-diagram__panes">
          <label className="tb-diagram__script">
            <span>Text script</span>
            <textarea
              className="t-input tb-diagram__text"
              value={script}
              maxLength={DIAGRAM_SCRIPT_MAX}
              spellCheck={false}
              placeholder={EXAMPLE}
              aria-describedby="tb-diagram-hint tb-diagram-problem"
              aria-invalid={!!problem || undefined}
              onChange={(e) => edit(e.target.value)}
              onKeyDown={key}
              autoFocus
            />
          </label>
          <figure className="tb-diagram__preview" aria-label="Preview" aria-busy={!!view.status || undefined}>
            {view.src && !empty ? (
              <img src={view.src} alt="Preview of the diagram" />
            ) : view.status ? null : (
              <figcaption className="tb-diagram__empty">The preview shows here.</figcaption>
            )}
            {view.status && (
              <figcaption className="tb-diagram__status" role="status">
                <Spinner size={16} />
                {view.status}
              </figcaption>
            )}
          </figure>
        </div>
        <p
          id="tb-diagram-problem"
          className={
            problem
              ? `tb-settings__error tb-diagram__problem${view.code && !refused ? ' tb-diagram__problem--code' : ''}`
              : 'tb-diagram__hint'
          }
          aria-live="polite"
        >
          {empty ? 'Type the diagram’s text to add it.' : sending ? 'Storing the picture…' : problem}
        </p>
        <div className="tb-dialog-actions">
          {!script && (
            <button type="button" className="t-btn t-btn--ghost tb-diagram__example" onClick={() => edit(EXAMPLE)}>
              Use an example
            </button>
          )}
          {mermaid.phase === 'failed' && kind === 'mermaid' && (
            <button type="button" className="t-btn t-btn--ghost tb-diagram__example" onClick={mermaid.retry}>
              Try again
            </button>
          )}
          <button type="button" className="t-btn t-btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="t-btn t-btn--primary" disabled={!valid} aria-busy={sending || undefined}>
            {target ? 'Update' : 'Add'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
