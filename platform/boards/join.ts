import { Readable } from 'node:stream';
import type { Actor } from '../core/actor';
import type { BoardSnapshot } from '../../shared/reducer';
import { getBoardAccess, type BoardApp } from './access';
import { isBlurryOn, isPrivateModeOn } from './config';
import { commandsBetween, commandTextsAfter } from './log';
import { describeBoard } from './service';
import { latestSnapshotText } from './snapshots';
import { commandForViewer, isRestricted, ownersFor, visibleSnapshot } from './visibility';

/**
 * When a reconnecting client is further behind than this and a snapshot is newer than its seq,
 * it gets the snapshot (a fresh baseline) instead of the whole missed history.
 */
export const CATCH_UP_MAX = 5000;

export interface JoinBody {
  stream: Readable;
  /** exact byte length of the body (the content-length the client computes progress from) */
  length: number;
  lastSeq: number;
}

/**
 * GET /api/boards/{code}/commands: `{ board, snapshot, commands, lastSeq }` — the latest
 * snapshot (reducer state at its seq) and the commands after it, so opening a board costs the
 * size of the board, not of its history. With `after`: only the commands after that seq (gap
 * fill, reconnect); a client too far behind a snapshot gets the snapshot as a new baseline.
 * The snapshot and the commands are sent as stored JSON text: nothing is parsed on this path —
 * except for a member private mode restricts (./visibility.ts): they get only their own shapes,
 * `{ seq, hidden: true }` in the place of commands they may not see, and `"restricted": true`
 * (blurry variant: also others' texts and sticky notes, blurred, and `"blurry": true`).
 */
export async function boardJoin(app: BoardApp, code: string, actor: Actor | null, after: number | null): Promise<JoinBody> {
  const parts: Buffer[] = [];
  const push = (text: string) => parts.push(Buffer.from(text, 'utf8'));
  let boardId: string;
  let snapshotSeq = 0;
  let restricted: boolean;
  let blurry: boolean;
  if (after === null) {
    const info = await describeBoard(app, code, actor);
    boardId = info.boardId;
    restricted = isRestricted(isPrivateModeOn(info.boardConfig), info.claims.role);
    blurry = isBlurryOn(info.boardConfig);
    push(`{"board":${JSON.stringify(info)},`);
  } else {
    const access = await getBoardAccess(app, code, actor);
    boardId = access.board.id;
    restricted = isRestricted(isPrivateModeOn(access.board.board_config), access.role);
    blurry = isBlurryOn(access.board.board_config);
    push('{');
  }
  if (restricted) return restrictedJoin(app, boardId, actor!.uid, blurry, after, parts, push);
  let snapshot: { seq: number; text: string } | undefined;
  if (after === null) snapshot = await latestSnapshotText(app.db, boardId);
  else {
    const candidate = await latestSnapshotText(app.db, boardId, { newerThan: after + CATCH_UP_MAX });
    if (candidate) snapshot = candidate;
  }
  if (snapshot) snapshotSeq = snapshot.seq;
  push(`"snapshot":${snapshot ? snapshot.text : 'null'},"snapshotSeq":${snapshotSeq},"commands":[`);
  const commands = await commandTextsAfter(app.db, boardId, snapshot ? snapshot.seq : (after ?? 0));
  let lastSeq = snapshot ? snapshot.seq : (after ?? 0);
  for (let i = 0; i < commands.length; i++) push(i === 0 ? commands[i]! : `,${commands[i]}`);
  if (commands.length) lastSeq = Number(/^\{"seq":(\d+)/.exec(commands[commands.length - 1]!)![1]);
  push(`],"lastSeq":${lastSeq}}`);
  const length = parts.reduce((n, b) => n + b.length, 0);
  return { stream: Readable.from(parts, { objectMode: false }), length, lastSeq };
}

/** The join body of a member private mode restricts: parsed, filtered for them, serialized again. */
async function restrictedJoin(
  app: BoardApp,
  boardId: string,
  viewer: string,
  blurry: boolean,
  after: number | null,
  parts: Buffer[],
  push: (text: string) => void,
): Promise<JoinBody> {
  const snapshot =
    after === null
      ? await latestSnapshotText(app.db, boardId)
      : await latestSnapshotText(app.db, boardId, { newerThan: after + CATCH_UP_MAX });
  const from = snapshot ? snapshot.seq : (after ?? 0);
  const visible = snapshot ? visibleSnapshot(JSON.parse(snapshot.text) as BoardSnapshot, viewer, blurry) : null;
  push(`"snapshot":${visible ? JSON.stringify(visible) : 'null'},"snapshotSeq":${snapshot?.seq ?? 0},"commands":[`);
  const commands = (await commandsBetween(app.db, boardId, from)).map((s) => s.command);
  const owners = await ownersFor(app.db, boardId, commands, viewer);
  for (let i = 0; i < commands.length; i++)
    push(`${i ? ',' : ''}${JSON.stringify(commandForViewer(commands[i]!, viewer, owners, blurry))}`);
  const lastSeq = commands.length ? commands[commands.length - 1]!.seq! : from;
  push(`],"lastSeq":${lastSeq},"restricted":true${blurry ? ',"blurry":true' : ''}}`);
  const length = parts.reduce((n, b) => n + b.length, 0);
  return { stream: Readable.from(parts, { objectMode: false }), length, lastSeq };
}
