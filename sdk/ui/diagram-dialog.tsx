/**
 * The diagram text-script dialog (board.md §2 "diagram text-script dialog (Add/Update)", §5
 * "Diagram text-script Add requires non-empty text", issue 34 item 2): a Mermaid flowchart typed
 * in the text box, a live preview of the board shapes it becomes (drawn by the board's own SVG
 * export, shared/geometry/board.ts) and the parser's problem shown in place; Add/Update is
 * disabled while the text is empty or does not parse. Add places the diagram (one group) at the
 * view's centre as one command; Update replaces the selected diagram in one commandSet.
 * Ctrl+Enter submits.
 */
import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { boardToSvg } from '../../shared/geometry';
import { diagramScript, DIAGRAM_SCRIPT_MAX } from '../../shared/diagram/flowchart';
import { Modal } from '../../ui/modal';
import type { Editor } from '../editor/editor';
import { addDiagram, diagramShapes, selectedDiagram, updateDiagram } from '../editor/diagram';

const EXAMPLE = 'flowchart TD\n  A[Start] --> B{Is it working?}\n  B -->|Yes| C((Done))\n  B -->|No| D[Fix it]\n  D --> B';

export function DiagramDialog({ editor, mode, onClose }: { editor: Editor; mode: 'add' | 'update'; onClose: () => void }) {
  // Update: the selected diagram as the dialog opened (the dialog closes if there is none)
  const [target] = useState(() => (mode === 'update' ? selectedDiagram(editor) : null));
  const [script, setScript] = useState(() => (target ? (diagramScript(target) ?? '') : ''));
  const missing = mode === 'update' && !target;
  useEffect(() => {
    if (missing) onClose();
  }, [missing, onClose]);

  const preview = useMemo(() => {
    const { group, result } = diagramShapes(editor, script, { x: 0, y: 0 });
    return {
      error: result.ok ? null : result.error,
      src: group ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(boardToSvg([group], { padding: 10 }))}` : null,
    };
  }, [editor, script]);
  if (missing) return null;

  const empty = !script.trim();
  const valid = !empty && !preview.error;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!valid) return;
    if (target) updateDiagram(editor, target.id, script);
    else addDiagram(editor, script);
    onClose();
  };
  const key = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  const title = 'Diagram';
  return (
    <Modal open title={title} width={820} onClose={onClose}>
      <form onSubmit={submit} aria-label={title} className="tb-diagram" noValidate>
        <p id="tb-diagram-hint" className="tb-diagram__hint">
          Type a Mermaid flowchart: its boxes, circles, decisions and arrows become shapes you can move and restyle.
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
              aria-invalid={(!empty && !!preview.error) || undefined}
              onChange={(e) => setScript(e.target.value)}
              onKeyDown={key}
              autoFocus
            />
          </label>
          <figure className="tb-diagram__preview" aria-label="Preview">
            {preview.src && !empty ? (
              <img src={preview.src} alt="Preview of the diagram" />
            ) : (
              <figcaption className="tb-diagram__empty">The preview shows here.</figcaption>
            )}
          </figure>
        </div>
        <p id="tb-diagram-problem" className={preview.error && !empty ? 'tb-settings__error' : 'tb-diagram__hint'} aria-live="polite">
          {empty ? 'Type the diagram’s text to add it.' : preview.error}
        </p>
        <div className="tb-dialog-actions">
          {!script && (
            <button type="button" className="t-btn t-btn--ghost tb-diagram__example" onClick={() => setScript(EXAMPLE)}>
              Use an example
            </button>
          )}
          <button type="button" className="t-btn t-btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="t-btn t-btn--primary" disabled={!valid}>
            {target ? 'Update' : 'Add'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
