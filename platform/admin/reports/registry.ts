import Joi from 'joi';
import { orphanAssetsBase, orphanAssetsList } from '../../assets/api';
import { boardsOverloadedMembers, boardsReport, duplicateBoards, usersWithMostBoards } from './boards';
import { REPORT_ROWS, type Report } from './report';
import { overStorageWorkspaces, uploads } from './storage';
import { duplicateUsers, iranUsers, neverLoggedInUsers, userFunctionalRole, usersReport } from './users';

/** orphan-assets: declared by platform/assets (its data), listed here like every report. */
const orphanAssets: Report = {
  name: 'orphan-assets',
  title: 'Orphan assets',
  description: 'Assets nothing shows: of removed boards not yet swept, or uploaded over an hour ago and named by no command.',
  list: (db) => ({ ...orphanAssetsList(db), maxTake: REPORT_ROWS, csvMax: REPORT_ROWS }),
  base: orphanAssetsBase,
  row: Joi.object({
    id: Joi.string(),
    name: Joi.string(),
    mime: Joi.string(),
    bytes: Joi.number().integer(),
    board: Joi.string().allow(null).description('the board code; null once the board is removed'),
    reason: Joi.string().valid('board removed', 'never shown'),
    createdDate: Joi.string(),
  })
    .prefs({ presence: 'required' })
    .label('OrphanAsset'),
};

/**
 * Every list report, in the order the dashboard shows them (backoffice.md §7; docs/backoffice.md
 * "Reports"). A report added here has its route, its place in GET /api/admin/reports and its
 * dashboard downloads (one served by an existing grid's route names it in `servedAt`); it still
 * needs a row in tests/security/authz-matrix.test.ts.
 */
export const REPORTS: readonly Report[] = [
  boardsReport,
  usersReport,
  iranUsers,
  duplicateUsers,
  neverLoggedInUsers,
  userFunctionalRole,
  usersWithMostBoards,
  duplicateBoards,
  boardsOverloadedMembers,
  overStorageWorkspaces,
  uploads,
  orphanAssets,
];
