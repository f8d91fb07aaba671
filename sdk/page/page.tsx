import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MESSAGES } from '../../shared/messages';
import { auth, useSession } from '../../ui/auth';
import { refreshTokens } from '../../ui/http';
import { Board, type BoardApi } from '../board';
import type { Editor } from '../editor/editor';
import { BOARD_MESSAGES as M } from '../sync/messages';
import type { SyncClient } from '../sync/sync-client';
import { BoardScreen } from '../ui/board-screen';
import { insertTemplateFromAddress } from '../ui/templates/templates-layer';
import { useBoardStyles } from '../ui/use-styles';
import type { NotificationMode } from '../../shared/embed';
import { missingFeatures } from './browser-check';
import { installDebug } from './debug';
import { readPageParams } from './params';

/**
 * The hosted board page, /board/{code} and /board/{workspace}/{code}. Signed-in users come with
 * the panel's stored tokens (ui/auth: same localStorage keys); `?uid=` joins as that roaming user
 * without a bearer token; otherwise a guest uid is made once and kept.
 *
 * Embedded through embed.js (a `data` parameter), the page runs what it is given as
 * `PageEmbedding`: the bundle's entry, embed/board-page.ts, passes embed/child.ts. sdk/ never
 * imports embed/ (docs/architecture.md "Layer rules"): embed/ depends on sdk/, not the reverse.
 */
declare global {
  interface Window {
    /** set by browser tests (addInitScript) to get `window.tabula` */
    __TABULA_TEST__?: boolean;
    tabula?: { editor: Editor; sync: SyncClient; ready?: BoardApi };
  }
}

/** What the page needs of an embedded session (embed/child.ts EmbedSession is one). */
export interface PageEmbedSession {
  refused: false;
  context: {
    /** the board code to open ('' = create a new board for this participant) */
    board: string;
    uid: string;
    clientId: string;
    participant: { name?: string };
    notifications: NotificationMode;
  };
  /** the app owner's plan allows white-label and the host asked for it */
  whiteLabel: boolean;
  /** the current participant token (null: a roaming guest) */
  token(): string | null;
  /** asks the host for a fresh token */
  refreshToken(): Promise<string | null>;
}

/** How the page runs embedded: open the session with the host, then hand it the live board. */
export interface PageEmbedding<S extends PageEmbedSession> {
  /** null: not embedded; `refused`: the refusal is on screen and was sent to the host */
  prepare(): Promise<S | { refused: true } | null>;
  /** installs the board API for the host (called again when the board remounts) */
  connect(editor: Editor, board: { sync: SyncClient }, session: S): unknown;
}

const params = readPageParams(new URL(location.href));
const roaming = Boolean(params.uid);
const signedIn = !roaming && auth.isSignedIn();
const uid = params.uid ?? (signedIn ? (auth.claims()?.id ?? auth.uid()) : null) ?? auth.ensureGuestUid();
/** the board's current session, for window.tabulaDebug (set on every mount) */
let currentSync: SyncClient | null = null;

function InvalidUid() {
  useBoardStyles();
  const ref = useRef<HTMLDivElement>(null);
  return (
    <BoardScreen editor={null} sync={null} canvasRef={ref} server={location.origin} signedIn={false} embedded failure={M.invalidUid} />
  );
}

function Page() {
  // the stored token, kept current when the HTTP layer refreshes it
  const session = useSession();
  const token = signedIn ? session.accessToken : null;
  if (params.invalidUid) return <InvalidUid />;
  return (
    <div style={{ position: 'fixed', inset: 0 }}>
      <Board
        code={params.code}
        workspace={params.workspace ?? undefined}
        token={token ?? undefined}
        uid={uid}
        clientid={params.clientid ?? undefined}
        documentTitle
        refreshToken={async () => ((await refreshTokens()) ? auth.accessToken() : null)}
        onCreate={({ editor, sync }) => {
          currentSync = sync;
          if (window.__TABULA_TEST__) window.tabula = { editor, sync };
          // ?template=<name>: inserted once with edit rights, then gone from the address
          insertTemplateFromAddress(editor, sync);
        }}
        onReady={(api) => {
          if (window.__TABULA_TEST__ && window.tabula) window.tabula.ready = api;
        }}
      />
    </div>
  );
}

/** Embedded through embed.js (a `data` parameter): the participant, token and features come from the host (embed/child.ts). */
function EmbeddedPage<S extends PageEmbedSession>({ embed, embedding }: { embed: S; embedding: PageEmbedding<S> }) {
  const { context } = embed;
  const [token, setToken] = useState(embed.token());
  return (
    <div style={{ position: 'fixed', inset: 0 }}>
      <Board
        code={context.board}
        uid={context.uid}
        clientid={context.clientId}
        name={context.participant.name}
        token={token ?? undefined}
        features={{ embedded: true, whiteLabel: embed.whiteLabel, notifications: context.notifications }}
        refreshToken={async () => {
          const fresh = await embed.refreshToken();
          if (fresh) setToken(fresh);
          return fresh;
        }}
        onCreate={({ editor, sync }) => {
          currentSync = sync;
          if (window.__TABULA_TEST__) window.tabula = { editor, sync };
          embedding.connect(editor, { sync }, embed);
        }}
        onReady={(api) => {
          if (window.__TABULA_TEST__ && window.tabula) window.tabula.ready = api;
        }}
      />
    </div>
  );
}

/** Starts the page: embedded when the URL carries `data` (through `embedding`), else the plain board. */
export function startBoardPage<S extends PageEmbedSession>(embedding: PageEmbedding<S>): void {
  // board.md §8 'Old browser': said once, then the page goes on (the visitor may still try)
  if (missingFeatures().length > 0) window.alert(MESSAGES.oldBrowser);
  installDebug(location.origin, () => currentSync);
  document.documentElement.style.height = '100%';
  document.body.style.margin = '0';
  document.body.style.height = '100%';
  document.body.style.overflow = 'hidden';
  document.title = `${params.code} · Tabula`;
  if (params.data) {
    void embedding.prepare().then((embed) => {
      if (!embed || embed.refused) return; // the refusal is on screen and sent to the host
      document.title = 'Tabula board';
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <EmbeddedPage embed={embed} embedding={embedding} />
        </StrictMode>,
      );
    });
  } else {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
  }
}
