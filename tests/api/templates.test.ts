import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, CommandSetCommand, Shape } from '../../shared/model';
import { MESSAGES } from '../../shared/messages';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { add, call, cid, newBoard, rect, signedIn, undo, type Who } from './boards-fixtures';
import { accessTokenFor } from '../../platform/accounts/tokens';
import { boardStateAt } from '../../platform/boards/api';
import { updateUser } from '../../platform/users/repo';
import { join, makeTeam, type Team } from './workspace-fixtures';

/**
 * Templates on the server (issue 28 items 1–4 and 8; board.md §3, §4, §7; docs/templates.md): the
 * library installed by the operators' action, the lists, details and thumbnails, custom templates
 * (policies, who may see and delete them, the 400s), addTemplate over real sockets (one
 * commandSet every member receives, one undo removes it all, the board's caps), the download as
 * a template file, and the back-office templates statistic and actions.
 */
let p: TestPlatform;
let op: Who;
let beta: Who;
let teamplus: Who;
let free: Who;
let team: Team;
const sockets: HubClient[] = [];

const JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]).toString('base64')}`;
const note = (id: string, x = 0, y = 0): Record<string, unknown> => ({
  id,
  cmd: 'stickyNote',
  text: 'hello',
  x,
  y,
  w: 170,
  h: 170,
  color: '#fff59d',
  size: 'M',
  fontSize: 20,
});

/** The shapes alive on a board now. */
const live = async (boardId: string) => (await boardStateAt(p.db, boardId, Number.MAX_SAFE_INTEGER)).size;

async function connect(who: Who): Promise<HubClient> {
  const hub = await HubClient.connect(p.url, { token: who.token });
  sockets.push(hub);
  return hub;
}

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  op = await operator(p, { name: 'Tess Templates' });
  beta = await signedIn(p, { plan: 'beta-tester', name: 'Bea Beta' });
  // a teamplus user who is a beta tester: custom templates (beta-tester) that may be shared (teamplus)
  teamplus = await signedIn(p, { plan: 'teamplus', name: 'Tim Teamplus' });
  teamplus.user = await updateUser(p.db, teamplus.user!.id, { roles: ['beta-tester'] });
  teamplus.token = accessTokenFor(p.config, teamplus.user);
  free = await signedIn(p, { name: 'Fred Free' });
  team = await makeTeam(p, 'Template team');
  // the library is installed at start in the background: the operator's action installs it (again) and waits
  const res = await call(p, op, 'POST', '/api/admin/templates/install', {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 60_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await p?.stop();
});

describe('built-in templates', () => {
  it('lists them by group and search, with thumbnails drawn by the server', async () => {
    const all = await call(p, null, 'GET', '/api/boards/templates?Group=all');
    expect(all.status).toBe(200);
    const names = all.body.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['kanban', 'roadmap', 'sticky-grid']));
    const kanban = all.body.find((t: { name: string }) => t.name === 'kanban');
    expect(kanban).toMatchObject({ title: 'Kanban board', type: 1, group: 'template', hasParameters: true, isNew: false });
    expect(kanban.summery).toEqual(expect.any(String));

    const blocks = await call(p, null, 'GET', '/api/boards/templates?Group=buildingBLock');
    expect(blocks.status).toBe(200);
    expect(blocks.body.map((t: { name: string }) => t.name)).toContain('sticky-grid');
    expect(blocks.body.every((t: { group: string }) => t.group === 'buildingBlock')).toBe(true);

    const found = await call(p, null, 'GET', '/api/boards/templates?Group=all&Search=KANBAN');
    expect(found.body.map((t: { name: string }) => t.name)).toContain('kanban');
    expect((await call(p, null, 'GET', '/api/boards/templates?Group=all&Search=zzzz-nothing')).body).toEqual([]);
    expect((await call(p, null, 'GET', '/api/boards/templates?Group=other')).status).toBe(400);

    const png = await p.server.inject({ method: 'GET', url: kanban.imageUrl });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // drawn once, then served from the cache
    expect((await p.db('templates').where({ name: 'kanban' }).first()).thumbnail).not.toBeNull();
    expect((await p.server.inject({ method: 'GET', url: '/api/boards/templates/no-such/thumbnail' })).statusCode).toBe(404);
  });

  it('answers details with the parameters and the laid-out size', async () => {
    const res = await call(p, null, 'GET', '/api/boards/templates/kanban/details');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'kanban',
      type: 1,
      hasParameters: true,
      isOwned: false,
      parameters: { required: ['columns'], data: { columns: ['To do', 'Doing', 'Done'] } },
      width: 3 * 360 - 40,
    });
    expect(res.body.parameters.properties.columns).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect((await call(p, null, 'GET', '/api/boards/templates/nothing-here/details')).status).toBe(404);
    expect((await call(p, null, 'GET', '/api/boards/templates/Bad%20Name/details')).status).toBe(400);
  });
});

describe('custom templates', () => {
  it('saves, lists, shows and deletes them with the policies and workspace roles', async () => {
    const shapes = [note('a', 500, 300), rect('b', 'whoever', 700, 320)];
    // no custom-templates policy
    const refused = await call(p, free, 'POST', '/api/boards/custom-templates', { name: 'Mine', commands: shapes, thumbnail: JPEG });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: MESSAGES.unauthorizedAccess, feature: 'custom templates' });
    // sharing needs shared-templates (teamplus)
    const noShare = await call(p, beta, 'POST', '/api/boards/custom-templates', {
      name: 'Mine',
      commands: shapes,
      shared: true,
      thumbnail: JPEG,
    });
    expect(noShare.status).toBe(403);
    // empty board, empty name, a shape off the model, a thumbnail that is no JPEG
    const empty = await call(p, beta, 'POST', '/api/boards/custom-templates', { name: 'Mine', commands: [] });
    expect(empty).toMatchObject({ status: 400, body: { message: MESSAGES.boardEmpty, errors: { commands: [MESSAGES.boardEmpty] } } });
    const noName = await call(p, beta, 'POST', '/api/boards/custom-templates', { name: '  ', commands: shapes });
    expect(noName.status).toBe(400);
    expect(Object.keys(noName.body.errors)).toEqual(['name']);
    const bad = await call(p, beta, 'POST', '/api/boards/custom-templates', { name: 'Mine', commands: [{ ...note('x'), x: 'far' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['commands']);
    const badThumb = await call(p, beta, 'POST', '/api/boards/custom-templates', {
      name: 'Mine',
      commands: shapes,
      thumbnail: 'data:image/png;base64,AAAA',
    });
    expect(badThumb.status).toBe(400);
    expect(Object.keys(badThumb.body.errors)).toEqual(['thumbnail']);
    const tooMany = await call(p, beta, 'POST', '/api/boards/custom-templates', {
      name: 'Huge',
      commands: Array.from({ length: 1001 }, (_, i) => note(`n${i}`)),
    });
    expect(tooMany.status).toBe(400);

    const saved = await call(p, beta, 'POST', '/api/boards/custom-templates', { name: ' Mine ', commands: shapes, thumbnail: JPEG });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: MESSAGES.templateSaved, name: expect.stringMatching(/^ct-[0-9a-f]{16}$/) });
    const name = saved.body.name as string;
    const row = await p.db('custom_templates').where({ name }).first();
    // moved to (0, 0): the note's top-left (the shapes' bounds, strokes included)
    expect(row).toMatchObject({ title: 'Mine', shared: false, owner_id: beta.user!.id });
    expect(row.shapes[0]).toMatchObject({ x: 0, y: 0 });

    const mine = await call(p, beta, 'GET', '/api/boards/custom-templates?Workspace=default');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({ name, title: 'Mine', type: 2, group: 'template', hasParameters: false, isOwned: true, shared: false }),
    ]);
    const image = await p.server.inject({ method: 'GET', url: mine.body[0].imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await p.server.inject({ method: 'GET', url: `/api/boards/templates/${name}/thumbnail` })).statusCode).toBe(404);
    expect((await p.server.inject({ method: 'GET', url: `/api/boards/templates/${name}/thumbnail?key=wrong` })).statusCode).toBe(404);

    expect((await call(p, beta, 'GET', `/api/boards/templates/${name}/details`)).body).toMatchObject({
      name,
      type: 2,
      isOwned: true,
      parameters: null,
    });
    // another user does not see it (404), nor delete it
    expect((await call(p, free, 'GET', `/api/boards/templates/${name}/details`)).status).toBe(404);
    expect((await call(p, free, 'DELETE', `/api/boards/custom-templates/${name}`)).status).toBe(404);
    expect((await call(p, null, 'DELETE', `/api/boards/custom-templates/${name}`)).status).toBe(401);
    const gone = await call(p, beta, 'DELETE', `/api/boards/custom-templates/${name}`);
    expect(gone).toMatchObject({ status: 200, body: { id: name, message: MESSAGES.templateDeleted } });
    expect((await call(p, beta, 'GET', '/api/boards/custom-templates?Workspace=default')).body).toEqual([]);
  });

  it('shares one with a workspace: members see it, a Member may not delete it, an Admin may', async () => {
    await join(p, team.workspace, teamplus, 'Member');
    const save = (shared: boolean) =>
      call(p, teamplus, 'POST', '/api/boards/custom-templates', {
        name: shared ? 'Team retro' : 'Private draft',
        commands: [note('n')],
        shared,
        workspaceId: team.workspace.alt_id,
        thumbnail: JPEG,
      });
    const shared = (await save(true)).body.name as string;
    const own = (await save(false)).body.name as string;
    const list = await call(p, team.member, 'GET', `/api/boards/custom-templates?Workspace=${team.workspace.alt_id}`);
    expect(list.body.map((t: { name: string }) => t.name)).toEqual([shared]);
    expect(list.body[0]).toMatchObject({ isOwned: false, canDelete: false, shared: true });
    // the list tells an Admin of the workspace that they may delete it (board.md §5)
    const asAdmin = await call(p, team.admin, 'GET', `/api/boards/custom-templates?Workspace=${team.workspace.alt_id}`);
    expect(asAdmin.body.find((t: { name: string }) => t.name === shared)).toMatchObject({ isOwned: false, canDelete: true });
    expect((await call(p, team.outsider, 'GET', `/api/boards/custom-templates?Workspace=${team.workspace.alt_id}`)).status).toBe(404);
    expect((await call(p, team.member, 'GET', `/api/boards/templates/${own}/details`)).status).toBe(404);
    expect((await call(p, team.member, 'GET', `/api/boards/templates/${shared}/details`)).status).toBe(200);
    expect((await call(p, team.outsider, 'GET', `/api/boards/templates/${shared}/details`)).status).toBe(404);

    expect((await call(p, team.member, 'DELETE', `/api/boards/custom-templates/${shared}`)).status).toBe(403);
    expect((await call(p, team.outsider, 'DELETE', `/api/boards/custom-templates/${shared}`)).status).toBe(404);
    expect((await call(p, team.admin, 'DELETE', `/api/boards/custom-templates/${shared}`)).status).toBe(200);
    expect((await call(p, team.owner, 'DELETE', `/api/boards/custom-templates/${own}`)).status).toBe(200);
    expect(await p.db('custom_templates').whereIn('name', [shared, own])).toEqual([]);
  });
});

describe('addTemplate', () => {
  it('inserts a template as one commandSet every member receives, and one undo removes it all', async () => {
    const owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
    const board = await newBoard(p, owner);
    const a = await connect(owner);
    const b = await connect(owner);
    await a.call('joinBoard', null, board.code, null, {});
    await b.call('joinBoard', null, board.code, null, {});
    const view = { width: 1280, height: 800, matrix: [0.5, 0, 0, 0.5, 100, 50], data: { columns: ['One', 'Two'], wip: 0 } };
    const answer = await a.call('addTemplate', board.code, 'kanban', view, true);
    expect(answer).toMatchObject({ id: expect.any(String), seq: expect.any(Number), name: 'kanban' });
    const seen = await b.waitFor<Command>('onCommand', (c) => c.id === answer.id);
    // the caller has not got the shapes: it receives the commandSet too
    await a.waitFor<Command>('onCommand', (c) => c.id === answer.id);
    expect(seen.cmd).toBe('commandSet');
    const adds = (seen as CommandSetCommand).commands;
    // two lanes of lane, title, card (the WIP line is left out: wip 0)
    expect(adds).toHaveLength(6);
    const shapes = adds.map((c) => (c as { shape: Shape }).shape);
    expect(shapes.filter((s) => s.cmd === 'text').map((s) => (s as { value: string }).value)).toEqual(['One', 'Two']);
    expect(new Set(shapes.map((s) => s.id)).size).toBe(6);
    expect(shapes.every((s) => s.uid === owner.actor.uid)).toBe(true);
    // centred in the view: the view's centre on the board is ((640 - 100) / 0.5, (400 - 50) / 0.5)
    const lanes = shapes.filter((s) => s.cmd === 'filledRectangle') as Array<Shape & { x: number; y: number; w: number; h: number }>;
    const left = Math.min(...lanes.map((l) => l.x));
    const right = Math.max(...lanes.map((l) => l.x + l.w));
    expect((left + right) / 2).toBeCloseTo(1080, 0);
    // scaled to fit 90 % of the view's height (1600 board units): 1000 × s ≤ 1440
    expect(lanes[0].h).toBeLessThanOrEqual(1440);
    expect(await live(board.id)).toBe(6);

    await a.call('sendCommand', board.code, undo(owner.actor.uid, answer.id));
    expect(await live(board.id)).toBe(0);
    const uses = await p.db('template_uses').where({ template_name: 'kanban', board_id: board.id });
    expect(uses).toHaveLength(1);
  });

  it('refuses bad data, viewers, missing templates and oversized inline templates clearly', async () => {
    const owner = await signedIn(p, { plan: 'team' });
    const board = await newBoard(p, owner);
    const hub = await connect(owner);
    await hub.call('joinBoard', null, board.code, null, {});
    const badData = await hub.fail('addTemplate', board.code, 'kanban', { data: { columns: [] } }, true);
    expect(badData.statusCode).toBe(400);
    expect(Object.keys(badData.data?.errors ?? {})).toEqual(['columns']);
    const unknownParam = await hub.fail('addTemplate', board.code, 'kanban', { data: { rows: 3 } }, true);
    expect(Object.keys(unknownParam.data?.errors ?? {})).toEqual(['rows']);
    expect((await hub.fail('addTemplate', board.code, 'sticky-grid', { data: { rows: 11 } }, true)).statusCode).toBe(400);
    expect((await hub.fail('addTemplate', board.code, 'nothing-here', {}, false)).statusCode).toBe(404);
    // inline: too many shapes for one template
    const huge = Array.from({ length: 1001 }, (_, i) => note(`h${i}`));
    expect((await hub.fail('addTemplate', board.code, { commands: huge }, {}, false)).statusCode).toBe(400);
    // inline: one that fits
    const ok = await hub.call(
      'addTemplate',
      board.code,
      { commands: [note('x'), rect('y', 'any', 200, 0)] },
      { width: 800, height: 600 },
      false,
    );
    expect(ok.seq).toEqual(expect.any(Number));
    expect(await live(board.id)).toBe(2);

    // a viewer (the board's link gives Viewer) may not insert
    const viewed = await newBoard(p, owner);
    await p.db('boards').where({ id: viewed.id }).update({ link_level: 'Viewer' });
    const viewer = await signedIn(p);
    const vhub = await connect(viewer);
    await vhub.call('joinBoard', null, viewed.code, null, {});
    expect((await vhub.fail('addTemplate', viewed.code, 'kanban', {}, false)).statusCode).toBe(403);
    expect((await vhub.fail('addTemplate', viewed.code, { commands: [note('v')] }, {}, false)).statusCode).toBe(403);
    expect(await live(viewed.id)).toBe(0);
  });

  it("refuses what the board's shape cap has no room for", async () => {
    const small = await startTestPlatform({ limits: { ...p.config.limits, boardMaxShapes: 5 } } as never, { listen: true });
    try {
      const owner = await signedIn(small);
      const board = await newBoard(small, owner);
      const hub = await HubClient.connect(small.url, { token: owner.token });
      sockets.push(hub);
      await hub.call('joinBoard', null, board.code, null, {});
      const full = await hub.fail('addTemplate', board.code, { commands: Array.from({ length: 6 }, (_, i) => note(`c${i}`)) }, {}, false);
      expect(full.statusCode).toBe(400);
      expect(Object.keys(full.data?.errors ?? {})).toEqual(['boardCommand']);
    } finally {
      await small.stop();
    }
  });
});

describe('install', () => {
  it('installs a changed library once when two installs race (several nodes starting), and leaves an unchanged one alone', async () => {
    const templates = p.server.plugins.templates;
    await p.db('template_library').update({ hash: 'changed' });
    await p.db('templates').where({ name: 'kanban' }).update({ title: 'Old title', content_hash: 'old' });
    const results = await Promise.all([templates.installLibrary(p.server.app), templates.installLibrary(p.server.app)]);
    expect(results.map((r) => r.unchanged).sort()).toEqual([false, true]);
    expect(
      results.find((r) => !r.unchanged),
      JSON.stringify(results),
    ).toMatchObject({ updated: 1, installed: 0, removed: 0 });
    expect((await p.db('templates').where({ name: 'kanban' }).first()).title).toBe('Kanban board');
    expect(await templates.installLibrary(p.server.app)).toMatchObject({ unchanged: true });
  });
});

describe('operators', () => {
  it('download a board as a template file that installs as a template', async () => {
    const owner = await signedIn(p);
    const board = await newBoard(p, owner);
    for (const s of [rect('r1', owner.actor.uid, 100, 100), rect('r2', owner.actor.uid, 150, 120)])
      await call(p, owner, 'POST', `/api/boards/${board.code}/commands`, { boardCommand: JSON.stringify(add(owner.actor.uid, s, cid())) });
    expect((await call(p, owner, 'GET', `/api/boards/${board.code}/template-file`)).status).toBe(403);
    const res = await call(p, op, 'GET', `/api/boards/${board.code}/template-file`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('.json');
    expect(res.body).toMatchObject({ group: 'template', width: expect.any(Number), height: expect.any(Number) });
    expect(res.body.shapes).toHaveLength(2);
    expect(res.body.shapes[0]).not.toHaveProperty('uid');
    // moved so the bounds (the stroke's half width included) start at (0, 0)
    expect(res.body.shapes[0]).toMatchObject({ x: 1, y: 1 });
  });

  it('see the templates statistic and run the rebuild and install actions', async () => {
    const stat = await call(p, op, 'GET', '/api/admin/statistics/templates?Take=5&Days=30');
    expect(stat.status).toBe(200);
    expect(stat.body.data[0]).toMatchObject({ name: 'Kanban board', count: expect.any(Number) });
    expect((await call(p, op, 'GET', '/api/admin/statistics/templates?Days=2')).status).toBe(400);
    expect((await call(p, beta, 'GET', '/api/admin/statistics/templates')).status).toBe(403);

    const rebuilt = await call(p, op, 'POST', '/api/admin/templates/rebuild', {});
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body).toMatchObject({ message: 'rebuild templates done', run: { name: 'templates-rebuild', state: 'finished' } });
    expect(rebuilt.body.run.result.drawn).toBeGreaterThanOrEqual(3);
    expect(await p.db('templates').whereNull('thumbnail').count('* as n').first()).toMatchObject({ n: expect.anything() });

    const installed = await call(p, op, 'POST', '/api/admin/templates/install', {});
    expect(installed.body).toMatchObject({ message: 'install templates done', run: { name: 'templates-install', state: 'finished' } });
    expect((await call(p, beta, 'POST', '/api/admin/templates/install', {})).status).toBe(403);
    expect((await p.db('operator_audit').where({ action: 'templates.install' })).length).toBeGreaterThan(0);
  });
});
