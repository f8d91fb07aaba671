/**
 * A row as knex answers it when the query is not typed (joins, `select('t.*')`): its columns are
 * read by name and mapped to a wire type right after. The one place the platform allows `any`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- knex rows are untyped until mapped
export type DbRow = Record<string, any>;
