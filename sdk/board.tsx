import { useEffect, useMemo, useRef, useState } from 'react';
import { combineLatest, distinctUntilChanged, filter, map, take } from 'rxjs';
import { CLIENT_VERSION, DEFAULT_DOWNSIZE, uploadsAllowed } from '../shared/constants';
import type { Command } from '../shared/model';
import type * as Wire from '../shared/wire';
import { isHiddenCommand } from '../shared/permissions';
import { decodeClaims } from '../ui/auth';
import { userBindings } from './actions';
import { bindClipboardEvents } from './actions/clipboard-events';
import { applySavedViewport } from './collab/saved-viewport';
import { Editor } from './editor/editor';
import { registerPictureSource } from './assets/pictures';
import { acceptDroppedFiles } from './assets/drop';
import type { Uploader } from './assets/upload';
import { bindCustomColours } from './editor/colours';
import { applyWorkspaceConfig } from './editor/workspace';
import { editorApi, sessionApi, type EditorApi, type SessionApi } from './board-api';
import { SyncClient } from './sync/sync-client';
import { startTelemetry } from './telemetry';
import type { BoardClaims, BoardInfo } from './sync/types';
import { BoardScreen, type BoardFeatures } from './ui/board-screen';
import { ColoursProvider } from './ui/colour-picker';
import { readSnap } from './ui/settings-dialog';
import { useBoardStyles } from './ui/use-styles';
import { guardUnload } from './ui/waiting-changes';

export type { BoardFeatures };

/**
 * What `onReady` hands the host: the editor and the sync session through their documented faces
 * (sdk/board-api.ts; the internals stay private), and the board as the server described it.
 */
export interface BoardApi {
  editor: EditorApi;
  sync: SessionApi;
  board: BoardInfo | null;
}

export interface BoardError {
  message: string;
  error?: unknown;
}

export interface BoardProps {
  /** the board code (the last segment of /board/{code}) */
  code: string;
  /** the platform's base url; default: this page's origin */
  server?: string;
  /** workspace of /board/{workspace}/{code} */
  workspace?: string;
  /** a bearer access token (signed-in user); without it the board joins as a roaming guest */
  token?: string;
  /** roaming user id (guests); default: one made once and kept in localStorage */
  uid?: string;
  /** developer app client id (embedding); requires uid */
  clientid?: string;
  /** display name of a guest */
  name?: string;
  theme?: 'light' | 'dark';
  features?: BoardFeatures;
  /** the board is loaded and online */
  onReady?: (api: BoardApi) => void;
  /** joined: the board as the server described it */
  onJoined?: (board: BoardInfo) => void;
  /** every board change, local or remote */
  onCommand?: (command: Command) => void;
  onError?: (error: BoardError) => void;
  /** refreshes the access token (the hosted page uses the platform's refresh); resolves the new token */
  refreshToken?: () => Promise<string | null>;
  /** page navigation for access-denied / login; default location.assign (never when embedded) */
  navigate?: (url: string) => void;
  /** called once the editor and sync session exist, before connecting (the hosted page's test hook) */
  onCreate?: (api: { editor: Editor; sync: SyncClient }) => void;
  /** set by <tabula-board>: the shadow root the styles go into */
  container?: HTMLElement | ShadowRoot;
  /** the board is the page (the hosted /board/… page): the browser tab shows the board's name, renames included */
  documentTitle?: boolean;
}

const GUEST_UID_KEY = 'uid';
const DISPLAY_NAME_KEY = 'tabula.displayName';

function storedGuestUid(): string {
  try {
    const existing = localStorage.getItem(GUEST_UID_KEY);
    if (existing) return existing;
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    const uid = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(GUEST_UID_KEY, uid);
    return uid;
  } catch {
    return `guest-${Math.random().toString(36).slice(2)}`;
  }
}

const THEME_KEY = 'tabula.theme';

/** The theme this person chose in the main menu (docs/board-screen.md "Dark theme"), if any. */
export function readTheme(): 'light' | 'dark' | null {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'dark' || v === 'light' ? v : null;
  } catch {
    return null;
  }
}

export function storeTheme(theme: 'light' | 'dark'): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    /* storage disabled */
  }
}

export function readDisplayName(): string | null {
  try {
    return localStorage.getItem(DISPLAY_NAME_KEY);
  } catch {
    return null;
  }
}

export function storeDisplayName(name: string): void {
  try {
    localStorage.setItem(DISPLAY_NAME_KEY, name);
  } catch {
    /* storage disabled */
  }
}

/**
 * The board: Editor (canvas, tools, undo) + SyncClient (realtime session) + the board screen.
 * Used by the hosted page /board/{code}, by React hosts (`import { Board } from 'tabula'`) and,
 * through r2wc, by the `<tabula-board>` custom element.
 */
