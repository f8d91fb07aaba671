import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { toCsv, wantsCsv } from '../../core/list';
import { uidFields } from '../../core/route-pieces';
import type { Db } from '../../db/index';
import { operatorRoute } from '../operator';
import { csvFile, parameterOf, type ParameterInfo } from '../reports/report';
import { STATISTICS } from './registry';
import { ROW_SCHEMAS, type Statistic, type StatisticRow } from './statistic';

/**
 * The operators' statistics (backoffice.md §2 "Statistic blocks", §7; docs/backoffice.md
 * "Statistics"): one route per declaration of the registry, `GET /api/admin/{name}` — its
 * parameters validated by a joi object made from the declaration's (unknown keys are a 400; the
 * panel's roaming `Uid` is accepted), JSON `{ totalCount, data }` with every row, or CSV with
 * `Accept: text/csv` (a header row even when there are no rows). Operators only; reads only.
 */

/** The wire label of a statistic's answer: 'board-statistics' → BoardStatistics, 'top-features' → TopFeaturesStatistic. */
export function statisticLabel(statistic: Pick<Statistic, 'name'>): string {
  const pascal = statistic.name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
  return /statistic/i.test(pascal) ? pascal : `${pascal}Statistic`;
}

/** A statistic's parameters as the catalogue and the OpenAPI notes describe them. */
export const statisticParameters = (statistic: Statistic): ParameterInfo[] =>
  Object.entries(statistic.params).map(([name, schema]) => parameterOf(name, schema));

/** The columns of a row kind, in the order its schema declares them (the CSV header). */
const columnsOf = (statistic: Statistic): string[] =>
  Object.keys((ROW_SCHEMAS[statistic.rows].describe() as { keys?: Record<string, unknown> }).keys ?? {});

/** The rows as CSV: the header row, then one line per row. */
export function statisticCsv(statistic: Statistic, rows: StatisticRow[]): string {
  return rows.length ? toCsv(rows) : `${columnsOf(statistic).join(',')}\n`;
}

function describeParameter(p: ParameterInfo): string {
  const values = p.values ? `${p.values.map((v) => (v === '' ? "''" : String(v))).join(', ')}` : 'any';
  return `${p.name} (${values}; default ${p.default === null ? 'none' : p.default === '' ? "''" : p.default})`;
}

export function statisticRoute(db: Db, statistic: Statistic): ServerRoute {
  const label = statisticLabel(statistic);
  const parameters = statisticParameters(statistic);
  return {
    method: 'GET',
    path: `/api/admin/${statistic.name}`,
    options: operatorRoute('admin-statistics', {
      description: `${statistic.title}: ${statistic.description}`,
      notes:
        (parameters.length ? `Parameters: ${parameters.map(describeParameter).join('; ')}. ` : 'No parameters. ') +
        `Rows: ${statistic.rows} (dashboard block '${statistic.block}'); every row in one answer. Accept: text/csv gives the same rows as CSV.`,
      validate: { query: Joi.object({ ...statistic.params, ...uidFields }).label(`${label}Query`) },
      response: {
        schema: Joi.alternatives(
          Joi.object({
            totalCount: Joi.number().integer().min(0).required(),
            data: Joi.array().items(ROW_SCHEMAS[statistic.rows]).required(),
          }).label(label),
          Joi.string(),
        ),
      },
    }),
    async handler(request, h) {
      const { Uid: _uid, ...params } = request.query as Record<string, unknown>;
      const rows = await statistic.query(db, params);
      if (wantsCsv(request)) return csvFile(h, statisticCsv(statistic, rows), statistic.name);
      return { totalCount: rows.length, data: rows };
    },
  };
}

export const statisticRoutes = (db: Db): ServerRoute[] => STATISTICS.map((statistic) => statisticRoute(db, statistic));

/** The statistics' entries of the catalogue (GET /api/admin/reports), kind 'statistic'. */
export const statisticEntries = () =>
  STATISTICS.map((statistic) => ({
    name: statistic.name,
    title: statistic.title,
    description: statistic.description,
    path: `/api/admin/${statistic.name}`,
    kind: 'statistic' as const,
    block: statistic.block,
    rows: statistic.rows,
    quickFilters: [] as string[],
    orders: [] as string[],
    parameters: statisticParameters(statistic),
    maxRows: null,
  }));
