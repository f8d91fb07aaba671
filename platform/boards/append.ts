import { performance } from 'node:perf_hooks';
import Boom from '@hapi/boom';
import type { Knex } from 'knex';
import type { AddCommand, ClearCommand, Command, CommandEffect, UndoCommand } from '../../shared/model';
import { can, canClearBoard, canUnprotect, isOwnerOrFacilitator } from '../../shared/permissions';
import { BoardDoc, computeEffect, flattenCommand, isAddCommand, touchedShapes } from '../../shared/reducer';
import { kindGeometry } from '../../shared/geometry';
import { MESSAGES } from '../../shared/messages';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { isUniqueViolation } from '../users/api';
import { commentShapeIds, syncCommentThreads } from '../comments/api';
import { getBoardAccess, UNAUTHORIZED_ACCESS, type BoardAccess, type BoardApp } from './access';
import { isBlurryOn, isPrivateModeOn } from './config';
import {
  boardWide,
  commandsBetween,
  findCommandByClientId,
  insertCommandAt,
  lockNextSeq,
  setCommandStatus,
  shapeCreators,
  shapeHistory,
  type StoredCommand,
} from './log';
import { queueInsert, queueTask } from './append-queue';
import { appended } from './appended';
import { parseCommand } from './command-schema';
import { boardStateAt, scheduleSnapshot } from './snapshots';
import { addedShapeIds, admitShapes, checkCommandSize } from './caps';
import { checkCommandPolicies } from './policy-gate';
import { isRestricted, NO_OWNERS, ownersFor, visibleCommand, commandForViewer, type HiddenCommand, type Owners } from './visibility';

export const PROTECTED_SHAPES = MESSAGES.unlockProtected;
export const PRIVATE_MODE_HINT = MESSAGES.privateModeHint;
export const UNKNOWN_REF = 'The command to undo does not exist on this board.';
export const NOT_OWN_COMMAND = 'Only your own commands can be undone or redone.';

/** The author of a command (and of its sub-commands and new shapes) is whoever sends it. */
function stamp(command: Command, uid: string): Command {
  const c = { ...command, uid } as Command;
  if (c.cmd === 'commandSet') c.commands = (c.commands ?? []).map((sub) => stamp(sub, uid));
  else if (isAddCommand(c) && c.shape) (c as AddCommand).shape = { ...c.shape, uid };
  return c;
}

class Duplicate extends Error {
  constructor(readonly stored: StoredCommand) {
    super('duplicate command');
  }
}

/**
 * Who may append what (board.md §4, §6): shape edits need edit_board — except comment shapes,
 * which need write_comment; clear needs Owner or Facilitator; undo/redo only of one's own
 * command; in private mode non-owners and non-facilitators only touch their own shapes;
 * a protected shape is unlocked only by Owner, Facilitator or its protector; a feature the
 * sender's plan does not allow is refused (./policy-gate.ts).
 */
async function authorize(app: BoardApp, access: BoardAccess, actor: Actor, command: Command): Promise<void> {
  const { board, role } = access;
  const parts = flattenCommand(command);
  const forbid = (message: string = UNAUTHORIZED_ACCESS) => {
    throw Boom.forbidden(message);
  };
  if (parts.some((c) => c.cmd === 'clear') && !canClearBoard(role)) forbid();
  if (parts.some((c) => c.cmd === 'undo') && !can(role, 'edit_board')) forbid();
  const shapeIds = [...new Set(parts.flatMap((c) => touchedShapes(c)))];
  if (!can(role, 'edit_board')) {
    // a commenter: only comment shapes (adding them, and changing or removing existing ones)
    if (!can(role, 'write_comment')) forbid();
    const adds = parts.filter(isAddCommand) as AddCommand[];
    if (adds.some((c) => !kindGeometry(c.cmd)?.commenterWritable || c.shape?.cmd !== c.cmd)) forbid();
    const added = new Set(adds.map((c) => c.shape.id));
    const existing = shapeIds.filter((id) => !added.has(id));
    const comments = await commentShapeIds(app.db, board.id, existing);
    if (existing.some((id) => !comments.has(id))) forbid();
  }
  if (isPrivateModeOn(board.board_config) && !isOwnerOrFacilitator(role) && shapeIds.length) {
    const creators = await shapeCreators(app.db, board.id, shapeIds);
    if ([...creators.values()].some((uid) => uid !== actor.uid)) forbid(PRIVATE_MODE_HINT);
  }
  const locks = parts.filter((c) => c.cmd === 'lock');
  if (locks.length && !isOwnerOrFacilitator(role)) {
    const ids = [...new Set(locks.flatMap((c) => touchedShapes(c)))];
    const state = await shapesNow(app.db, board.id, ids);
    for (const id of ids) {
      const shape = state.get(id);
      if (shape && !canUnprotect(role, actor.uid, shape)) forbid(PROTECTED_SHAPES);
    }
  }
  // the sender's plan: frames, comments, protect, rotation… (./policy-gate.ts)
  await checkCommandPolicies(app, access, actor, command);
}

