import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { MESSAGES } from '../../shared/messages';
import { uploadFromUrl } from '../assets/upload';
import type { Editor } from '../editor/editor';

/** Whether the text is an address the server can fetch (board.md §5: else 'Invalid URL'). */
export function isUploadUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The upload-via-URL dialog (board.md §2, §5): an address, checked as it is sent ('Invalid URL');
 * Upload is disabled while the server fetches the file and while the trimmed address is empty; a
 * failed fetch shows the server's words ('Error downloading file from the URL', or the upload
 * rules' own). The picture lands on the view, selected, and the dialog closes.
 */
export function UploadUrlDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uploader = editor.uploader;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !url.trim() || !uploader) return;
    if (!isUploadUrl(url)) return setError(MESSAGES.invalidUrl);
    setError(null);
    setBusy(true);
    try {
      await uploadFromUrl(editor, uploader, url);
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : MESSAGES.downloadFromUrlFailed);
      setBusy(false);
    }
  };

  return (
    <Modal open title="Upload via URL" width={460} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} aria-label="Upload via URL" noValidate>
        <Field
          label="Address of a picture or a PDF"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          maxLength={2048}
          error={error}
          autoComplete="off"
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
        />
        <div className="tb-dialog-actions">
          <Button type="submit" busy={busy} disabled={busy || !url.trim()}>
            Upload
          </Button>
        </div>
      </form>
    </Modal>
  );
}
