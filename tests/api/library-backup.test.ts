/**
 * Backup and restore (.wtb) on a real database (panel.md §2, §7, §8): the round trip gives an
 * identical board (shapes compared), the download is the documented gzip JSON, who may back up
 * and restore, and a fuzz of 200 mutated files (bit flips, truncation, wrong version, hostile
 * JSON, a zip bomb) that creates nothing and never answers 5xx.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardStateAt } from '../../platform/boards/snapshots';
import { WTB_VERSION } from '../../platform/library/wtb';
import { addMember } from '../../platform/workspaces/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, move, newBoard, rect, send, signedIn, uidOf, type Who } from './boards-fixtures';
import { librarian } from './library-fixtures';
import { lock } from '../security/support';
import { png, upload } from './assets-fixtures';

let p: TestPlatform;
let owner: Awaited<ReturnType<typeof librarian>>;
let outsider: Awaited<ReturnType<typeof librarian>>;
let member: Who;
let source: { code: string; id: string };

beforeAll(async () => {
  p = await startTestPlatform();
  owner = await librarian(p, 'Olive');
  outsider = await librarian(p, 'Otto');
  member = await signedIn(p, { plan: 'team', name: 'Mia' });
  await addMember(p.db, { workspaceId: owner.workspace.id, userId: member.user!.id, role: 'Member' });
  source = await newBoard(p, owner, { name: 'Road map: Q1/Q2' });
  const uid = owner.actor.uid;
  for (let i = 0; i < 5; i++)
    await send(p, owner, source.code, add(uid, { ...rect(`r${i}`, uid, i * 50, i * 10), fill: '#ffcc00' } as never));
  await send(p, owner, source.code, move(uid, 'r2', 100, -40));
  await send(p, owner, source.code, lock(uid, ['r3'], true, true));
  await p
    .db('boards')
    .where({ id: source.id })
    .update({ board_config: JSON.stringify({ bg: 'dot', bgColor: '#fafafa' }) });
}, 60_000);
afterAll(() => p?.stop());

/** A multipart/form-data body with one file field. */
function multipart(field: string, filename: string, data: Buffer, extra: Record<string, string> = {}) {
  const boundary = `----tabula${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(extra))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function restore(who: Who | null, data: Buffer, filename = 'board.wtb', workspace = 'default') {
  const body = multipart('file', filename, data, who && !who.token ? { Uid: uidOf(who) } : {});
  const res = await p.server.inject({
    method: 'POST',
    url: `/api/boards/restore/${workspace}`,
    headers: { ...body.headers, ...(who?.token ? { authorization: `Bearer ${who.token}` } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.payload || 'null') };
}

async function backupOf(who: Who, code: string): Promise<Buffer> {
  const made = await call(p, who, 'POST', `/api/boards/${code}/backup`, {});
  expect(made.status).toBe(200);
  // the browser navigates to the download: no token
  const res = await p.server.inject({ method: 'GET', url: `/api/boards/${made.body.id}/backup` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const shapesOf = async (code: string) => {
  const row = await p.db('boards').where({ code }).first();
  return (await boardStateAt(p.db, row.id, Number(row.last_seq))).ordered();
};
const boardCount = async () => Number((await p.db('boards').count({ n: '*' }))[0]!.n);

describe('backup', () => {
  it('downloads <name>.wtb: gzip JSON with format, version, board name, settings and the shapes as of now', async () => {
    const made = await call(p, owner, 'POST', `/api/boards/${source.code}/backup`, {});
    expect(made.status).toBe(200);
    const res = await p.server.inject({ method: 'GET', url: `/api/boards/${made.body.id}/backup` });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="Road map Q1 Q2\.wtb"/);
    const file = JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8'));
    expect(file).toMatchObject({
      format: 'tabula-board',
      version: WTB_VERSION,
      board: { name: 'Road map: Q1/Q2', settings: { bg: 'dot', bgColor: '#fafafa' }, tags: [] },
    });
    expect(file.shapes).toEqual(await shapesOf(source.code));
    expect(file.shapes.find((s: { id: string }) => s.id === 'r2')).toMatchObject({ x: 200, y: -20 });
  });

  it('refuses members, outsiders, plans without backup-boards; an unknown or expired id is a 404', async () => {
    const plain = await signedIn(p, { name: 'Free Fran' });
    await addMember(p.db, { workspaceId: owner.workspace.id, userId: plain.user!.id, role: 'Admin' });
    for (const [who, status] of [
      [member, 403],
      [outsider, 403],
      [plain, 403],
      [null, 401],
    ] as const) {
      expect((await call(p, who, 'POST', `/api/boards/${source.code}/backup`, {})).status).toBe(status);
    }
    expect((await p.server.inject({ method: 'GET', url: `/api/boards/${crypto.randomUUID()}/backup` })).statusCode).toBe(404);
    expect((await p.server.inject({ method: 'GET', url: `/api/boards/${source.code}/backup` })).statusCode).toBe(400);
    const made = await call(p, owner, 'POST', `/api/boards/${source.code}/backup`, {});
    await p
      .db('board_backups')
      .where({ id: made.body.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await p.server.inject({ method: 'GET', url: `/api/boards/${made.body.id}/backup` })).statusCode).toBe(404);
  });
});

describe('restore', () => {
  it('round trip: the restored board is a new board identical to the original (shapes, name, settings)', async () => {
    const file = await backupOf(owner, source.code);
    const res = await restore(owner, file, 'Road map.wtb');
    expect(res.status).toBe(200);
    expect(res.body.code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(res.body.code).not.toBe(source.code);
    expect(await shapesOf(res.body.code)).toEqual(await shapesOf(source.code));
    const restored = await p.db('boards').where({ code: res.body.code }).first();
    expect(restored).toMatchObject({ name: 'Road map: Q1/Q2', workspace_id: owner.workspace.id, owner_id: owner.user!.id });
    expect(restored.board_config).toMatchObject({ bg: 'dot', bgColor: '#fafafa' });
    // it opens like any board, and the original is untouched
    expect((await call(p, owner, 'GET', `/api/boards/${res.body.code}/commands`)).status).toBe(200);
    expect((await p.db('boards').where({ code: source.code }).first()).name).toBe('Road map: Q1/Q2');
  });

  it("refuses no file ('No File Selected'), other extensions, members, outsiders and foreign workspaces — creating nothing", async () => {
    const file = await backupOf(owner, source.code);
    const before = await boardCount();
    const empty = await restore(owner, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.errors.file).toEqual(['No File Selected']);
    const none = await p.server.inject({
      method: 'POST',
      url: '/api/boards/restore/default',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(JSON.parse(none.payload).message).toBe('No File Selected');
    expect((await restore(owner, file, 'board.zip')).status).toBe(400);
    expect((await restore(member, file, 'board.wtb', owner.workspace.id)).status).toBe(403);
    expect((await restore(outsider, file, 'board.wtb', owner.workspace.id)).status).toBe(404);
    expect((await restore(null, file)).status).toBe(401);
    expect(await boardCount()).toBe(before);
  });

  it('the pictures travel: a backup carries what the shapes show, the restore makes new assets of the new board', async () => {
    const board = await newBoard(p, owner, { name: 'With a picture' });
    const up = await upload(p, owner, board.code, { name: 'red.png', data: await png(40, 30) });
    const uid = owner.actor.uid;
    const picture = { id: 'pic', cmd: 'image', uid, timestamp: Date.now(), x: 0, y: 0, w: 40, h: 30, resource: up.body.id };
    await send(p, owner, board.code, add(uid, picture as never));
    const file = await backupOf(owner, board.code);
    const json = JSON.parse(zlib.gunzipSync(file).toString('utf8'));
    expect(json.version).toBe(2);
    expect(json.assets).toHaveLength(1);
    expect(json.assets[0]).toMatchObject({ id: up.body.id, name: 'red.png' });
    const full = await p.server.inject({
      method: 'GET',
      url: `/api/assets/${up.body.id}/full?Board=${board.code}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(Buffer.from(json.assets[0].data, 'base64').equals(full.rawPayload)).toBe(true);

    const res = await restore(owner, file, 'With a picture.wtb');
    expect(res.status).toBe(200);
    const [shape] = (await shapesOf(res.body.code)) as Array<{ resource: string }>;
    expect(shape!.resource).toMatch(/^[0-9a-f-]{36}$/);
    expect(shape!.resource).not.toBe(up.body.id);
    const restored = await p.db('boards').where({ code: res.body.code }).first();
    expect(await p.db('assets').where({ id: shape!.resource }).first()).toMatchObject({
      board_id: restored.id,
      name: 'red.png',
      width: 40,
    });
    const read = await p.server.inject({
      method: 'GET',
      url: `/api/assets/${shape!.resource}/full?Board=${res.body.code}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(read.statusCode).toBe(200);
  });

  it('a picture in a backup is judged like an upload: a program named .png refuses the whole restore, creating nothing', async () => {
    const json = JSON.parse(zlib.gunzipSync(await backupOf(owner, source.code)).toString('utf8'));
    const id = crypto.randomUUID();
    const uid = owner.actor.uid;
    const hostile = {
      ...json,
      shapes: [...json.shapes, { id: 'evil', cmd: 'image', uid, timestamp: 1, x: 0, y: 0, w: 10, h: 10, resource: id }],
      assets: [{ id, name: 'cat.png', data: Buffer.from('MZ\x90\x00 a program, not a picture').toString('base64') }],
    };
    const before = await boardCount();
    const assets = Number((await p.db('assets').count({ n: '*' }))[0]!.n);
    const res = await restore(owner, zlib.gzipSync(Buffer.from(JSON.stringify(hostile))));
    expect(res.status).toBe(400);
    expect(res.body.errors.file).toEqual(['"cat.png" file type is not supported']);
    expect(await boardCount()).toBe(before);
    expect(Number((await p.db('assets').count({ n: '*' }))[0]!.n)).toBe(assets);
  });

  it('a fuzz of 200 mutated files creates nothing and never answers 5xx', async () => {
    const good = await backupOf(owner, source.code);
    const json = JSON.parse(zlib.gunzipSync(good).toString('utf8'));
    const gz = (value: unknown) => zlib.gzipSync(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)));
    const rnd = (n: number) => crypto.randomInt(n);
    const hostile: Array<() => Buffer> = [
      () => gz({ ...json, version: 3 }),
      () => gz({ ...json, assets: [{ id: crypto.randomUUID(), name: 'a.png', data: 'not base64' }] }),
      () => gz({ ...json, version: '1' }),
      () => gz({ ...json, format: 'other' }),
      () => gz({ ...json, shapes: [{ ...json.shapes[0], x: 'abc' }] }),
      () => gz({ ...json, shapes: [{ ...json.shapes[0], cmd: 'script' }] }),
      () => gz({ ...json, shapes: [json.shapes[0], json.shapes[0]] }),
      () => gz({ ...json, shapes: [{ ...json.shapes[0], id: 'a\u0000b' }] }),
      () => gz(JSON.stringify({ ...json, shapes: [{ ...json.shapes[0], id: 'PLACEHOLDER' }] }).replace('PLACEHOLDER', '\\ud800')),
      () => gz({ ...json, shapes: [{ ...json.shapes[0], x: 1e308 * 10 }] }),
      () => gz({ ...json, shapes: [{ ...json.shapes[0], metadata: JSON.parse('['.repeat(200) + ']'.repeat(200)) }] }),
      () => gz('['.repeat(50_000) + ']'.repeat(50_000)),
      () => gz({ ...json, shapes: Array.from({ length: 20_001 }, (_, i) => ({ ...json.shapes[0], id: `s${i}` })) }),
      () => gz({ ...json, board: { ...json.board, settings: { bg: 'javascript:alert(1)' } } }),
      () => gz({ ...json, board: { ...json.board, settings: { privateMode: 'yes' } } }),
      () => gz({ ...json, board: { ...json.board, name: 42 } }),
      () => gz({ ...json, board: { ...json.board, tags: ['x'.repeat(100)] } }),
      () => gz('{"format":"tabula-board","version":1,"board":{"name":"x","__proto__":{"polluted":true}},"shapes":{"length":3}}'),
      () => gz({ ...json, shapes: [{ ...json.shapes[0], constructor: { prototype: { polluted: true } } }] }),
      () => gz('null'),
      () => gz('"just a string"'),
      () => gz('{"format":"tabula-board",'),
      () => Buffer.from(JSON.stringify(json)),
      () => crypto.randomBytes(1 + rnd(2000)),
      () => zlib.gzipSync(Buffer.alloc(80 * 1024 * 1024, 32)),
      () => zlib.deflateSync(Buffer.from(JSON.stringify(json))),
    ];
    const original = zlib.gunzipSync(good);
    const sameContent = (data: Buffer) => {
      try {
        return zlib.gunzipSync(data).equals(original);
      } catch {
        return false;
      }
    };
    const mutants: Array<{ kind: string; data: Buffer }> = [];
    for (let i = 0; i < 200; i++) {
      const pick = i % 4;
      if (pick === 0) {
        // bit flips past the gzip header (the CRC and sizes catch every one); a flip in the
        // deflate stream's unused padding bits changes nothing and is drawn again
        let data: Buffer;
        let at: number;
        do {
          data = Buffer.from(good);
          at = 10 + rnd(data.length - 10);
          data[at]! ^= 1 << rnd(8);
        } while (sameContent(data));
        mutants.push({ kind: `flip@${at}`, data });
      } else if (pick === 1) mutants.push({ kind: 'truncated', data: good.subarray(0, 1 + rnd(good.length - 1)) });
      else mutants.push({ kind: `hostile#${i % hostile.length}`, data: hostile[i % hostile.length]!() });
    }
    const before = await boardCount();
    const statuses = new Map<number, number>();
    for (const { kind, data } of mutants) {
      const res = await restore(owner, data);
      expect(res.status, `${kind}: ${JSON.stringify(res.body)?.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, kind).toBeLessThan(500);
      expect(res.body.message, kind).toBeTruthy();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    expect(await boardCount()).toBe(before);
    expect(Object.fromEntries(statuses)).toEqual({ 400: 200 });
    // and no pollution leaked into objects
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);
});
