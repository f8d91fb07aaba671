import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { requestActor } from '../core/actor';
import { boardCors } from '../core/cors';
import { abuseOf, logKey } from '../core/abuse';
import { clientAddress } from '../core/client-ip';
import { maxJsonBytes, optionalAuth, uidFields } from '../core/route-pieces';
import { insertClientLog, insertPerfLog, insertUsageLog, type LogOrigin } from './repo';

/** Free-form parts of a log record are capped at 16 KB each (a runaway client cannot fill the disk). */
export const LOG_DATA_MAX_BYTES = 16 * 1024;
const freeForm = Joi.any().custom(maxJsonBytes(LOG_DATA_MAX_BYTES));
const text = (max: number) => Joi.string().max(max).allow('');

function origin(request: Request): LogOrigin {
  const actor = requestActor(request);
  const country = request.headers['cf-ipcountry'] ?? request.headers['x-country'];
  return {
    uid: actor?.uid ?? null,
    userId: actor?.userId ?? null,
    // X-Forwarded-For only from a configured proxy (core/client-ip.ts)
    ip: clientAddress(request).slice(0, 64) || null,
    country: typeof country === 'string' ? country.slice(0, 8) : null,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400) || null,
  };
}

/**
 * One budget for the three routes, per signed-in user, or per client address when anonymous
 * (a guest's Uid costs nothing to change): LIMIT_LOGS, docs/security.md "Abuse limits". Over it,
 * a 429 with Retry-After before anything is read or stored.
 */
const budget = {
  method: async (request: Request) => {
    await abuseOf(request.server.app).logs(logKey(request, requestActor(request)?.userId));
    return null;
  },
};

const common = {
  auth: optionalAuth,
  tags: ['api', 'logs'],
  // the whole body is bounded too (three capped free-form parts plus short texts)
  payload: { maxBytes: 64 * 1024 },
  pre: [budget],
};

export const logRoutes: ServerRoute[] = [
  {
    method: 'POST',
    path: '/api/logs/clients',
    options: {
      ...common,
      // the board reports a picture it could not load (sdk/board.tsx), from host pages too
      cors: boardCors,
      description: 'Store a client-side error or diagnostic record (board.md §7)',
      validate: {
        payload: Joi.object({
          level: Joi.string().valid('trace', 'debug', 'info', 'warn', 'warning', 'error', 'fatal').insensitive().required(),
          context: text(200).default(''),
          message: text(4000).default(''),
          data: freeForm,
          ...uidFields,
        }).label('ClientLog'),
      },
    },
    async handler(request, h) {
      const p = request.payload as { level: string; context: string; message: string; data?: unknown };
      await insertClientLog(request.server.app.db, origin(request), {
        level: p.level.toLowerCase(),
        context: p.context,
        message: p.message,
        data: p.data,
      });
      return h.response().code(204);
    },
  },
  {
    method: 'POST',
    path: '/api/logs/usages',
    options: {
      ...common,
      // the board's feature usage (sdk/telemetry/usage.ts), from host pages too
      cors: boardCors,
      description: 'Store a feature-usage record (feature audits)',
      validate: {
        payload: Joi.object({ context: Joi.string().max(200).required(), data: freeForm, ...uidFields }).label('UsageLog'),
      },
    },
    async handler(request, h) {
      const p = request.payload as { context: string; data?: unknown };
      await insertUsageLog(request.server.app.db, origin(request), { context: p.context, data: p.data });
      return h.response().code(204);
    },
  },
  {
    method: 'POST',
    path: '/api/logs/perfs',
    options: {
      ...common,
      // the board's performance records (sdk/telemetry/perf-log.ts), from host pages too
      cors: boardCors,
      description: 'Store a performance record (back-office performance logs)',
      validate: {
        payload: Joi.object({
          type: Joi.string().max(100).required(),
          sessionId: text(100).default(''),
          board: Joi.string().max(100).allow('', null).default(null),
          ver: Joi.string().max(40).allow('', null).default(null),
          payload: freeForm,
          ...uidFields,
        }).label('PerfLog'),
      },
    },
    async handler(request, h) {
      const p = request.payload as { type: string; sessionId: string; board: string | null; ver: string | null; payload?: unknown };
      await insertPerfLog(request.server.app.db, origin(request), {
        type: p.type,
        sessionId: p.sessionId,
        board: p.board || null,
        ver: p.ver || null,
        payload: p.payload,
      });
      return h.response().code(204);
    },
  },
];
