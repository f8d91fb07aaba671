/**
 * Issue 26 item 5: authorization before idempotency. A stored command id is answered only after
 * the sender's rights are checked, and only to the sender who stored it: a Viewer re-sending an
 * Editor's command id gets the same 403 as a new command from a Viewer (over HTTP and the hub)
 * and learns no seq; an Editor re-using another member's command id is refused too; a chat
 * message id is answered only to its sender. (A sender's own retry after losing the right still
 * gets its answer: tests/api/idempotency.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { inviteMember, setSharing } from '../../platform/boards/sharing';
import { add, newBoard, rect, send, signedIn } from '../api/boards-fixtures';
import { hubSuite } from '../api/hub-suite';

const s = hubSuite();
const app = () => s.app();
const rows = (boardId: string) => s.p.db('commands').where({ board_id: boardId }).orderBy('seq');

async function boardWith() {
  const { code, id } = await newBoard(s.p, s.owner);
  await setSharing(app(), code, s.owner.actor, { link: 'NoAccess' });
  const editor = await signedIn(s.p, { name: 'Eddie' });
  const viewer = await signedIn(s.p, { name: 'Vera' });
  await inviteMember(app(), code, s.owner.actor, { email: editor.user!.username, memberRole: 'Editor' });
  await inviteMember(app(), code, s.owner.actor, { email: viewer.user!.username, memberRole: 'Viewer' });
  const c = add(editor.actor.uid, rect('e', editor.actor.uid));
  const first = await send(s.p, editor, code, c);
  expect(first.status).toBe(200);
  return { code, id, editor, viewer, c };
}

describe('authorization before idempotency: commands', () => {
  it("over HTTP, a Viewer re-sending an Editor's command id gets the 403 of a new command, without a seq", async () => {
    const { code, id, viewer, c } = await boardWith();
    const fresh = await send(s.p, viewer, code, add(viewer.actor.uid, rect('v', viewer.actor.uid)));
    expect(fresh.status).toBe(403);
    const replayed = await send(s.p, viewer, code, { ...c, uid: viewer.actor.uid });
    expect(replayed.status).toBe(403);
    expect(replayed.body).toEqual(fresh.body);
    expect(JSON.stringify(replayed.body)).not.toContain('"seq"');
    expect(await rows(id)).toHaveLength(1);
  });

  it("over the hub, a Viewer re-sending an Editor's command id gets the 403 of a new command, without a seq", async () => {
    const { code, id, viewer, c } = await boardWith();
    const hub = await s.connect(viewer);
    await hub.call('joinBoard', null, code, null, {});
    const fresh = await hub.fail('sendCommand', code, add(viewer.actor.uid, rect('v', viewer.actor.uid)));
    const replayed = await hub.fail('sendCommand', code, c);
    expect(fresh.statusCode).toBe(403);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.data).toEqual(fresh.data);
    expect(JSON.stringify(replayed.data ?? {})).not.toContain('"seq"');
    expect(await rows(id)).toHaveLength(1);
  });

  it("an Editor re-using another Editor's command id is refused (HTTP and hub) and nothing is stored", async () => {
    const { code, id, c } = await boardWith();
    const other = await signedIn(s.p, { name: 'Otto' });
    await inviteMember(app(), code, s.owner.actor, { email: other.user!.username, memberRole: 'Editor' });
    const replayed = await send(s.p, other, code, { ...c, uid: other.actor.uid });
    expect(replayed.status).toBe(403);
    expect(JSON.stringify(replayed.body)).not.toContain('"seq"');
    const hub = await s.connect(other);
    await hub.call('joinBoard', null, code, null, {});
    expect((await hub.fail('sendCommand', code, c)).statusCode).toBe(403);
    expect(await rows(id)).toHaveLength(1);
  });

  it("the Editor's own retry still answers its seq", async () => {
    const { code, editor, c } = await boardWith();
    const again = await send(s.p, editor, code, c);
    expect(again).toMatchObject({ status: 200, body: { id: c.id, seq: 1 } });
  });
});

describe('authorization before idempotency: chat messages', () => {
  it("a member re-sending another's message id is refused and the message stays the sender's", async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const other = await signedIn(s.p, { name: 'Otto' });
    const owner = await s.connect(s.owner);
    await owner.call('joinBoard', null, code, null, {});
    const hub = await s.connect(other);
    await hub.call('joinBoard', null, code, null, {});
    await owner.call('sendMessage', code, { id: 'msg-1', message: 'mine' });
    expect((await hub.fail('sendMessage', code, { id: 'msg-1', message: 'theirs' })).statusCode).toBe(403);
    const stored = await s.p.db('chat_messages').where({ board_id: id });
    expect(stored).toHaveLength(1);
    expect(stored[0].uid).toBe(s.owner.actor.uid);
  });
});
