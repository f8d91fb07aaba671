import type { Shape } from '../../shared/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanedAssets } from '../../platform/assets/sweep';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { png, upload } from './assets-fixtures';
import { add, call, newBoard, send, type Who } from './boards-fixtures';
import { librarian } from './library-fixtures';

/**
 * GET /api/admin/orphan-assets (backoffice.md §7 reports; docs/assets.md "When a board goes"):
 * the assets nothing shows — of a removed board not yet swept, and uploads older than an hour no
 * command names — on the list protocol, with CSV; operators only.
 */
describe('the orphan-assets report', () => {
  let p: TestPlatform;
  let ann: Who;
  let op: Who;

  beforeAll(async () => {
    p = await startTestPlatform();
    ann = await librarian(p, 'Ann');
    op = await operator(p);
  });
  afterAll(() => p.stop());

  const report = (query = '', accept?: string) =>
    p.server.inject({
      method: 'GET',
      url: `/api/admin/orphan-assets${query}`,
      headers: { authorization: `Bearer ${op.token}`, ...(accept ? { accept } : {}) },
    });
  const picture = (id: string, resource: string) =>
    ({ id, cmd: 'image', uid: ann.actor.uid, timestamp: Date.now(), x: 0, y: 0, w: 60, h: 40, resource }) as Shape;

  it('lists a stranded upload and a removed board’s picture until the sweep; a picture on the board is never listed', async () => {
    const board = await newBoard(p, ann, { name: 'Orphans' });
    const shown = await upload(p, ann, board.code, { name: 'shown.png', data: await png(60, 40) });
    const stranded = await upload(p, ann, board.code, { name: 'stranded.png', data: await png(30, 20) });
    expect((await send(p, ann, board.code, add(ann.actor.uid, picture('pic', shown.body.id)))).status).toBe(200);

    // an hour has not passed: an upload may still be on its way to a shape
    let page = JSON.parse((await report(`?Filter=${board.code}`)).payload);
    expect(page).toEqual({ totalCount: 0, data: [] });

    // an hour later, the stranded upload is listed; the shown one is not
    await p
      .db('assets')
      .whereIn('id', [shown.body.id, stranded.body.id])
      .update({ created_at: p.db.raw(`now() - interval '2 hours'`) });
    page = JSON.parse((await report(`?Filter=${board.code}`)).payload);
    expect(page.data).toEqual([
      {
        id: stranded.body.id,
        name: 'stranded.png',
        mime: 'image/png',
        bytes: expect.any(Number),
        board: board.code,
        reason: 'never shown',
        createdDate: expect.any(String),
      },
    ]);

    // the board goes: both its pictures wait for the sweep, no longer with a board
    expect((await call(p, ann, 'DELETE', '/api/boards', { id: board.code })).status).toBe(204);
    page = JSON.parse((await report('?QuickFilter=boardRemoved&Filter=.png')).payload);
    const ids = page.data.map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([shown.body.id, stranded.body.id]));
    expect(page.data.find((a: { id: string }) => a.id === shown.body.id)).toMatchObject({ board: null, reason: 'board removed' });

    // CSV for the spreadsheet
    const csv = await report('?QuickFilter=boardRemoved', 'text/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.payload).toContain('shown.png');

    // the sweep removes them: nothing left to report
    await sweepOrphanedAssets(p.db, p.server.plugins.assets.storage);
    page = JSON.parse((await report('?QuickFilter=boardRemoved')).payload);
    expect(page.data.map((a: { id: string }) => a.id)).not.toContain(shown.body.id);
  });

  it('is for operators only; a bad quick filter is a 400', async () => {
    const asAnn = await p.server.inject({
      method: 'GET',
      url: '/api/admin/orphan-assets',
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(asAnn.statusCode).toBe(403);
    expect((await p.server.inject({ method: 'GET', url: '/api/admin/orphan-assets' })).statusCode).toBe(401);
    const bad = await report('?QuickFilter=lost');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.payload).errors).toHaveProperty('QuickFilter');
  });
});
