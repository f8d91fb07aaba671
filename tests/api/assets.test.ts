import { twoPagePdf } from '../helpers/pdf';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { guest, newBoard, signedIn, uidOf, type Who } from './boards-fixtures';
import { startS3, type TestS3 } from '../helpers/s3';
import { png, upload } from './assets-fixtures';

/**
 * Pictures on a board (issue 27, docs/assets.md): POST /api/boards/{id}/assets and
 * GET /api/assets/{id}/{variant}?Board=, on both storage drivers — files under DATA_DIR and an
 * S3-compatible bucket (s3rver on loopback, a real S3 server speaking the protocol).
 */

async function read(p: TestPlatform, who: Who, id: string, variant: string, board: string) {
  const headers: Record<string, string> = {};
  let url = `/api/assets/${id}/${variant}?Board=${board}`;
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  else url += `&Uid=${encodeURIComponent(uidOf(who))}`;
  const res = await p.server.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, data: res.rawPayload, body: res.payload };
}

function driverSuite(driver: 'files' | 's3') {
  describe(`assets on ${driver}`, () => {
    let p: TestPlatform;
    let s3: TestS3 | undefined;
    let ann: Who;

    beforeAll(async () => {
      if (driver === 's3') s3 = await startS3();
      p = await startTestPlatform(s3 ? { assets: { dir: path.join(os.tmpdir(), 'unused'), s3: s3.settings } } : {});
      ann = await signedIn(p, { name: 'Ann' });
    });
    afterAll(async () => {
      await p.stop();
      await s3?.stop();
    });

    it('an editor uploads a PNG: the answer has its size and type, and full, s1 and preview read back', async () => {
      const { code, id: boardId } = await newBoard(p, ann);
      const res = await upload(p, ann, code, { name: 'red.png', data: await png(400, 300), type: 'image/png' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        width: 400,
        height: 300,
        metadata: { mimetype: 'image/png' },
      });
      const full = await read(p, ann, res.body.id, 'full', code);
      expect(full.status).toBe(200);
      expect(full.headers['content-type']).toBe('image/png');
      expect(full.headers['cache-control']).toContain('immutable');
      expect(await sharp(full.data).metadata()).toMatchObject({ format: 'png', width: 400, height: 300 });
      expect((await sharp((await read(p, ann, res.body.id, 's1', code)).data).metadata()).width).toBe(100);
      expect((await sharp((await read(p, ann, res.body.id, 'preview', code)).data).metadata()).width).toBe(48);
      const row = await p.db('assets').where({ id: res.body.id }).first();
      expect(row).toMatchObject({
        board_id: boardId,
        uploader_id: ann.user!.id,
        name: 'red.png',
        mime: 'image/png',
        width: 400,
        height: 300,
      });
      expect(Number(row.bytes)).toBeGreaterThan(0);
    });

    it('a quality under 100 turns the picture into JPEG; EXIF goes and the orientation is applied', async () => {
      const { code } = await newBoard(p, ann);
      const rotated = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#3366cc' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const res = await upload(p, ann, code, { name: 'photo.jpg', data: rotated }, { quality: '50' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ width: 20, height: 60, metadata: { mimetype: 'image/jpeg' } });
      const meta = await sharp((await read(p, ann, res.body.id, 'full', code)).data).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 60 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    });

    it('an SVG is stored as a picture: nothing of its script survives', async () => {
      const { code } = await newBoard(p, ann);
      const svg = Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="30" height="20" onload="alert(1)"><script>alert(2)</script><rect width="30" height="20" fill="#0a0"/><image href="http://169.254.169.254/x.png" width="5" height="5"/></svg>',
      );
      const res = await upload(p, ann, code, { name: 'shape.svg', data: svg, type: 'image/svg+xml' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ width: 30, height: 20, metadata: { mimetype: 'image/png' } });
      const full = await read(p, ann, res.body.id, 'full', code);
      expect(full.headers['content-type']).toBe('image/png');
      expect(full.data.includes(Buffer.from('alert'))).toBe(false);
    });

    it('a PDF shows its first page; other pages are drawn when asked for; a page past the end is refused', async () => {
      const { code } = await newBoard(p, ann);
      const res = await upload(p, ann, code, { name: 'slides.pdf', data: twoPagePdf(), type: 'application/pdf' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        width: 200,
        height: 100,
        metadata: { mimetype: 'application/pdf', page: { current: 1, total: 2 } },
      });
      const first = await read(p, ann, res.body.id, 'full', code);
      const meta = await sharp(first.data).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width! / meta.height!).toBeCloseTo(2, 1);
      // the red box of page 1 is there, on white
      const { data, info } = await sharp(first.data).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      expect(at(Math.round(info.width * 0.1), Math.round(info.height * 0.8))).toEqual([255, 0, 0]);
      expect(at(Math.round(info.width * 0.9), Math.round(info.height * 0.1))).toEqual([255, 255, 255]);
      const second = await read(p, ann, res.body.id + '', 'full', code + `&Page=2`);
      expect(second.status).toBe(200);
      const m2 = await sharp(second.data).metadata();
      expect(m2.height! / m2.width!).toBeCloseTo(3, 1);
      expect((await read(p, ann, res.body.id, 's1', code + '&Page=2')).status).toBe(200);
      const past = await read(p, ann, res.body.id, 'full', code + '&Page=3');
      expect(past.status).toBe(400);
      expect(JSON.parse(past.body).errors).toEqual({ Page: ['The document has no such page'] });
      const broken = await upload(p, ann, code, { name: 'broken.pdf', data: Buffer.from('%PDF-1.4\nnothing here') });
      expect(broken).toMatchObject({ status: 400, body: { message: '"broken.pdf" file type is not supported' } });
    });

    it('refuses by the bytes, not the name: a program named .png, text named .gif, a .txt; nothing is stored', async () => {
      const { code, id } = await newBoard(p, ann);
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), crypto.randomBytes(200)]);
      for (const [name, data] of [
        ['evil.png', exe],
        ['note.gif', Buffer.from('just some text')],
        ['notes.txt', await png(4, 4)],
      ] as const) {
        const res = await upload(p, ann, code, { name, data });
        expect(res.status, name).toBe(400);
        expect(res.body).toMatchObject({
          message: `"${name}" file type is not supported`,
          errors: { file: [`"${name}" file type is not supported`] },
        });
      }
      expect(await p.db('assets').where({ board_id: id })).toHaveLength(0);
    });

    it("a file over the limit gets the spec's message and stores nothing; no file is 'No File Selected'", async () => {
      const { code, id } = await newBoard(p, ann);
      const big = Buffer.concat([await png(8, 8), Buffer.alloc(10_000_001)]).subarray(0, 10_000_001);
      const res = await upload(p, ann, code, { name: 'big.png', data: big });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: '"big.png" size should be less that 10MB',
        errors: { file: ['"big.png" size should be less that 10MB'] },
      });
      const none = await upload(p, ann, code, null);
      expect(none.status).toBe(400);
      expect(none.body.errors).toEqual({ file: ['No File Selected'] });
      const bad = await upload(p, ann, code, { name: 'a.png', data: await png(4, 4) }, { quality: '0' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['quality']);
      expect(await p.db('assets').where({ board_id: id })).toHaveLength(0);
    });

    it('who may upload: a guest editor by link yes; a viewer and a board with uploads off no; no one without access', async () => {
      const { code } = await newBoard(p, ann);
      const gus = guest();
      expect((await upload(p, gus, code, { name: 'g.png', data: await png(10, 10) })).status).toBe(200);
      await p.db('boards').where({ code }).update({ link_level: 'Viewer' });
      const viewer = await upload(p, gus, code, { name: 'g.png', data: await png(10, 10) });
      expect(viewer.status).toBe(403);
      await p
        .db('boards')
        .where({ code })
        .update({ board_config: JSON.stringify({ upload: 2 }) });
      const off = await upload(p, ann, code, { name: 'a.png', data: await png(10, 10) });
      expect(off).toMatchObject({ status: 403, body: { message: 'Uploads are disabled on this board' } });
      await p.db('boards').where({ code }).update({ link_level: 'NoAccess' });
      expect((await upload(p, guest(), code, { name: 'g.png', data: await png(10, 10) })).status).toBe(403);
    });

    it("an asset opens only with its own board: another board's visitor gets 404, a stranger 403", async () => {
      const { code: a } = await newBoard(p, ann);
      const up = await upload(p, ann, a, { name: 'a.png', data: await png(10, 10) });
      const bob = await signedIn(p, { name: 'Bob' });
      const { code: b } = await newBoard(p, bob);
      expect((await read(p, bob, up.body.id, 'full', b)).status).toBe(404);
      await p.db('boards').where({ code: a }).update({ link_level: 'NoAccess' });
      expect((await read(p, bob, up.body.id, 'full', a)).status).toBe(403);
      // Ann may open Bob's board (its link is Editor), but her picture is not on it
      expect((await read(p, ann, up.body.id, 'full', b)).status).toBe(404);
      expect((await read(p, ann, crypto.randomUUID(), 'full', a)).status).toBe(404);
      expect((await read(p, ann, up.body.id, 'huge', a)).status).toBe(400);
    });

    if (driver === 's3') {
      it('the bytes are in the bucket under the asset id, one object per variant', async () => {
        const { code } = await newBoard(p, ann);
        const up = await upload(p, ann, code, { name: 'a.png', data: await png(10, 10) });
        expect((await s3!.keys()).filter((k) => k.startsWith(`${up.body.id}/`)).sort()).toEqual([
          `${up.body.id}/full`,
          `${up.body.id}/preview`,
          `${up.body.id}/s1`,
        ]);
      });
    } else {
      it('the bytes are files under DATA_DIR/assets, one per variant', async () => {
        const { code } = await newBoard(p, ann);
        const up = await upload(p, ann, code, { name: 'a.png', data: await png(10, 10) });
        const files = fs
          .readdirSync(path.join(p.config.assets.dir, up.body.id))
          .filter((f) => !f.endsWith('.type'))
          .sort();
        expect(files).toEqual(['full', 'preview', 's1']);
      });
    }
  });
}

driverSuite('files');
driverSuite('s3');
