import { useState, type FormEvent } from 'react';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { addTag, cleanTag, removeTag, selectionTags } from '../actions/tags';
import type { Editor } from '../editor/editor';
import { useEditorTick } from './editor-hooks';

/**
 * The tag editor of the selection (board.md §3 tags, §5 "Tag needs a non-empty key; the value is
 * optional; a duplicate key is ignored"): lists the selection's tags with a remove button each and
 * adds a key with an optional value. Add stays disabled until the key has text.
 */
export function TagsEditor({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  useEditorTick(editor, ['changes', 'selection']);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const tags = selectionTags(editor);
  const tag = cleanTag(key, value);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!tag) return;
    addTag(editor, tag);
    setKey('');
    setValue('');
  };

  return (
    <Modal
      open
      title="Tags"
      width={420}
      onClose={onClose}
      footer={
        <button type="button" className="t-btn t-btn--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      {tags.length > 0 ? (
        <ul className="tb-tags" aria-label="Tags of the selection">
          {tags.map((t) => (
            <li key={t.key} className="tb-tag">
              <span>{t.value ? `${t.key}: ${t.value}` : t.key}</span>
              <button
                type="button"
                className="tb-tag__remove"
                aria-label={`Remove tag ${t.key}`}
                title="Remove"
                onClick={() => removeTag(editor, t.key)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="tb-muted">No tags yet.</p>
      )}
      <form className="tb-tag-form" onSubmit={submit} aria-label="Add a tag">
        <Field label="Key" value={key} maxLength={100} onChange={(e) => setKey(e.target.value)} />
        <Field label="Value (optional)" value={value} maxLength={500} onChange={(e) => setValue(e.target.value)} />
        <button type="submit" className="t-btn t-btn--secondary" disabled={!tag}>
          Add tag
        </button>
      </form>
    </Modal>
  );
}
