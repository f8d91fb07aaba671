/**
 * The board page's side of embedding (board.md §2 query parameters, §7 "Embedding script
 * API"). The hosted board page (sdk/page/page.tsx, started by embed/board-page.ts) calls, when the URL carries `data`:
 *
 *   const embed = await prepareEmbed();          // decode + validate, origin check, penpal
 *   if (!embed || embed.refused) return;         // a refusal is already on screen and sent to the host
 *   <Board code={embed.context.board} uid=… clientid=… token={embed.token()} refreshToken={embed.refreshToken}
 *          features={{ embedded: true, whiteLabel: embed.whiteLabel, notifications: embed.context.notifications }}
 *          onCreate={({ editor, sync }) => connectParent(editor, { sync }, embed)} />
 *
 * `connectParent` installs the board API of sdk/board-methods.ts (also what an Automation script
 * calls), which calls the Editor's own methods (setTool, setStyle, setBackground, addShapes,
 * removeShapes, repositionShapes, getShapes, zoomToFit, exportImage): the host drives the board
 * through the same code path as the toolbox and menus, and every host argument is validated
 * before it reaches the editor. The embedded board screen hides share, new board, back and login (board.md §6).
 */
import { connect, WindowMessenger, type Connection, type RemoteProxy } from 'penpal';
import { filter, skip, take, type Subscription } from 'rxjs';
import type { Command } from '../shared/model';
import { touchedShapes } from '../shared/reducer';
import { backgroundName, createBoardMethods } from '../sdk/board-methods';
import type { Editor } from '../sdk/editor/editor';
import { TOOL_NAMES, type ToolName } from '../sdk/editor/types';
import type { SyncClient } from '../sdk/sync/sync-client';
import type { BoardClaims } from '../sdk/sync/types';
import { BOARD_MESSAGES } from '../sdk/sync/messages';
import {
  NEW_BOARD_SEGMENT,
  REFUSAL_TYPE,
  decodeEmbedData,
  embedError,
  isOrigin,
  toEmbedError,
  validatePermissions,
  validateUid,
  type BoardInfo,
  type BoardMethods,
  type EmbedData,
  type EmbedError,
  type EmbedEvent,
  type EmbedEventPayloads,
  type EmbedFeatures,
  type EmbedPermission,
  type HostMethods,
  type NotificationMode,
  type Participant,
} from '../shared/embed';

/** What the board page needs to know to run embedded. */
export interface EmbedContext {
  /** the board code to open ('' = create a new board for this participant) */
  board: string;
  participant: Participant;
  /** the roaming uid the board joins with (= participant.uid) */
  uid: string;
  clientId: string;
  /** the host page's origin, as the browser reports it where it can (else as the host states it) */
  parentOrigin: string;
  features: EmbedFeatures;
  /** 'essential' unless the host asked for 'all' */
  notifications: NotificationMode;
  /** view_templates / view_chat granted by the host (undefined: the board's own claims decide) */
  permissions: EmbedPermission[] | undefined;
  /** the participant token handed over by the host (URL fragment), or null */
  token: string | null;
}

export type EmbedRead = { context: EmbedContext; error?: undefined } | { context?: undefined; error: EmbedError } | null;

/**
 * Reads the board URL: null when the page is not embedded (no `data`, no `clientid`);
 * otherwise the validated context, or the error that stops the board (invalid uid, bad data).
 */
