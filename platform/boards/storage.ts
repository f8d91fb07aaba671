/**
 * What a board stores (docs/backoffice.md "Storage"): the one definition behind the panel home's
 * storage, the back-office's storage recalculation (users.storage_bytes, workspaces.storage_bytes)
 * and the over-storage report. A board counts as it is now — its latest snapshot and the commands
 * after it — plus its thumbnail and its pictures and documents (assets.bytes: every variant and
 * page). Older snapshots and the commands they fold are the board's history, not its size.
 *
 * `boardBytesSql('b')` is a SQL expression for the boards row aliased `b`.
 */
export const boardBytesSql = (b: string): string => `(
    coalesce((select pg_column_size(s.state) from snapshots s where s.board_id = ${b}.id order by s.seq desc limit 1), 0)
  + coalesce((select sum(pg_column_size(c.payload)) from commands c where c.board_id = ${b}.id and c.seq > ${b}.snapshot_seq), 0)
  + coalesce((select octet_length(l.thumbnail) from board_library l where l.board_id = ${b}.id), 0)
  + coalesce((select sum(a.bytes) from assets a where a.board_id = ${b}.id), 0))`;

/** The bytes of the boards a SQL condition on `b` selects, e.g. `b.owner_id = u.id`. */
export const boardsBytesSql = (where: string): string => `(select coalesce(sum(${boardBytesSql('b')}), 0) from boards b where ${where})`;
