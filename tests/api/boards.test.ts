import { describe, expect, it } from 'vitest';
import { describeBoard, disposeExpiredBoards, renameMember, updateBoardConfig } from '../../platform/boards/service';
import { defaultBoardName } from '../../shared/board-name';
import { boardsSuite, call, guest, newBoard } from './boards-fixtures';

/** A board nobody named (issue 34 item 9): never the reserved 'new board'. */
const UNTITLED = /^Untitled board · [A-Z][a-z]{2} \d{1,2}$/;

/** Boards: creation (guest and user), the new-board page, join info, rename, dispose timer, delete. */
describe('boards', () => {
  const s = boardsSuite({ ann: { name: 'Ann' }, bob: { name: 'Bob' } });

  it("names an unnamed board 'Untitled board · <day>' in the creator's time zone, a named one as asked", async () => {
    const nameOf = async (payload: object) => {
      const res = await call(s.p, s.ann, 'POST', '/api/boards', payload);
      expect(res.status).toBe(200);
      return (await s.p.db('boards').where({ code: res.body.code }).first()).name as string;
    };
    // UTC+14 and UTC-11 are 25 hours apart: their days always differ
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const before = defaultBoardName(new Date(), timeZone);
      const name = await nameOf({ timeZone });
      expect([before, defaultBoardName(new Date(), timeZone)]).toContain(name);
    }
    expect(await nameOf({ timeZone: 'Pacific/Kiritimati' })).not.toBe(await nameOf({ timeZone: 'Pacific/Pago_Pago' }));
    // a zone this server does not know: the day in UTC; no zone: UTC too
    expect([defaultBoardName(new Date()), defaultBoardName(new Date(Date.now() - 60_000))]).toContain(
      await nameOf({ timeZone: 'Mars/Base' }),
    );
    expect(await nameOf({})).toMatch(UNTITLED);
    expect(await nameOf({ name: '  Roadmap  ' })).toBe('Roadmap');
    expect(await nameOf({ name: '' })).toMatch(UNTITLED);
    const bad = await call(s.p, s.ann, 'POST', '/api/boards', { timeZone: 'x<y' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['timeZone']);
    // the database's own default (migration 026) is no placeholder either
    const [raw] = await s.p.db('boards').insert({ code: 'untitled0001', owner_uid: 'g_untitled' }).returning('name');
    expect(raw.name).toMatch(UNTITLED);
  });

  it("creates a signed-in user's board in their default workspace", async () => {
    const res = await call(s.p, s.ann, 'POST', '/api/boards', {});
    expect(res.status).toBe(200);
    expect(res.body.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const board = await s.p.db('boards').where({ code: res.body.code }).first();
    expect(board).toMatchObject({ id: res.body.id, owner_id: s.ann.user!.id, name: UNTITLED, last_seq: 0 });
    const ws = await s.p.db('workspaces').where({ id: board.workspace_id }).first();
    expect(ws).toMatchObject({ owner_id: s.ann.user!.id, is_default: true });
    // the same default workspace next time, also when named 'default'
    const again = await call(s.p, s.ann, 'POST', '/api/boards', { workspace: 'default' });
    expect((await s.p.db('boards').where({ code: again.body.code }).first()).workspace_id).toBe(ws.id);
    const byAlt = await call(s.p, s.ann, 'POST', '/api/boards', { workspace: ws.alt_id });
    expect((await s.p.db('boards').where({ code: byAlt.body.code }).first()).workspace_id).toBe(ws.id);
  });

  it("refuses another user's workspace and unknown ones with a field error", async () => {
    const annWs = await s.p.db('workspaces').where({ owner_id: s.ann.user!.id }).first();
    for (const workspace of [annWs.id, annWs.alt_id, 'nope']) {
      const res = await call(s.p, s.bob, 'POST', '/api/boards', { workspace });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ workspace: ['Workspace not found.'] });
    }
  });

  it("creates a guest's board owned by the guest uid, outside any workspace", async () => {
    const g = guest();
    const { code } = await newBoard(s.p, g);
    const board = await s.p.db('boards').where({ code }).first();
    expect(board).toMatchObject({ owner_id: null, owner_uid: g.actor.uid, workspace_id: null });
    const info = await describeBoard(s.p.server.app, code, g.actor);
    expect(info.claims.role).toBe('Owner');
  });

  it('answers 401 without a token or uid, and 401 for a bad token', async () => {
    expect((await call(s.p, null, 'POST', '/api/boards', {})).status).toBe(401);
    const res = await s.p.server.inject({ method: 'POST', url: '/api/boards', payload: {}, headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
  });

  it('generates unguessable distinct codes', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await newBoard(s.p, s.ann)).code);
    expect(codes.size).toBe(20);
  });

  it('serves the new-board page on /board/new and /board/{workspaceId}/new', async () => {
    for (const url of ['/board/new', '/board/default/new', '/board/new?uid=abc']) {
      const res = await s.p.server.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.payload).toContain("fetch('/api/boards'");
      expect(res.payload).toContain('localStorage');
    }
    expect((await s.p.server.inject('/board/default/new')).payload).toContain('"workspace":"default"');
    expect((await s.p.server.inject('/board/x%3Cy/new')).statusCode).toBe(400);
  });

  it('describes the board at join and records the visitor as a member', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const g = guest();
    const info = await describeBoard(s.p.server.app, code, g.actor);
    expect(info).toMatchObject({
      code,
      boardId: id,
      boardName: expect.stringMatching(UNTITLED),
      displayName: 'Guest',
      isNew: true,
      disposeAt: null,
      boardConfig: { bg: 'none', upload: 0, privateMode: { type: 0, blurry: false } },
      claims: { role: 'Editor', permissions: expect.arrayContaining(['edit_board', 'view_chat', 'write_comment']), client: null },
      version: '1.72.6',
    });
    expect(info.workspace).toMatchObject({ id: expect.any(String), altId: expect.any(String) });
    expect(info.members.map((m) => [m.uid, m.isOwner, m.isSelf, m.role])).toEqual(
      expect.arrayContaining([
        [s.ann.actor.uid, true, false, 'Owner'],
        [g.actor.uid, false, true, 'Editor'],
      ]),
    );
    const owner = await describeBoard(s.p.server.app, code, s.ann.actor);
    expect(owner).toMatchObject({ displayName: 'Ann', claims: { role: 'Owner' } });
  });

  it('answers an unknown board with the spec text', async () => {
    await expect(describeBoard(s.p.server.app, 'AAAAAAAAAAAA', s.ann.actor)).rejects.toMatchObject({
      output: { statusCode: 404 },
      message: 'Requested board not found!',
    });
    const res = await call(s.p, s.ann, 'GET', '/api/boards/AAAAAAAAAAAA/commands');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Requested board not found!');
  });

  it('renames through POST /api/boards/{id}/rename (edit_board) and publishes onBoardRenamed', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const res = await call(s.p, s.ann, 'POST', `/api/boards/${id}/rename`, { name: '  Plan  ' });
    expect(res).toMatchObject({ status: 200, body: { name: 'Plan' } });
    expect(s.events(code, 'onBoardRenamed').at(-1)!.data).toEqual({ name: 'Plan' });
    expect((await call(s.p, s.ann, 'POST', `/api/boards/${code}/rename`, { name: '   ' })).body.errors).toEqual({
      name: ['Board name is required.'],
    });
    await s.p.db('boards').where({ id }).update({ link_level: 'Viewer' });
    expect((await call(s.p, s.bob, 'POST', `/api/boards/${code}/rename`, { name: 'x' })).status).toBe(403);
    await s.p.db('boards').where({ id }).update({ link_level: 'NoAccess' });
    const denied = await call(s.p, s.bob, 'POST', `/api/boards/${code}/rename`, { name: 'x' });
    expect(denied).toMatchObject({ status: 403, body: { message: 'Unauthorized access' } });
  });

  it('sets the dispose timer (owner only; 0 = never) and the job removes expired boards', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const res = await call(s.p, s.ann, 'POST', `/api/boards/${code}/dispose`, { days: 7 });
    expect(res.status).toBe(200);
    const at = new Date(res.body.disposeAt).getTime();
    expect(Math.abs(at - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    expect((await call(s.p, s.bob, 'POST', `/api/boards/${code}/dispose`, { days: 1 })).status).toBe(403);
    expect((await call(s.p, s.ann, 'POST', `/api/boards/${code}/dispose`, { days: -1 })).status).toBe(400);
    expect((await call(s.p, s.ann, 'POST', `/api/boards/${code}/dispose`, { days: 0 })).body).toEqual({ disposeAt: null });
    await call(s.p, s.ann, 'POST', `/api/boards/${code}/dispose`, { days: 1 });
    expect(await disposeExpiredBoards(s.p.server.app, new Date())).toBe(0);
    expect(await disposeExpiredBoards(s.p.server.app, new Date(Date.now() + 2 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await s.p.db('boards').where({ id }).first()).toBeUndefined();
    expect(s.events(code, 'onBoardRemoved')).toHaveLength(1);
  });

  it('hides a board past its dispose time before the job removes it', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    await s.p
      .db('boards')
      .where({ id })
      .update({ dispose_at: new Date(Date.now() - 1000) });
    expect((await call(s.p, s.ann, 'GET', `/api/boards/${code}/commands`)).status).toBe(404);
    expect(await disposeExpiredBoards(s.p.server.app)).toBe(1);
    expect(await s.p.db('boards').where({ id }).first()).toBeUndefined();
  });

  it('deletes a board (owner only) with DELETE /api/boards/ {id}', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    expect((await call(s.p, s.bob, 'DELETE', '/api/boards/', { id })).status).toBe(403);
    expect((await call(s.p, s.ann, 'DELETE', '/api/boards/', { id: code })).status).toBe(204);
    expect(await s.p.db('boards').where({ id }).first()).toBeUndefined();
    expect(s.events(code, 'onBoardRemoved')).toHaveLength(1);
    expect((await call(s.p, s.ann, 'DELETE', '/api/boards/', { id })).status).toBe(404);
    expect((await call(s.p, s.ann, 'DELETE', '/api/boards/', {})).status).toBe(400);
  });
});

