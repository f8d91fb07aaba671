import { useState } from 'react';
import { BOARD_MESSAGES as M, randomLoadingMessage } from '../sync/messages';
import type { SyncPhase } from '../sync/types';
import { BoardIcon } from './icons';

/** Loading overlay with the load percent and a random message (board.md §2, §4 "Board load"). */
export function LoadingOverlay({ phase, percent }: { phase: SyncPhase; percent: number }) {
  const [message] = useState(randomLoadingMessage);
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const step = phase === 'loading' || phase === 'replaying' ? `${value}%` : '';
  return (
    <div className="tb-overlay" role="status" aria-live="polite" aria-label="Loading board" data-phase={phase}>
      <div className="tb-card">
        <div className="tb-percent" data-testid="load-percent">
          {step || '…'}
        </div>
        <div
          className="tb-progress"
          role="progressbar"
          aria-label="Loading progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
        >
          <div style={{ width: `${phase === 'loading' || phase === 'replaying' ? value : 4}%` }} />
        </div>
        <p>{message}</p>
      </div>
    </div>
  );
}

export interface ScreenLinks {
  home: string;
  newBoard: string;
  support: string;
}

/** The failed-to-load screen: Reload and a Support link (board.md §2, §8). */
export function FailedScreen({ message, links, onReload }: { message?: string; links: ScreenLinks; onReload?: () => void }) {
  return (
    <div className="tb-overlay" role="alertdialog" aria-label="Failed to load the board">
      <div className="tb-panel tb-card">
        <BoardIcon name="alert" size={36} style={{ color: '#d93a3a' }} />
        <h2>{M.failedToLoad}</h2>
        {message && message !== M.failedToLoad && <p>{message}</p>}
        <div className="tb-actions">
          <button type="button" className="tb-btn tb-btn--primary" onClick={onReload ?? (() => location.reload())}>
            <BoardIcon name="reload" size={16} /> Reload
          </button>
          <a className="tb-btn tb-btn--outline" href={links.support} target="_blank" rel="noreferrer">
            Support
          </a>
        </div>
      </div>
    </div>
  );
}

/** 'Requested board not found!' with Home and New Board links (board.md §4 "Server events"). */
export function NotFoundScreen({ links, embedded }: { links: ScreenLinks; embedded?: boolean }) {
  return (
    <div className="tb-overlay" role="alertdialog" aria-label={M.boardNotFound}>
      <div className="tb-panel tb-card">
        <h2>{M.boardNotFound}</h2>
        {!embedded && (
          <div className="tb-actions">
            <a className="tb-btn tb-btn--outline" href={links.home}>
              <BoardIcon name="home" size={16} /> Home
            </a>
            <a className="tb-btn tb-btn--primary" href={links.newBoard}>
              <BoardIcon name="plus" size={16} /> New Board
            </a>
          </div>
        )}
      </div>
    </div>
  );
}

/** A board that ended the session (deleted by its owner, access revoked). */
export function EndedScreen({ message, links, embedded }: { message: string; links: ScreenLinks; embedded?: boolean }) {
  return (
    <div className="tb-overlay" role="alertdialog" aria-label={message}>
      <div className="tb-panel tb-card">
        <h2>{message}</h2>
        {!embedded && (
          <div className="tb-actions">
            <a className="tb-btn tb-btn--outline" href={links.home}>
              <BoardIcon name="home" size={16} /> Home
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