export function Board(props: BoardProps) {
  const { code, workspace, clientid } = props;
  // the host's theme, else this person's choice (main menu), else the workspace's (its dark theme setting)
  const [workspaceTheme, setWorkspaceTheme] = useState<'light' | 'dark'>('light');
  const [ownTheme, setOwnTheme] = useState(readTheme);
  const theme = props.theme ?? ownTheme ?? workspaceTheme;
  const server = (props.server || (typeof location !== 'undefined' ? location.origin : 'http://localhost')).replace(/\/$/, '');
  const uid = useMemo(() => props.uid || decodeClaims(props.token ?? null)?.id || storedGuestUid(), [props.uid, props.token]);
  const embedded = props.features?.embedded ?? (Boolean(clientid) || (typeof window !== 'undefined' && window.self !== window.top));
  useBoardStyles(props.container);

  const latest = useRef(props);
  latest.current = props;
  // the token in use: the prop, or the one a refresh just produced (before the prop catches up)
  const token = useRef(props.token ?? null);
  const tokenProp = useRef(props.token);
  if (tokenProp.current !== props.token) {
    tokenProp.current = props.token;
    token.current = props.token ?? null;
  }
  const canvasRef = useRef<HTMLDivElement>(null);
  const [session, setSession] = useState<{ editor: Editor; sync: SyncClient } | null>(null);

  useEffect(() => {
    const container = canvasRef.current;
    if (!container || !code) return;
    let claims: BoardClaims = { role: null, permissions: [], policies: [] };
    let privateMode = false;
    const editor = new Editor({
      container,
      uid,
      permissions: () => ({ role: claims.role ?? '', permissions: claims.permissions, policies: new Set(claims.policies) }),
      // presentation only: the server does not send others' shapes to a restricted member
      privateMode: () => privateMode,
    });
    const sync = new SyncClient({
      server,
      boardCode: code,
      workspace: workspace ?? null,
      clientid: clientid ?? null,
      uid,
      // a stored display name is a guest's; signed-in users are named by their account
      name: latest.current.name ?? (latest.current.token ? null : readDisplayName()),
      token: () => token.current,
      refresh: latest.current.refreshToken
        ? async () => {
            const fresh = await latest.current.refreshToken!();
            if (fresh) token.current = fresh;
            return fresh;
          }
        : undefined,
      target: editor,
      version: CLIENT_VERSION,
      embedded,
      navigate: (url) => (latest.current.navigate ?? ((u: string) => location.assign(u)))(url),
    });
    // snap to objects: the signed-in user's userConfig, a guest's browser (read at each drag)
    editor.snapSetting = () => readSnap(sync);
    // pictures: uploads go through the session (while the board takes them: its upload setting, else
    // the workspace's — the upload actions, drops and pastes of files go with it); image shapes fetch
    // their pictures with its credentials
    const uploader: Uploader = {
      upload: (file, name, options) => sync.upload(file, name, options),
      uploadUrl: (url, options) => sync.uploadUrl(url, options),
      duplicateAssets: async (items) =>
        (await sync.request<Wire.DuplicatedAssets>('POST', `/api/boards/${encodeURIComponent(code)}/duplicate-assets`, { assets: items }))
          .assets,
      scriptPicture: (script, svg) =>
        sync.request<Wire.ScriptMedia>('POST', `/api/boards/${encodeURIComponent(code)}/scripts/media`, { script, svg }),
      mermaidScript: `${server}/static/sdk/tabula-mermaid.js`,
    };
    // a pasted address's card is filled from the server's link-preview proxy (platform/links)
    editor.linkPreviewer = (url) =>
      sync.request<Wire.LinkPreview>('GET', `/api/boards/${encodeURIComponent(code)}/links/preview?url=${encodeURIComponent(url)}`);
    const forgetPictures = registerPictureSource({
      asset: (resource, variant, page) => sync.asset(resource, variant, page),
      original: (resource) => sync.original(resource),
      report: (message, data) =>
        void sync.request('POST', '/api/logs/clients', { level: 'warn', context: 'image', message, data }).catch(() => {}),
    });
    const stopDrops = acceptDroppedFiles(container, editor);
    // Ctrl+C/X/V through the browser's own copy, cut and paste events (no permission, plain HTTP too)
    const stopClipboard = bindClipboardEvents(container, editor);
    const subs = [
      sync.board$
        .pipe(
          map((b) => uploadsAllowed(b?.boardConfig?.upload, b?.workspaceConfig)),
          distinctUntilChanged(),
        )
        .subscribe((allowed) => {
          editor.uploader = allowed ? uploader : null;
          editor.refreshPermissions();
        }),
      sync.claims$.subscribe((c) => {
        claims = c;
        editor.refreshPermissions();
      }),
      editor.outgoing$.subscribe((command: Command) => {
        sync.send(command);
        latest.current.onCommand?.(command);
      }),
      sync.events$
        .pipe(filter((e) => e.event === 'onCommand' && !isHiddenCommand(e.data)))
        .subscribe((e) => latest.current.onCommand?.(e.data as Command)),
      sync.board$
        .pipe(
          map((b) => (b?.boardConfig?.privateMode?.type ?? 0) !== 0),
          distinctUntilChanged(),
        )
        .subscribe((on) => {
          privateMode = on;
          editor.refreshPermissions();
        }),
      sync.board$.subscribe((b) => (editor.downsizeSetting = b?.boardConfig?.downsize ?? DEFAULT_DOWNSIZE)),
      sync.board$
        .pipe(
          map((b) => b?.boardConfig?.bg ?? null),
          distinctUntilChanged(),
        )
        .subscribe((bg) => {
          if (bg) editor.setBackground(bg);
        }),
      sync.board$
        .pipe(
          map((b) => b?.boardConfig?.bgColor ?? null),
          distinctUntilChanged(),
        )
        .subscribe((color) => {
          if (color) editor.setBackgroundColor(color);
        }),
      sync.board$
        .pipe(
          filter(Boolean),
          map((b) => b.workspaceConfig ?? null),
          distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
        )
        .subscribe((stored) => setWorkspaceTheme(applyWorkspaceConfig(editor, stored, server).theme)),
      sync.board$.pipe(filter(Boolean)).subscribe((b) => (editor.boardId = b.boardId ?? null)),
      // custom colours: the signed-in user's userConfig.colors on every board, added ones saved
      bindCustomColours(editor.colours, sync),
      // the signed-in user's own key bindings (userConfig.keys) on every board they open
      sync.board$
        .pipe(
          filter(Boolean),
          map((b) => JSON.stringify(userBindings(b.userConfig))),
          distinctUntilChanged(),
        )
        .subscribe((keys) => editor.actions.setBindings(JSON.parse(keys))),
      sync.board$
        .pipe(
          map((b) => b?.boardName ?? ''),
          distinctUntilChanged(),
        )
        .subscribe((name) => {
          if (name && latest.current.documentTitle && typeof document !== 'undefined') document.title = name;
        }),
      sync.board$.pipe(filter(Boolean), take(1)).subscribe((b) => latest.current.onJoined?.(b)),
      combineLatest([sync.state$, sync.board$])
        .pipe(
          filter(([s]) => s.phase === 'online'),
          take(1),
        )
        .subscribe(([, board]) => latest.current.onReady?.({ editor: editorApi(editor), sync: sessionApi(sync), board })),
      sync.errors$.subscribe((e) => latest.current.onError?.(e)),
      applySavedViewport(editor, sync),
    ];
    latest.current.onCreate?.({ editor, sync });
    setSession({ editor, sync });
    const stopTelemetry = startTelemetry(editor, sync, { server, board: code, hosted: Boolean(latest.current.documentTitle) });
    // the hosted page asks before it is closed while changes wait to be sent (a host page's window is its own)
    const stopGuard = latest.current.documentTitle && typeof window !== 'undefined' ? guardUnload(sync.pending$) : null;
    void sync.connect();
    return () => {
      stopTelemetry();
      stopGuard?.();
      for (const s of subs) s.unsubscribe();
      forgetPictures();
      stopDrops();
      stopClipboard();
      void sync.destroy();
      editor.destroy();
      setSession(null);
    };
  }, [code, server, uid, workspace, clientid, embedded]);

  // A new token prop: hand it to the socket.
  useEffect(() => {
    if (session && props.token) void session.sync.reauthenticate();
  }, [props.token, session]);

  return (
    <ColoursProvider editor={session?.editor ?? null}>
      <BoardScreen
        editor={session?.editor ?? null}
        sync={session?.sync ?? null}
        canvasRef={canvasRef}
        server={server}
        signedIn={Boolean(props.token)}
        embedded={embedded}
        theme={theme}
        onTheme={
          props.theme
            ? undefined
            : (t) => {
                storeTheme(t);
                setOwnTheme(t);
              }
        }
        features={props.features}
        onGuestName={storeDisplayName}
        guestNamed={Boolean(props.name || readDisplayName())}
        operator={Boolean(decodeClaims(props.token ?? null)?.role.some((r) => r.toLowerCase() === 'admin'))}
      />
    </ColoursProvider>
  );
}
