/**
 * The board page's side of embedding (board.md §2 query parameters, §7 "Embedding script
 * API"). The hosted board page (sdk/page/main.tsx) calls, when the URL carries `data` or
 * `clientid`:
 *
 *   const embed = await prepareEmbed();          // decode + validate, origin check, penpal
 *   if (embed.refused) return;                   // the refusal is already on screen and sent to the host
 *   …create the Editor and SyncClient with embed.context.uid / clientId / token() / refreshToken…
 *   connectParent(editor, { sync, ui });         // exposes the API, forwards the board events
 *
 * `connectParent` calls the Editor's own methods (setTool, setStyle, setBackground, execute,
 * doc, zoomToFit, exportImage): the host drives the board through the same code path as the
 * toolbox and menus, and every host argument is validated before it reaches the editor.
 */
import { connect, WindowMessenger, type Connection, type RemoteProxy } from 'penpal';
import type { Observable, Subscription } from 'rxjs';
import { BOARD_MESSAGES } from '../sdk/sync/messages';
import {
  REFUSAL_TYPE,
  decodeEmbedData,
  embedError,
  isOrigin,
  toEmbedError,
  validateUid,
  type EmbedData,
  type EmbedError,
  type EmbedEvent,
  type EmbedFeatures,
  type EmbedPermission,
  type HostMethods,
  type NotificationMode,
  type Participant,
} from './api';

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
  /** embedded boards hide share, new board, back and login (board.md §6) */
  hidden: { share: true; newBoard: true; back: true; login: true };
}

export type EmbedRead = { context: EmbedContext; error?: undefined } | { context?: undefined; error: EmbedError } | null;

/**
 * Reads the board URL: null when the page is not embedded (no `data`, no `clientid`);
 * otherwise the validated context, or the error that stops the board (invalid uid, bad data).
 */
export function readEmbedContext(loc: { search: string; hash: string; pathname: string } = location, ancestorOrigins: readonly string[] | null = parentOrigins()): EmbedRead {
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
  if (decoded.participant.uid !== uid) return { error: embedError('invalid-uid', `Invalid user id: the uid parameter and the participant uid differ.`) };
  const fromPath = decodeURIComponent(loc.pathname.split('/').filter(Boolean).pop() ?? '');
  const board = decoded.board || (fromPath && fromPath !== 'new' && fromPath !== 'board' ? fromPath : '');
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
      hidden: { share: true, newBoard: true, back: true, login: true },
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
    res = await fetch(`${server}/api/clients/${encodeURIComponent(context.clientId)}/embed-check?origin=${encodeURIComponent(context.parentOrigin)}`);
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

/** The board API implementation, installed by connectParent; calls before it wait for it. */
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

  let token = context.token;
  let install!: (impl: Implementation) => void;
  const installed = new Promise<Implementation>((resolve) => (install = resolve));
  implementation = install;
  const proxy = (name: string) => async (...args: unknown[]) => {
    try {
      const impl = await installed;
      return await impl[name]!(...args);
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

/** The session prepareEmbed opened, if any. */
export const embedSession = (): EmbedSession | null => current;

export const BOARD_METHOD_NAMES = [
  'setTool', 'setColor', 'setThickness', 'setBackground', 'setPermissions', 'getShapes', 'addShapes',
  'removeShapes', 'zoomToFit', 'exportImage', 'getInfo',
] as const;

/** Subscriptions made by connectParent, ended by its disposer. */
export type Disposer = () => void;
export type { Observable, Subscription };
