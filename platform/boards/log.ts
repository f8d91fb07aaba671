import type { Knex } from 'knex';
import type { Command } from '../../shared/model';
import type { Db } from '../db/index';
import { badRequest } from '../core/errors';
import { TOO_DEEP } from '../core/input-guard';

type Conn = Db | Knex.Transaction;

/**
 * The key board-wide commands (clear, undo of a clear) are filed under in commands.shape_ids:
 * per board, so the GIN index never mixes one board's clears into another's shape histories.
 */
export const boardWide = (boardId: string): string => `*${boardId}`;

/** A PostgreSQL text[] literal (bound as one parameter: `?::text[]`). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** A stored command as JSON text with its seq spliced in (no parse/stringify on the join path). */
export function withSeqText(seq: number, payloadText: string): string {
  return payloadText === '{}' ? `{"seq":${seq}}` : `{"seq":${seq},${payloadText.slice(1)}`;
}

export interface StoredCommand {
  seq: number;
  command: Command;
}

/** What the log stores of a command: all of it but its seq (the row's column). */
function payloadFields(command: Command): Omit<Command, 'seq'> {
  const { seq: _seq, ...rest } = command as Command & { seq?: number };
  return rest;
}
/** JSON text of what the log stores; a value too deep to serialise is its sender's 400 (the input guard refuses it first). */
function payloadOf(command: Command): string {
  return jsonText(payloadFields(command));
}
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof RangeError) throw badRequest(`boardCommand ${TOO_DEEP}.`, { boardCommand: [`boardCommand ${TOO_DEEP}.`] });
    throw err;
  }
}

/**
 * Appends one command in ONE statement: the board's counter row is incremented (the row lock
 * orders concurrent appends, on one node or many) and the command is inserted under that seq
 * with the ids of the shapes it touches (GIN-indexed). A second send of the same client id
 * violates unique(board_id, client_id): the whole statement, counter included, rolls back (no gap).
 */
export async function insertCommand(db: Conn, boardId: string, command: Command, shapeIds: string[]): Promise<number> {
  const result = await db.raw(
    `with s as (
       update boards set last_seq = last_seq + 1, updated_at = now() where id = ? returning last_seq
     )
     insert into commands (board_id, seq, client_id, uid, kind, payload, status, shape_ids)
     select ?, s.last_seq, ?, ?, ?, ?::jsonb, ?, ?::text[] from s
     returning seq`,
    [
      boardId,
      boardId,
      command.id,
      command.uid,
      command.cmd,
      payloadOf(command),
      command.status ?? 'normal',
      textArray([...new Set(shapeIds)]),
    ],
  );
  const row = (result.rows as Array<{ seq: number | string }>)[0];
  if (!row) throw new Error('board row missing while appending');
  return Number(row.seq);
}

/**
 * Appends several commands in ONE statement, in the given order, under consecutive seqs (group
 * commit, see append-queue.ts): one counter increment, one row lock, one commit for the batch.
 * A client id already stored (or twice in the batch) fails the whole statement, counter included.
 */
export async function insertCommands(
  db: Conn,
  boardId: string,
  rows: ReadonlyArray<{ command: Command; shapeIds: string[] }>,
): Promise<number[]> {
  const input = jsonText(
    rows.map(({ command, shapeIds }) => ({
      c: command.id,
      u: command.uid,
      k: command.cmd,
      p: payloadFields(command),
      s: command.status ?? 'normal',
      i: [...new Set(shapeIds)],
    })),
  );
  const result = await db.raw(
    `with input as (
       select e.ord, e.v from jsonb_array_elements(?::jsonb) with ordinality as e(v, ord)
     ),
     s as (
       update boards set last_seq = last_seq + (select count(*) from input), updated_at = now() where id = ? returning last_seq
     )
     insert into commands (board_id, seq, client_id, uid, kind, payload, status, shape_ids)
     select ?, s.last_seq - (select count(*) from input) + input.ord, input.v->>'c', input.v->>'u', input.v->>'k', input.v->'p', input.v->>'s',
            array(select jsonb_array_elements_text(input.v->'i'))
     from input, s
     order by input.ord
     returning seq`,
    [input, boardId, boardId],
  );
  const seqs = (result.rows as Array<{ seq: number | string }>).map((r) => Number(r.seq)).sort((a, b) => a - b);
  if (seqs.length !== rows.length) throw new Error('board row missing while appending');
  return seqs;
}

/**
 * Takes the board's next seq and holds its counter row locked until the transaction ends:
 * every other append on this board waits, so what is read next is exactly the log before seq.
 */
export async function lockNextSeq(trx: Knex.Transaction, boardId: string): Promise<number> {
  const result = await trx.raw('update boards set last_seq = last_seq + 1, updated_at = now() where id = ? returning last_seq', [boardId]);
  return Number((result.rows as Array<{ last_seq: number | string }>)[0]!.last_seq);
}

/** Inserts a command under a seq already taken with lockNextSeq. */
export async function insertCommandAt(
  trx: Knex.Transaction,
  boardId: string,
  seq: number,
  command: Command,
  shapeIds: string[],
): Promise<void> {
  await trx.raw(
    `insert into commands (board_id, seq, client_id, uid, kind, payload, status, shape_ids) values (?, ?, ?, ?, ?, ?::jsonb, ?, ?::text[])`,
    [boardId, seq, command.id, command.uid, command.cmd, payloadOf(command), command.status ?? 'normal', textArray([...new Set(shapeIds)])],
  );
}

