import Joi from 'joi';
import { fromSql, iso, REPORT_SIZES, rowSchema, type Report } from './report';

/**
 * The reports on stored bytes (docs/backoffice.md "Reports"): over-storage-workspaces and uploads.
 * Read-only SQL on the tables that hold them (boards' snapshots and commands, thumbnails, the
 * `assets` table of platform/assets); nothing here writes.
 */

/**
 * over-storage-workspaces: the plans set no storage allowance (shared/policies.ts, the billing
 * catalogue), so the threshold is this constant (1 GiB) unless the query's `Threshold` (bytes)
 * says otherwise.
 */
export const OVER_STORAGE_BYTES = 1024 ** 3;

/**
 * A workspace's storage is what its boards store (platform/boards/storage.ts, the definition the
 * panel's home shows), as the storage recalculation last found it (workspaces.storage_bytes and
 * storage_at: the daily 'storage-recalc' job, or the dashboard's Recalculate storage). Reading the
 * stored figure keeps the report fast on any number of boards; `measuredAt` says how fresh it is.
 */
const WORKSPACE_STORAGE = `
  select w.id, w.name, w.alt_id, w.owner_id, w.is_default, w.storage_bytes as bytes, w.storage_at,
    (select count(*) from boards b where b.workspace_id = w.id) as boards,
    (select s.plan from subscriptions s where s.workspace_id = w.id) as plan
  from workspaces w`;

export const overStorageWorkspaces: Report = {
  name: 'over-storage-workspaces',
  title: 'Workspaces over storage',
  description: `Workspaces whose boards store more than Threshold bytes (default 1 GiB; the plans set no allowance): snapshots, recent commands, thumbnails and uploads, as the storage recalculation last measured them.`,
  base: (db) => fromSql(db, WORKSPACE_STORAGE, 'w').join('users as u', 'u.id', 'w.owner_id'),
  list: () => ({
    name: 'OverStorageWorkspaces',
    fields: {
      id: 'w.id',
      altId: 'w.alt_id',
      name: 'w.name',
      owner: 'u.username',
      isDefault: 'w.is_default',
      plan: 'w.plan',
      boards: 'w.boards',
      bytes: 'w.bytes',
      measuredAt: 'w.storage_at',
    },
    sortable: ['bytes', 'boards', 'name'],
    searchable: ['name', 'owner', 'altId'],
    filters: {
      Threshold: {
        schema: Joi.number().integer().min(0).max(Number.MAX_SAFE_INTEGER).default(OVER_STORAGE_BYTES),
        apply: (q, value: number) => void q.where('w.bytes', '>', value),
      },
    },
    defaultOrder: 'bytes Desc',
    ...REPORT_SIZES,
    toItem: (r) => ({
      id: r.id,
      altId: r.altId,
      name: r.name,
      owner: r.owner,
      isDefault: r.isDefault,
      plan: r.plan ?? null,
      boards: Number(r.boards),
      bytes: Number(r.bytes),
      measuredAt: iso(r.measuredAt),
    }),
  }),
  row: rowSchema('OverStorageWorkspace', {
    id: Joi.string(),
    altId: Joi.string(),
    name: Joi.string().allow(''),
    owner: Joi.string().description('the owner’s username'),
    isDefault: Joi.boolean(),
    plan: Joi.string().allow(null).description('its subscription’s plan; null for a workspace without a subscription'),
    boards: Joi.number().integer(),
    bytes: Joi.number().integer(),
    measuredAt: Joi.string().allow(null).description('when the storage recalculation last measured it; null: never'),
  }),
};

/** The spec's day filters (backoffice.md §9): 1, 7, 30, and All = 0. */
const DAYS = [0, 1, 7, 30] as const;

export const uploads: Report = {
  name: 'uploads',
  title: 'Uploads',
  description:
    'The latest pictures and documents uploaded to boards, with board, uploader and size; Days 1, 7 or 30 keeps those of the last days (0: all).',
  base: (db) => db('assets as a').leftJoin('boards as b', 'b.id', 'a.board_id').leftJoin('users as u', 'u.id', 'a.uploader_id'),
  list: (db) => ({
    name: 'Uploads',
    fields: {
      id: 'a.id',
      name: 'a.name',
      mime: 'a.mime',
      bytes: 'a.bytes',
      pages: 'a.pages',
      board: 'b.code',
      boardName: 'b.name',
      uploader: 'u.username',
      uploaderKey: 'a.uploader_uid',
      createdDate: 'a.created_at',
    },
    sortable: ['createdDate', 'bytes', 'name'],
    searchable: ['name', 'mime', 'board', 'uploader'],
    filters: {
      Days: {
        schema: Joi.number()
          .integer()
          .valid(...DAYS)
          .default(0),
        apply: (q, days: number) => void (days > 0 && q.where('a.created_at', '>', db.raw(`now() - make_interval(days => ?)`, [days]))),
      },
    },
    defaultOrder: 'createdDate Desc',
    ...REPORT_SIZES,
    toItem: (r) => ({
      id: r.id,
      name: r.name,
      mime: r.mime,
      bytes: Number(r.bytes),
      pages: Number(r.pages),
      board: r.board ?? null,
      boardName: r.boardName ?? null,
      uploader: r.uploader ?? r.uploaderKey ?? null,
      createdDate: iso(r.createdDate),
    }),
  }),
  row: rowSchema('UploadReportRow', {
    id: Joi.string(),
    name: Joi.string(),
    mime: Joi.string(),
    bytes: Joi.number().integer().description('every stored variant and page'),
    pages: Joi.number().integer(),
    board: Joi.string().allow(null).description('the board code; null once the board is removed'),
    boardName: Joi.string().allow('', null),
    uploader: Joi.string()
      .allow(null)
      .description('the uploader’s username, a guest’s key (never its secret), or null once the account is gone'),
    createdDate: Joi.string(),
  }),
};
