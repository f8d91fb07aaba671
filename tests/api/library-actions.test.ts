/**
 * The board list's actions on a real database (panel.md §2, §4, §6, §7): tags (tag-boards
 * policy), move (Owner/Admin of both workspaces), duplicate (the current state, not the history),
 * server thumbnails after a change (a non-blank PNG), client thumbnails, the panel home and user
 * tags. Every refusal is checked to change nothing.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCoreActions } from '../../platform/boards/activity';
import { boardStateAt } from '../../platform/boards/snapshots';
import { thumbnailsIdle } from '../../platform/library/thumbnails';
import { addMember, insertWorkspace, type WorkspaceRow } from '../../platform/workspaces/repo';
import { pngDataUrl } from '../helpers/png';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { boardState } from './board-state';
import { add, call, move, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';
import { eventually, librarian } from './library-fixtures';

let p: TestPlatform;
let owner: Awaited<ReturnType<typeof librarian>>;
let member: Who;
let outsider: Awaited<ReturnType<typeof librarian>>;
let second: WorkspaceRow;

beforeAll(async () => {
  p = await startTestPlatform();
  owner = await librarian(p, 'Olive');
  outsider = await librarian(p, 'Otto');
  member = await signedIn(p, { plan: 'team', name: 'Mia' });
  await addMember(p.db, { workspaceId: owner.workspace.id, userId: member.user!.id, role: 'Member' });
  second = await insertWorkspace(p.db, { name: 'Second', ownerId: owner.user!.id, isDefault: false });
}, 60_000);
afterAll(() => p?.stop());

async function drawnBoard(who: Who, name: string, shapes = 3) {
  const board = await newBoard(p, who, { name });
  for (let i = 0; i < shapes; i++)
    expect((await send(p, who, board.code, add(who.actor.uid, rect(`s${i}`, who.actor.uid, i * 40, i * 20)))).status).toBe(200);
  return board;
}

const item = async (who: Who, code: string, ws = 'default') => {
  const res = await call(p, who, 'GET', `/api/workspace/${ws}/boards?Take=100`);
  return (res.body.data as Array<Record<string, any>>).find((b) => b.code === code);
};

describe('tags', () => {
  it('saves trimmed, distinct tags for Owner or Admin with the tag-boards policy', async () => {
    const board = await newBoard(p, owner, { name: 'Tagged' });
    const res = await call(p, owner, 'POST', `/api/boards/${board.code}/tags`, { tags: ['Alpha', ' alpha ', 'Beta  two'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: board.code, name: 'Tagged', tags: ['Alpha', 'Beta two'] });
    expect((await item(owner, board.code))!.tags).toEqual(['Alpha', 'Beta two']);
    expect(
      (await call(p, owner, 'GET', '/api/workspace/default/boards?Tags=Alpha')).body.data.map((b: { code: string }) => b.code),
    ).toEqual([board.code]);
    expect((await call(p, owner, 'POST', `/api/boards/${board.code}/tags`, { tags: [] })).body.tags).toEqual([]);
  });

  it('refuses a member, an outsider, a plan without the policy, and bad tags — changing nothing', async () => {
    const board = await newBoard(p, owner, { name: 'Untouched' });
    const before = await boardState(p.db, board.id);
    const plain = await signedIn(p, { name: 'Pat' }); // the free plan: no tag-boards
    await addMember(p.db, { workspaceId: owner.workspace.id, userId: plain.user!.id, role: 'Admin' });
    for (const [who, status] of [
      [member, 403],
      [outsider, 403],
      [plain, 403],
      [null, 401],
    ] as const) {
      expect((await call(p, who, 'POST', `/api/boards/${board.code}/tags`, { tags: ['x'] })).status).toBe(status);
    }
    expect(
      (await call(p, owner, 'POST', `/api/boards/${board.code}/tags`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).status,
    ).toBe(400);
    expect((await call(p, owner, 'POST', `/api/boards/${board.code}/tags`, { tags: ['x'.repeat(41)] })).status).toBe(400);
    expect((await call(p, owner, 'POST', '/api/boards/nosuchboard/tags', { tags: ['x'] })).status).toBe(404);
    expect(await boardState(p.db, board.id)).toEqual(before);
    expect((await p.db('boards').where({ id: board.id }).first()).tags).toEqual([]);
  });
});

describe('move', () => {
  it('moves a board between two workspaces the asker owns or administers', async () => {
    const board = await newBoard(p, owner, { name: 'Mover' });
    const res = await call(p, owner, 'POST', `/api/boards/${board.code}/move`, { workspace: second.id });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(board.code);
    expect((await p.db('boards').where({ id: board.id }).first()).workspace_id).toBe(second.id);
    expect(await item(owner, board.code, second.id)).toBeTruthy();
    expect(await item(owner, board.code)).toBeUndefined();
    // and back, through the alias
    expect((await call(p, owner, 'POST', `/api/boards/${board.code}/move`, { workspace: 'default' })).status).toBe(200);
    expect((await p.db('boards').where({ id: board.id }).first()).workspace_id).toBe(owner.workspace.id);
  });

  it("refuses a member, an outsider's board, a target the asker does not administer", async () => {
    const board = await newBoard(p, owner, { name: 'Stayer' });
    const foreign = await newBoard(p, outsider, { name: 'Foreign' });
    expect((await call(p, member, 'POST', `/api/boards/${board.code}/move`, { workspace: 'default' })).status).toBe(403);
    expect((await call(p, outsider, 'POST', `/api/boards/${board.code}/move`, { workspace: 'default' })).status).toBe(403);
    // into someone else's workspace: not found for the asker
    expect((await call(p, owner, 'POST', `/api/boards/${board.code}/move`, { workspace: outsider.workspace.id })).status).toBe(404);
    expect((await call(p, owner, 'POST', `/api/boards/${foreign.code}/move`, { workspace: 'default' })).status).toBe(403);
    // a workspace where the asker is only a Member
    const theirs = await insertWorkspace(p.db, { name: 'Theirs', ownerId: outsider.user!.id, isDefault: false });
    await addMember(p.db, { workspaceId: theirs.id, userId: owner.user!.id, role: 'Member' });
    expect((await call(p, owner, 'POST', `/api/boards/${board.code}/move`, { workspace: theirs.id })).status).toBe(403);
    expect((await p.db('boards').where({ id: board.id }).first()).workspace_id).toBe(owner.workspace.id);
    expect((await p.db('boards').where({ id: foreign.id }).first()).workspace_id).toBe(outsider.workspace.id);
  });
});

describe('duplicate', () => {
  it('copies the current state (not the history) into a new board with a new code', async () => {
    const board = await drawnBoard(owner, 'Original', 3);
    await send(p, owner, board.code, move(owner.actor.uid, 's1', 500, 500));
    await call(p, owner, 'POST', `/api/boards/${board.code}/tags`, { tags: ['kept'] });
    const res = await call(p, owner, 'POST', `/api/boards/${board.code}/duplicate`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Original (copy)', tags: ['kept'], isChanged: false });
    expect(res.body.code).not.toBe(board.code);
    const copy = await p.db('boards').where({ code: res.body.code }).first();
    expect(copy.workspace_id).toBe(owner.workspace.id);
    expect(copy.owner_id).toBe(owner.user!.id);
    const original = await p.db('boards').where({ code: board.code }).first();
    const shapesOf = async (row: { id: string; last_seq: number }) => (await boardStateAt(p.db, row.id, Number(row.last_seq))).ordered();
    expect(await shapesOf(copy)).toEqual(await shapesOf(original));
    expect((await shapesOf(copy)).find((s) => s.id === 's1')).toMatchObject({ x: 540, y: 520 });
    // one add per shape: the move is not in the copy's log
    expect((await p.db('commands').where({ board_id: copy.id })).map((c) => c.kind)).toEqual(['rectangle', 'rectangle', 'rectangle']);
    // the copy opens with its shapes (snapshot + commands after it)
    const join = await call(p, owner, 'GET', `/api/boards/${res.body.code}/commands`);
    expect(join.status).toBe(200);
    expect(join.body.snapshot.shapes.map((s: { id: string }) => s.id)).toEqual(['s0', 's1', 's2']);
  });

  it('refuses a member and an outsider, creating nothing', async () => {
    const board = await drawnBoard(owner, 'Solo', 1);
    const count = async () => Number((await p.db('boards').count({ n: '*' }))[0]!.n);
    const before = await count();
    for (const [who, status] of [
      [member, 403],
      [outsider, 403],
      [null, 401],
    ] as const) {
      expect((await call(p, who, 'POST', `/api/boards/${board.code}/duplicate`, {})).status).toBe(status);
    }
    expect(await count()).toBe(before);
  });
});

describe('thumbnails', () => {
  it('are rendered a short while after a change: a non-blank PNG served at the URL the list carries', async () => {
    const board = await drawnBoard(owner, 'Pictured', 4);
    const url = await eventually(async () => (await item(owner, board.code))?.thumbnail as string | null);
    expect(url).toMatch(/^\/api\/thumbnails\/[A-Za-z0-9_-]+$/);
    const res = await p.server.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const image = sharp(res.rawPayload);
    expect((await image.metadata()).format).toBe('png');
    const stats = await image.stats();
    expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(1);
    // a later change gives a new image under a new URL; the old URL is gone
    await send(p, owner, board.code, add(owner.actor.uid, rect('late', owner.actor.uid, 300, 300)));
    const next = await eventually(async () => {
      const now = (await item(owner, board.code))?.thumbnail as string | null;
      return now && now !== url ? now : null;
    });
    expect((await p.server.inject({ method: 'GET', url: next })).statusCode).toBe(200);
    expect((await p.server.inject({ method: 'GET', url })).statusCode).toBe(404);
    // the change is recorded: the list's LastChanged and '*' (not for the author's own change)
    const row = await p.db('board_library').where({ board_id: board.id }).first();
    expect(row.changed_by).toBe(owner.user!.id);
    expect((await item(owner, board.code))!.isChanged).toBe(false);
  });

  it("is rendered once per change however many nodes hear it (another node's bus message for a rendered seq is skipped)", async () => {
    const board = await drawnBoard(owner, 'Once', 2);
    await thumbnailsIdle(p.server.app, { flushNow: true });
    const first = await p.db('board_library').where({ board_id: board.id }).first();
    expect(first.thumbnail_key).toBeTruthy();
    // what a second node would publish for the same command
    const last = await p.db('commands').where({ board_id: board.id }).orderBy('seq', 'desc').first();
    await p.server.app.bus.publish(board.code, { event: 'onCommand', data: { ...last.payload, seq: Number(last.seq) } });
    await thumbnailsIdle(p.server.app, { flushNow: true });
    expect((await p.db('board_library').where({ board_id: board.id }).first()).thumbnail_key).toBe(first.thumbnail_key);
  });

  it('a duplicate gets its own thumbnail; a board in private mode gets none', async () => {
    const board = await drawnBoard(owner, 'Twin', 2);
    const copy = await call(p, owner, 'POST', `/api/boards/${board.code}/duplicate`, {});
    await eventually(async () => (await item(owner, copy.body.code))?.thumbnail);
    const hidden = await drawnBoard(owner, 'Private', 0);
    await p
      .db('boards')
      .where({ code: hidden.code })
      .update({ board_config: JSON.stringify({ privateMode: { type: 1, blurry: false } }) });
    await send(p, owner, hidden.code, add(owner.actor.uid, rect('secret', owner.actor.uid)));
    await thumbnailsIdle(p.server.app, { flushNow: true });
    const row = await p.db('board_library').where({ board_id: hidden.id }).first();
    expect(row.thumbnail).toBeNull();
    expect((await item(owner, hidden.code))!.thumbnail).toBeNull();
  });

  it('stores a client-made thumbnail for the board owner only, refusing anything but an image', async () => {
    const board = await newBoard(p, owner, { name: 'Client pic' });
    const bad = await call(p, owner, 'POST', `/api/admin/boards/${board.code}/thumbnails`, { thumbnail: 'data:text/html;base64,PGI+' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.thumbnail).toBeTruthy();
    const lying = await call(p, owner, 'POST', `/api/admin/boards/${board.code}/thumbnails`, {
      thumbnail: `data:image/jpeg;base64,${pngDataUrl(20, 20).split(',')[1]}`,
    });
    expect(lying.status).toBe(400);
    expect((await call(p, outsider, 'POST', `/api/admin/boards/${board.code}/thumbnails`, { thumbnail: pngDataUrl(40, 30) })).status).toBe(
      403,
    );
    expect((await call(p, member, 'POST', `/api/admin/boards/${board.code}/thumbnails`, { thumbnail: pngDataUrl(40, 30) })).status).toBe(
      403,
    );
    const ok = await call(p, owner, 'POST', `/api/admin/boards/${board.code}/thumbnails`, { thumbnail: pngDataUrl(40, 30) });
    expect(ok.status).toBe(200);
    expect((await item(owner, board.code))!.thumbnail).toBe(ok.body.thumbnail);
    const served = await p.server.inject({ method: 'GET', url: ok.body.thumbnail });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(480);
  });
});

describe('home and user tags', () => {
  it('answers the home data: counts, storage, core actions and the recent boards with thumbnails', async () => {
    const user = await librarian(p, 'Hana');
    const boards = [];
    for (let i = 0; i < 10; i++) boards.push(await drawnBoard(user, `Home ${i}`, 1));
    for (const b of boards.slice(0, 9)) expect((await call(p, user, 'GET', `/api/boards/${b.code}/commands`)).status).toBe(200);
    await recordCoreActions(p.server.app, boards[0]!.id, user.actor, ['edited', 'collaborated']);
    await recordCoreActions(p.server.app, boards[1]!.id, user.actor, ['edited']);
    // three board sessions (a join to a leave; the hub records them — tests/api/usage-facts.test.ts)
    const joined = new Date(Date.now() - 3_600_000);
    await p.db('board_sessions').insert(
      boards.slice(0, 3).map((b) => ({
        board_id: b.id,
        uid: user.actor.uid,
        user_id: user.actor.userId,
        joined_at: joined,
        left_at: new Date(),
        duration_s: 3600,
      })),
    );
    await thumbnailsIdle(p.server.app, { flushNow: true });
    const res = await call(p, user, 'GET', '/api/panel/home');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'Hana',
      role: 100,
      totalBoards: 10,
      tags: [],
      coreAction: { sessions: 3, edits: 2, collaborations: 1 },
    });
    expect(res.body.storage).toBeGreaterThan(0);
    expect(Date.parse(res.body.signupDate)).toBeGreaterThan(0);
    expect(res.body.recentBoards).toHaveLength(8);
    expect(res.body.recentBoards[0]).toMatchObject({ code: boards[8]!.code, name: 'Home 8' });
    expect(res.body.recentBoards.every((b: { thumbnail: string | null }) => typeof b.thumbnail === 'string')).toBe(true);
    expect((await call(p, null, 'GET', '/api/panel/home')).status).toBe(401);
    // someone else's home holds nothing of hers
    const other = await call(p, outsider, 'GET', '/api/panel/home');
    expect(JSON.stringify(other.body)).not.toContain(boards[0]!.code);
  });

  it("adds tags to the user (the Tehran time zone's 'iran'), deduplicated", async () => {
    const user = await signedIn(p, { name: 'Iris' });
    const res = await call(p, user, 'PUT', '/api/users/tags', { adds: ['iran', ' iran '] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tags: ['iran'] });
    expect((await call(p, user, 'PUT', '/api/users/tags', { adds: ['iran', 'tester'] })).body).toEqual({ tags: ['iran', 'tester'] });
    expect((await call(p, user, 'GET', '/api/panel/home')).body.tags).toEqual(['iran', 'tester']);
    expect((await call(p, user, 'PUT', '/api/users/tags', { adds: [''] })).status).toBe(400);
    expect((await call(p, null, 'PUT', '/api/users/tags', { adds: ['iran'] })).status).toBe(401);
  });
});
