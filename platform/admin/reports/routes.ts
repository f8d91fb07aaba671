import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { orphanAssetsBase, orphanAssetsList } from '../../assets/api';
import { answerList, listAnswer, listQuery } from '../../core/list';
import type { Db } from '../../db/index';
import { operatorRoute } from '../operator';

/**
 * The operators' reports (backoffice.md §7 "GET under /api/admin/ for reports"): each one a list
 * on the one list protocol, JSON by default and CSV with `Accept: text/csv`. The reports that
 * belong to another domain's data are declared by that domain (its api.ts) and answered here.
 */
const ORPHAN_ASSET = Joi.object({
  id: Joi.string(),
  name: Joi.string(),
  mime: Joi.string(),
  bytes: Joi.number().integer(),
  board: Joi.string().allow(null).description('the board code; null once the board is removed'),
  reason: Joi.string().valid('board removed', 'never shown'),
  createdDate: Joi.string(),
})
  .prefs({ presence: 'required' })
  .label('OrphanAsset');

export function reportRoutes(db: Db): ServerRoute[] {
  const orphans = orphanAssetsList(db);
  return [
    {
      method: 'GET',
      path: '/api/admin/orphan-assets',
      options: operatorRoute('admin-reports', {
        description:
          'Assets nothing shows: of removed boards not yet swept, or uploaded over an hour ago and named by no command (docs/assets.md)',
        notes: `List protocol (Take, Skip, Orders, Filter, QuickFilter: ${Object.keys(orphans.quickFilters ?? {}).join(', ')}); Accept: text/csv gives at most ${orphans.csvMax} rows.`,
        validate: { query: listQuery(orphans) },
        response: { schema: Joi.alternatives(listAnswer('OrphanAssetsPage', ORPHAN_ASSET), Joi.string()) },
      }),
      handler: (request, h) => answerList(orphans, orphanAssetsBase(db), request, h),
    },
  ];
}
