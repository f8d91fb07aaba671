import { lazy, Suspense, useEffect, useState, type RefObject } from 'react';
import { UploadProgress } from './upload-progress';
import { FeedbackDialog } from '../../ui/feedback-dialog';
import { PortalTarget } from '../../ui/portal';
import { Toaster } from '../../ui/toast';
import type { Editor } from '../editor/editor';
import { BOARD_MESSAGES as M } from '../sync/messages';
import type { SyncClient } from '../sync/sync-client';
import type { BoardClaims, BoardInfo, BoardMember, SyncState } from '../sync/types';
import { AnnouncementBar } from './announcement-bar';
import { BoardBell } from './board-bell';
import { ChatDock } from './chat/chat-box';
import { CommentsButton, CommentsLayer, useComments } from './comments/comments';
import { CollaboratorCursors } from './cursors';
import { CollaborationBar } from './follow-bar';
import { useObservable } from './hooks';
import { BoardIcon } from './icons';
import { boardLinks } from './links';
import { MemberColorsProvider } from './member-color';
import { useSyncNotices } from './notices';
import { EndedScreen, FailedScreen, LoadingOverlay, NotFoundScreen } from './overlays';
import { EditingLayer } from './floating-menu';
import { FramesButton } from './frames-panel';
import { HistoryButton } from './history-button';
import { RightPanels, useRightPanel } from './right-panel';
import { HelpMenu } from './help/help-menu';
import { useTour } from './help/use-tour';
import { ExportMenu } from './export-menu';
import { GuestStart, OwnerStart } from './start-screens';
import { TemplatesLayer } from './templates/templates-layer';
import { Toolbox } from './toolbox';
import { TopBar } from './top-bar';
import { WaitingChanges } from './waiting-changes';
import { ZoomBar } from './zoom-bar';

