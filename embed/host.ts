/**
 * The script a host page loads: `<script src="{platform}/embed.js"></script>` defines the
 * global `Tabula` (rollup IIFE). `Tabula.embed(container, options)` creates the board iframe
 * `/board/{code}?uid=…&clientid=…&data=base64(JSON)`, connects penpal and resolves to a
 * handle whose every method answers a promise, once the board is loaded (its `ready`): a board
 * that does not exist or refuses the participant rejects it with `board-not-found` or
 * `access-denied` instead. Bad arguments reject with `{ code, message }` before anything is sent,
 * and the board checks them again (embed/child.ts). No React here.
 */
import { connect, WindowMessenger, type Connection, type RemoteProxy } from 'penpal';
import {
  EMBED_EVENTS,
  NEW_BOARD_SEGMENT,
  REFUSAL_TYPE,
  embedError,
  encodeEmbedData,
  originOf,
  toEmbedError,
  validateBackground,
  validateColor,
  validateEmbedOptions,
  validateEvent,
  validateExportFormat,
  validateIds,
  validateMoves,
  validatePermissions,
  validateShapeList,
  validateThickness,
  validateTool,
  validateUpdates,
  type BoardInfo,
  type BoardMethods,
  type EmbedData,
  type EmbedError,
  type EmbedEvent,
  type EmbedEventPayloads,
  type EmbedOptions,
  type EmbedRefusal,
  type HostMethods,
} from '../shared/embed';

export type * from '../shared/embed';

/** The handle `Tabula.embed` resolves to: the board methods (shared/embed.ts BoardMethods) plus events and lifecycle. */
export interface BoardHandle extends BoardMethods {
  /** the board code (a new board's too: `Tabula.embed` resolves once the board exists and loaded) */
  readonly code: string;
  readonly iframe: HTMLIFrameElement;
  /**
   * Subscribes to a board event; answers the unsubscribe function. `ready` is remembered: a
   * late subscriber gets it at once.
   */
  on<E extends EmbedEvent>(event: E, callback: (payload: EmbedEventPayloads[E]) => void): () => void;
  off<E extends EmbedEvent>(event: E, callback: (payload: EmbedEventPayloads[E]) => void): void;
  destroy(): Promise<void>;
}

const DEFAULT_TIMEOUT = 30_000;
/** Events replayed to late subscribers. */
const STICKY: readonly EmbedEvent[] = ['ready'];
/** Errors that end the board before it is ready: `Tabula.embed` rejects with them. */
const FATAL: readonly string[] = ['board-not-found', 'access-denied', 'connection-failed'];
/** At most this many events from before `Tabula.embed` resolved are kept for the first subscribers. */
const EARLY_LIMIT = 100;

/** The origin this script was loaded from: the platform, unless options.platform says otherwise. */
const scriptOrigin: string | null = (() => {
  const script = typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null) : null;
  return script?.src ? originOf(script.src) : null;
})();

const reject = (error: EmbedError): Promise<never> => Promise.reject(error);

