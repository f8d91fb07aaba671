import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { stringify } from 'csv-stringify/sync';
import Joi from 'joi';
import type { Knex } from 'knex';

/**
 * The one list protocol (backoffice.md §7 preamble; docs/architecture.md "One list protocol"):
 * every paged grid of the panel and the back-office sends `Take`, `Skip`, `Orders` (a field
 * name, with ` Desc` where descending; several allowed), `Filter` (text) and `QuickFilter` as
 * query values and reads `{ totalCount, data }`; `Accept: text/csv` gets the same rows as CSV.
 *
 * A list is a declaration: its fields (API name → SQL expression), which of them sort, which the
 * text filter searches, its quick filters and typed extra filters, and how a row becomes an item.
 * `listQuery(list)` is the route's joi query schema (bad paging input is a 400 in the error
 * envelope before the handler runs); `answerList(list, base, request, h)` runs it. Where a spec
 * names the parameters otherwise (the panel's board list: Text, Filter, Sort), the declaration
 * renames them (`params`) and names its orders (`presets`); `enrich` fills costly fields for the
 * page's rows only.
 */
export interface ListDeclaration<Row = Record<string, unknown>, Item = unknown> {
  /** the joi label, e.g. 'WorkspaceMembers' */
  name: string;
  /** API field → SQL column or expression (a string is a column name, qualified if need be) */
  fields: Record<string, string | Knex.Raw>;
  /** fields `Orders` may name */
  sortable: readonly string[];
  /** fields the text `Filter` searches (case-insensitive substring) */
  searchable?: readonly string[];
  /** `QuickFilter` values (the first is the default, usually 'all') and what each keeps */
  quickFilters?: Record<string, ((q: Knex.QueryBuilder) => void) | null>;
  /** typed filters beyond the protocol's, e.g. { Days: { schema: Joi.number(), apply } } */
  filters?: Record<string, { schema: Joi.Schema; apply(q: Knex.QueryBuilder, value: never): void }>;
  /** the order when none is asked for, e.g. 'createdDate Desc' */
  defaultOrder: string;
  /** page size when Take is absent (backoffice.md §2: 10; panel board list: 30) */
  pageSize?: number;
  /** the largest Take (default 100) */
  maxTake?: number;
  /** the most rows one CSV download holds (backoffice.md §9: 300 or 3000) */
  csvMax?: number;
  /**
   * The query names of the protocol's parameters where a spec names them otherwise, e.g. the
   * panel's board list (panel.md §7): `{ Filter: 'Text', QuickFilter: 'Filter', Orders: 'Sort' }`.
   */
  params?: Partial<Record<ProtocolParam, string>>;
  /** named orders: an `Orders` value that stands for several, e.g. `{ LastChanged: ['changedAt Desc', 'id'] }` */
  presets?: Record<string, readonly string[]>;
  /**
   * Fills in what is costly to compute per row, for the rows of the page only (e.g. a count in
   * another table): a field in `fields` is computed for every row the query sorts and skips.
   */
  enrich?(rows: Row[]): Promise<Row[]>;
  /** the row as the client sees it */
  toItem(row: Row): Item;
}

/** A list of any item and filter types (the protocol's helpers do not read them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the declaration's own types are checked where it is declared
type AnyList = ListDeclaration<any, any>;

/** The protocol's own parameter names (a declaration may rename them: `params`). */
export type ProtocolParam = 'Take' | 'Skip' | 'Orders' | 'Filter' | 'QuickFilter';
const nameOf = (list: AnyList, param: ProtocolParam): string => list.params?.[param] ?? param;

export interface ListPage<Item> {
  totalCount: number;
  data: Item[];
}

export const LIST_DEFAULTS = { pageSize: 10, maxTake: 100, csvMax: 3000 } as const;

const ORDER = /^([A-Za-z][A-Za-z0-9_]*)( (?:Desc|desc|DESC|Asc|asc|ASC))?$/;

