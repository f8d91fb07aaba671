import type { Request, ServerRoute } from '@hapi/hapi';
import Boom from '@hapi/boom';
import Joi from 'joi';
import { RUN_COLUMNS, runAction, runById, runsBase, scheduledJobs, toJobRun, type JobRun } from '../../core/jobs/index';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import type { DbRow } from '../../db/row';
import { reconcileExtensions } from '../../workspaces/api';
import { auditAs } from '../audit/trail';
import { operatorOf, operatorRoute } from '../operator';
import { recalculateStorage, storageTarget } from '../users/service';
import { rebuildIndexes } from './indexes';

/**
 * The jobs in the back-office (docs/backoffice.md "Admin actions"; backoffice.md §2, §7, §8):
 *  - GET /api/admin/jobs: the runs, newest first (list protocol; CSV with Accept: text/csv);
 *  - GET /api/admin/jobs/scheduled: the scheduled jobs of every node and the next task's seconds;
 *  - GET /api/admin/jobs/{id}: one run (to follow an action sent to the background);
 *  - the admin actions, each a one-off job (platform/core/jobs runAction: recorded, one running
 *    per name across nodes, audited), answering `{ message: <the spec's toast>, run }`:
 *    POST /api/admin/storage/recalc {id?}, POST /api/admin/extensions/rebuild,
 *    POST /api/admin/sys/indexes (in the background: the answer comes at once, the run running).
 *    POST /api/admin/templates/rebuild (re-draw every built-in template's thumbnail) and
 *    POST /api/admin/templates/install (install the library folder again), through the templates
 *    plugin (`server.plugins.templates`; docs/templates.md). Operators only.
 */
const RESOURCE = 'admin-jobs';

/** The spec's toasts (backoffice.md §8). */
export const ACTION_MESSAGES = {
  storage: 'storage has been recalculated',
  extensions: 'rebuild extensions done',
  indexes: 'rebuild indexes sent',
  templatesRebuild: 'rebuild templates done',
  templatesInstall: 'install templates done',
} as const;

const iso = () => Joi.string().isoDate();

export const jobRunSchema = Joi.object({
  id: Joi.string(),
  name: Joi.string().description("the job's name, e.g. board-disposal, storage-recalc"),
  kind: Joi.string().valid('scheduled', 'action'),
  state: Joi.string().valid('running', 'finished', 'failed'),
  startedAt: iso(),
  finishedAt: iso().allow(null),
  durationMs: Joi.number().integer().min(0).allow(null),
  node: Joi.string().description('the node that ran it (host:pid:suffix)'),
  requestedBy: Joi.string().allow(null).description("the operator's username (actions); null for a scheduled run"),
  result: Joi.object()
    .unknown(true)
    .allow(null)
    .description("what the job reports (its counts, each table's time…); null while it runs or when it failed"),
  error: Joi.string().allow(null).description("the failure's message (or 'abandoned: …')"),
})
  .prefs({ presence: 'required' })
  .label('JobRun');

const actionAnswer = (label: string) =>
  Joi.object({ message: Joi.string(), run: jobRunSchema }).prefs({ presence: 'required' }).label(label);

/**
 * The admin actions that take no input (backoffice.md §7: rebuild extensions, rebuild indexes, rebuild
 * and install templates), each one declaration: one job run (once across nodes, platform/core/jobs),
 * its audit entry and the spec's toast. `background`: answered at once with the running run (its
 * result comes later: GET /api/admin/jobs/{id}); otherwise the answer waits for the run.
 */
interface PlainAction {
  path: string;
  job: string;
  audit: string;
  answer: string;
  message: string;
  description: string;
  notes: string;
  background?: boolean;
  perform(request: Request, signal: AbortSignal): Promise<Record<string, unknown>>;
}

const PLAIN_ACTIONS: PlainAction[] = [
  {
    path: '/api/admin/extensions/rebuild',
    job: 'extensions-rebuild',
    audit: 'extensions.rebuild',
    answer: 'AdminExtensionsRebuilt',
    message: ACTION_MESSAGES.extensions,
    description:
      "Rebuild extensions: reconcile the workspaces' stored extension choices with the catalogue (unknown ones removed) and count them",
    notes: 'Waits for the run; 409 while another runs.',
    perform: async (request) => ({ ...(await reconcileExtensions(request.server.app.db)) }),
  },
  {
    path: '/api/admin/sys/indexes',
    job: 'sys-indexes',
    audit: 'sys.indexes',
    answer: 'AdminIndexesSent',
    message: ACTION_MESSAGES.indexes,
    description: 'Rebuild indexes: REINDEX (CONCURRENTLY on PostgreSQL) and ANALYZE of the hot tables, in the background',
    notes:
      'Answers at once with the running run; GET /api/admin/jobs/{id} follows it (its result times each table). 409 while another runs.',
    background: true,
    perform: async (request, signal) => ({ ...(await rebuildIndexes(request.server.app.db, signal)) }),
  },
  {
    path: '/api/admin/templates/rebuild',
    job: 'templates-rebuild',
    audit: 'templates.rebuild',
    answer: 'AdminTemplatesRebuilt',
    message: ACTION_MESSAGES.templatesRebuild,
    description: "Rebuild templates: re-draw every built-in template's thumbnail from the template expanded with its defaults",
    notes: 'Waits for the run (its result counts the thumbnails drawn and failed); 409 while another runs.',
    perform: async (request, signal) => ({ ...(await request.server.plugins.templates.rebuildThumbnails(request.server.app, signal)) }),
  },
  {
    path: '/api/admin/templates/install',
    job: 'templates-install',
    audit: 'templates.install',
    answer: 'AdminTemplatesInstalled',
    message: ACTION_MESSAGES.templatesInstall,
    description: 'Install templates: read the template library folder again and install it (new, changed and removed templates)',
    notes:
      'Waits for the run (its result counts what was installed, updated and removed); 409 while an install runs (one runs at each start too).',
    perform: async (request) => ({ ...(await request.server.plugins.templates.installLibrary(request.server.app, { force: true })) }),
  },
];