/** The current state of a few shapes, folded from their history (statuses as they are now). */
async function shapesNow(db: Knex | Knex.Transaction, boardId: string, ids: string[]) {
  const doc = new BoardDoc();
  for (const { command } of await shapeHistory(db, boardId, ids, Number.MAX_SAFE_INTEGER)) if (command.cmd !== 'undo') doc.apply(command);
  return new Map(ids.map((id) => [id, doc.get(id)] as const));
}

/**
 * Appends an undo/redo or a clear with its `effect`, computed under the board's counter-row
 * lock so the history it reads is exactly the log before its seq:
 *  - undo/redo: from the full history of the shapes the target touches (shared/reducer
 *    computeEffect); the target's status is flipped in the same transaction;
 *  - clear: every shape alive before it is removed (from the latest snapshot and its tail).
 */
async function appendWithEffect(
  app: BoardApp,
  boardId: string,
  command: UndoCommand | ClearCommand,
): Promise<{ seq: number; command: Command }> {
  return app.db.transaction(async (trx) => {
    const seq = await lockNextSeq(trx, boardId);
    const dup = await findCommandByClientId(trx, boardId, command.id);
    if (dup) throw new Duplicate(dup);
    let effect: CommandEffect;
    let filedUnder: string[];
    if (command.cmd === 'clear') {
      const doc = await boardStateAt(trx, boardId, seq - 1);
      effect = { shapes: [], removed: doc.ordered().map((s) => s.id) };
      filedUnder = [boardWide(boardId)];
    } else {
      const ref = await findCommandByClientId(trx, boardId, command.ref);
      if (!ref) throw badRequest(UNKNOWN_REF, { ref: [UNKNOWN_REF] });
      if (ref.command.uid !== command.uid || ref.command.cmd === 'undo') throw Boom.forbidden(NOT_OWN_COMMAND);
      const history =
        ref.command.cmd === 'clear'
          ? await commandsBetween(trx, boardId, 0, seq - 1, { currentStatus: true })
          : await shapeHistory(trx, boardId, touchedShapes(ref.command), seq);
      effect = computeEffect(
        history.map((h) => h.command),
        { ...command, seq },
      );
      // shapes an undo/redo brings back count against the board's shape cap (./caps.ts)
      await admitShapes(
        app,
        { id: boardId },
        command.id,
        effect.shapes.map((s) => s.id),
        trx,
      );
      await setCommandStatus(trx, boardId, ref.seq, command.type === 'redo' ? 'normal' : 'disabled');
      filedUnder = ref.command.cmd === 'clear' ? [boardWide(boardId)] : touchedShapes(ref.command);
    }
    const stored = { ...command, effect } as Command;
    await insertCommandAt(trx, boardId, seq, stored, filedUnder);
    return { seq, command: { ...stored, seq } };
  });
}

/**
 * The one way a command enters a board's log (HTTP POST …/commands and the hub's sendCommand):
 * validated (400 envelope, nothing stored), authorized (403), then idempotent per client command id
 * (a retried send gets the stored command back with `duplicate: true` — only the sender who stored
 * it; anyone else gets the 403 of a refused command), numbered by the board's
 * counter in the insert's own statement/transaction (group commit per board: append-queue.ts), then published to the board (onCommand,
 * and onClearBoard for a clear) except to the sender's connection.
 */