/** The joi schema of a list's query (Take, Skip, Orders, Filter, QuickFilter and its extra filters); other keys (Uid) pass. */
export function listQuery(list: AnyList): Joi.ObjectSchema {
  const maxTake = list.maxTake ?? LIST_DEFAULTS.maxTake;
  const presets = Object.keys(list.presets ?? {});
  const order = Joi.string()
    .pattern(ORDER)
    .custom((value: string, helpers) =>
      list.sortable.includes(value.split(' ')[0]!) || presets.includes(value) ? value : helpers.error('any.invalid'),
    )
    .messages({
      'string.pattern.base': '{{#label}} must be a field name, optionally followed by " Desc"',
      'any.invalid': presets.length
        ? `{{#label}} must be one of ${presets.join(', ')}`
        : `{{#label}} must be one of ${list.sortable.join(', ')} (optionally followed by " Desc")`,
    });
  const extra = Object.fromEntries(Object.entries(list.filters ?? {}).map(([name, f]) => [name, f.schema]));
  return Joi.object({
    [nameOf(list, 'Take')]: Joi.number().integer().min(1).max(maxTake),
    [nameOf(list, 'Skip')]: Joi.number().integer().min(0).max(1_000_000_000),
    [nameOf(list, 'Orders')]: Joi.alternatives(
      order,
      Joi.array()
        .items(order)
        .max(list.sortable.length || 1)
        .single(),
    ),
    [nameOf(list, 'Filter')]: Joi.string().trim().max(200).allow(''),
    [nameOf(list, 'QuickFilter')]: list.quickFilters ? Joi.string().valid(...Object.keys(list.quickFilters)) : Joi.forbidden(),
    ...extra,
  })
    .unknown(true)
    .label(`${list.name}Query`);
}

/** The query values of a list request, as validated by listQuery. */
export interface ListParams {
  Take?: number;
  Skip?: number;
  Orders?: string | string[];
  Filter?: string;
  QuickFilter?: string;
  [filter: string]: unknown;
}

/** `%`, `_` and `\` match themselves in the text filter. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The query values under the protocol's own names (a declaration's `params` renames them on the wire). */
function protocolParams(list: AnyList, query: ListParams): ListParams {
  if (!list.params) return query;
  const out: ListParams = { ...query };
  for (const param of ['Take', 'Skip', 'Orders', 'Filter', 'QuickFilter'] as const) {
    const wire = nameOf(list, param);
    if (wire !== param) out[param] = query[wire] as never;
  }
  return out;
}

function applyFilters(list: AnyList, q: Knex.QueryBuilder, params: ListParams): void {
  const text = params.Filter?.trim();
  if (text && list.searchable?.length) {
    q.where((w) => {
      for (const field of list.searchable!)
        w.orWhereRaw(`(??)::text ilike ? escape '\\'`, [list.fields[field] as string, likePattern(text)]);
    });
  }
  if (list.quickFilters) {
    const chosen = params.QuickFilter ?? Object.keys(list.quickFilters)[0]!;
    list.quickFilters[chosen]?.(q);
  }
  for (const [name, f] of Object.entries(list.filters ?? {})) if (params[name] !== undefined) f.apply(q, params[name] as never);
}

function ordersOf(list: AnyList, params: ListParams): Array<{ field: string; desc: boolean }> {
  const asked = params.Orders === undefined ? [] : Array.isArray(params.Orders) ? params.Orders : [params.Orders];
  return (asked.length ? asked : [list.defaultOrder])
    .flatMap((o) => list.presets?.[o] ?? [o])
    .map((o) => {
      const [field, dir] = o.split(' ');
      return { field: field!, desc: /^desc$/i.test(dir ?? '') };
    });
}

/**
 * One page of the list: `base` is the resource's query already restricted to what the asker
 * may see (the route's authorization), without select, order or paging. With `csv`, the rows of
 * a download (at most csvMax) and `totalCount` is theirs, not counted.
 */
