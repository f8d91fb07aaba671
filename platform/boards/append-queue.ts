import type { Command } from '../../shared/model';
import { badRequest } from '../core/errors';
import type { BoardApp } from './access';
import { insertCommand, insertCommands } from './log';

/** The most commands one group commit carries. */
export const MAX_BATCH = 100;

type Job =
  | { kind: 'insert'; command: Command; shapeIds: string[]; resolve(seq: number): void; reject(err: unknown): void }
  | { kind: 'task'; run(): Promise<void> };

interface BoardQueue {
  jobs: Job[];
  running: boolean;
}

const queues = new WeakMap<object, Map<string, BoardQueue>>();

function queueOf(app: BoardApp, boardId: string): BoardQueue {
  let boards = queues.get(app.db);
  if (!boards) queues.set(app.db, (boards = new Map()));
  let queue = boards.get(boardId);
  if (!queue) boards.set(boardId, (queue = { jobs: [], running: false }));
  return queue;
}

/**
 * Group commit per board on this node. A board's appends are ordered by its counter row, whose
 * lock is held until the appending statement commits (one WAL flush), so a busy board appends at
 * most one command per flush. Here appends of one board go out one statement at a time; those
 * that arrive while one is in flight wait and then leave together in one statement
 * (insertCommands: one lock, one flush, consecutive seqs in arrival order). An idle board's
 * command leaves at once. Undo/redo and clear (their effect is computed under the lock, in a
 * transaction) run as tasks in the same queue, so they see every command sent before them.
 * A statement that fails is retried command by command (insertBatch): one bad command fails
 * alone, its sender gets the error, and the others are stored as if it had never been sent.
 */
export function queueInsert(app: BoardApp, boardId: string, command: Command, shapeIds: string[]): Promise<number> {
  return new Promise((resolve, reject) => push(app, boardId, { kind: 'insert', command, shapeIds, resolve, reject }));
}

/** Runs `run` in the board's queue, after the appends queued before it. */
export function queueTask<T>(app: BoardApp, boardId: string, run: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => push(app, boardId, { kind: 'task', run: () => run().then(resolve, reject) }));
}

function push(app: BoardApp, boardId: string, job: Job): void {
  const queue = queueOf(app, boardId);
  queue.jobs.push(job);
  if (!queue.running) void pump(app, boardId, queue);
}

async function pump(app: BoardApp, boardId: string, queue: BoardQueue): Promise<void> {
  queue.running = true;
  try {
    while (queue.jobs.length) {
      const first = queue.jobs[0]!;
      if (first.kind === 'task') {
        queue.jobs.shift();
        await first.run();
        continue;
      }
      let n = 1;
      while (n < queue.jobs.length && n < MAX_BATCH && queue.jobs[n]!.kind === 'insert') n++;
      await insertBatch(app, boardId, queue.jobs.splice(0, n) as Array<Extract<Job, { kind: 'insert' }>>);
    }
  } finally {
    queue.running = false;
    if (!queue.jobs.length) queues.get(app.db)?.delete(boardId);
  }
}

async function insertBatch(app: BoardApp, boardId: string, batch: Array<Extract<Job, { kind: 'insert' }>>): Promise<void> {
  if (batch.length > 1) {
    try {
      const seqs = await insertCommands(app.db, boardId, batch);
      batch.forEach((job, i) => job.resolve(seqs[i]!));
      return;
    } catch {
      // Whatever failed the statement (a resend, a value the database refuses, anything), it
      // rolled back whole, counter included: the commands go again one by one, in order, so
      // only the one at fault fails and no command can fail another's.
    }
  }
  for (const job of batch)
    await insertCommand(app.db, boardId, job.command, job.shapeIds).then(job.resolve, (err) => job.reject(asInputError(err)));
}

/**
 * A command the database refuses for its content (SQLSTATE class 22, data exception: e.g. a
 * jsonb cast of a lone surrogate or a NUL, had one slipped past the input guard) is its
 * sender's 400, never a 500; every other error passes as it is.
 */
function asInputError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('22')) return badRequest(UNSTORABLE, { boardCommand: [UNSTORABLE] });
  return err;
}

export const UNSTORABLE = 'boardCommand holds a value that cannot be stored.';
