import type { ResponseObject, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import type { Knex } from 'knex';
import type { ListDeclaration } from '../../core/list';
import type { Db } from '../../db/index';
import type { DbRow } from '../../db/row';

/**
 * One operator report (backoffice.md §7 "GET under /api/admin/ for reports"; docs/backoffice.md
 * "Reports"): a list on the one list protocol, answered at `GET /api/admin/{name}` — JSON
 * `{ totalCount, data }`, or CSV with `Accept: text/csv` — to operators only. The routes, the
 * catalogue (`GET /api/admin/reports`) and the dashboard's downloads are made from these
 * declarations (./registry.ts); a report declares only what is its own.
 */
export interface Report {
  /** the path under /api/admin/ and the downloaded file's name, e.g. 'duplicate-users' */
  name: string;
  /** what the dashboard shows, e.g. 'Duplicate users' */
  title: string;
  /** one line: what a row is and why it is listed */
  description: string;
  /** the list: its fields, orders, filters (a parameter with a default is a joi `.default()`) */
  list(db: Db): ListDeclaration<DbRow, Record<string, unknown>>;
  /** the rows before the protocol filters, orders and pages them */
  base(db: Db): Knex.QueryBuilder;
  /** the joi schema of a row (labelled: it becomes a wire type) */
  row: Joi.ObjectSchema;
  /**
   * Set when an existing grid's route already answers this report on the same list (backoffice.md
   * §7 names the board grid's `GET /api/admin/boards` as the `boards` report too): the catalogue
   * points there and no second route is made.
   */
  servedAt?: string;
}

/** Every report's CSV (and JSON download) holds at most this many rows; a JSON page may ask for as many. */
export const REPORT_ROWS = 3000;

/** The protocol's sizes for a report: 10 a page (backoffice.md §2), up to REPORT_ROWS in one answer. */
export const REPORT_SIZES = { pageSize: 10, maxTake: REPORT_ROWS, csvMax: REPORT_ROWS } as const;

/** A date column as ISO text (null stays null). */
export const iso = (value: unknown): string | null => (value == null ? null : new Date(value as string).toISOString());

/** A derived table as a report's base: `from (sql) as alias`. */
export const fromSql = (db: Db, sql: string, alias: string, bindings: readonly unknown[] = []): Knex.QueryBuilder =>
  db.from(db.raw(`(${sql}) as ${alias}`, bindings as Knex.RawBinding[]));

/** A row schema whose keys are all required (nullable ones say so). */
export const rowSchema = (label: string, keys: Joi.PartialSchemaMap): Joi.ObjectSchema =>
  Joi.object(keys).prefs({ presence: 'required' }).label(label);

/** A CSV download named after the report or statistic ('statistics/countries' → statistics-countries.csv). */
export const csvFile = (h: ResponseToolkit, text: string, name: string): ResponseObject =>
  h
    .response(text)
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9_-]+/g, '-')}.csv"`);

/** A parameter as the catalogue describes it: its default and, when it takes a fixed set, its values. */
export interface ParameterInfo {
  name: string;
  default: number | string | null;
  values: Array<number | string> | null;
}

/** What the catalogue says of a parameter's joi schema (`.default()`, and `.valid()` as its values). */
export function parameterOf(name: string, schema: Joi.Schema): ParameterInfo {
  const described = schema.describe() as { flags?: { default?: unknown; only?: boolean }; allow?: unknown[] };
  const value = described.flags?.default;
  const values = described.flags?.only
    ? (described.allow ?? []).filter((v): v is number | string => typeof v === 'number' || typeof v === 'string')
    : null;
  return { name, default: typeof value === 'number' || typeof value === 'string' ? value : null, values };
}
