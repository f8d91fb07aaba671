import crypto from 'node:crypto';
import type { Shape } from '../../shared/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardStateAt } from '../../platform/boards/snapshots';
import { sweepOrphanedAssets } from '../../platform/assets/sweep';
import { renderThumbnail } from '../../platform/library/thumbnails';
import sharp from 'sharp';
import type { AssetStorage } from '../../platform/assets/storage';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { twoPagePdf } from '../helpers/pdf';
import { png, upload } from './assets-fixtures';
import { add, call, newBoard, send, signedIn, type Who } from './boards-fixtures';
import { librarian } from './library-fixtures';

/**
 * A board's pictures go where the board goes (issue 27 §6, docs/assets.md "Copies" and "When a
 * board goes"): a duplicated board gets copies of its own (new ids, bytes copied, readable with
 * the copy only); a removed board's assets lose their board at once and the sweep removes their
 * bytes and rows, leaving the copies alone.
 */
describe('assets through duplicate and delete', () => {
  let p: TestPlatform;
  let ann: Who;
  let storage: AssetStorage;

  beforeAll(async () => {
    p = await startTestPlatform();
    ann = await librarian(p, 'Ann');
    storage = p.server.plugins.assets.storage;
  });
  afterAll(() => p.stop());

  const read = (id: string, board: string) =>
    p.server.inject({ method: 'GET', url: `/api/assets/${id}/full?Board=${board}`, headers: { authorization: `Bearer ${ann.token}` } });
  const picture = (id: string, resource: string) =>
    ({ id, cmd: 'image', uid: ann.actor.uid, timestamp: Date.now(), x: 0, y: 0, w: 60, h: 40, resource }) as Shape;

  it('a duplicate carries copies of the pictures; deleting the original leaves the copy whole, and the sweep removes the rest', async () => {
    const board = await newBoard(p, ann, { name: 'Pictures' });
    const up = await upload(p, ann, board.code, { name: 'red.png', data: await png(60, 40) });
    expect(up.status).toBe(200);
    expect((await send(p, ann, board.code, add(ann.actor.uid, picture('pic', up.body.id)))).status).toBe(200);

    const dup = await call(p, ann, 'POST', `/api/boards/${board.code}/duplicate`, {});
    expect(dup.status).toBe(200);
    const copy = await p.db('boards').where({ code: dup.body.code }).first();
    const [shape] = (await boardStateAt(p.db, copy.id, Number(copy.last_seq))).ordered() as Array<Shape & { resource: string }>;
    expect(shape!.resource).toMatch(/^[0-9a-f-]{36}$/);
    expect(shape!.resource).not.toBe(up.body.id);
    const copied = await p.db('assets').where({ id: shape!.resource }).first();
    expect(copied).toMatchObject({ board_id: copy.id, uploader_id: ann.user!.id, name: 'red.png', width: 60, height: 40 });
    expect(Number(copied.bytes)).toBeGreaterThan(0);
    const [original, duplicate] = [await read(up.body.id, board.code), await read(shape!.resource, dup.body.code)];
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.rawPayload.equals(original.rawPayload)).toBe(true);
    // each opens with its own board only
    expect((await read(shape!.resource, board.code)).statusCode).toBe(404);

    // the original board goes: its asset has no board now, and the sweep removes its bytes and row
    expect((await call(p, ann, 'DELETE', '/api/boards', { id: board.code })).status).toBe(204);
    expect(await p.db('assets').where({ id: up.body.id }).first()).toMatchObject({ board_id: null });
    expect(await storage.get(`${up.body.id}/full`)).not.toBeNull();
    expect(await sweepOrphanedAssets(p.db, storage)).toBe(1);
    expect(await p.db('assets').where({ id: up.body.id }).first()).toBeUndefined();
    for (const variant of ['full', 's1', 'preview']) expect(await storage.get(`${up.body.id}/${variant}`)).toBeNull();
    expect(await sweepOrphanedAssets(p.db, storage)).toBe(0);
    // the copy is untouched
    expect((await read(shape!.resource, dup.body.code)).statusCode).toBe(200);
  });

  it('a picture inside a group is copied with the board too', async () => {
    const board = await newBoard(p, ann, { name: 'Grouped pictures' });
    const up = await upload(p, ann, board.code, { name: 'inner.png', data: await png(30, 20) });
    const group = {
      id: 'grp',
      cmd: 'composite',
      uid: ann.actor.uid,
      timestamp: Date.now(),
      shapes: [picture('inner-pic', up.body.id)],
    } as unknown as Shape;
    expect((await send(p, ann, board.code, add(ann.actor.uid, group))).status).toBe(200);
    const dup = await call(p, ann, 'POST', `/api/boards/${board.code}/duplicate`, {});
    expect(dup.status).toBe(200);
    const copy = await p.db('boards').where({ code: dup.body.code }).first();
    const [copied] = (await boardStateAt(p.db, copy.id, Number(copy.last_seq))).ordered() as Array<
      Shape & { shapes: Array<{ resource: string }> }
    >;
    const inner = copied!.shapes[0]!.resource;
    expect(inner).not.toBe(up.body.id);
    expect(await p.db('assets').where({ id: inner }).first()).toMatchObject({ board_id: copy.id, name: 'inner.png' });
    expect((await read(inner, dup.body.code)).statusCode).toBe(200);
  });

  it('the disposal of a board frees its pictures the same way', async () => {
    const board = await newBoard(p, ann, { name: 'Short-lived' });
    const up = await upload(p, ann, board.code, { name: 'a.png', data: await png(10, 10) });
    await p.db('boards').where({ id: board.id }).delete();
    expect(await sweepOrphanedAssets(p.db, storage)).toBe(1);
    expect(await storage.get(`${up.body.id}/full`)).toBeNull();
  });

  it('duplicate-assets: a paste from another board copies the pictures the asker may open, and drops the others', async () => {
    const from = await newBoard(p, ann, { name: 'Source' });
    const into = await newBoard(p, ann, { name: 'Target' });
    const up = await upload(p, ann, from.code, { name: 'red.png', data: await png(30, 20) });
    const local = await upload(p, ann, into.code, { name: 'here.png', data: await png(10, 10) });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await call(p, ann, 'POST', `/api/boards/${into.code}/duplicate-assets`, {
      assets: [
        { id: 's1', assetId: up.body.id, memberId: '' },
        { id: 's2', assetId: local.body.id },
        { id: 's3', assetId: unknown },
        { id: 's4', assetId: '' },
      ],
    });
    expect(res.status).toBe(200);
    const [copied, same, missing, empty] = res.body.assets;
    expect(copied).toMatchObject({ id: 's1', assetId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(copied.assetId).not.toBe(up.body.id);
    expect((await read(copied.assetId, into.code)).statusCode).toBe(200);
    expect(same).toEqual({ id: 's2', assetId: local.body.id });
    expect(missing).toEqual({ id: 's3', assetId: '' });
    expect(empty).toEqual({ id: 's4', assetId: '' });

    // Bob cannot open Ann's closed source board: nothing of it reaches his board
    await p.db('boards').where({ id: from.id }).update({ link_level: 'NoAccess' });
    const bob = await signedIn(p, { name: 'Bob' });
    const his = await newBoard(p, bob, { name: 'Bob board' });
    const refused = await call(p, bob, 'POST', `/api/boards/${his.code}/duplicate-assets`, { assets: [{ id: 'x', assetId: up.body.id }] });
    expect(refused.body).toEqual({ assets: [{ id: 'x', assetId: '' }] });
    expect(await p.db('assets').where({ board_id: his.id })).toHaveLength(0);
    // and a visitor who cannot edit the target copies nothing
    await p.db('boards').where({ id: into.id }).update({ link_level: 'Viewer' });
    const viewer = await call(p, bob, 'POST', `/api/boards/${into.code}/duplicate-assets`, { assets: [{ id: 'x', assetId: up.body.id }] });
    expect(viewer.status).toBe(403);
  });

  it('the original downloads as an attachment named after the upload: a PDF as uploaded, a picture at full size', async () => {
    const board = await newBoard(p, ann, { name: 'Originals' });
    const pdf = twoPagePdf();
    const doc = await upload(p, ann, board.code, { name: 'slides.pdf', data: pdf, type: 'application/pdf' });
    const pic = await upload(p, ann, board.code, { name: 'Ünïcode name.png', data: await png(30, 20) });
    const original = (id: string, code: string) =>
      p.server.inject({ method: 'GET', url: `/api/media/${id}/original?Board=${code}`, headers: { authorization: `Bearer ${ann.token}` } });
    const pdfAnswer = await original(doc.body.id, board.code);
    expect(pdfAnswer.statusCode).toBe(200);
    expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
    expect(pdfAnswer.rawPayload.equals(pdf)).toBe(true);
    expect(pdfAnswer.headers['content-disposition']).toBe(`attachment; filename="slides.pdf"; filename*=UTF-8''slides.pdf`);
    const picAnswer = await original(pic.body.id, board.code);
    expect(picAnswer.headers['content-type']).toBe('image/png');
    expect(picAnswer.rawPayload.equals((await read(pic.body.id, board.code)).rawPayload)).toBe(true);
    expect(picAnswer.headers['content-disposition']).toBe(
      `attachment; filename="_n_code name.png"; filename*=UTF-8''${encodeURIComponent('Ünïcode name.png')}`,
    );
    // with another board, or an unknown id: 404; a bad id: 400
    const other = await newBoard(p, ann, { name: 'Other' });
    expect((await original(pic.body.id, other.code)).statusCode).toBe(404);
    expect((await original('00000000-0000-4000-8000-000000000000', board.code)).statusCode).toBe(404);
    expect((await original('nope', board.code)).statusCode).toBe(400);
  });

  it('replace image: a propertyModifier sets the picture (a UUID) and clears its url and page; anything else is refused', async () => {
    const board = await newBoard(p, ann, { name: 'Replace' });
    const first = await upload(p, ann, board.code, { name: 'a.png', data: await png(40, 40) });
    const second = await upload(p, ann, board.code, { name: 'b.png', data: await png(40, 20) });
    expect((await send(p, ann, board.code, add(ann.actor.uid, picture('img', first.body.id)))).status).toBe(200);
    const modify = (props: Array<{ name: string; value: unknown }>) =>
      send(p, ann, board.code, {
        id: crypto.randomUUID(),
        uid: ann.actor.uid,
        status: 'normal',
        timestamp: Date.now(),
        cmd: 'propertyModifier',
        shapes: ['img'],
        props,
      } as never);
    const ok = await modify([
      { name: 'resource', value: second.body.id },
      { name: 'url', value: null },
      { name: 'h', value: 30 },
      { name: 'page', value: null },
    ]);
    expect(ok.status).toBe(200);
    const row = await p.db('boards').where({ id: board.id }).first();
    const [shape] = (await boardStateAt(p.db, board.id, Number(row.last_seq))).ordered() as Array<Shape & { resource: string; h: number }>;
    expect(shape).toMatchObject({ resource: second.body.id, h: 30 });
    expect((await modify([{ name: 'resource', value: '../../etc/passwd' }])).status).toBe(400);
  });

  it("private mode hides others' pictures from the members it restricts; the owner still reads every one", async () => {
    const board = await newBoard(p, ann, { name: 'Private' });
    const bob = await signedIn(p, { name: 'Bob' });
    const anns = await upload(p, ann, board.code, { name: 'ann.png', data: await png(10, 10) });
    const bobs = await upload(p, bob, board.code, { name: 'bob.png', data: await png(10, 10) });
    const as = (who: Who, id: string) =>
      p.server.inject({
        method: 'GET',
        url: `/api/assets/${id}/full?Board=${board.code}`,
        headers: { authorization: `Bearer ${who.token}` },
      });
    expect((await as(bob, anns.body.id)).statusCode).toBe(200);
    await p
      .db('boards')
      .where({ id: board.id })
      .update({ board_config: JSON.stringify({ privateMode: { type: 1, blurry: false } }) });
    expect((await as(bob, anns.body.id)).statusCode).toBe(404);
    expect((await as(bob, bobs.body.id)).statusCode).toBe(200);
    expect((await as(ann, bobs.body.id)).statusCode).toBe(200);
    const original = await p.server.inject({
      method: 'GET',
      url: `/api/media/${anns.body.id}/original?Board=${board.code}`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(original.statusCode).toBe(404);
  });

  it("the board's thumbnail draws its own pictures; another board's asset id stays a grey box", async () => {
    const board = await newBoard(p, ann, { name: 'Thumb' });
    const elsewhere = await newBoard(p, ann, { name: 'Elsewhere' });
    const red = await upload(p, ann, board.code, { name: 'red.png', data: await png(300, 200) });
    const foreign = await upload(p, ann, elsewhere.code, { name: 'red.png', data: await png(300, 200) });
    const at = (id: string, resource: string, x: number) => ({ ...picture(id, resource), x, y: 0, w: 300, h: 200 }) as Shape;
    await send(p, ann, board.code, add(ann.actor.uid, at('own', red.body.id, 0)));
    await send(p, ann, board.code, add(ann.actor.uid, at('other', foreign.body.id, 400)));
    const row = await p.db('boards').where({ id: board.id }).first();
    await renderThumbnail(p.server.app, row);
    const stored = await p.db('board_library').where({ board_id: board.id }).first();
    const { data, info } = await sharp(stored.thumbnail).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (fx: number, fy: number) => {
      const i = (Math.round(info.height * fy) * info.width + Math.round(info.width * fx)) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    // the board is 700 × 200 plus padding, contained in the thumbnail: the left picture red, the right one grey
    const row50 = 0.5;
    const reds = [0.2, 0.25, 0.3].map((fx) => pixel(fx, row50)).filter(([r, g, b]) => r > 150 && g < 80 && b < 80);
    expect(reds.length).toBeGreaterThan(0);
    const right = pixel(0.75, row50);
    expect(right[0]! > 150 && right[1]! < 80).toBe(false);
  });

  it("the workspace's uploads switch: off, its boards at the workspace's setting refuse uploads; a board set to enabled still takes them", async () => {
    const board = await newBoard(p, ann, { name: 'Workspace switch' });
    const ws = (await p.db('boards').where({ id: board.id }).first()).workspace_id as string;
    const off = await call(p, ann, 'PUT', `/api/workspaces/${ws}`, { uploads: false });
    expect(off.status).toBe(200);
    expect(off.body.config.uploads).toBe(false);
    const refused = await upload(p, ann, board.code, { name: 'a.png', data: await png(10, 10) });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Uploads are disabled on this board' } });
    await p
      .db('boards')
      .where({ id: board.id })
      .update({ board_config: JSON.stringify({ upload: 1 }) });
    expect((await upload(p, ann, board.code, { name: 'a.png', data: await png(10, 10) })).status).toBe(200);
    const on = await call(p, ann, 'PUT', `/api/workspaces/${ws}`, { uploads: true });
    expect(on.body.config.uploads).toBe(true);
    expect((await call(p, ann, 'PUT', `/api/workspaces/${ws}`, { uploads: 'sometimes' })).body.errors).toHaveProperty('uploads');
  });
});