function plainActionRoute(action: PlainAction): ServerRoute {
  return {
    method: 'POST',
    path: action.path,
    options: operatorRoute(RESOURCE, {
      description: action.description,
      notes: action.notes,
      validate: noInput,
      response: { schema: actionAnswer(action.answer) },
    }),
    async handler(request) {
      const run = await runAction(
        request.server.app,
        action.job,
        (_app, signal) => action.perform(request, signal),
        requester(request),
        action.background ? { background: true } : undefined,
      );
      auditAs(request, { action: action.audit, details: action.background ? { run: run.id } : { run: run.id, ...run.result } });
      return { message: action.message, run };
    },
  };
}

const runsList: ListDeclaration<DbRow, JobRun> = {
  name: 'JobRuns',
  fields: { ...RUN_COLUMNS },
  sortable: ['startedAt', 'finishedAt', 'durationMs', 'name', 'state'],
  searchable: ['name', 'node', 'requestedBy', 'error'],
  quickFilters: {
    all: null,
    running: (q) => void q.where('r.state', 'running'),
    finished: (q) => void q.where('r.state', 'finished'),
    failed: (q) => void q.where('r.state', 'failed'),
    scheduled: (q) => void q.where('r.kind', 'scheduled'),
    actions: (q) => void q.where('r.kind', 'action'),
  },
  defaultOrder: 'startedAt Desc',
  toItem: toJobRun,
};

/** The panel's HTTP layer adds its roaming Uid to every request: an action without inputs accepts it and nothing else. */
const uidOnly = Joi.object({ Uid: Joi.string().max(100) });
const noInput = { query: uidOnly, payload: uidOnly.allow(null).label('AdminActionNoInput') };

const requester = (request: Request) => operatorOf(request).userId;

export const adminJobRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/jobs',
    options: operatorRoute(RESOURCE, {
      description: 'Job runs, scheduled and actions, newest first',
      notes:
        'List protocol (Take, Skip, Orders, Filter over name/node/requestedBy/error, QuickFilter all|running|finished|failed|scheduled|actions); CSV with Accept: text/csv.',
      validate: { query: listQuery(runsList) },
      response: { schema: Joi.alternatives(listAnswer('JobRunList', jobRunSchema), Joi.string()) },
    }),
    handler: (request, h) => answerList(runsList, runsBase(request.server.app.db), request, h),
  },
  {
    method: 'GET',
    path: '/api/admin/jobs/scheduled',
    options: operatorRoute(RESOURCE, {
      description: 'The scheduled jobs (every node shares them) with their next run, and the seconds until the next task',
      validate: { query: uidOnly },
      response: {
        schema: Joi.object({
          nextTaskInSeconds: Joi.number().integer().min(0).allow(null).description('0: a job runs or is due now; null: no node runs jobs'),
          jobs: Joi.array().items(
            Joi.object({
              name: Joi.string(),
              everyMs: Joi.number().integer().min(1),
              nextRunAt: iso(),
              runningSince: iso().allow(null),
              node: Joi.string().allow(null).description('the node holding the claim, or the last that held it'),
              state: Joi.string()
                .valid('running', 'waiting', 'due', 'idle')
                .description('idle: due long ago or claimed by a node that stopped answering — no node runs jobs'),
            })
              .prefs({ presence: 'required' })
              .label('ScheduledJob'),
          ),
        })
          .prefs({ presence: 'required' })
          .label('ScheduledJobs'),
      },
    }),
    handler: (request) => scheduledJobs(request.server.app),
  },
  {
    method: 'GET',
    path: '/api/admin/jobs/{id}',
    options: operatorRoute(RESOURCE, {
      description: 'One job run',
      validate: { params: Joi.object({ id: Joi.string().guid().required() }).label('JobRunRef'), query: uidOnly },
      response: { schema: jobRunSchema },
    }),
    async handler(request) {
      const run = await runById(request.server.app.db, String(request.params.id));
      if (!run) throw Boom.notFound('No such job run');
      return run;
    },
  },
  {
    method: 'POST',
    path: '/api/admin/storage/recalc',
    options: operatorRoute(RESOURCE, {
      description: "Recalculate storage: every account's and workspace's, or one account's or workspace's ({id})",
      notes: '404 when no account or workspace has the id. Waits for the run; 409 while another recalculation runs.',
      validate: {
        query: uidOnly,
        payload: Joi.object({ id: Joi.string().guid() }).unknown(true).allow(null).label('AdminStorageRecalc'),
      },
      response: { schema: actionAnswer('AdminStorageRecalculated') },
    }),
    async handler(request) {
      const app = request.server.app;
      const target = await storageTarget(app, (request.payload as { id?: string } | null)?.id);
      const run = await runAction(
        app,
        'storage-recalc',
        async () => ({ target: target.kind, ...(await recalculateStorage(app, target)) }),
        requester(request),
      );
      auditAs(request, {
        action: 'storage.recalc',
        targetType: target.kind === 'all' ? null : target.kind,
        targetId: target.kind === 'all' ? null : target.id,
        details: { run: run.id, ...run.result },
      });
      return { message: ACTION_MESSAGES.storage, run };
    },
  },
  ...PLAIN_ACTIONS.map(plainActionRoute),
];
