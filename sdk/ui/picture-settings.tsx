import { useState, type FormEvent } from 'react';
import { COMPRESSION, DEFAULT_DOWNSIZE, type DownsizeSetting } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { toast } from '../../ui/toast';
import { DOWNSIZE_LABELS, typedQuality } from '../assets/downsize';
import type { SyncClient } from '../sync/sync-client';

const CHOICES: Array<{ value: DownsizeSetting['option']; label: string }> = [
  { value: 'ask', label: 'Ask each time' },
  { value: 'original', label: DOWNSIZE_LABELS.original },
  { value: 'half', label: DOWNSIZE_LABELS.half },
  { value: 'view', label: DOWNSIZE_LABELS.view },
];

/**
 * The board's image downsize settings (board.md §6: the Owner's and Facilitator's): what happens to
 * pictures larger than the view — ask each time (the Downsize images dialog), or send them at a
 * size without asking — and whether they are compressed (quality 1–100, default 75: the server
 * writes a JPEG). Saved at once for everyone on the board (updateConfig).
 */
export function PictureSettings({ sync, setting }: { sync: SyncClient; setting: DownsizeSetting | undefined }) {
  const current = setting ?? DEFAULT_DOWNSIZE;
  const [quality, setQuality] = useState(String(current.quality ?? COMPRESSION.default));
  const [error, setError] = useState<string | null>(null);

  async function save(next: DownsizeSetting) {
    try {
      await sync.updateConfig({ downsize: next });
    } catch (err) {
      toast.error((err instanceof Error && err.message) || MESSAGES.somethingWentWrong);
    }
  }

  function applyQuality(e?: FormEvent) {
    e?.preventDefault();
    const typed = typedQuality(quality);
    if (typed === null) return setError('Enter a whole number from 1 to 100.');
    setError(null);
    if (typed !== current.quality) void save({ ...current, quality: typed });
  }

  return (
    <fieldset className="tb-settings__group">
      <legend>Pictures larger than the view</legend>
      <label className="tb-settings__row">
        <span>Size</span>
        <select
          className="t-input tb-settings__select"
          value={current.option}
          onChange={(e) => void save({ ...current, option: e.target.value as DownsizeSetting['option'] })}
        >
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="tb-settings__row">
        <span>Compress (JPEG)</span>
        <input
          type="checkbox"
          role="switch"
          checked={current.quality !== null}
          onChange={(e) => void save({ ...current, quality: e.target.checked ? (typedQuality(quality) ?? COMPRESSION.default) : null })}
        />
      </label>
      {current.quality !== null && (
        <form className="tb-settings__row" onSubmit={applyQuality} aria-label="Compression quality">
          <label htmlFor="tb-settings-quality">Compression quality (1–100)</label>
          <input
            id="tb-settings-quality"
            className="t-input tb-settings__select"
            inputMode="numeric"
            value={quality}
            aria-invalid={!!error}
            onChange={(e) => setQuality(e.target.value)}
            onBlur={() => applyQuality()}
          />
        </form>
      )}
      {error && (
        <p className="tb-settings__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
