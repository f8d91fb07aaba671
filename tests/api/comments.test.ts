import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment, deleteComment } from '../../platform/comments/service';
import { appendCommand } from '../../platform/boards/service';
import type { BoardMessage } from '../../platform/realtime/bus';
import type { Command, Shape } from '../../shared/model';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, cid, guest, newBoard, remove, signedIn, undo, type Who } from './boards-fixtures';

/** Comment threads: the hub's addComment/deleteComment rules, the thread list, seen marks, comment shapes. */
describe('board comments', () => {
  let p: TestPlatform;
  let ann: Who;
  let bob: Who;
  const published: Array<{ code: string; message: BoardMessage }> = [];
  beforeAll(async () => {
    p = await startTestPlatform();
    ann = await signedIn(p, { name: 'Ann' });
    bob = await signedIn(p, { name: 'Bob' });
    p.server.app.bus.subscribe((code, message) => published.push({ code, message }));
  });
  afterAll(() => p.stop());
  const app = () => p.server.app;
  const threads = async (code: string, who: Who) => (await call(p, who, 'GET', `/api/boards/${code}/comments/`)).body;

  it('creates a thread with the first comment and adds to it after', async () => {
    const { code } = await newBoard(p, ann);
    const first = await addComment(app(), code, ann.actor, '  first note  ', null, { connectionId: 'c1' });
    expect(first).toMatchObject({ createdThreadId: expect.any(String), id: expect.any(String), date: expect.any(String) });
    const threadId = first.createdThreadId!;
    const second = await addComment(app(), code, bob.actor, 'reply', threadId);
    expect(second.createdThreadId).toBeNull();
    const added = published.filter((e) => e.code === code && e.message.event === 'commentAdded').map((e) => e.message);
    expect(added[0]).toMatchObject({ except: 'c1', data: { id: first.id, message: 'first note', displayName: 'Ann', profileImage: null, threadId, newThread: true } });
    expect(added[1]!.data).toMatchObject({ threadId, newThread: false, displayName: 'Bob' });
    const list = await threads(code, ann);
    expect(list).toEqual([
      {
        threadId,
        shapeId: null,
        resolved: false,
        deleted: false,
        comments: [
          expect.objectContaining({ id: first.id, message: 'first note', name: 'Ann', seen: true, uid: ann.actor.uid }),
          expect.objectContaining({ id: second.id, message: 'reply', name: 'Bob', seen: false }),
        ],
      },
    ]);
  });

  it('accepts a thread id chosen by the client for a new thread', async () => {
    const { code } = await newBoard(p, ann);
    const threadId = crypto.randomUUID();
    const res = await addComment(app(), code, ann.actor, 'hi', threadId);
    expect(res.createdThreadId).toBe(threadId);
    const other = await newBoard(p, bob);
    await expect(addComment(app(), other.code, bob.actor, 'hijack', threadId)).rejects.toMatchObject({ output: { statusCode: 404 } });
    await expect(addComment(app(), code, ann.actor, 'x', 'not-a-uuid')).rejects.toMatchObject({ output: { statusCode: 404 } });
  });

  it('refuses empty and over-long comments', async () => {
    const { code } = await newBoard(p, ann);
    await expect(addComment(app(), code, ann.actor, '   ')).rejects.toMatchObject({ output: { statusCode: 400, payload: { errors: { message: ['Comment is empty.'] } } } });
    await expect(addComment(app(), code, ann.actor, 'x'.repeat(2001))).rejects.toMatchObject({ output: { statusCode: 400 } });
    expect((await addComment(app(), code, ann.actor, ` ${'x'.repeat(2000)} `)).id).toEqual(expect.any(String));
  });

  it('marks a thread seen for the caller', async () => {
    const { code } = await newBoard(p, ann);
    const { createdThreadId } = await addComment(app(), code, bob.actor, 'look');
    expect((await threads(code, ann))[0].comments[0].seen).toBe(false);
    const res = await call(p, ann, 'POST', `/api/boards/${code}/comments/${createdThreadId}/mark`, {});
    expect(res.status).toBe(204);
    expect((await threads(code, ann))[0].comments[0].seen).toBe(true);
    expect((await call(p, ann, 'POST', `/api/boards/${code}/comments/${crypto.randomUUID()}/mark`, {})).status).toBe(404);
  });

  it('deletes a comment by its author or the owner, only while the thread has more than one', async () => {
    const { code } = await newBoard(p, ann);
    const g = guest();
    const { createdThreadId: threadId, id: onlyId } = await addComment(app(), code, g.actor, 'guest note');
    await expect(deleteComment(app(), code, g.actor, threadId!, onlyId)).rejects.toMatchObject({ output: { statusCode: 400 } });
    const bobs = await addComment(app(), code, bob.actor, 'bob reply', threadId);
    await expect(deleteComment(app(), code, g.actor, threadId!, bobs.id)).rejects.toMatchObject({ output: { statusCode: 403 } });
    expect(await deleteComment(app(), code, bob.actor, threadId!, bobs.id, { connectionId: 'x' })).toEqual({ threadId, id: bobs.id });
    expect(published.filter((e) => e.code === code && e.message.event === 'commentRemoved').at(-1)!.message).toEqual({
      event: 'commentRemoved',
      data: { threadId, id: bobs.id },
      except: 'x',
    });
    const again = await addComment(app(), code, bob.actor, 'another', threadId);
    // the owner deletes someone else's comment
    await deleteComment(app(), code, ann.actor, threadId!, onlyId);
    expect((await threads(code, ann))[0].comments.map((c: { id: string }) => c.id)).toEqual([again.id]);
    await expect(deleteComment(app(), code, ann.actor, threadId!, crypto.randomUUID())).rejects.toMatchObject({ output: { statusCode: 404 } });
  });

  it('keeps threads in step with their comment shapes (place, resolve, remove, undo)', async () => {
    const { code } = await newBoard(p, ann);
    const { createdThreadId: threadId } = await addComment(app(), code, ann.actor, 'pin');
    const shape = { id: 'pin1', cmd: 'comment', uid: ann.actor.uid, timestamp: 1, x: 5, y: 5, threadId, color: 6, resolved: false } as Shape;
    await appendCommand(app(), code, ann.actor, add(ann.actor.uid, shape));
    expect((await threads(code, ann))[0]).toMatchObject({ threadId, shapeId: 'pin1', resolved: false, deleted: false });
    const resolve = { id: cid(), uid: ann.actor.uid, status: 'normal', timestamp: 1, cmd: 'propertyModifier', shapes: ['pin1'], props: [{ name: 'resolved', value: true }] } as Command;
    await appendCommand(app(), code, ann.actor, resolve);
    expect((await threads(code, ann))[0]).toMatchObject({ resolved: true, deleted: false });
    const rm = remove(ann.actor.uid, ['pin1']);
    await appendCommand(app(), code, ann.actor, rm);
    expect((await threads(code, ann))[0]).toMatchObject({ deleted: true });
    await appendCommand(app(), code, ann.actor, undo(ann.actor.uid, rm.id));
    expect((await threads(code, ann))[0]).toMatchObject({ deleted: false, resolved: true });
    // a comment shape placed with a new thread id opens that thread
    const fresh = crypto.randomUUID();
    await appendCommand(app(), code, ann.actor, add(ann.actor.uid, { ...shape, id: 'pin2', threadId: fresh } as Shape));
    expect((await threads(code, ann)).find((t: { threadId: string }) => t.threadId === fresh)).toMatchObject({ shapeId: 'pin2', comments: [] });
  });

  it('keeps comments from anyone without access and from Viewers writing', async () => {
    const { code } = await newBoard(p, ann);
    await addComment(app(), code, ann.actor, 'private');
    await p.db('boards').where({ code }).update({ link_level: 'Viewer' });
    const viewer = guest();
    expect((await call(p, viewer, 'GET', `/api/boards/${code}/comments`)).status).toBe(200);
    await expect(addComment(app(), code, viewer.actor, 'no')).rejects.toMatchObject({ output: { statusCode: 403 } });
    await p.db('boards').where({ code }).update({ link_level: 'NoAccess' });
    expect((await call(p, viewer, 'GET', `/api/boards/${code}/comments`)).status).toBe(403);
    expect((await call(p, bob, 'GET', `/api/boards/${code}/comments`)).status).toBe(403);
  });
});
