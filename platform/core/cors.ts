import type { RouteOptionsCors } from '@hapi/hapi';
import { EXPIRED_TOKEN_HEADER } from './auth';

/**
 * The cross-origin policy of every route the board client calls (docs/security.md
 * "Cross-origin calls"). `<Board>` and `<tabula-board>` (sdk/) run on host pages of any
 * origin — an integrator's app needs no registration to render a board — and talk to the
 * platform named by their `server` prop; those calls are cross-origin, so each such route sets
 * `cors: boardCors` (the one place this policy lives):
 *
 * - any origin (hapi answers the request's own Origin, with `Vary: origin`): the routes take no
 *   ambient credential — a registered user is the bearer token in `Authorization`, a guest the
 *   secret `Uid` the page sends, a participant its app's bearer token; no cookie is read and none
 *   is sent (`credentials: false`, so no `Access-Control-Allow-Credentials`). A page that holds
 *   none of these is an anonymous caller, exactly what it is from a server.
 * - the request headers the SDK sends (sdk/sync/api.ts `headers`): Authorization and
 *   Content-Type (hapi's defaults Accept and If-None-Match stay).
 * - the response headers it reads: `token-expired` (a 401 to refresh on) and Content-Length
 *   (the board's load progress; safelisted in current browsers, listed for the others).
 *
 * The hub's websocket (the same origin, path `/`, platform/realtime) has no CORS: nes accepts
 * any Origin (no `origin` option) and authenticates by the bearer token in its auth message,
 * never by a cookie — the same rule. A route the board does not call (accounts, panel, admin,
 * billing…) keeps no CORS at all: it stays same-origin for browsers.
 */
export const boardCors: RouteOptionsCors = Object.freeze({
  origin: ['*'],
  credentials: false,
  headers: ['Accept', 'Authorization', 'Content-Type', 'If-None-Match'],
  additionalExposedHeaders: [EXPIRED_TOKEN_HEADER, 'content-length'],
  // a preflight is remembered for 10 minutes (Chromium caps it at 2 hours anyway)
  maxAge: 600,
});
