/**
 * GET /api/workspace/{id}/boards (panel.md §2, §3, §7, §9) on a real database: 100 boards paged
 * by 30 in each sort (LastVisited, Alphabet, LastChanged), the Text, Filter and Tags filters, the
 * '*' marker, 'shared' (boards shared with me), what members see, and who is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, insertWorkspace } from '../../platform/workspaces/repo';
import { upsertInvitedMember } from '../../platform/boards/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, signedIn, type Who } from './boards-fixtures';
import { librarian, madeBoard, type Made } from './library-fixtures';

let p: TestPlatform;
let owner: Awaited<ReturnType<typeof librarian>>;
let colleague: Who;
let boards: Array<Made & { i: number; tags: string[] }>;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const minute = 60_000;

beforeAll(async () => {
  p = await startTestPlatform();
  owner = await librarian(p, 'Olive');
  colleague = await signedIn(p, { name: 'Colin' });
  await addMember(p.db, { workspaceId: owner.workspace.id, userId: colleague.user!.id, role: 'Admin' });
  boards = [];
  for (let i = 0; i < 100; i++) {
    const n = String(i).padStart(3, '0');
    const tags = [i % 2 ? 'odd' : 'even', ...(i % 5 === 0 ? ['five'] : [])];
    // owner owns even boards, colleague odd ones; visits and changes in distinct orders
    const ownerId = i % 2 ? colleague.user!.id : owner.user!.id;
    const made = await madeBoard(p, {
      workspaceId: owner.workspace.id,
      ownerId,
      name: `${i % 3 ? 'Plan' : 'Sketch'} ${n}`,
      tags,
      visitedBy: i % 4 === 3 ? undefined : owner.user!.id,
      visitedAt: new Date(T0 + ((i * 37) % 100) * minute),
      changedAt: new Date(T0 + ((i * 53) % 100) * minute + 30_000),
      changedBy: i % 10 === 0 ? owner.user!.id : colleague.user!.id,
    });
    boards.push({ ...made, i, tags });
  }
}, 120_000);
afterAll(() => p?.stop());

const list = (who: Who, query = '', ws = 'default') => call(p, who, 'GET', `/api/workspace/${ws}/boards${query}`);

async function all(query: string): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  for (let skip = 0; ; skip += 30) {
    const res = await list(owner, `${query}${query ? '&' : '?'}Skip=${skip}`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(res.body.totalCount);
    out.push(...res.body.data);
    expect(res.body.data.length).toBeLessThanOrEqual(30);
    if (res.body.data.length < 30) return out;
  }
}

describe('the board list', () => {
  it('answers 30 a page with the total and the spec fields', async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(100);
    expect(res.body.data).toHaveLength(30);
    const item = res.body.data[0];
    expect(Object.keys(item).sort()).toEqual(
      ['code', 'id', 'isChanged', 'lastSession', 'membersCount', 'name', 'tags', 'thumbnail'].sort(),
    );
    expect(item.thumbnail).toBeNull();
  });

  it('pages through every sort without overlap, in the right order', async () => {
    const byName = [...boards].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect((await all('?Sort=Alphabet')).map((b) => b.name)).toEqual(byName.map((b) => b.name));
    const changed = [...boards].sort((a, b) => ((b.i * 53) % 100) - ((a.i * 53) % 100));
    expect((await all('?Sort=LastChanged')).map((b) => b.code)).toEqual(changed.map((b) => b.code));
    const visited = (await all('?Sort=LastVisited')).map((b) => b.code);
    expect(new Set(visited).size).toBe(100);
    const seen = boards.filter((b) => b.i % 4 !== 3).sort((a, b) => ((b.i * 37) % 100) - ((a.i * 37) % 100));
    // visited ones first (latest first), then the never-visited by last change
    expect(visited.slice(0, seen.length)).toEqual(seen.map((b) => b.code));
    const never = boards.filter((b) => b.i % 4 === 3).sort((a, b) => ((b.i * 53) % 100) - ((a.i * 53) % 100));
    expect(visited.slice(seen.length)).toEqual(never.map((b) => b.code));
    // the default sort is LastVisited
    expect((await list(owner)).body.data.map((b: { code: string }) => b.code)).toEqual(visited.slice(0, 30));
  });

  it('filters by text, owner and tags (every tag given), and combines them', async () => {
    const sketches = await all('?Text=sketch&Sort=Alphabet');
    expect(sketches.map((b) => b.name)).toEqual(boards.filter((b) => b.i % 3 === 0).map((b) => b.name));
    expect((await list(owner, '?Text=%25')).body.totalCount).toBe(0);
    expect((await list(owner, '?Filter=Owned&Take=100')).body.data.every((b: { name: string }) => Number(b.name.slice(-3)) % 2 === 0)).toBe(
      true,
    );
    expect((await list(owner, '?Filter=Owned')).body.totalCount).toBe(50);
    expect((await list(owner, '?Filter=NotOwned')).body.totalCount).toBe(50);
    expect((await list(owner, '?Tags=five')).body.totalCount).toBe(20);
    const fiveOdd = await all('?Tags=five,%20odd&Sort=Alphabet');
    expect(fiveOdd.map((b) => b.name)).toEqual(
      boards
        .filter((b) => b.i % 10 === 5)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((b) => b.name),
    );
    expect(fiveOdd.every((b) => b.tags.includes('five') && b.tags.includes('odd'))).toBe(true);
    expect((await list(owner, '?Tags=five&Filter=Owned&Text=Plan')).body.totalCount).toBe(
      boards.filter((b) => b.i % 10 === 0 && b.i % 3).length,
    );
  });

  it("marks boards changed by someone else since the asker's last visit", async () => {
    const items = await all('?Sort=Alphabet');
    for (const b of boards) {
      const item = items.find((x) => x.code === b.code)!;
      const visited = b.i % 4 === 3 ? null : (b.i * 37) % 100;
      const changed = ((b.i * 53) % 100) + 0.5;
      const byMe = b.i % 10 === 0;
      expect(item.isChanged, b.name).toBe(!byMe && (visited === null || changed > visited));
    }
  });

  it('refuses bad paging and unknown filter or sort values with the error envelope', async () => {
    for (const q of ['?Take=0', '?Skip=-1', '?Filter=Mine', '?Sort=Newest', '?Take=101']) {
      const res = await list(owner, q);
      expect(res.status, q).toBe(400);
      expect(res.body.errors, q).toBeTruthy();
    }
  });

  it('shows members the boards they can open, and nothing to outsiders or without a token', async () => {
    const member = await signedIn(p, { name: 'Mia' });
    await addMember(p.db, { workspaceId: owner.workspace.id, userId: member.user!.id, role: 'Member' });
    const hidden = boards[0]!;
    await p.db('boards').where({ id: hidden.id }).update({ workspace_level: 'NoAccess', link_level: 'NoAccess' });
    const seen = await call(p, member, 'GET', `/api/workspace/${owner.workspace.id}/boards?Take=100`);
    expect(seen.status).toBe(200);
    expect(seen.body.totalCount).toBe(99);
    expect(seen.body.data.map((b: { code: string }) => b.code)).not.toContain(hidden.code);
    // an explicit member role opens it again; a revoked one hides a board the level would show
    await upsertInvitedMember(p.db, hidden.id, { uid: member.user!.id, userId: member.user!.id, name: 'Mia', role: 'Viewer' });
    await upsertInvitedMember(p.db, boards[1]!.id, { uid: member.user!.id, userId: member.user!.id, name: 'Mia', role: 'NoAccess' });
    const again = await call(p, member, 'GET', `/api/workspace/${owner.workspace.id}/boards?Take=100`);
    expect(again.body.data.map((b: { code: string }) => b.code)).toContain(hidden.code);
    expect(again.body.data.map((b: { code: string }) => b.code)).not.toContain(boards[1]!.code);
    // the owner still sees every board; a revoked member is not counted among its members
    expect((await list(owner)).body.totalCount).toBe(100);
    const counted = await all('?Sort=Alphabet');
    expect(counted.find((b) => b.code === hidden.code)!.membersCount).toBe(2);
    expect(counted.find((b) => b.code === boards[1]!.code)!.membersCount).toBe(1);
    const outsider = await signedIn(p, { name: 'Otto' });
    expect((await call(p, outsider, 'GET', `/api/workspace/${owner.workspace.id}/boards`)).status).toBe(404);
    expect((await call(p, null, 'GET', `/api/workspace/${owner.workspace.id}/boards`)).status).toBe(401);
    // 'default' is the asker's own default workspace: never someone else's boards
    const own = await call(p, outsider, 'GET', '/api/workspace/default/boards');
    expect(own.body).toEqual({ totalCount: 0, data: [] });
  });

  it("'shared' lists boards I am a member of outside my workspaces", async () => {
    const friend = await signedIn(p, { name: 'Fred' });
    const ws = await insertWorkspace(p.db, { name: 'Elsewhere', ownerId: colleague.user!.id, isDefault: false });
    const b1 = await madeBoard(p, { workspaceId: ws.id, ownerId: colleague.user!.id, name: 'Invited board' });
    const b2 = await madeBoard(p, { workspaceId: ws.id, ownerId: colleague.user!.id, name: 'Revoked board' });
    const b3 = await madeBoard(p, { workspaceId: ws.id, ownerId: colleague.user!.id, name: 'Not mine' });
    await upsertInvitedMember(p.db, b1.id, { uid: friend.user!.id, userId: friend.user!.id, name: 'Fred', role: 'Editor' });
    await upsertInvitedMember(p.db, b2.id, { uid: friend.user!.id, userId: friend.user!.id, name: 'Fred', role: 'NoAccess' });
    const res = await call(p, friend, 'GET', '/api/workspace/shared/boards');
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: { name: string }) => b.name)).toEqual(['Invited board']);
    expect(res.body.data[0].membersCount).toBe(1);
    expect(JSON.stringify(res.body)).not.toContain(b3.code);
    // a board of a workspace I belong to is not 'shared with me'
    expect((await call(p, owner, 'GET', '/api/workspace/shared/boards')).body.totalCount).toBe(0);
  });

  it('documents every library route in the OpenAPI document', async () => {
    const res = await p.server.inject({ method: 'GET', url: '/documents/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(JSON.parse(res.payload).paths);
    for (const path of [
      '/api/workspace/{id}/boards',
      '/api/boards/{id}/tags',
      '/api/boards/{id}/move',
      '/api/boards/{id}/duplicate',
      '/api/boards/{id}/backup',
      '/api/boards/restore/{workspaceId}',
      '/api/thumbnails/{key}',
      '/api/admin/boards/{id}/thumbnails',
      '/api/panel/home',
      '/api/users/tags',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
