import type { Knex } from 'knex';
import { UUID_REGEX } from '../../shared/constants';
import type { Command, CommentShape } from '../../shared/model';
import { flattenCommand, isAddCommand } from '../../shared/reducer';
import type { Db } from '../db/index';
import { findThread, insertThread, linkThreadShape, setThreadsState } from './repo';

type Conn = Db | Knex.Transaction;

/**
 * Keeps comment threads in step with the comment shapes of the board's log: placing a comment
 * shape binds (or creates) its thread, removing it deletes the thread, `resolved` follows the
 * shape, and an undo/redo/clear applies its effect (the post-state of the shapes it touched).
 */
export async function syncCommentThreads(db: Conn, boardId: string, command: Command): Promise<void> {
  for (const c of flattenCommand(command)) {
    // the comment feature's own kind (a pin and its thread; also below): not a kind switch (shape-registry.test.ts)
    if (isAddCommand(c) && c.shape?.cmd === 'comment') {
      const shape = c.shape as CommentShape;
      if (typeof shape.threadId !== 'string' || !UUID_REGEX.test(shape.threadId)) continue;
      if (await findThread(db, boardId, shape.threadId)) await linkThreadShape(db, boardId, shape.threadId, shape.id, !!shape.resolved);
      else await insertThread(db, boardId, c.uid, shape.threadId, shape.id);
    } else if (c.cmd === 'remove') {
      await setThreadsState(db, boardId, c.shapes, { deleted: true });
    } else if (c.cmd === 'propertyModifier') {
      const resolved = (c.props ?? []).find((p) => p.name === 'resolved');
      if (resolved) await setThreadsState(db, boardId, c.shapes, { resolved: !!resolved.value });
    } else if ((c.cmd === 'undo' || c.cmd === 'clear') && c.effect) {
      await setThreadsState(db, boardId, c.effect.removed ?? [], { deleted: true });
      for (const shape of c.effect.shapes ?? []) {
        if (shape.cmd === 'comment') await setThreadsState(db, boardId, [shape.id], { deleted: false, resolved: !!shape.resolved });
      }
    }
  }
}