/** Dialogs most sessions never open: chunks of their own, loaded when first opened (docs/performance.md). */
const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));
const TipsDialog = lazy(() => import('./help/tips-dialog').then((m) => ({ default: m.TipsDialog })));
const Tour = lazy(() => import('./help/tour').then((m) => ({ default: m.Tour })));
/** The screen reader's list of shapes and the live region (issue 32): loaded after the first paint. */
const BoardReader = lazy(() => import('../a11y/board-reader').then((m) => ({ default: m.BoardReader })));

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
  /** the chat box (also needs view_chat) */
  chat?: boolean;
  /** the guest and owner start screens (embedded: only when true, the host decides the rest) */
  startScreens?: boolean;
  /** no Tabula branding (embedding under the api-white-label policy) */
  whiteLabel?: boolean;
  /** the quick-overview tour on a user's first board (default: on, but off when embedded unless true) */
  tour?: boolean;
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
  /** this person switches the theme (the main menu's 'Dark theme'); not given when the host sets it */
  onTheme?: (theme: 'light' | 'dark') => void;
  features?: BoardFeatures;
  /** a guest gave a display name (remembered for next time) */
  onGuestName?: (name: string) => void;
  /** the guest already has a display name: no guest start screen */
  guestNamed?: boolean;
  /** shown instead of connecting (e.g. the invalid-uid failure) */
  failure?: string | null;
  /** a platform operator (the token's role claim has 'admin'): 'download as template' in the main menu */
  operator?: boolean;
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
  const comments = useComments(editor, sync, online ? board?.code : null);
  // the canvas follows the theme too: its colour, patterns and the default ink as drawn (sdk/engine/theme.ts)
  useEffect(() => editor?.setTheme(theme), [editor, theme]);

  const [guestDone, setGuestDone] = useState(Boolean(props.guestNamed));
  const [feedback, setFeedback] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  const [tips, setTips] = useState(false);
  const [ownerDone, setOwnerDone] = useState(false);
  // frames, board history, automation and comments share the right side: one at a time
  const right = useRightPanel(editor, comments);
  // dialogs render inside the board (its styles and theme, the shadow root, fullscreen): ui/portal.ts
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const empty = useEmpty(editor);
  const showGuest = features.startScreens !== false && online && !signedIn && !embedded && !guestDone;
  // embedded, the host's features decide the tool and background: no start screen unless it asks for one
  const showOwner =
    (embedded ? features.startScreens === true : features.startScreens !== false) &&
    online &&
    !showGuest &&
    !ownerDone &&
    claims.role === 'Owner' &&
    (Boolean(board?.isNew) || empty);
  useEffect(() => {
    if (!empty) setOwnerDone(true);
  }, [empty]);
  // the quick overview: once per user, after any start screen; in an embed only when the host asks
  const tourAllowed = embedded ? features.tour === true : features.tour !== false;
  const tour = useTour(board?.uid ?? null, tourAllowed && features.menu !== false && online && !showGuest && !showOwner, root);

  const phase = props.failure ? 'failed' : state.phase;
  const loading =
    !props.failure && (phase === 'idle' || phase === 'connecting' || phase === 'joined' || phase === 'loading' || phase === 'replaying');

  return (
    <MemberColorsProvider members={members}>
      <PortalTarget.Provider value={root}>
        <div
          ref={setRoot}
          className={`tb-board${theme === 'dark' ? ' tb-dark' : ''}`}
          data-theme={theme}
          data-tabula-board=""
          data-phase={phase}
        >
          <div className="tb-canvas" ref={canvasRef} aria-label="Board canvas" role="application" tabIndex={0} />
          {editor && (
            <Suspense fallback={null}>
              <BoardReader editor={editor} sync={sync} canvasRef={canvasRef} />
            </Suspense>
          )}
          {editor && sync && online && (
            <>
              {features.cursors !== false && <CollaboratorCursors editor={editor} sync={sync} canvasRef={canvasRef} />}
              {features.menu !== false && (
                <TopBar
                  editor={editor}
                  sync={sync}
                  links={links}
                  signedIn={signedIn}
                  embedded={embedded}
                  whiteLabel={features.whiteLabel}
                  zoom={features.zoom !== false}
                  onShare={() => setSharing(true)}
                  onExport={() => setExporting(true)}
                  onShortcuts={() => setShortcuts(true)}
                  theme={theme}
                  onTheme={props.onTheme}
                  operator={props.operator}
                >
                  <ExportMenu
                    editor={editor}
                    boardName={board?.boardName ?? ''}
                    signedIn={signedIn}
                    embedded={embedded}
                    open={exporting}
                    onOpenChange={setExporting}
                  />
                </TopBar>
              )}
              <div className="tb-bar tb-topright">
                {!signedIn && !embedded && (
                  <a className="tb-btn tb-btn--primary" href={links.login} aria-label="Log in" title="Log in">
                    <BoardIcon name="login" size={16} /> Log in
                  </a>
                )}
                {!embedded && (
                  <button type="button" className="tb-btn tb-btn--primary" data-tour="share" onClick={() => setSharing(true)}>
                    <BoardIcon name="userPlus" size={16} /> Share
                  </button>
                )}
                {!embedded && (
                  <HelpMenu
                    links={{ documentation: links.howTo, support: links.support, language: links.language }}
                    onShortcuts={() => setShortcuts(true)}
                    onTips={() => setTips(true)}
                    onTour={tour.start}
                    onFeedback={() => setFeedback(true)}
                  />
                )}
                {/* a signed-in visitor's own feed; account things stay off an embedded or white-label board */}
                {signedIn && !embedded && !features.whiteLabel && <BoardBell sync={sync} server={server} />}
                <CollaborationBar
                  editor={editor}
                  sync={sync}
                  canvasRef={canvasRef}
                  members={members}
                  signedIn={signedIn}
                  showMembers={features.members !== false}
                />
              </div>
              {/* how many changes wait to be sent, and where they are kept (issue 34 item 7) */}
              <WaitingChanges sync={sync} />
              {features.toolbox !== false && <Toolbox editor={editor} />}
              <UploadProgress />
              <EditingLayer editor={editor} />
              <TemplatesLayer editor={editor} sync={sync} server={server} />
              {features.zoom !== false && features.menu === false && <ZoomBar editor={editor} />}
              {comments && <CommentsLayer store={comments} editor={editor} sync={sync} />}
              <RightPanels panel={right.panel} editor={editor} sync={sync} code={board?.code ?? null} onClose={right.close} />
              <AnnouncementBar sync={sync} />
              <div className={`tb-dock${features.zoom !== false && features.menu === false ? ' tb-dock--above-zoom' : ''}`}>
                <FramesButton editor={editor} open={right.panel === 'frames'} onToggle={() => right.toggle('frames')} />
                <HistoryButton editor={editor} open={right.panel === 'history'} onToggle={() => right.toggle('history')} />
                {comments && <CommentsButton store={comments} editor={editor} sync={sync} />}
                {features.chat !== false && board && claims.permissions.includes('view_chat') && <ChatDock sync={sync} code={board.code} />}
              </div>
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
          <Suspense fallback={null}>
            {shortcuts && editor && <ShortcutsDialog editor={editor} sync={sync} signedIn={signedIn} onClose={() => setShortcuts(false)} />}
            {tips && (
              <TipsDialog
                onClose={() => setTips(false)}
                onTour={() => {
                  setTips(false);
                  tour.start();
                }}
              />
            )}
            {sharing && editor && sync && <ShareDialog editor={editor} sync={sync} signedIn={signedIn} onClose={() => setSharing(false)} />}
          </Suspense>
          {tour.open && editor && online && root && (
            <Suspense fallback={null}>
              <Tour root={root} onEnd={tour.end} auto={tour.auto} />
            </Suspense>
          )}
          <FeedbackDialog open={feedback} onClose={() => setFeedback(false)} signedIn={signedIn} source="board" />
          <Toaster />
        </div>
      </PortalTarget.Provider>
    </MemberColorsProvider>
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
