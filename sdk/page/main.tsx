import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { auth, useSession } from '../../ui/auth';
import { refreshTokens } from '../../ui/http';
import { Board, type BoardApi } from '../board';
import type { Editor } from '../editor/editor';
import { BOARD_MESSAGES as M } from '../sync/messages';
import type { SyncClient } from '../sync/sync-client';
import { BoardScreen } from '../ui/board-screen';
import { useBoardStyles } from '../ui/use-styles';
import { connectParent, prepareEmbed, type EmbedSession } from '../../embed/child';
import { readPageParams } from './params';

/**
 * The hosted board page, /board/{code} and /board/{workspace}/{code}. Signed-in users come with
 * the panel's stored tokens (ui/auth: same localStorage keys); `?uid=` joins as that roaming user
 * without a bearer token; otherwise a guest uid is made once and kept.
 */
declare global {
  interface Window {
    /** set by browser tests (addInitScript) to get `window.tabula` */
    __TABULA_TEST__?: boolean;
    tabula?: { editor: Editor; sync: SyncClient; ready?: BoardApi };
  }
}

const params = readPageParams(new URL(location.href));
const roaming = Boolean(params.uid);
const signedIn = !roaming && auth.isSignedIn();
const uid = params.uid ?? (signedIn ? (auth.claims()?.id ?? auth.uid()) : null) ?? auth.ensureGuestUid();

function InvalidUid() {
  useBoardStyles();
  const ref = useRef<HTMLDivElement>(null);
  return <BoardScreen editor={null} sync={null} canvasRef={ref} server={location.origin} signedIn={false} embedded failure={M.invalidUid} />;
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
          if (window.__TABULA_TEST__) window.tabula = { editor, sync };
        }}
        onReady={(api) => {
          if (window.__TABULA_TEST__ && window.tabula) window.tabula.ready = api;
        }}
      />
    </div>
  );
}

/** Embedded through embed.js (a `data` parameter): the participant, token and features come from the host (embed/child.ts). */
function EmbeddedPage({ embed }: { embed: EmbedSession }) {
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
          if (window.__TABULA_TEST__) window.tabula = { editor, sync };
          connectParent(editor, { sync }, embed);
        }}
        onReady={(api) => {
          if (window.__TABULA_TEST__ && window.tabula) window.tabula.ready = api;
        }}
      />
    </div>
  );
}

document.documentElement.style.height = '100%';
document.body.style.margin = '0';
document.body.style.height = '100%';
document.body.style.overflow = 'hidden';
document.title = `${params.code} · Tabula`;
if (params.data) {
  void prepareEmbed().then((embed) => {
    if (!embed || embed.refused) return; // the refusal is on screen and sent to the host
    document.title = 'Tabula board';
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <EmbeddedPage embed={embed} />
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
