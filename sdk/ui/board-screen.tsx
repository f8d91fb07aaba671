import { useEffect, useState, type RefObject } from 'react';
import { FeedbackDialog } from '../../ui/feedback-dialog';
import { Toaster } from '../../ui/toast';
import type { Editor } from '../editor/editor';
import { BOARD_MESSAGES as M } from '../sync/messages';
import type { SyncClient } from '../sync/sync-client';
import type { BoardClaims, BoardInfo, BoardMember, SyncState } from '../sync/types';
import { BoardName } from './board-name';
import { CollaboratorCursors } from './cursors';
import { HistoryButtons } from './history-buttons';
import { useObservable } from './hooks';
import { BoardIcon } from './icons';
import { boardLinks } from './links';
import { MainMenu } from './main-menu';
import { MembersMenu } from './members-menu';
import { useSyncNotices } from './notices';
import { EndedScreen, FailedScreen, LoadingOverlay, NotFoundScreen } from './overlays';
import { PropertyMenu } from './property-menu';
import { ShareDialog } from './share-dialog';
import { GuestStart, OwnerStart } from './start-screens';
import { Toolbox } from './toolbox';
import { ZoomBar } from './zoom-bar';

/** Parts of the board screen a host can switch off (all on by default). */
export interface BoardFeatures {
  /** embedded in a host application: hides back to boards, new board, log in (board.md §6) */
  embedded?: boolean;
  menu?: boolean;
  toolbox?: boolean;
  members?: boolean;
  zoom?: boolean;
  /** collaborators' cursors (also need the cursors policy: plan and the workspace's app-cursors extension) */
  cursors?: boolean;
  /** the guest and owner start screens */
  startScreens?: boolean;
  /** no Tabula branding (embedding under the api-white-label policy) */
  whiteLabel?: boolean;
  /** which notices show as toasts; default 'essential' when embedded (board.md §7) */
  notifications?: 'all' | 'essential';
}

export interface BoardScreenProps {
  editor: Editor | null;
  sync: SyncClient | null;
  canvasRef: RefObject<HTMLDivElement | null>;
  server: string;
  signedIn: boolean;
  embedded: boolean;
  theme?: 'light' | 'dark';
  features?: BoardFeatures;
  /** a guest gave a display name (remembered for next time) */
  onGuestName?: (name: string) => void;
  /** the guest already has a display name: no guest start screen */
  guestNamed?: boolean;
  /** shown instead of connecting (e.g. the invalid-uid failure) */
  failure?: string | null;
}

const IDLE: SyncState = { phase: 'idle', percent: 0 };
const NO_CLAIMS: BoardClaims = { role: null, permissions: [], policies: [] };

/**
 * The board screen (board.md §2) for what exists now: the full-screen canvas (the Editor's
 * container), the top-left menu with board name and undo/redo, the view bar, the toolbox, the
 * property menu, online members, start screens, the loading / failed / not-found overlays and
 * the toasts.
 */
