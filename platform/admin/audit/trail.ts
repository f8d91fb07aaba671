import type { Request, Server } from '@hapi/hapi';
import { requiresOperator } from '../operator';
import { writeAudit } from './repo';

/**
 * Every operator action writes one audit row (docs/backoffice.md "Audit trail"). A handler
 * describes its action with `auditAs(request, …)` (the action's name, its target, details); the
 * trail writes it when the answer is a success, before the answer leaves. A successful operator
 * call that changes something (any method but GET) and described nothing is still written, as
 * `METHOD path` with its path parameters, so no action escapes the trail.
 */
export interface AuditNote {
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

const notes = new WeakMap<Request, AuditNote>();

export function auditAs(request: Request, note: AuditNote): void {
  notes.set(request, note);
}

export function registerAuditTrail(server: Server): void {
  server.ext('onPreResponse', async (request, h) => {
    if (!requiresOperator(request.route) || !request.auth.isAuthenticated) return h.continue;
    const note = notes.get(request);
    if (!note && request.method === 'get') return h.continue;
    const response = request.response as { isBoom?: boolean; statusCode?: number; output?: { statusCode: number } };
    const status = response.isBoom ? response.output!.statusCode : (response.statusCode ?? 200);
    if (status >= 400) return h.continue;
    const credentials = request.auth.credentials as { sub?: string };
    const actor = (await request.server.app.db('users').where({ id: credentials.sub }).first('username')) as
      { username: string } | undefined;
    const params = request.params as Record<string, string>;
    await writeAudit(request.server.app.db, {
      actorId: credentials.sub ?? null,
      actorName: actor?.username ?? String(credentials.sub ?? ''),
      action: note?.action ?? `${request.method.toUpperCase()} ${request.route.path}`,
      targetType: note ? (note.targetType ?? null) : null,
      targetId: note ? (note.targetId ?? null) : (params.id ?? Object.values(params)[0] ?? null),
      details: note?.details ?? (Object.keys(params).length ? { params } : {}),
    });
    return h.continue;
  });
}
