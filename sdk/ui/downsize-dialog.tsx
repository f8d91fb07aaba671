import { useState, type FormEvent } from 'react';
import { COMPRESSION } from '../../shared/constants';
import { Modal } from '../../ui/modal';
import { DOWNSIZE_LABELS, typedQuality, type DownsizeChoice, type DownsizeOption } from '../assets/downsize';

const OPTIONS: DownsizeOption[] = ['original', 'half', 'view'];

/**
 * The Downsize images dialog (board.md §2, §5): pictures larger than the view are about to be
 * sent. Original Size, 50% of Original or Current View (the default: as large as the screen shows
 * them), and optional compression (quality 1–100, default 75: the server sends a JPEG); Confirm
 * sends them, Cancel (or Escape) sends nothing.
 */
export function DownsizeDialog({ count, onDone }: { count: number; onDone: (choice: DownsizeChoice | null) => void }) {
  const [option, setOption] = useState<DownsizeOption>('view');
  const [compress, setCompress] = useState(false);
  const [quality, setQuality] = useState(String(COMPRESSION.default));
  const typed = typedQuality(quality);
  const invalid = compress && typed === null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    onDone({ option, ...(compress && typed !== null ? { quality: typed } : {}) });
  };

  return (
    <Modal open title="Downsize images" width={420} onClose={() => onDone(null)}>
      <form onSubmit={submit} aria-label="Downsize images" className="tb-downsize">
        <p className="tb-downsize__lead">
          {count === 1 ? 'This picture is' : `${count} pictures are`} larger than your view. Send {count === 1 ? 'it' : 'them'} at:
        </p>
        <fieldset className="tb-settings__group">
          <legend>Size</legend>
          {OPTIONS.map((o) => (
            <label key={o} className="tb-downsize__option">
              <input type="radio" name="tb-downsize" value={o} checked={option === o} onChange={() => setOption(o)} /> {DOWNSIZE_LABELS[o]}
            </label>
          ))}
        </fieldset>
        <label className="tb-downsize__option">
          <input type="checkbox" checked={compress} onChange={(e) => setCompress(e.target.checked)} /> Compress (JPEG)
        </label>
        {compress && (
          <label className="tb-downsize__quality">
            <span>Compression quality (1–100)</span>
            <input
              className="t-input"
              inputMode="numeric"
              value={quality}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'tb-downsize-error' : undefined}
              onChange={(e) => setQuality(e.target.value)}
            />
          </label>
        )}
        {invalid && (
          <p id="tb-downsize-error" className="tb-settings__error" role="alert">
            Enter a whole number from 1 to 100.
          </p>
        )}
        <div className="tb-dialog-actions">
          <button type="button" className="t-btn t-btn--ghost" onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="submit" className="t-btn t-btn--primary" disabled={invalid}>
            Confirm
          </button>
        </div>
      </form>
    </Modal>
  );
}