describe('board settings and member names', () => {
  const s = boardsSuite({ ann: { name: 'Ann', plan: 'team' } });

  it('two settings changed at once both land, and the last config published holds both', async () => {
    const { code } = await newBoard(s.p, s.ann);
    // the settings dialog sends each change as it is made: the background, then its colour
    await Promise.all([
      updateBoardConfig(s.p.server.app, code, s.ann.actor, { bg: 'graph-paper' }),
      updateBoardConfig(s.p.server.app, code, s.ann.actor, { bgColor: '#e3f2fd' }),
    ]);
    const stored = (await describeBoard(s.p.server.app, code, s.ann.actor)).boardConfig;
    expect(stored).toMatchObject({ bg: 'graph-paper', bgColor: '#e3f2fd' });
    expect(s.events(code, 'onConfigChanged').at(-1)!.data).toMatchObject({ bg: 'graph-paper', bgColor: '#e3f2fd' });
  });

  it('updates the board config and publishes the whole config', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const config = await updateBoardConfig(
      s.p.server.app,
      code,
      s.ann.actor,
      {
        bg: 'https://example.com/bg.png',
        bgColor: '#112233',
        privateMode: { type: 1, blurry: true },
        viewport: { x: 1, y: 2, w: 300, h: 200 },
        upload: 1,
      },
      { connectionId: 'k' },
    );
    expect(config).toEqual({
      bg: 'https://example.com/bg.png',
      bgColor: '#112233',
      upload: 1,
      privateMode: { type: 1, blurry: true },
      viewport: { x: 1, y: 2, w: 300, h: 200 },
      downsize: { option: 'ask', quality: null },
    });
    expect(s.events(code, 'onConfigChanged').at(-1)).toEqual({ event: 'onConfigChanged', data: config, except: 'k' });
    expect((await describeBoard(s.p.server.app, code, s.ann.actor)).boardConfig).toEqual(config);
    // blurry only when private mode is on
    expect((await updateBoardConfig(s.p.server.app, code, s.ann.actor, { privateMode: { type: 0, blurry: true } })).privateMode).toEqual({
      type: 0,
      blurry: false,
    });
  });

  it('refuses bad settings with field errors', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ bg: 'lava' }, 'bg'],
      [{ bgColor: 'red' }, 'bgColor'],
      [{ upload: 3 }, 'upload'],
      [{ privateMode: { type: 2 } }, 'privateMode'],
      [{ viewport: { x: 0, y: 0, w: 0, h: 10 } }, 'viewport'],
      [{ theme: 'dark' }, 'theme'],
    ];
    for (const [patch, field] of bad) {
      await expect(updateBoardConfig(s.p.server.app, code, s.ann.actor, patch as never)).rejects.toMatchObject({
        output: { statusCode: 400, payload: { errors: { [field]: expect.any(Array) } } },
      });
    }
  });

  it('renames a member on this board only and publishes onBoardMemberRenamed', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const other = await newBoard(s.p, s.ann);
    const g = guest();
    await describeBoard(s.p.server.app, code, g.actor);
    expect(await renameMember(s.p.server.app, code, g.actor, '  Gus  the  guest ')).toEqual({ uid: g.actor.uid, name: 'Gus the guest' });
    expect(s.events(code, 'onBoardMemberRenamed').at(-1)!.data).toEqual({ uid: g.actor.uid, name: 'Gus the guest' });
    expect((await describeBoard(s.p.server.app, code, g.actor)).displayName).toBe('Gus the guest');
    expect((await describeBoard(s.p.server.app, other.code, g.actor)).displayName).toBe('Guest');
    await expect(renameMember(s.p.server.app, code, g.actor, '  ')).rejects.toMatchObject({ output: { statusCode: 400 } });
  });

  it('documents every board-area route in the OpenAPI document', async () => {
    const res = await s.p.server.inject('/documents/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(JSON.parse(res.payload).paths);
    for (const path of [
      '/api/boards',
      '/api/boards/{id}/commands',
      '/api/boards/{id}/dispose',
      '/api/boards/{id}/rename',
      '/api/boards/{id}/sharing',
      '/api/boards/{id}/sharings',
      '/api/boards/{id}/members',
      '/api/boards/{id}/members/{memberId}/roles',
      '/api/boards/{id}/messages',
      '/api/boards/{id}/comments',
      '/api/boards/{id}/comments/{threadId}/mark',
      '/api/users/migrate',
      '/api/logs/clients',
      '/api/logs/usages',
      '/api/logs/perfs',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
