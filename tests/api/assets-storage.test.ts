import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { png, upload } from './assets-fixtures';
import { call, newBoard, signedIn, type Who } from './boards-fixtures';

/**
 * Storage accounting of pictures and documents (issue 27 §8, docs/assets.md "Storage"): every
 * stored variant counts (assets.bytes) in the panel home's storage figure, the back-office board
 * list's assetsSize, the board detail's mediaCount, mediaSize and storage, the 'asset' quick filter
 * and the per-user storage recalculation.
 */
describe('storage of pictures', () => {
  let p: TestPlatform;
  let op: Who;
  let ann: Who;

  beforeAll(async () => {
    p = await startTestPlatform();
    op = await operator(p);
    ann = await signedIn(p, { name: 'Ann' });
  });
  afterAll(() => p.stop());

  it('an upload shows in the home storage, the board grid, the board detail and the recalculated account storage', async () => {
    const board = await newBoard(p, ann, { name: 'with pictures' });
    const home = async () => (await call(p, ann, 'GET', '/api/panel/home')).body.storage as number;
    const before = await home();

    for (const size of [300, 120])
      expect((await upload(p, ann, board.code, { name: `p${size}.png`, data: await png(size, size) })).status).toBe(200);
    const rows = await p.db('assets').where({ board_id: board.id });
    expect(rows).toHaveLength(2);
    const bytes = rows.reduce((sum, r) => sum + Number(r.bytes), 0);
    expect(bytes).toBeGreaterThan(0);

    expect((await home()) - before).toBe(bytes);

    const grid = await call(p, op, 'GET', `/api/admin/boards?Filter=${encodeURIComponent('with pictures')}&QuickFilter=asset`);
    expect(grid.status).toBe(200);
    expect(grid.body.data).toHaveLength(1);
    expect(grid.body.data[0]).toMatchObject({ code: board.code, assetsSize: bytes });

    const detail = await call(p, op, 'GET', `/api/admin/boards/${board.id}/details`);
    expect(detail.body).toMatchObject({ mediaCount: 2, mediaSize: bytes });
    expect(detail.body.storage).toBeGreaterThanOrEqual(bytes);

    const recalc = await call(p, op, 'POST', '/api/admin/storage/recalc', { id: ann.user!.id });
    expect(recalc.status).toBe(200);
    expect(recalc.body.run.result.storage).toBeGreaterThanOrEqual(bytes);
    const withoutAssets = recalc.body.run.result.storage - bytes;
    await p.db('assets').where({ board_id: board.id }).update({ bytes: 0 });
    const again = await call(p, op, 'POST', '/api/admin/storage/recalc', { id: ann.user!.id });
    expect(again.body.run.result.storage).toBe(withoutAssets);
  });

  it('a board without pictures: assetsSize and media 0, and the asset filter leaves it out', async () => {
    const board = await newBoard(p, ann, { name: 'no pictures' });
    const all = await call(p, op, 'GET', `/api/admin/boards?Filter=${encodeURIComponent('no pictures')}`);
    expect(all.body.data[0]).toMatchObject({ code: board.code, assetsSize: 0 });
    const filtered = await call(p, op, 'GET', `/api/admin/boards?Filter=${encodeURIComponent('no pictures')}&QuickFilter=asset`);
    expect(filtered.body.data).toHaveLength(0);
    expect((await call(p, op, 'GET', `/api/admin/boards/${board.id}/details`)).body).toMatchObject({ mediaCount: 0, mediaSize: 0 });
  });
});