export async function embed(container: HTMLElement, options: EmbedOptions): Promise<BoardHandle> {
  if (!container || typeof (container as HTMLElement).appendChild !== 'function')
    return reject(embedError('invalid-argument', 'Tabula.embed needs a container element.'));
  const invalid = validateEmbedOptions(options);
  if (invalid) return reject(invalid);
  const platform = options.platform ? originOf(options.platform) : scriptOrigin;
  if (!platform) return reject(embedError('invalid-argument', 'Cannot tell the platform url: pass options.platform.'));

  let token: string | null;
  try {
    token = typeof options.token === 'function' ? await options.token() : (options.token ?? null);
  } catch (error) {
    return reject(toEmbedError(error, 'access-denied'));
  }
  if (token !== null && typeof token !== 'string')
    return reject(embedError('invalid-argument', 'The token function must answer a string.'));

  const data: EmbedData = {
    board: options.board ?? '',
    participant: { uid: options.participant.uid, ...(options.participant.name ? { name: options.participant.name } : {}) },
    origin: window.location.origin,
    features: options.features ?? {},
  };
  const query = new URLSearchParams({ uid: data.participant.uid, clientid: options.clientId, data: encodeEmbedData(data) });
  const iframe = document.createElement('iframe');
  iframe.title = options.title ?? 'Tabula board';
  iframe.allow = 'clipboard-read; clipboard-write; fullscreen';
  iframe.setAttribute('allowfullscreen', '');
  iframe.style.cssText = 'border:0;width:100%;height:100%;display:block';
  // The participant token rides in the fragment: never sent to a server nor in a Referer.
  // No board: the board page creates one for this participant (/board/new is the panel's create-and-redirect page).
  iframe.src = `${platform}/board/${encodeURIComponent(options.board ?? NEW_BOARD_SEGMENT)}?${query}${token ? `#token=${encodeURIComponent(token)}` : ''}`;

  const listeners = new Map<EmbedEvent, Set<(payload: unknown) => void>>(EMBED_EVENTS.map((e) => [e, new Set()]));
  const last = new Map<EmbedEvent, unknown>();
  // Events sent while `Tabula.embed` had not resolved yet (the participant's own `joined`, say):
  // no one could subscribe then, so a subscriber gets them at once.
  const early: Array<[EmbedEvent, unknown]> = [];
  let resolved = false;
  let code = options.board ?? '';
  let destroyed = false;
  // The board's outcome: ready, or the error that ends it before it is ready.
  let settle!: { ready: () => void; fail: (error: EmbedError) => void };
  const outcome = new Promise<void>((ready, fail) => (settle = { ready, fail }));
  outcome.catch(() => undefined);

  const dispatch = (event: EmbedEvent, payload: unknown) => {
    if (destroyed || !listeners.has(event)) return;
    if (STICKY.includes(event)) last.set(event, payload);
    if (event === 'ready' && payload && typeof (payload as BoardInfo).code === 'string') code = (payload as BoardInfo).code;
    if (event === 'ready') settle.ready();
    if (!resolved) {
      if (event === 'error' && FATAL.includes((payload as EmbedError | null)?.code ?? '')) settle.fail(payload as EmbedError);
      if (!STICKY.includes(event) && early.length < EARLY_LIMIT) early.push([event, payload]);
      return;
    }
    for (const callback of [...listeners.get(event)!]) {
      try {
        callback(payload);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  };

  const methods: HostMethods = {
    emit(event, payload) {
      dispatch(event, payload);
    },
    async refreshToken() {
      if (typeof options.token !== 'function') return null;
      const fresh = await options.token();
      return typeof fresh === 'string' ? fresh : null;
    },
  };

  container.appendChild(iframe);
  let connection: Connection<BoardMethods> | null = null;
  let stopRefusal = () => {};
  let remote: RemoteProxy<BoardMethods>;
  try {
    remote = await new Promise<RemoteProxy<BoardMethods>>((resolve, fail) => {
      // The board posts a refusal (origin not allowed, invalid uid, unknown app…) instead of connecting.
      const onMessage = (event: MessageEvent) => {
        if (event.source !== iframe.contentWindow || event.origin !== platform) return;
        const message = event.data as EmbedRefusal | null;
        if (message && message.type === REFUSAL_TYPE) fail(toEmbedError(message.error, 'not-allowed'));
      };
      window.addEventListener('message', onMessage);
      stopRefusal = () => window.removeEventListener('message', onMessage);
      connection = connect<BoardMethods>({
        messenger: new WindowMessenger({ remoteWindow: iframe.contentWindow!, allowedOrigins: [platform] }),
        methods,
        timeout: options.timeout ?? DEFAULT_TIMEOUT,
      });
      connection.promise.then(resolve, (error) => fail(toEmbedError(error, 'connection-failed')));
    });
  } catch (error) {
    stopRefusal();
    (connection as Connection<BoardMethods> | null)?.destroy();
    // Keep the iframe: it shows the board's refusal text to the user.
    return reject(toEmbedError(error, 'connection-failed'));
  }
  stopRefusal();
  try {
    await outcome;
  } catch (error) {
    (connection as Connection<BoardMethods> | null)?.destroy();
    // Keep the iframe: it shows the board's own message (not found, no access) to the user.
    return reject(toEmbedError(error, 'connection-failed'));
  }
  resolved = true;

  const call = <T>(check: EmbedError | null, run: () => Promise<T>): Promise<T> => {
    if (destroyed) return reject(embedError('destroyed', 'The board was destroyed.'));
    if (check) return reject(check);
    return run().catch((error: unknown) => reject(toEmbedError(error)));
  };

  const handle: BoardHandle = {
    get code() {
      return code;
    },
    iframe,
    setTool: (name) => call(validateTool(name), () => remote.setTool(name)),
    setColor: (hex) => call(validateColor(hex), () => remote.setColor(hex)),
    setThickness: (width) => call(validateThickness(width), () => remote.setThickness(width)),
    setBackground: (background) => call(validateBackground(background), () => remote.setBackground(background)),
    setPermissions: (permissions) => call(validatePermissions(permissions), () => remote.setPermissions(permissions)),
    getShapes: () => call(null, () => remote.getShapes()),
    addShapes: (shapes) => call(validateShapeList(shapes), () => remote.addShapes(shapes)),
    removeShapes: (ids) => call(validateIds(ids), () => remote.removeShapes(ids)),
    moveShapes: (moves) => call(validateMoves(moves), () => remote.moveShapes(moves)),
    updateShapes: (updates) => call(validateUpdates(updates), () => remote.updateShapes(updates)),
    zoomToFit: () => call(null, () => remote.zoomToFit()),
    exportImage: (format) => call(validateExportFormat(format), () => remote.exportImage(format)),
    getInfo: () => call(null, () => remote.getInfo()),
    getMembers: () => call(null, () => remote.getMembers()),
    on(event, callback) {
      const invalidEvent = validateEvent(event);
      if (invalidEvent) throw invalidEvent;
      if (typeof callback !== 'function') throw embedError('invalid-argument', 'on(event, callback) needs a function.');
      const set = listeners.get(event)!;
      const cb = callback as (payload: unknown) => void;
      set.add(cb);
      const replay = [...early.filter(([e]) => e === event).map(([, p]) => p), ...(last.has(event) ? [last.get(event)] : [])];
      for (const payload of replay) queueMicrotask(() => set.has(cb) && !destroyed && cb(payload));
      return () => set.delete(cb);
    },
    off(event, callback) {
      listeners.get(event)?.delete(callback as (payload: unknown) => void);
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      (connection as Connection<BoardMethods> | null)?.destroy();
      iframe.remove();
      for (const set of listeners.values()) set.clear();
    },
  };
  return handle;
}

/** The library version, for support requests. */
export const version = '1';
