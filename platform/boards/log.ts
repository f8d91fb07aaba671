import type { Knex } from 'knex';
import type { Command } from '../../shared/model';
import type { Db } from '../db/index';

type Conn = Db | Knex.Transaction;

/** In command_shapes, board-wide commands (clear) are filed under this id. */
export const BOARD_WIDE = '*';

/** A stored command as JSON text with its seq spliced in (no parse/stringify on the join path). */
export function withSeqText(seq: number, payloadText: string): string {
  return payloadText === '{}' ? `{"seq":${seq}}` : `{"seq":${seq},${payloadText.slice(1)}`;
}

export interface StoredCommand {
  seq: number;
  command: Command;
}

function payloadOf(command: Command): string {
  const { seq: _seq, ...rest } = command as Command & { seq?: number };
  return JSON.stringify(rest);
}

/**
 * Appends one command in ONE statement: the board's counter row is incremented (the row lock
 * orders concurrent appends, on one node or many), the command is inserted under that seq and
 * filed under its shape ids. A second send of the same client id violates
 * unique(board_id, client_id): the whole statement, counter included, rolls back (no gap).
 */
export async function insertCommand(db: Conn, boardId: string, command: Command, shapeIds: string[]): Promise<number> {
  const result = await db.raw(
    `with s as (
       update boards set last_seq = last_seq + 1, updated_at = now() where id = ? returning last_seq
     ), c as (
       insert into commands (board_id, seq, client_id, uid, kind, payload, status)
       select ?, s.last_seq, ?, ?, ?, ?::jsonb, ? from s
       returning seq
     ), sh as (
       insert into command_shapes (board_id, shape_id, seq)
       select distinct ?::uuid, x, s.last_seq from s, jsonb_array_elements_text(?::jsonb) as x
     )
     select seq from c`,
    [boardId, boardId, command.id, command.uid, command.cmd, payloadOf(command), command.status ?? 'normal', boardId, JSON.stringify(shapeIds)],
  );
  const row = (result.rows as Array<{ seq: number | string }>)[0];
  if (!row) throw new Error('board row missing while appending');
  return Number(row.seq);
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
export async function insertCommandAt(trx: Knex.Transaction, boardId: string, seq: number, command: Command, shapeIds: string[]): Promise<void> {
  await trx('commands').insert({ board_id: boardId, seq, client_id: command.id, uid: command.uid, kind: command.cmd, payload: payloadOf(command), status: command.status ?? 'normal' });
  const unique = [...new Set(shapeIds)];
  for (let i = 0; i < unique.length; i += 1000) {
    await trx('command_shapes').insert(unique.slice(i, i + 1000).map((shape_id) => ({ board_id: boardId, shape_id, seq })));
  }
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
 * The full history of some shapes before `beforeSeq`: every command filed under one of them
 * or board-wide (clears), in order, each with its current status. This is what an undo's
 * effect is computed from (shared/reducer computeEffect).
 */
export async function shapeHistory(db: Conn, boardId: string, shapeIds: string[], beforeSeq: number): Promise<StoredCommand[]> {
  const rows = await db('commands as c')
    .where('c.board_id', boardId)
    .andWhere('c.seq', '<', beforeSeq)
    .whereIn(
      'c.seq',
      db('command_shapes').select('seq').where({ board_id: boardId }).whereIn('shape_id', [...new Set([...shapeIds, BOARD_WIDE])]),
    )
    .orderBy('c.seq')
    .select('c.seq', 'c.payload', 'c.status');
  return rows.map((r) => parse(r, true));
}

/** The author (uid of the first command) of each listed shape. */
export async function shapeCreators(db: Conn, boardId: string, shapeIds: string[]): Promise<Map<string, string>> {
  if (shapeIds.length === 0) return new Map();
  const rows: Array<{ shape_id: string; uid: string }> = await db
    .select('x.shape_id', 'c.uid')
    .from(
      db('command_shapes')
        .where({ board_id: boardId })
        .whereIn('shape_id', shapeIds)
        .groupBy('shape_id')
        .select('shape_id', db.raw('min(seq) as seq'))
        .as('x'),
    )
    .join('commands as c', function () {
      this.on('c.seq', '=', 'x.seq').andOn('c.board_id', '=', db.raw('?', [boardId]));
    });
  return new Map(rows.map((r) => [r.shape_id, r.uid]));
}
