import { useEffect, useState, type RefObject } from 'react';
import { canGrabAttention, type Role } from '../../shared/permissions';
import { POLICY } from '../../shared/policies';
import { toast } from '../../ui/toast';
import { FollowMode, type FollowState } from '../collab/follow';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import type { BoardMember } from '../sync/types';
import { useSubject } from './hooks';
import { BoardIcon } from './icons';

const NONE: FollowState = { following: null, followers: [] };

/** The board's follow mode for as long as the board screen shows (one per session). */
export function useFollowMode(editor: Editor, sync: SyncClient, canvasRef: RefObject<HTMLDivElement | null>): FollowMode | null {
  const [mode, setMode] = useState<FollowMode | null>(null);
  useEffect(() => {
    const next = new FollowMode(editor, sync, { error: (text) => toast.error(text), info: (text) => toast.info(text) });
    const stop = next.start(canvasRef.current);
    setMode(next);
    return () => {
      stop();
      setMode(null);
    };
  }, [editor, sync, canvasRef]);
  return mode;
}

export function useFollowState(mode: FollowMode | null): FollowState {
  const [state, setState] = useState<FollowState>(mode?.state ?? NONE);
  useEffect(() => {
    if (!mode) return;
    const sub = mode.state$.subscribe(setState);
    return () => sub.unsubscribe();
  }, [mode]);
  return state;
}

/**
 * The following and followers indicators (board.md §2 top-right): whom this member follows, with
 * a button to stop, and how many follow this member (their names in the tooltip).
 */
export function FollowIndicators({ mode, members }: { mode: FollowMode; members: BoardMember[] }) {
  const { following, followers } = useFollowState(mode);
  const nameOf = (uid: string) => members.find((m) => m.uid === uid)?.name || 'Guest';
  const followingName = following ? (members.find((m) => m.uid === following.uid)?.name ?? following.name) : '';
  return (
    <>
      {following && (
        <div className="tb-panel tb-chip tb-chip--following" role="status" data-testid="following-indicator">
          <BoardIcon name="eye" size={16} />
          <span className="tb-chip__text">Following {followingName}</span>
          <button
            type="button"
            className="tb-chip__stop"
            aria-label={`Stop following ${followingName}`}
            title="Stop following"
            onClick={() => void mode.unfollow()}
          >
            ×
          </button>
        </div>
      )}
      {followers.length > 0 && (
        <div
          className="tb-panel tb-chip"
          role="status"
          data-testid="followers-indicator"
          title={`Following you: ${followers.map(nameOf).join(', ')}`}
        >
          <BoardIcon name="users" size={16} />
          <span className="tb-chip__text">
            {followers.length} {followers.length === 1 ? 'follower' : 'followers'}
          </span>
        </div>
      )}
    </>
  );
}

/** Grab attention (board.md §6): Owner or Facilitator with the attention policy brings everyone to their view. */
export function AttentionButton({ mode, sync }: { mode: FollowMode; sync: SyncClient }) {
  const claims = useSubject(sync.claims$);
  if (!canGrabAttention(claims.role as Role) || !claims.policies.includes(POLICY.attention)) return null;
  return (
    <button
      type="button"
      className="tb-btn tb-panel"
      aria-label="Grab attention"
      title="Grab attention: bring everyone to your view"
      onClick={() => void mode.grabAttention().then((ok) => ok && toast.success('Everyone now sees your view'))}
    >
      <BoardIcon name="megaphone" size={18} />
    </button>
  );
}