export function BoardScreen(props: BoardScreenProps) {
  const { editor, sync, canvasRef, server, signedIn, embedded, theme = 'light', features = {} } = props;
  const state = useObservable<SyncState>(sync?.state$ ?? null, IDLE);
  const board = useObservable<BoardInfo | null>(sync?.board$ ?? null, null);
  const members = useObservable<BoardMember[]>(sync?.members$ ?? null, []);
  const claims = useObservable<BoardClaims>(sync?.claims$ ?? null, NO_CLAIMS);
  useSyncNotices(sync, features.notifications ?? (embedded ? 'essential' : 'all'));
  const links = boardLinks(server);
  const online = state.phase === 'online' || state.phase === 'reconnecting';
  const canEdit = claims.permissions.includes('edit_board');

  const [guestDone, setGuestDone] = useState(Boolean(props.guestNamed));
  const [feedback, setFeedback] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [ownerDone, setOwnerDone] = useState(false);
  const empty = useEmpty(editor);
  const showGuest = features.startScreens !== false && online && !signedIn && !embedded && !guestDone;
  const showOwner =
    features.startScreens !== false && online && !showGuest && !ownerDone && claims.role === 'Owner' && (Boolean(board?.isNew) || empty);
  useEffect(() => {
    if (!empty) setOwnerDone(true);
  }, [empty]);

  const phase = props.failure ? 'failed' : state.phase;
  const loading = !props.failure && (phase === 'idle' || phase === 'connecting' || phase === 'joined' || phase === 'loading' || phase === 'replaying');

  return (
    <div className={`tb-board${theme === 'dark' ? ' tb-dark' : ''}`} data-tabula-board="" data-phase={phase}>
      <div className="tb-canvas" ref={canvasRef} aria-label="Board canvas" role="application" tabIndex={0} />
      {editor && sync && online && (
        <>
          {features.cursors !== false && <CollaboratorCursors editor={editor} sync={sync} canvasRef={canvasRef} />}
          {features.menu !== false && (
            <div className="tb-panel tb-bar tb-topleft" role="toolbar" aria-label="Board">
              <MainMenu links={links} signedIn={signedIn} embedded={embedded} whiteLabel={features.whiteLabel} onShare={() => setSharing(true)} />
              <BoardName name={board?.boardName ?? ''} canEdit={canEdit} onRename={(name) => sync.renameBoard(name)} />
              {canEdit && (
                <>
                  <span className="tb-sep" />
                  <HistoryButtons editor={editor} />
                </>
              )}
            </div>
          )}
          <div className="tb-bar tb-topright">
            {!signedIn && !embedded && (
              <a className="tb-btn tb-btn--primary" href={links.login} aria-label="Log in" title="Log in">
                <BoardIcon name="login" size={16} /> Log in
              </a>
            )}
            {!embedded && (
              <button type="button" className="tb-btn tb-btn--primary" onClick={() => setSharing(true)}>
                <BoardIcon name="userPlus" size={16} /> Share
              </button>
            )}
            {!embedded && (
              <button type="button" className="tb-btn" aria-label="Feedback" title="Send feedback" onClick={() => setFeedback(true)}>
                <BoardIcon name="help" size={18} />
              </button>
            )}
            {features.members !== false && <MembersMenu members={members} />}
          </div>
          {features.toolbox !== false && <Toolbox editor={editor} />}
          <PropertyMenu editor={editor} />
          {features.zoom !== false && <ZoomBar editor={editor} />}
        </>
      )}
      {showGuest && sync && (
        <GuestStart
          onSkip={() => setGuestDone(true)}
          onSubmit={async (name) => {
            await sync.renameMember(name);
            props.onGuestName?.(name);
            setGuestDone(true);
          }}
        />
      )}
      {showOwner && editor && sync && (
        <OwnerStart
          backgrounds={!claims.client}
          onStart={() => {
            setOwnerDone(true);
            editor.setTool('pen');
          }}
          onBackground={(bg) => {
            setOwnerDone(true);
            const previous = editor.background$.value;
            editor.setBackground(bg);
            sync.updateConfig({ bg }).catch(() => editor.setBackground(previous));
          }}
        />
      )}
      {loading && <LoadingOverlay phase={phase} percent={state.percent} />}
      {phase === 'failed' && <FailedScreen message={props.failure ?? state.error} links={links} />}
      {phase === 'notFound' && <NotFoundScreen links={links} embedded={embedded} />}
      {phase === 'removed' && <EndedScreen message={M.boardRemoved} links={links} embedded={embedded} />}
      {phase === 'denied' && <EndedScreen message={state.error ?? M.unauthorized} links={links} embedded={embedded} />}
      {sharing && editor && sync && <ShareDialog editor={editor} sync={sync} signedIn={signedIn} onClose={() => setSharing(false)} />}
      <FeedbackDialog open={feedback} onClose={() => setFeedback(false)} signedIn={signedIn} source="board" />
      <Toaster />
    </div>
  );
}

/** Whether the board has no shapes (owner start screen). */
function useEmpty(editor: Editor | null): boolean {
  const [empty, setEmpty] = useState(true);
  useEffect(() => {
    if (!editor) return;
    const check = () => setEmpty(editor.doc.ordered().length === 0);
    check();
    const sub = editor.changes$.subscribe(check);
    return () => sub.unsubscribe();
  }, [editor]);
  return empty;
}

