import { useState, type FormEvent } from 'react';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { isValidLink, selectionLink, setLink } from '../actions/tags';
import type { Editor } from '../editor/editor';

/**
 * Attach a link to the selection (board.md §5: the attach button is enabled only for a non-empty
 * link passing a quick http/https check; plan policy attach-link). A shape with a link can have
 * it removed here; the floating and context menus open it in a new tab.
 */
export function LinkEditor({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = selectionLink(editor);
  const [url, setUrl] = useState(current ?? '');
  const ok = isValidLink(url);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ok) return;
    setLink(editor, url);
    onClose();
  };

  return (
    <Modal open title="Link" width={460} onClose={onClose}>
      <form onSubmit={submit} aria-label="Attach a link">
        <Field
          label="Link"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          maxLength={2048}
          onChange={(e) => setUrl(e.target.value)}
        />
        <div className="tb-dialog-actions">
          {current && (
            <button
              type="button"
              className="t-btn t-btn--ghost"
              onClick={() => {
                setLink(editor, '');
                onClose();
              }}
            >
              Remove link
            </button>
          )}
          <button type="submit" className="t-btn t-btn--primary" disabled={!ok}>
            Attach
          </button>
        </div>
      </form>
    </Modal>
  );
}
