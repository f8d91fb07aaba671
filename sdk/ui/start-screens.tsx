import { useState, type FormEvent } from 'react';
import { BACKGROUNDS } from '../../shared/constants';
import { BoardIcon } from './icons';

/** Guests who are not embedded give a display name first (board.md §2 "Start screens"). */
export function GuestStart({
  initialName,
  onSubmit,
  onSkip,
}: {
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown> | void;
  onSkip: () => void;
}) {
  const [name, setName] = useState(initialName ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setBusy(true);
    try {
      await onSubmit(trimmed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="tb-overlay" role="dialog" aria-modal="true" aria-label="Welcome">
      <form className="tb-panel tb-card" onSubmit={submit}>
        <h2>Welcome to the board</h2>
        <p>How should others see you?</p>
        <input
          aria-label="Display name"
          placeholder="Your name"
          value={name}
          maxLength={60}
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
        <div className="tb-actions">
          <button type="button" className="tb-btn tb-btn--outline" onClick={onSkip}>
            Skip
          </button>
          <button type="submit" className="tb-btn tb-btn--primary" disabled={!name.trim() || busy}>
            Join board
          </button>
        </div>
      </form>
    </div>
  );
}

/**
 * The owner's start screen for a new or empty board: start drawing or choose a background.
 * Under a client claim (a developer app's participant) background settings are hidden (board.md §6).
 */
export function OwnerStart({
  onStart,
  onBackground,
  backgrounds = true,
}: {
  onStart: () => void;
  onBackground: (bg: string) => void;
  backgrounds?: boolean;
}) {
  return (
    <div className="tb-overlay" role="dialog" aria-modal="true" aria-label="Start your board">
      <div className="tb-panel tb-card">
        <h2>Start your board</h2>
        <p>{backgrounds ? 'Draw right away, or pick a background first.' : 'Draw right away.'}</p>
        {backgrounds && (
          <div className="tb-bg-grid" role="group" aria-label="Backgrounds">
            {BACKGROUNDS.map((b) => (
              <button key={b.name} type="button" aria-label={`Background: ${b.label}`} title={b.label} onClick={() => onBackground(b.name)}>
                {b.label}
              </button>
            ))}
          </div>
        )}
        <div className="tb-actions">
          <button type="button" className="tb-btn tb-btn--primary" onClick={onStart} autoFocus>
            <BoardIcon name="pen" size={16} /> Start drawing
          </button>
        </div>
      </div>
    </div>
  );
}
