import type { Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { DISPOSAL_INTERVAL_MS } from '../../boards/api';
import { operatorRoute } from '../operator';

/** A job this node runs on a timer (started at onPostStart when `config.jobs`). */
export interface ScheduledJob {
  name: string;
  everyMs: number;
}

/** The node's scheduled jobs (platform/boards/service.ts disposal, platform/billing/plugin.ts renewal). */
export function scheduledJobs(server: Server): ScheduledJob[] {
  const { config } = server.app;
  if (!config.jobs) return [];
  return [
    { name: 'board disposal', everyMs: DISPOSAL_INTERVAL_MS },
    { name: 'billing renewal', everyMs: Math.max(1, config.billing.renewalMinutes) * 60_000 },
  ];
}

/**
 * Seconds until the next run of any job: the jobs' timers start together when the server starts,
 * so job i runs at startedAt + k·everyMs. Null when this node runs no jobs (or has not started).
 */
export function nextTaskInSeconds(jobs: ScheduledJob[], startedAt: number | null, now = Date.now()): number | null {
  if (startedAt === null || jobs.length === 0) return null;
  const elapsed = Math.max(0, now - startedAt);
  return Math.min(...jobs.map((j) => Math.floor((j.everyMs - (elapsed % j.everyMs)) / 1000)));
}

/** The open realtime connections (nes sockets) on this node. */
export async function connectionCount(server: Server): Promise<number> {
  let n = 0;
  // nes awaits `each` between sockets: the count is complete once the call resolves
  await server.eachSocket(() => void n++);
  return n;
}

/**
 * backoffice.md §2 Dashboard "Connections count and time until the next scheduled task":
 * GET /api/admin/dashboard → { connections, nextTaskInSeconds } for the node that answers
 * (docs/backoffice.md "Dashboard"). Operators only.
 */
export function dashboardRoutes(startedAt: () => number | null): ServerRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/admin/dashboard',
      options: operatorRoute('admin-dashboard', {
        description: "This node's open realtime connections and the seconds until its next scheduled task (null: no jobs on this node)",
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
        nextTaskInSeconds: nextTaskInSeconds(scheduledJobs(request.server), startedAt()),
      }),
    },
  ];
}
