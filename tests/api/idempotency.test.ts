/**
 * Idempotent retries (board.md §4 "Network send of commands": a send is retried up to 3 times):
 * the client command id is the key, whatever the path. commands.test.ts covers plain adds over
 * HTTP and the service (also concurrent); hub.test.ts a resend over the socket. Here: the commands
 * with side effects (undo flips a status, redo flips it back, clear carries an effect and an extra
 * event), concurrent retries of an undo, a retry on the other path (hub then HTTP), a retry whose
 * content changed, a retry after the sender lost the right to send it, and chat retries over the hub.
 * A retry answers the first answer (same seq), stores nothing new and publishes nothing new.
 */
import { describe, expect, it } from 'vitest';
import { appendCommand } from '../../platform/boards/service';
import { changeMemberRole, inviteMember, setSharing } from '../../platform/boards/sharing';
import type { Command } from '../../shared/model';
import { type HubClient, pause } from '../helpers/hub';
import { add, cid, clear, move, newBoard, rect, send, signedIn, undo, type Who } from './boards-fixtures';
import { boardState } from './board-state';
import { hubSuite } from './hub-suite';

const s = hubSuite();
const app = () => s.app();

const rows = (boardId: string) => s.p.db('commands').where({ board_id: boardId }).orderBy('seq');
const statusOf = async (boardId: string, clientId: string) =>
  (await s.p.db('commands').where({ board_id: boardId, client_id: clientId }).first())?.status;
const eventsFor = (code: string, from: number) =>
  s.published
    .slice(from)
    .filter((e) => e.code === code)
    .map((e) => e.message.event);

async function joined(who: Who, code: string): Promise<HubClient> {
  const c = await s.connect(who);
  await c.call('joinBoard', null, code, null, {});
  return c;
}

/** Sends `command` once, then `times` more times; every answer must be the first one. */
async function sendRetried(code: string, command: Command, times = 3) {
  const first = await send(s.p, s.owner, code, command);
  expect(first.status).toBe(200);
  for (let i = 0; i < times; i++) {
    const again = await send(s.p, s.owner, code, command);
    expect(again).toMatchObject({ status: 200, body: first.body });
  }
  return first.body as { id: string; seq: number };
}

describe('retries of commands with side effects', () => {
  it('a retried undo disables its target once: same seq, one row, no second event', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const a = add(s.owner.actor.uid, rect('a', s.owner.actor.uid));
    const m = move(s.owner.actor.uid, 'a', 10, 10);
    await send(s.p, s.owner, code, a);
    await send(s.p, s.owner, code, m);
    const u = undo(s.owner.actor.uid, m.id);
    const mark = s.published.length;
    const answer = await sendRetried(code, u);
    expect(answer.seq).toBe(3);
    expect(await rows(id)).toHaveLength(3);
    expect(await statusOf(id, m.id)).toBe('disabled');
    expect(eventsFor(code, mark)).toEqual(['onCommand']);
  });

  it('a retried redo re-enables once, and a retried undo after it does not disable again', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const a = add(s.owner.actor.uid, rect('a', s.owner.actor.uid));
    await send(s.p, s.owner, code, a);
    const u = undo(s.owner.actor.uid, a.id);
    await send(s.p, s.owner, code, u);
    const r = undo(s.owner.actor.uid, a.id, true);
    await sendRetried(code, r);
    expect(await statusOf(id, a.id)).toBe('normal');
    // the undo before it arrives again late (a retry that was in flight): it must not flip the status back
    expect((await send(s.p, s.owner, code, u)).body).toEqual({ id: u.id, seq: 2, effect: { shapes: [], removed: ['a'], z: {} } });
    expect(await statusOf(id, a.id)).toBe('normal');
    expect(await rows(id)).toHaveLength(3);
  });

  it('a retried clear is stored and announced once (onCommand and onClearBoard)', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    await send(s.p, s.owner, code, add(s.owner.actor.uid, rect('a', s.owner.actor.uid)));
    const c = clear(s.owner.actor.uid);
    const mark = s.published.length;
    const answer = await sendRetried(code, c);
    expect(answer.seq).toBe(2);
    expect(await rows(id)).toHaveLength(2);
    expect(eventsFor(code, mark)).toEqual(['onCommand', 'onClearBoard']);
  });

  it('concurrent retries of one undo: one row, one status flip, one answer seq', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const a = add(s.owner.actor.uid, rect('a', s.owner.actor.uid));
    await appendCommand(app(), code, s.owner.actor, a);
    const u = undo(s.owner.actor.uid, a.id);
    const results = await Promise.all(Array.from({ length: 6 }, () => appendCommand(app(), code, s.owner.actor, u)));
    expect(new Set(results.map((r) => r.command.seq))).toEqual(new Set([2]));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await rows(id)).toHaveLength(2);
    expect(await statusOf(id, a.id)).toBe('disabled');
    expect(Number((await s.p.db('boards').where({ id }).first()).last_seq)).toBe(2);
  });

  it('a retried commandSet is one row', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const uid = s.owner.actor.uid;
    const set = {
      id: cid(),
      uid,
      status: 'normal',
      timestamp: Date.now(),
      cmd: 'commandSet',
      commands: [add(uid, rect('s1', uid)), add(uid, rect('s2', uid))],
    } as Command;
    await sendRetried(code, set);
    expect((await rows(id)).map((r) => r.client_id)).toEqual([set.id]);
  });
});

