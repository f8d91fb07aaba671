import type { Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { scheduledJobs } from '../../core/jobs/index';
import { operatorRoute } from '../operator';

/** The open realtime connections (nes sockets) on this node. */
export async function connectionCount(server: Server): Promise<number> {
  let n = 0;
  // nes awaits `each` between sockets: the count is complete once the call resolves
  await server.eachSocket(() => void n++);
  return n;
}

/**
 * backoffice.md §2 Dashboard "Connections count and time until the next scheduled task":
 * GET /api/admin/dashboard → { connections, nextTaskInSeconds } (docs/backoffice.md "Dashboard").
 * `connections` are the answering node's; `nextTaskInSeconds` is read from the jobs table, shared
 * by every node (platform/core/jobs): 0 while a job runs or is due, null when no node runs jobs.
 * Operators only.
 */
export function dashboardRoutes(): ServerRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/admin/dashboard',
      options: operatorRoute('admin-dashboard', {
        description:
          "This node's open realtime connections and the seconds until the next scheduled task of any node (0: one runs now; null: no node runs jobs)",
        // no inputs; the panel's HTTP layer adds its roaming Uid to every request
        validate: { query: Joi.object({ Uid: Joi.string().max(100) }) },
        response: {
          schema: Joi.object({
            connections: Joi.number().integer().min(0),
            nextTaskInSeconds: Joi.number().integer().min(0).allow(null),
          }).label('AdminDashboard'),
        },
      }),
      handler: async (request) => ({
        connections: await connectionCount(request.server),
        nextTaskInSeconds: (await scheduledJobs(request.server.app)).nextTaskInSeconds,
      }),
    },
  ];
}