export async function appendCommand(
  app: BoardApp,
  code: string,
  actorOrNull: Actor | null,
  input: unknown,
  opts: { connectionId?: string } = {},
): Promise<{ command: Command; duplicate: boolean }> {
  const arrivedAt = performance.now();
  // the per-command size cap (./caps.ts), before anything is read for it
  checkCommandSize(app, input);
  const access = await getBoardAccess(app, code, actorOrNull, { cached: true });
  const actor = actorOrNull!;
  const command = stamp(parseCommand(input), actor.uid);
  const boardId = access.board.id;

  const privateMode = isPrivateModeOn(access.board.board_config);
  // private mode: what the sender is answered is filtered like what they receive (an undo's effect)
  const filterAnswer = isRestricted(privateMode, access.role);
  const answer = async (c: Command): Promise<Command> =>
    c.cmd === 'undo'
      ? (visibleCommand(
          c,
          actor.uid,
          await ownersFor(app.db, boardId, [c]).catch(() => NO_OWNERS),
          isBlurryOn(access.board.board_config),
        ) ?? c)
      : c;
  // Authorization before idempotency (docs/security.md "Idempotency after authorization"): a stored
  // command is answered only to the sender who stored it, and only after the sender's rights are
  // checked — a refused sender learns nothing of another's command id or seq (the same 403 as a
  // new command); a command id already used by another sender is refused the same way.
  const replay = async (known: StoredCommand): Promise<{ command: Command; duplicate: true }> => {
    if (known.command.uid !== actor.uid) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
    return { command: filterAnswer ? await answer(known.command) : known.command, duplicate: true };
  };
  try {
    await authorize(app, access, actor, command);
  } catch (err) {
    // a retry of the sender's own command, stored before its rights changed, still gets its answer
    const known = await findCommandByClientId(app.db, boardId, command.id);
    if (known && known.command.uid === actor.uid) return replay(known);
    throw err;
  }
  // the board's live-shape cap (./caps.ts): a counter check, an exact count only near the cap
  await admitShapes(app, access.board, command.id, addedShapeIds(command));

  let stored: Command;
  try {
    if (command.cmd === 'undo' || command.cmd === 'clear') {
      stored = (await queueTask(app, boardId, () => appendWithEffect(app, boardId, command))).command;
    } else {
      const seq = await queueInsert(app, boardId, command, touchedShapes(command));
      stored = { ...command, seq };
    }
  } catch (err) {
    if (err instanceof Duplicate) return replay(err.stored);
    if (isUniqueViolation(err)) {
      const again = await findCommandByClientId(app.db, boardId, command.id);
      if (again) return replay(again);
    }
    throw err;
  }

  await syncCommentThreads(app.db, boardId, stored);
  // private mode: the hub filters per member with the creators of the shapes the command touches
  // (a restricted sender touches only its own shapes: nothing to resolve unless it is an undo, or
  // the blurry variant shows them to the others blurred, which needs their kinds)
  // (a failed read publishes without them: the hub then hides rather than reveals)
  const owners: Owners | undefined = privateMode
    ? filterAnswer && stored.cmd !== 'undo' && !isBlurryOn(access.board.board_config)
      ? NO_OWNERS
      : await ownersFor(app.db, boardId, [stored]).catch((err: unknown) => {
          app.logger.warn({ err, boardId }, 'private mode: reading shape creators failed');
          return NO_OWNERS;
        })
    : undefined;
  await app.bus.publish(access.board.code, { event: 'onCommand', data: stored, except: opts.connectionId, ...(owners ? { owners } : {}) });
  if (stored.cmd === 'clear')
    await app.bus.publish(access.board.code, {
      event: 'onClearBoard',
      data: { seq: stored.seq, uid: stored.uid },
      except: opts.connectionId,
    });
  // metrics (platform/metrics): one more command, and its arrival → local publish time
  app.metrics?.commandAppended((performance.now() - arrivedAt) / 1000);
  // usage counts (./appended.ts: observers only note it)
  appended(app, stored, actor);
  scheduleSnapshot(app, boardId, stored.seq!);
  return { command: filterAnswer ? await answer(stored) : stored, duplicate: false };
}

/**
 * Catch-up on reconnect and gap fill: the commands after `afterSeq`, in order — as `actor` may
 * receive them (private mode: ./visibility.ts, `{ seq, hidden: true }` in the place of the others').
 */
export async function commandsSince(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  afterSeq: number,
): Promise<Array<Command | HiddenCommand>> {
  const access = await getBoardAccess(app, code, actor);
  const commands = (await commandsBetween(app.db, access.board.id, Math.max(0, afterSeq))).map((s) => s.command);
  if (!isRestricted(isPrivateModeOn(access.board.board_config), access.role)) return commands;
  const owners = await ownersFor(app.db, access.board.id, commands, actor!.uid);
  const blurry = isBlurryOn(access.board.board_config);
  return commands.map((c) => commandForViewer(c, actor!.uid, owners, blurry));
}

/**
 * The hub's room-wide reads (gap fill, catch-up after a bus outage): the commands after
 * `afterSeq` as stored, and, when the board is in private mode, the creators of the shapes they
 * touch (the hub filters them per member as it does live commands).
 */
export async function logSince(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  afterSeq: number,
): Promise<{ commands: Command[]; owners?: Owners }> {
  const access = await getBoardAccess(app, code, actor);
  const commands = (await commandsBetween(app.db, access.board.id, Math.max(0, afterSeq))).map((s) => s.command);
  if (!isPrivateModeOn(access.board.board_config)) return { commands };
  return { commands, owners: await ownersFor(app.db, access.board.id, commands) };
}
