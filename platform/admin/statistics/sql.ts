import type { Knex } from 'knex';
import type { Db } from '../../db/index';
import type { TitleValueRow } from './statistic';

/**
 * Small helpers the statistic declarations share: reading raw rows, and title/value rows from one
 * row of figures.
 */

/** The rows of a raw query (PostgreSQL and PGlite answer `{ rows }`). */
export async function rowsOf<T>(db: Db, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  return ((await db.raw(sql, bindings as Knex.RawBinding[])) as { rows: T[] }).rows;
}

/** The one row of a raw query of aggregates. */
export async function oneRow<T>(db: Db, sql: string, bindings: readonly unknown[] = []): Promise<T> {
  return (await rowsOf<T>(db, sql, bindings))[0]!;
}

/** One figure's declaration: its title, the column of the figures row holding it, its unit. */
export type Figure = readonly [title: string, column: string, unit: TitleValueRow['unit']];

/** Title/value rows from a row of figures, in the declared order (a null average is left out: no data, no figure). */
export function figures(row: Record<string, unknown>, declared: readonly Figure[]): TitleValueRow[] {
  return declared.flatMap(([title, column, unit]) => {
    const value = row[column];
    if (value === null || value === undefined) return [];
    return [{ title, value: Math.round(Number(value) * 100) / 100, unit }];
  });
}