/** A stored row as a command; `currentStatus` takes the status column (flipped by undo/redo). */
function parse(row: { seq: number | string; payload: unknown; status?: string }, currentStatus = false): StoredCommand {
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Command;
  const command = { ...payload, seq: Number(row.seq) } as Command;
  if (currentStatus && row.status) command.status = row.status as Command['status'];
  return { seq: Number(row.seq), command };
}

/** Undo disables its target, redo enables it again (the reducer's computeEffect reads these). */
export async function setCommandStatus(trx: Knex.Transaction, boardId: string, seq: number, status: 'normal' | 'disabled'): Promise<void> {
  await trx('commands').where({ board_id: boardId, seq }).update({ status });
}

export async function findCommandByClientId(db: Conn, boardId: string, clientId: string): Promise<StoredCommand | undefined> {
  const row = await db('commands').where({ board_id: boardId, client_id: clientId }).first('seq', 'payload');
  return row ? parse(row) : undefined;
}

/** Commands with seq in (after, upTo], in order (as sent, or with their current status). */
export async function commandsBetween(
  db: Conn,
  boardId: string,
  after: number,
  upTo = Number.MAX_SAFE_INTEGER,
  opts: { currentStatus?: boolean } = {},
): Promise<StoredCommand[]> {
  const rows = await db('commands')
    .where({ board_id: boardId })
    .andWhere('seq', '>', after)
    .andWhere('seq', '<=', upTo)
    .orderBy('seq')
    .select('seq', 'payload', 'status');
  return rows.map((r) => parse(r, opts.currentStatus));
}

/** The same commands as JSON texts (seq included), for streaming a join without re-serializing. */
export async function commandTextsAfter(db: Conn, boardId: string, after: number): Promise<string[]> {
  const rows: Array<{ seq: number | string; p: string }> = await db('commands')
    .where({ board_id: boardId })
    .andWhere('seq', '>', after)
    .orderBy('seq')
    .select('seq', db.raw('payload::text as p'));
  return rows.map((r) => withSeqText(Number(r.seq), r.p));
}

/**
 * The full history of some shapes before `beforeSeq`: every command touching one of them or
 * board-wide (clears), in order, each with its current status. This is what an undo's effect is
 * computed from (shared/reducer computeEffect); the GIN index on shape_ids finds them.
 */
export async function shapeHistory(db: Conn, boardId: string, shapeIds: string[], beforeSeq: number): Promise<StoredCommand[]> {
  const keys = textArray([...new Set([...shapeIds, boardWide(boardId)])]);
  const rows = await db('commands')
    .where({ board_id: boardId })
    .andWhere('seq', '<', beforeSeq)
    .andWhereRaw('shape_ids && ?::text[]', [keys])
    .orderBy('seq')
    .select('seq', 'payload', 'status');
  return rows.map((r) => parse(r, true));
}

/**
 * The author (uid of the first command) and kind of each listed shape, in one indexed query that
 * reads the payload of only that first command per shape (O(listed ids), for the hub's fan-out):
 * the kind is its `shape.cmd` (an add, or an add inside a commandSet); null when not an add.
 */
export async function shapeOrigins(
  db: Conn,
  boardId: string,
  shapeIds: string[],
): Promise<Map<string, { uid: string; kind: string | null }>> {
  if (shapeIds.length === 0) return new Map();
  const keys = textArray([...new Set(shapeIds)]);
  const result = await db.raw(
    `select o.shape_id, o.uid,
            coalesce(p.payload->'shape'->>'cmd',
                     (select s->'shape'->>'cmd'
                        from jsonb_array_elements(case when jsonb_typeof(p.payload->'commands') = 'array' then p.payload->'commands' else '[]'::jsonb end) s
                       where jsonb_typeof(s->'shape') = 'object' and s->'shape'->>'id' = o.shape_id
                       limit 1)) as kind
       from (select distinct on (x) x as shape_id, c.uid, c.seq
               from commands c, unnest(c.shape_ids) as x
              where c.board_id = ? and c.shape_ids && ?::text[] and x = any(?::text[])
              order by x, c.seq) o
       join commands p on p.board_id = ? and p.seq = o.seq`,
    [boardId, keys, keys, boardId],
  );
  return new Map(
    (result.rows as Array<{ shape_id: string; uid: string; kind: string | null }>).map((r) => [
      r.shape_id,
      { uid: r.uid, kind: r.kind ?? null },
    ]),
  );
}

/** The author (uid of the first command) of each listed shape. */
export async function shapeCreators(db: Conn, boardId: string, shapeIds: string[]): Promise<Map<string, string>> {
  if (shapeIds.length === 0) return new Map();
  const keys = textArray([...new Set(shapeIds)]);
  const result = await db.raw(
    `select distinct on (x) x as shape_id, c.uid
       from commands c, unnest(c.shape_ids) as x
      where c.board_id = ? and c.shape_ids && ?::text[] and x = any(?::text[])
      order by x, c.seq`,
    [boardId, keys, keys],
  );
  return new Map((result.rows as Array<{ shape_id: string; uid: string }>).map((r) => [r.shape_id, r.uid]));
}
