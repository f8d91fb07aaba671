import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, guest, newBoard, signedIn, uidOf, type Who } from './boards-fixtures';

/**
 * POST /api/boards/{id}/scripts/media (board.md §7 "{script}; returns id"; issue 34 item 2): a
 * diagram's script stored as a picture of the board — a flowchart drawn by the server, or the SVG
 * the board drew — through the upload pipeline (rasterised to PNG, never kept as SVG).
 */
describe('scripts/media', () => {
  let p: TestPlatform;
  let ann: Who;

  beforeAll(async () => {
    p = await startTestPlatform();
    ann = await signedIn(p, { name: 'Ann' });
  });
  afterAll(() => p.stop());

  const media = (who: Who, code: string, payload: object) => call(p, who, 'POST', `/api/boards/${code}/scripts/media`, payload);
  const full = async (who: Who, id: string, code: string) => {
    const headers: Record<string, string> = who.token ? { authorization: `Bearer ${who.token}` } : {};
    const url = `/api/assets/${id}/full?Board=${code}${who.token ? '' : `&Uid=${encodeURIComponent(uidOf(who))}`}`;
    return p.server.inject({ method: 'GET', url, headers });
  };

  it('a flowchart script alone: drawn by the server, stored as a PNG asset of the board; answers its id', async () => {
    const { code, id: boardId } = await newBoard(p, ann);
    const res = await media(ann, code, { script: 'flowchart LR\nA[Plan] --> B[Build] --> C[Ship]' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(String), width: expect.any(Number), height: expect.any(Number) });
    expect(res.body.width).toBeGreaterThan(res.body.height);
    const row = await p.db('assets').where({ id: res.body.id }).first();
    expect(row.board_id).toBe(boardId);
    const picture = await full(ann, res.body.id, code);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const meta = await sharp(picture.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(res.body.width);
  });

  it('an SVG from the board is rasterised: nothing of its script survives', async () => {
    const { code } = await newBoard(p, ann);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><script>alert(1)</script><rect width="120" height="60" fill="#3366ff" onload="alert(2)"/></svg>';
    const res = await media(ann, code, { script: 'sequenceDiagram\nA->>B: hi', svg });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 120, height: 60 });
    const picture = await full(ann, res.body.id, code);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.includes('alert')).toBe(false);
  });

  it('bad input: 400 with the field named — empty script, not a flowchart without svg, svg that is not a picture', async () => {
    const { code, id } = await newBoard(p, ann);
    const empty = await media(ann, code, { script: '   ' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors)).toEqual(['script']);
    const other = await media(ann, code, { script: 'sequenceDiagram\nA->>B: hi' });
    expect(other.status).toBe(400);
    expect(other.body.errors.script[0]).toMatch(/only flowcharts/);
    const slip = await media(ann, code, { script: 'graph TD\nA[Start --> B' });
    expect(slip.body.errors.script[0]).toMatch(/Line 2/);
    const notSvg = await media(ann, code, { script: 'pie\n"a": 1', svg: 'hello' });
    expect(notSvg.status).toBe(400);
    expect(Object.keys(notSvg.body.errors)).toEqual(['svg']);
    expect(await p.db('assets').where({ board_id: id })).toHaveLength(0);
  });

  it('who may: an editor by link yes; a viewer no; no one on a board with uploads off', async () => {
    const { code } = await newBoard(p, ann);
    const gus = guest();
    const script = { script: 'graph TD\nA-->B' };
    expect((await media(gus, code, script)).status).toBe(200);
    await p.db('boards').where({ code }).update({ link_level: 'Viewer' });
    expect((await media(gus, code, script)).status).toBe(403);
    await p
      .db('boards')
      .where({ code })
      .update({ board_config: JSON.stringify({ upload: 2 }) });
    expect((await media(ann, code, script)).status).toBe(403);
  });
});
