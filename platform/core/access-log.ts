import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Boom from '@hapi/boom';
import type { Request, Server } from '@hapi/hapi';
import { clientAddress } from './client-ip';

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    /** the request's id: a sane incoming `x-request-id`, else a new UUID (core/access-log.ts) */
    requestId?: string;
    /** performance.now() when the request arrived */
    startedAt?: number;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming request id is kept only when it is short and plain: ≤ 64 of [A-Za-z0-9._-]. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Routes polled by balancers and scrapers: logged at debug, not info. */
const QUIET_ROUTES = new Set(['/health', '/ready', '/metrics']);

/** The request's id (made here if the request somehow has none yet). */
export function requestIdOf(request: Request): string {
  request.app.requestId ??= crypto.randomUUID();
  return request.app.requestId;
}

/** Seconds since the request arrived (hapi's millisecond clock when it was not timed here). */
export function requestSeconds(request: Request): number {
  const started = request.app.startedAt;
  if (started !== undefined) return (performance.now() - started) / 1000;
  return Math.max(0, (request.info.responded || Date.now()) - request.info.received) / 1000;
}

/** The status a request was answered with (a Boom left unshaped, or 0 when there is none). */
export function statusOf(request: Request): number {
  const response = request.response;
  if (!response) return 0;
  if (Boom.isBoom(response)) return response.output.statusCode;
  return response.statusCode ?? 0;
}

/**
 * Request ids and the access log (docs/operations.md "Request ids and the access log"):
 *
 *  - every request gets an id: the client's (or the proxy's) `x-request-id` when it looks sane,
 *    else a new UUID; it is echoed in the `x-request-id` response header, carried by the 5xx
 *    error line and the 5xx envelope (core/errors.ts), and by the access line;
 *  - one access line per request through the platform's logger, at 'info': method, route
 *    template, path (never the query string), status, duration in ms, request id, client address
 *    (core/client-ip.ts, TRUSTED_PROXIES). /health, /ready and /metrics are logged at 'debug'.
 *
 * Register it after the error envelope (its onPreResponse then sees the shaped answer) and before
 * anything that may answer in onRequest.
 */
export function registerAccessLog(server: Server): void {
  server.ext('onRequest', (request, h) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    request.app.requestId = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    request.app.startedAt = performance.now();
    return h.continue;
  });

  server.ext('onPreResponse', (request, h) => {
    const id = requestIdOf(request);
    const response = request.response;
    if (Boom.isBoom(response)) response.output.headers[REQUEST_ID_HEADER] = id;
    else if (response && typeof response.header === 'function') response.header(REQUEST_ID_HEADER, id);
    return h.continue;
  });

  server.events.on('response', (request) => {
    const logger = server.app.logger;
    if (!logger) return;
    const route = request.route?.path ?? '';
    const level = QUIET_ROUTES.has(route) ? 'debug' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        requestId: requestIdOf(request),
        method: request.method.toUpperCase(),
        route,
        path: request.path,
        status: statusOf(request),
        ms: Math.round(requestSeconds(request) * 10_000) / 10,
        ip: clientAddress(request),
      },
      'request',
    );
  });
}