export async function runList<Row, Item>(
  list: ListDeclaration<Row, Item>,
  base: Knex.QueryBuilder,
  query: ListParams,
  options: { csv?: boolean } = {},
): Promise<ListPage<Item>> {
  const params = protocolParams(list, query);
  const filtered = base.clone();
  applyFilters(list, filtered, params);
  // a raw field is selected through a new raw (wrapping the declared one would change it for the orders below)
  const raw = (page: Knex.QueryBuilder, name: string, expr: Knex.Raw) => {
    const { sql, bindings } = expr.toSQL();
    return (page as unknown as { client: { raw(sql: string, bindings: readonly unknown[]): Knex.Raw } }).client.raw(
      `(${sql}) as "${name}"`,
      bindings,
    );
  };
  const page = filtered.clone();
  page.select(
    Object.entries(list.fields).map(([name, expr]) => (typeof expr === 'string' ? { [name]: expr } : raw(page, name, expr as Knex.Raw))),
  );
  for (const { field, desc } of ordersOf(list, params)) {
    const expr = list.fields[field]!;
    if (typeof expr === 'string') page.orderBy(expr, desc ? 'desc' : 'asc', desc ? 'last' : 'first');
    else page.orderByRaw(`(${expr.toSQL().sql}) ${desc ? 'desc nulls last' : 'asc nulls first'}`, expr.toSQL().bindings as never);
  }
  const take = options.csv ? (list.csvMax ?? LIST_DEFAULTS.csvMax) : (params.Take ?? list.pageSize ?? LIST_DEFAULTS.pageSize);
  const skip = options.csv ? 0 : (params.Skip ?? 0);
  page.offset(skip).limit(take);
  let rows = (await page) as Row[];
  // the total without a second query when the page tells it (not full, and not past the end), or
  // nobody reads it (a CSV download): a costly list (a report computed when asked) runs once
  const known = options.csv || (rows.length < take && (rows.length > 0 || skip === 0));
  const totalCount = known
    ? skip + rows.length
    : Number(((await filtered.clone().clearSelect().clearOrder().count({ count: '*' })) as Array<{ count: string | number }>)[0]!.count);
  if (list.enrich && rows.length) rows = await list.enrich(rows);
  return { totalCount, data: rows.map((r) => list.toItem(r)) };
}

/** Whether the client asked for CSV (`Accept: text/csv`). */
export const wantsCsv = (request: Request): boolean => /\btext\/csv\b/i.test(String(request.headers.accept ?? ''));

/** Items as CSV text: one header row of the items' keys, then one row per item (nested values as JSON). */
export function toCsv(items: unknown[]): string {
  const records = items.map((item) =>
    Object.fromEntries(
      Object.entries(item as Record<string, unknown>).map(([k, v]) => [
        k,
        v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v,
      ]),
    ),
  );
  const columns = records.length ? Object.keys(records[0]!) : [];
  return stringify(records, { header: true, columns, cast: { date: (d) => d.toISOString(), boolean: (b) => (b ? 'true' : 'false') } });
}

/**
 * The route handler's answer: `{ totalCount, data }`, or with `Accept: text/csv` the rows of the
 * same filters and orders as a CSV download (at most the list's csvMax rows).
 */
export async function answerList<Row, Item>(
  list: ListDeclaration<Row, Item>,
  base: Knex.QueryBuilder,
  request: Request,
  h: ResponseToolkit,
): Promise<ListPage<Item> | ResponseObject> {
  const params = request.query as ListParams;
  if (!wantsCsv(request)) return runList(list, base, params);
  const { data } = await runList(list, base, params, { csv: true });
  return h
    .response(toCsv(data))
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${list.name.replace(/[^A-Za-z0-9_-]/g, '')}.csv"`);
}

/** The joi schema of a list answer, for the OpenAPI document. */
export const listAnswer = (name: string, item: Joi.Schema) =>
  Joi.object({ totalCount: Joi.number().integer().min(0).required(), data: Joi.array().items(item).required() }).label(name);
