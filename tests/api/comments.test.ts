import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addComment, deleteComment } from '../../platform/comments/service';
import { appendCommand } from '../../platform/boards/service';
import type { Command, Shape } from '../../shared/model';
import { add, boardsSuite, call, cid, guest, newBoard, remove, undo, type Who } from './boards-fixtures';

/** Comment threads: the hub's addComment/deleteComment rules, the thread list, seen marks, comment shapes. */
describe('board comments', () => {
  const s = boardsSuite({ ann: { name: 'Ann', plan: 'team' }, bob: { name: 'Bob' } });
  const threads = async (code: string, who: Who) => (await call(s.p, who, 'GET', `/api/boards/${code}/comments/`)).body;

  it('creates a thread with the first comment and adds to it after', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const first = await addComment(s.app(), code, s.ann.actor, '  first note  ', null, { connectionId: 'c1' });
    expect(first).toMatchObject({ createdThreadId: expect.any(String), id: expect.any(String), date: expect.any(String) });
    const threadId = first.createdThreadId!;
    const second = await addComment(s.app(), code, s.bob.actor, 'reply', threadId);
    expect(second.createdThreadId).toBeNull();
    const added = s.events(code, 'commentAdded');
    expect(added[0]).toMatchObject({
      except: 'c1',
      data: { id: first.id, message: 'first note', displayName: 'Ann', profileImage: null, threadId, newThread: true },
    });
    expect(added[1]!.data).toMatchObject({ threadId, newThread: false, displayName: 'Bob' });
    const list = await threads(code, s.ann);
    expect(list).toEqual([
      {
        threadId,
        shapeId: null,
        resolved: false,
        deleted: false,
        comments: [
          expect.objectContaining({ id: first.id, message: 'first note', name: 'Ann', seen: true, uid: s.ann.actor.uid }),
          expect.objectContaining({ id: second.id, message: 'reply', name: 'Bob', seen: false }),
        ],
      },
    ]);
  });

  it('accepts a thread id chosen by the client for a new thread', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const threadId = crypto.randomUUID();
    const res = await addComment(s.app(), code, s.ann.actor, 'hi', threadId);
    expect(res.createdThreadId).toBe(threadId);
    const other = await newBoard(s.p, s.bob);
    await expect(addComment(s.app(), other.code, s.bob.actor, 'hijack', threadId)).rejects.toMatchObject({ output: { statusCode: 404 } });
    await expect(addComment(s.app(), code, s.ann.actor, 'x', 'not-a-uuid')).rejects.toMatchObject({ output: { statusCode: 404 } });
  });

  it('refuses empty and over-long comments', async () => {
    const { code } = await newBoard(s.p, s.ann);
    await expect(addComment(s.app(), code, s.ann.actor, '   ')).rejects.toMatchObject({
      output: { statusCode: 400, payload: { errors: { message: ['Comment is empty.'] } } },
    });
    await expect(addComment(s.app(), code, s.ann.actor, 'x'.repeat(2001))).rejects.toMatchObject({ output: { statusCode: 400 } });
    expect((await addComment(s.app(), code, s.ann.actor, ` ${'x'.repeat(2000)} `)).id).toEqual(expect.any(String));
  });

  it('marks a thread seen for the caller', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const { createdThreadId } = await addComment(s.app(), code, s.bob.actor, 'look');
    expect((await threads(code, s.ann))[0].comments[0].seen).toBe(false);
    const res = await call(s.p, s.ann, 'POST', `/api/boards/${code}/comments/${createdThreadId}/mark`, {});
    expect(res.status).toBe(204);
    expect((await threads(code, s.ann))[0].comments[0].seen).toBe(true);
    expect((await call(s.p, s.ann, 'POST', `/api/boards/${code}/comments/${crypto.randomUUID()}/mark`, {})).status).toBe(404);
  });

  it('deletes a comment by its author or the owner, only while the thread has more than one', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const g = guest();
    const { createdThreadId: threadId, id: onlyId } = await addComment(s.app(), code, g.actor, 'guest note');
    await expect(deleteComment(s.app(), code, g.actor, threadId!, onlyId)).rejects.toMatchObject({ output: { statusCode: 400 } });
    const bobs = await addComment(s.app(), code, s.bob.actor, 'bob reply', threadId);
    await expect(deleteComment(s.app(), code, g.actor, threadId!, bobs.id)).rejects.toMatchObject({ output: { statusCode: 403 } });
    expect(await deleteComment(s.app(), code, s.bob.actor, threadId!, bobs.id, { connectionId: 'x' })).toEqual({ threadId, id: bobs.id });
    expect(s.events(code, 'commentRemoved').at(-1)).toEqual({
      event: 'commentRemoved',
      data: { threadId, id: bobs.id },
      except: 'x',
    });
    const again = await addComment(s.app(), code, s.bob.actor, 'another', threadId);
    // the owner deletes someone else's comment
    await deleteComment(s.app(), code, s.ann.actor, threadId!, onlyId);
    expect((await threads(code, s.ann))[0].comments.map((c: { id: string }) => c.id)).toEqual([again.id]);
    await expect(deleteComment(s.app(), code, s.ann.actor, threadId!, crypto.randomUUID())).rejects.toMatchObject({
      output: { statusCode: 404 },
    });
  });

  it('keeps threads in step with their comment shapes (place, resolve, remove, undo)', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const { createdThreadId: threadId } = await addComment(s.app(), code, s.ann.actor, 'pin');
    const shape = {
      id: 'pin1',
      cmd: 'comment',
      uid: s.ann.actor.uid,
      timestamp: 1,
      x: 5,
      y: 5,
      threadId,
      color: 6,
      resolved: false,
    } as Shape;
    await appendCommand(s.app(), code, s.ann.actor, add(s.ann.actor.uid, shape));
    expect((await threads(code, s.ann))[0]).toMatchObject({ threadId, shapeId: 'pin1', resolved: false, deleted: false });
    const resolve = {
      id: cid(),
      uid: s.ann.actor.uid,
      status: 'normal',
      timestamp: 1,
      cmd: 'propertyModifier',
      shapes: ['pin1'],
      props: [{ name: 'resolved', value: true }],
    } as Command;
    await appendCommand(s.app(), code, s.ann.actor, resolve);
    expect((await threads(code, s.ann))[0]).toMatchObject({ resolved: true, deleted: false });
    const rm = remove(s.ann.actor.uid, ['pin1']);
    await appendCommand(s.app(), code, s.ann.actor, rm);
    expect((await threads(code, s.ann))[0]).toMatchObject({ deleted: true });
    await appendCommand(s.app(), code, s.ann.actor, undo(s.ann.actor.uid, rm.id));
    expect((await threads(code, s.ann))[0]).toMatchObject({ deleted: false, resolved: true });
    // a comment shape placed with a new thread id opens that thread
    const fresh = crypto.randomUUID();
    await appendCommand(s.app(), code, s.ann.actor, add(s.ann.actor.uid, { ...shape, id: 'pin2', threadId: fresh } as Shape));
    expect((await threads(code, s.ann)).find((t: { threadId: string }) => t.threadId === fresh)).toMatchObject({
      shapeId: 'pin2',
      comments: [],
    });
  });

  it('keeps comments from anyone without access and from Viewers writing', async () => {
    const { code } = await newBoard(s.p, s.ann);
    await addComment(s.app(), code, s.ann.actor, 'private');
    await s.p.db('boards').where({ code }).update({ link_level: 'Viewer' });
    const viewer = guest();
    expect((await call(s.p, viewer, 'GET', `/api/boards/${code}/comments`)).status).toBe(200);
    await expect(addComment(s.app(), code, viewer.actor, 'no')).rejects.toMatchObject({ output: { statusCode: 403 } });
    await s.p.db('boards').where({ code }).update({ link_level: 'NoAccess' });
    expect((await call(s.p, viewer, 'GET', `/api/boards/${code}/comments`)).status).toBe(403);
    expect((await call(s.p, s.bob, 'GET', `/api/boards/${code}/comments`)).status).toBe(403);
  });
});