describe('retries across paths and changes', () => {
  it('a command sent over the hub and retried over HTTP (the send queue falls back) is the same command', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const hub = await joined(s.owner, code);
    const c = add(s.owner.actor.uid, rect('h', s.owner.actor.uid));
    const viaHub = await hub.call('sendCommand', code, c);
    expect((await send(s.p, s.owner, code, c)).body).toEqual({ id: c.id, seq: viaHub.seq });
    expect(await hub.call('sendCommand', code, c)).toEqual({ id: c.id, seq: viaHub.seq, duplicate: true });
    expect(await rows(id)).toHaveLength(1);
  });

  it('a retry whose content changed answers the stored command and keeps it as first stored', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const c = add(s.owner.actor.uid, rect('r', s.owner.actor.uid, 1, 1));
    const first = await send(s.p, s.owner, code, c);
    const changed = { ...c, shape: { ...(c as { shape: object }).shape, x: 999 } } as Command;
    expect((await send(s.p, s.owner, code, changed)).body).toEqual(first.body);
    const stored = await rows(id);
    expect(stored).toHaveLength(1);
    expect(stored[0].payload.shape.x).toBe(1);
  });

  it('a retry after the sender lost the right still gets its answer; a new command is refused', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    await setSharing(app(), code, s.owner.actor, { link: 'NoAccess' });
    const editor = await signedIn(s.p, { name: 'Eddie' });
    const member = await inviteMember(app(), code, s.owner.actor, { email: editor.user!.username, memberRole: 'Editor' });
    const c = add(editor.actor.uid, rect('e', editor.actor.uid));
    const first = await send(s.p, editor, code, c);
    expect(first.status).toBe(200);
    await changeMemberRole(app(), code, s.owner.actor, member.id, 'Viewer');
    expect((await send(s.p, editor, code, c)).body).toEqual(first.body);
    expect((await send(s.p, editor, code, add(editor.actor.uid, rect('e2', editor.actor.uid)))).status).toBe(403);
    expect(await rows(id)).toHaveLength(1);
  });

  it('a command id used on one board is a new command on another', async () => {
    const b1 = await newBoard(s.p, s.owner);
    const b2 = await newBoard(s.p, s.owner);
    const c = add(s.owner.actor.uid, rect('x', s.owner.actor.uid));
    expect((await send(s.p, s.owner, b1.code, c)).body.seq).toBe(1);
    await send(s.p, s.owner, b2.code, add(s.owner.actor.uid, rect('y', s.owner.actor.uid)));
    expect((await send(s.p, s.owner, b2.code, c)).body.seq).toBe(2);
  });

  it('a refused command that is retried stays refused and unstored', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    await setSharing(app(), code, s.owner.actor, { link: 'Viewer' });
    const viewer = await signedIn(s.p);
    const c = add(viewer.actor.uid, rect('v', viewer.actor.uid));
    const before = await boardState(s.p.db, id);
    for (let i = 0; i < 3; i++) expect((await send(s.p, viewer, code, c)).status).toBe(403);
    expect(await boardState(s.p.db, id)).toEqual(before);
  });
});

describe('chat retries over the hub', () => {
  it('the same message id sent again answers the stored message; the others hear it once', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const other = await signedIn(s.p, { name: 'Otto' });
    const sender = await joined(s.owner, code);
    const listener = await joined(other, code);
    const first = await sender.call('sendMessage', code, { id: 'retry-1', message: 'hello' });
    const again = await sender.call('sendMessage', code, { id: 'retry-1', message: 'hello' });
    expect(again).toEqual(first);
    await listener.waitFor('onMessageReceived');
    await pause(150);
    expect(listener.received('onMessageReceived')).toHaveLength(1);
    expect(await s.p.db('chat_messages').where({ board_id: id })).toHaveLength(1);
  });
});