export function readEmbedContext(
  loc: { search: string; hash: string; pathname: string } = location,
  ancestorOrigins: readonly string[] | null = parentOrigins(),
): EmbedRead {
  const query = new URLSearchParams(loc.search);
  const clientId = query.get('clientid');
  const uid = query.get('uid');
  const raw = query.get('data');
  if (!raw && !clientId) return null;
  if (clientId !== null && !uid) return { error: embedError('invalid-uid', BOARD_MESSAGES.invalidUid) };
  if (uid !== null && validateUid(uid)) return { error: validateUid(uid)! };
  if (!clientId) return { error: embedError('invalid-client', 'An embedded board needs a clientid: create an app at /panel/developers.') };
  if (!raw) return { error: embedError('invalid-data', 'An embedded board needs the data parameter.') };
  const data = decodeEmbedData(raw);
  if ('code' in data) return { error: data };
  const decoded = data as EmbedData;
  if (decoded.participant.uid !== uid)
    return { error: embedError('invalid-uid', `Invalid user id: the uid parameter and the participant uid differ.`) };
  const fromPath = decodeURIComponent(loc.pathname.split('/').filter(Boolean).pop() ?? '');
  const board = decoded.board || (fromPath && fromPath !== NEW_BOARD_SEGMENT && fromPath !== 'new' && fromPath !== 'board' ? fromPath : '');
  const hash = new URLSearchParams(loc.hash.replace(/^#/, ''));
  const parentOrigin = ancestorOrigins?.[0] && isOrigin(ancestorOrigins[0]) ? ancestorOrigins[0] : decoded.origin;
  return {
    context: {
      board,
      participant: decoded.participant,
      uid: decoded.participant.uid,
      clientId,
      parentOrigin,
      features: decoded.features,
      notifications: decoded.features.notifications ?? 'essential',
      permissions: decoded.features.permissions,
      token: hash.get('token') || null,
    },
  };
}

/** The embedding page's origins as the browser knows them (Chromium, Safari), else null. */
function parentOrigins(): readonly string[] | null {
  if (typeof location === 'undefined') return null;
  const list = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return list && list.length ? Array.from({ length: list.length }, (_, i) => list.item(i)!) : null;
}

/* ---------------- refusal ---------------- */

/**
 * Stops the board: a plain full-page message (no half-working board) and the same error
 * posted to the host page, so `Tabula.embed` rejects with it.
 */
export function refuse(error: EmbedError, parentOrigin: string | null = null): void {
  if (typeof document !== 'undefined') {
    document.title = 'Tabula board';
    const root = document.getElementById('root') ?? document.body;
    root.replaceChildren();
    const box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.dataset.embedRefusal = error.code;
    box.style.cssText =
      'position:fixed;inset:0;display:flex;align-items:center;justify-content:center;padding:24px;text-align:center;' +
      'font:15px/1.5 system-ui,sans-serif;color:#3d4656;background:#f7f9fc';
    const text = document.createElement('p');
    text.style.cssText = 'max-width:480px;margin:0';
    text.textContent = error.message;
    box.appendChild(text);
    root.appendChild(box);
  }
  if (typeof window !== 'undefined' && window.parent && window.parent !== window) {
    // Only the error travels, to the page that framed the board (any origin: it must learn why).
    window.parent.postMessage({ type: REFUSAL_TYPE, error }, parentOrigin && isOrigin(parentOrigin) ? parentOrigin : '*');
  }
}

/* ---------------- origin check and the host connection ---------------- */

interface EmbedCheck {
  appName: string;
  clientId: string;
  whiteLabel: boolean;
  allowedOrigins: string[];
}

/** GET /api/clients/{clientId}/embed-check: may this app's board be embedded on the parent origin? */
async function checkOrigin(context: EmbedContext, server: string): Promise<EmbedCheck | EmbedError> {
  let res: Response;
  try {
    res = await fetch(
      `${server}/api/clients/${encodeURIComponent(context.clientId)}/embed-check?origin=${encodeURIComponent(context.parentOrigin)}`,
    );
  } catch {
    return embedError('connection-failed', BOARD_MESSAGES.connectFailed);
  }
  const body = (await res.json().catch(() => null)) as (EmbedCheck & { message?: string }) | null;
  if (res.ok && body) return body;
  const message = body?.message ?? `${res.status}`;
  if (res.status === 403 && message.startsWith('This board cannot be embedded')) return embedError('origin-not-allowed', message);
  if (res.status === 404) return embedError('unknown-client', `This board cannot be embedded: the app ${context.clientId} does not exist.`);
  if (res.status === 403) return embedError('not-allowed', message);
  return embedError('connection-failed', message);
}

/** A board for this participant (no board code given): POST /api/boards as the participant. */
async function createBoard(context: EmbedContext, server: string): Promise<{ code: string } | EmbedError> {
  try {
    const res = await fetch(`${server}/api/boards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(context.token ? { authorization: `Bearer ${context.token}` } : {}) },
      // the participant's time zone: the day in the default name 'Untitled board · Nov 28'
      body: JSON.stringify({ Uid: context.uid, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined }),
    });
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (res.ok && body?.code) return { code: body.code };
    return embedError(
      res.status === 401 || res.status === 403 ? 'access-denied' : 'connection-failed',
      body?.message ?? 'The board could not be created.',
    );
  } catch {
    return embedError('connection-failed', BOARD_MESSAGES.connectFailed);
  }
}

export interface EmbedSession {
  refused: false;
  context: EmbedContext;
  /** the app owner's plan allows white-label and the host asked for it */
  whiteLabel: boolean;
  /** the current participant token (null: the participant is a roaming guest) */
  token(): string | null;
  /** asks the host for a fresh token (when the host gave a token function) */
  refreshToken(): Promise<string | null>;
  /** the host's remote methods (events go through `emit`) */
  host: Promise<RemoteProxy<HostMethods>>;
  emit(event: EmbedEvent, payload: unknown): void;
  destroy(): void;
}

export type PreparedEmbed = EmbedSession | { refused: true; error: EmbedError } | null;

/** The board API implementation, installed by connectParent (again when the board remounts); calls before it wait for it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each method takes its own arguments; penpal passes what the host sent, each method checks it
type Implementation = Record<string, (...args: any[]) => Promise<unknown>>;
let implementation: ((impl: Implementation) => void) | null = null;
let current: EmbedSession | null = null;

/**
 * Decodes the URL, checks the parent origin against the app's allowlist (recording it) and
 * connects penpal to the host page. Null when the page is not embedded; `{ refused: true }`
 * when it must not run (the refusal is on screen and sent to the host).
 */
export async function prepareEmbed(options: { server?: string; location?: Location } = {}): Promise<PreparedEmbed> {
  const read = readEmbedContext(options.location ?? location);
  if (!read) return null;
  if (read.error) {
    refuse(read.error, parentOrigins()?.[0] ?? null);
    return { refused: true, error: read.error };
  }
  const context = read.context;
  if (typeof history !== 'undefined' && location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  if (typeof window === 'undefined' || window.parent === window) {
    const error = embedError('not-allowed', 'This board link is meant to be opened inside the app that embeds it.');
    refuse(error);
    return { refused: true, error };
  }
  const check = await checkOrigin(context, options.server ?? location.origin);
  if ('code' in check) {
    refuse(check as EmbedError, context.parentOrigin);
    return { refused: true, error: check as EmbedError };
  }

  if (!context.board) {
    const created = await createBoard(context, options.server ?? location.origin);
    if ('message' in created) {
      refuse(created, context.parentOrigin);
      return { refused: true, error: created };
    }
    context.board = created.code;
    if (typeof history !== 'undefined')
      history.replaceState(history.state, '', `/board/${encodeURIComponent(created.code)}${location.search}`);
  }

  let token = context.token;
  let first!: () => void;
  const installed = new Promise<void>((resolve) => (first = resolve));
  let live: Implementation | null = null;
  implementation = (impl) => {
    live = impl;
    first();
  };
  const proxy =
    (name: string) =>
    async (...args: unknown[]) => {
      try {
        await installed;
        return await live![name]!(...args);
      } catch (error) {
        throw toEmbedError(error);
      }
    };
  const methods = Object.fromEntries(BOARD_METHOD_NAMES.map((name) => [name, proxy(name)]));
  const connection: Connection<HostMethods> = connect<HostMethods>({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [context.parentOrigin] }),
    methods,
  });
  const host = connection.promise;
  host.catch(() => undefined);
  const sentErrors = errorOnce();
  const session: EmbedSession = {
    refused: false,
    context,
    whiteLabel: Boolean(context.features.whiteLabel) && check.whiteLabel,
    token: () => token,
    async refreshToken() {
      try {
        const fresh = await (await host).refreshToken();
        if (fresh) token = fresh;
        return fresh ?? null;
      } catch {
        return null;
      }
    },
    host,
    emit(event, payload) {
      if (event === 'error' && !sentErrors.first(payload as EmbedError)) return;
      host.then((remote) => remote.emit(event, payload)).catch(() => undefined);
    },
    destroy() {
      connection.destroy();
      if (current === session) current = null;
    },
  };
  current = session;
  return session;
}

/**
 * Each error goes to the host once: an error that ends the board (not found, no access, failed)
 * for the whole session — the board remounting or its session reporting the same cause again
 * does not repeat it — and any other error not again within a second of the same one.
 */
function errorOnce(): { first(error: EmbedError): boolean } {
  const ended = new Set<string>();
  const recent = new Map<string, number>();
  return {
    first(error) {
      const key = `${error?.code}|${error?.message}`;
      if (ended.has(key)) return false;
      if (['board-not-found', 'access-denied', 'connection-failed'].includes(error?.code)) {
        ended.add(key);
        return true;
      }
      const now = Date.now();
      if (now - (recent.get(key) ?? -Infinity) < 1000) return false;
      recent.set(key, now);
      return true;
    },
  };
}

/** The session prepareEmbed opened, if any. */
export const embedSession = (): EmbedSession | null => current;

export const BOARD_METHOD_NAMES = [
  'setTool',
  'setColor',
  'setThickness',
  'setBackground',
  'setPermissions',
  'getShapes',
  'addShapes',
  'removeShapes',
  'moveShapes',
  'updateShapes',
  'zoomToFit',
  'exportImage',
  'getInfo',
  'getMembers',
] as const;

/* ---------------- the board API ---------------- */

/** The live board connectParent drives: the same Editor and SyncClient the board screen uses. */
export interface EmbedBoard {
  sync: SyncClient;
}

const OPTIONAL_PERMISSIONS: readonly string[] = ['view_chat', 'view_templates'];

/**
 * The host's permission choice on top of the board's claims: of view_chat and view_templates the
 * participant keeps only those the host lists (it can hide them, never grant what the role lacks).
 */
export function applyHostPermissions(claims: BoardClaims, host: readonly string[] | undefined): BoardClaims {
  if (!host) return claims;
  const permissions = claims.permissions.filter((p) => !OPTIONAL_PERMISSIONS.includes(p) || host.includes(p));
  return permissions.length === claims.permissions.length ? claims : { ...claims, permissions };
}

/** The error of a session phase that ends the board (not found, denied, failed, removed), or null. */
function stateError(s: { phase: string; error?: string }): EmbedError | null {
  if (s.phase === 'notFound') return embedError('board-not-found', s.error ?? BOARD_MESSAGES.boardNotFound);
  if (s.phase === 'denied') return embedError('access-denied', s.error ?? BOARD_MESSAGES.unauthorized);
  if (s.phase === 'failed') return embedError('connection-failed', s.error ?? BOARD_MESSAGES.connectFailed);
  if (s.phase === 'removed') return embedError('board-not-found', s.error ?? BOARD_MESSAGES.boardRemoved);
  return null;
}

/**
 * Connects the live board to the host page: installs the board API (every method validates its
 * arguments, then calls the Editor: no second code path) and forwards ready, joined, command,
 * selection and error. Applies the embed features (tool, colour, thickness, background,
 * permissions). Answers the disposer. Without an embed session (not embedded) it does nothing.
 */
export function connectParent(editor: Editor, board: EmbedBoard, session: EmbedSession | null = current): () => void {
  if (!session || !implementation) return () => {};
  const { sync } = board;
  const { context } = session;
  let hostPermissions = context.permissions;
  const subs: Subscription[] = [];
  const emit = <E extends EmbedEvent>(event: E, payload: EmbedEventPayloads[E]) => session.emit(event, payload);

  // Host permissions ride on the claims stream the board screen and the editor already read.
  const overlay = () => {
    const next = applyHostPermissions(sync.claims$.value, hostPermissions);
    if (next !== sync.claims$.value) sync.claims$.next(next);
  };
  subs.push(sync.claims$.subscribe(overlay));

  const info = (): BoardInfo => {
    const b = sync.board$.value;
    return {
      code: b?.code ?? context.board,
      boardName: b?.boardName ?? '',
      uid: sync.uid,
      role: sync.claims$.value.role ?? null,
      whiteLabel: session.whiteLabel,
    };
  };
  const check = (error: EmbedError | null) => {
    if (error) throw error;
  };
  // Calls act on the loaded board: they wait until it is online (arguments are checked first),
  // and reject with the reason when it never will be.
  const ready = new Promise<void>((resolve, reject) => {
    subs.push(
      sync.state$.subscribe((s) => {
        if (s.phase === 'online') resolve();
        const failure = stateError(s);
        if (failure) reject(failure);
      }),
    );
  });
  ready.catch(() => undefined);

  // The board API itself is the SDK's (sdk/board-methods.ts: the same methods an Automation
  // script calls); the embed adds the host's permission choice and its own getInfo.
  const methods: BoardMethods = {
    ...createBoardMethods(editor, sync, { uid: () => context.uid, ready, info }),
    async setPermissions(permissions) {
      check(validatePermissions(permissions));
      await ready;
      hostPermissions = [...new Set(permissions)] as EmbedPermission[];
      // back to the server's claims, then the new choice
      const server = sync.board$.value?.claims?.permissions;
      if (Array.isArray(server)) sync.claims$.next({ ...sync.claims$.value, permissions: server as string[] });
      overlay();
    },
  };
  implementation(methods as unknown as Implementation);

  // The embed-time features, through the same methods (invalid ones were refused at decode time).
  const f = context.features;
  const initial = () => {
    if (f.color) editor.setStyle({ color: f.color });
    if (f.thickness) editor.setStyle({ lineWidth: f.thickness });
    if (f.background) editor.setBackground(backgroundName(f.background));
    if (f.tool && (TOOL_NAMES as readonly string[]).includes(f.tool) && editor.toolAllowed(f.tool as ToolName))
      editor.setTool(f.tool as ToolName);
  };
  initial();

  /* events */
  const localIds = new Set<string>();
  const commandEvent = (c: Command, local: boolean) => ({ id: c.id, cmd: c.cmd, uid: c.uid, seq: c.seq, local, shapes: touchedShapes(c) });
  subs.push(
    sync.state$
      .pipe(
        filter((s) => s.phase === 'online'),
        take(1),
      )
      .subscribe(() => {
        initial(); // the board's own config (background, claims) arrived with the join: the host's choice wins
        emit('ready', info());
      }),
    sync.me$.pipe(filter(Boolean), take(1)).subscribe((me) => emit('joined', { uid: me.uid, name: me.name ?? '', isSelf: true })),
    sync.events$.pipe(filter((e) => e.event === 'onUserJoined')).subscribe((e) => {
      const m = e.data as { uid?: string; name?: string } | null;
      if (m?.uid && m.uid !== sync.uid) emit('joined', { uid: m.uid, name: m.name ?? '', isSelf: false });
    }),
    editor.outgoing$.subscribe((c) => {
      localIds.add(c.id);
      if (localIds.size > 1000) localIds.delete(localIds.values().next().value!);
      emit('command', commandEvent(c, true));
    }),
    sync.events$.pipe(filter((e) => e.event === 'onCommand')).subscribe((e) => {
      const data = e.data as { command?: Command } | Command | null;
      const c = (data && 'command' in data && data.command ? data.command : data) as Command | null;
      if (c?.id && !localIds.has(c.id)) emit('command', commandEvent(c, false));
    }),
    editor.selection$.pipe(skip(1)).subscribe((ids) => emit('selection', { ids: [...ids] })),
    sync.events$.pipe(filter((e) => e.event === 'onUserLeft')).subscribe((e) => {
      const data = e.data as { uid?: string } | string | null;
      const uid = typeof data === 'string' ? data : data?.uid;
      if (!uid || uid === sync.uid) return;
      // events$ comes before the presence part marks the member offline: the name is still known
      emit('left', { uid, name: sync.members$.value.find((m) => m.uid === uid)?.name ?? '' });
    }),
    // A session error that is the board's end (not found, denied) goes out once, as that state's error.
    sync.errors$
      .pipe(filter((e) => stateError(sync.state$.value)?.message !== e.message))
      .subscribe((e) => emit('error', embedError('internal', e.message))),
    sync.state$.subscribe((s) => {
      const failure = stateError(s);
      if (failure) emit('error', failure);
    }),
  );
  return () => {
    for (const sub of subs) sub.unsubscribe();
  };
}
