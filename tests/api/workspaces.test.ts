/**
 * Workspaces over HTTP on a real database (PGlite or PostgreSQL): the list and 'default', creation
 * under the multi-workspace policy, reading by id / altId, settings with their ranges and field
 * errors (JSON and form posts), deletion rules, extensions, foreign ids refused without leaking,
 * the board access a workspace role gives (and loses at once), and the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_IDS, WORKSPACE_ROLE_RIGHTS } from '../../shared/workspace-roles';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';
import { unpluggedExtensions } from '../../platform/workspaces/repo';
import { allowManyWorkspaces, api, join, makeTeam, workspaceState, type Team } from './workspace-fixtures';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(() => p?.stop());

describe('the workspace list and creation', () => {
  it('needs a bearer token', async () => {
    expect((await api(p, null, 'GET', '/api/workspaces')).status).toBe(401);
    expect((await api(p, null, 'POST', '/api/workspaces', { name: 'x' })).status).toBe(401);
    expect((await api(p, null, 'GET', '/api/workspaces/default')).status).toBe(401);
  });

  it("lists the user's default workspace first, made on first need, with the defaults of panel.md §5", async () => {
    const ann = await signedIn(p, { name: 'Ann' });
    const res = await api(p, ann, 'GET', '/api/workspaces');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      name: 'My workspace',
      role: 'Owner',
      isOwner: true,
      isDefault: true,
      numberOfBoards: 0,
      config: { theme: 'light', maxUploadSize: 10_000_000, uploads: true, zoomLimits: [5, 600], fonts: [] },
    });
    expect(res.body[0].rights).toEqual([...WORKSPACE_ROLE_RIGHTS.Owner]);
    // the same one again, now counting a board
    await newBoard(p, ann);
    const again = await api(p, ann, 'GET', '/api/workspaces');
    expect(again.body.map((w: { id: string }) => w.id)).toEqual([res.body[0].id]);
    expect(again.body[0].numberOfBoards).toBe(1);
    const byAlias = await api(p, ann, 'GET', '/api/workspaces/default');
    expect(byAlias.body).toMatchObject({ id: res.body[0].id, numberOfBoards: 1 });
  });

  it("says whose each workspace is: a member of someone else's 'My workspace' tells it from their own", async () => {
    const ann = await signedIn(p, { name: 'Ann' });
    const ben = await signedIn(p, { name: 'Ben' });
    const anns = (await api(p, ann, 'GET', '/api/workspaces')).body[0];
    await join(p, anns, ben, 'Member');
    const list = (await api(p, ben, 'GET', '/api/workspaces')).body as Array<{ name: string; isOwner: boolean; ownerName: string }>;
    expect(list.map((w) => [w.name, w.isOwner, w.ownerName])).toEqual([
      ['My workspace', true, 'Ben'],
      ['My workspace', false, 'Ann'],
    ]);
  });

  it('gives a first workspace as the default; a second needs the multi-workspace policy (a qty claim other than 1)', async () => {
    const bea = await signedIn(p, { name: 'Bea' });
    const first = await api(p, bea, 'POST', '/api/workspaces', { name: '  Studio  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Studio', role: 'Owner', isDefault: true });
    const second = await api(p, bea, 'POST', '/api/workspaces', { name: 'Second' });
    expect(second.status).toBe(400);
    expect(second.body.errors.name[0]).toMatch(/one workspace/);
    expect(Number((await p.db('workspaces').where({ owner_id: bea.user!.id }).count({ n: '*' }))[0]!.n)).toBe(1);
    await allowManyWorkspaces(p, bea);
    const allowed = await api(p, bea, 'POST', '/api/workspaces', { name: 'Second' });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ name: 'Second', isDefault: false, role: 'Owner' });
    const list = await api(p, bea, 'GET', '/api/workspaces');
    expect(list.body.map((w: { name: string }) => w.name)).toEqual(['Studio', 'Second']);
    // 'default' is still the first
    expect((await api(p, bea, 'GET', '/api/workspaces/default')).body.id).toBe(first.body.id);
  });

  it('refuses an empty name and a name over 100 characters with a field error', async () => {
    const cy = await signedIn(p);
    for (const name of ['', '   ']) {
      const res = await api(p, cy, 'POST', '/api/workspaces', { name });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ name: ['Name is required.'] });
    }
    const long = await api(p, cy, 'POST', '/api/workspaces', { name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.errors)).toEqual(['name']);
  });

  it('lists the workspaces a user was made a member of, with their role and rights', async () => {
    const t = await makeTeam(p, 'Shared space');
    const res = await api(p, t.member, 'GET', '/api/workspaces');
    const shared = res.body.find((w: { id: string }) => w.id === t.workspace.id);
    expect(shared).toMatchObject({ name: 'Shared space', role: 'Member', isOwner: false, isDefault: false });
    expect(shared.rights).toEqual([...WORKSPACE_ROLE_RIGHTS.Member]);
    // their own default workspace comes first
    expect(res.body[0]).toMatchObject({ isDefault: true, role: 'Owner' });
    expect((await api(p, t.outsider, 'GET', '/api/workspaces')).body.map((w: { id: string }) => w.id)).not.toContain(t.workspace.id);
  });
});

describe('reading a workspace', () => {
  let t: Team;
  beforeAll(async () => {
    t = await makeTeam(p, 'Secret plans');
  });

  it('by id and by altId, for every member role', async () => {
    for (const [who, role] of [
      [t.owner, 'Owner'],
      [t.admin, 'Admin'],
      [t.clientAdmin, 'ClientAdmin'],
      [t.member, 'Member'],
    ] as const) {
      for (const ref of [t.workspace.id, t.workspace.alt_id]) {
        const res = await api(p, who, 'GET', `/api/workspaces/${ref}`);
        expect(res.status, `${role} ${ref}`).toBe(200);
        expect(res.body).toMatchObject({
          id: t.workspace.id,
          altId: t.workspace.alt_id,
          name: 'Secret plans',
          role,
          isOwner: role === 'Owner',
        });
      }
    }
  });

  it('answers 404 for a foreign or unknown workspace on every route, telling nothing of it', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const ref of [t.workspace.id, t.workspace.alt_id, unknown, 'no-such-alt']) {
      for (const [method, path, payload] of [
        ['GET', '', undefined],
        ['PUT', '', { name: 'Hijacked' }],
        ['DELETE', '', undefined],
        ['GET', '/members', undefined],
        ['POST', '/members', { email: 'x@example.com', role: 'Admin' }],
        ['POST', `/members/${t.member.user!.id}/roles`, { role: 'Admin' }],
        ['DELETE', `/members/${t.member.user!.id}`, undefined],
        ['GET', '/pending-members', undefined],
        ['DELETE', `/pending-members/${unknown}`, undefined],
        ['GET', '/extensions', undefined],
        ['POST', '/extensions/app-comment', {}],
      ] as const) {
        const before = await workspaceState(p, t.workspace.id);
        const res = await api(p, t.outsider, method, `/api/workspaces/${ref}${path}`, payload);
        expect(res.status, `${method} ${ref}${path}`).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, message: 'Workspace not found.' });
        expect(res.raw).not.toContain('Secret plans');
        expect(await workspaceState(p, t.workspace.id)).toEqual(before);
      }
    }
  });
});

describe('settings', () => {
  let t: Team;
  beforeAll(async () => {
    t = await makeTeam(p, 'Settings space');
  });
  const put = (who: Who, payload: object) => api(p, who, 'PUT', `/api/workspaces/${t.workspace.id}`, payload);

  it('changes the name, theme, upload size, zoom limits and fonts, and reads them back', async () => {
    const res = await put(t.owner, {
      name: 'Renamed',
      darkTheme: true,
      maxUploadSize: 20_000,
      zoomLimitsMin: 10,
      zoomLimitsMax: 300,
      fonts: [
        { name: 'Roboto' },
        'Open Sans',
        'https://fonts.googleapis.com/css2?family=Fira+Code:wght@400',
        'https://cdn.example.com/fonts/Inter-Regular.woff2',
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      config: {
        theme: 'dark',
        maxUploadSize: 20_000,
        zoomLimits: [10, 300],
        fonts: [
          { name: 'Roboto' },
          { name: 'Open Sans' },
          { name: 'Fira Code', url: 'https://fonts.googleapis.com/css2?family=Fira+Code:wght@400' },
          { name: 'Inter-Regular', url: 'https://cdn.example.com/fonts/Inter-Regular.woff2' },
        ],
      },
    });
    expect((await api(p, t.member, 'GET', `/api/workspaces/${t.workspace.id}`)).body).toMatchObject({
      name: 'Renamed',
      config: res.body.config,
    });
    // a board of the workspace carries its config (describeBoard's workspaceConfig)
    const board = await newBoard(p, t.owner, { workspace: t.workspace.id });
    const opened = await api(p, t.owner, 'GET', `/api/boards/${board.code}/commands`);
    expect(opened.body.board.workspaceConfig).toMatchObject({ theme: 'dark', maxUploadSize: 20_000, zoomLimits: [10, 300] });
    // only what is sent changes
    const partial = await put(t.owner, { zoomLimitsMax: 400 });
    expect(partial.body.config).toMatchObject({ zoomLimits: [10, 400], maxUploadSize: 20_000, theme: 'dark' });
    expect(partial.body.name).toBe('Renamed');
  });

  it('refuses values out of range with field errors named as the spec names them, changing nothing', async () => {
    const before = await workspaceState(p, t.workspace.id);
    const cases: Array<[object, string, RegExp]> = [
      // in the form's words, not the field keys (issue 33)
      [{ maxUploadSize: 9_999 }, 'maxUploadSize', /^Max upload size must be between 10000 and 10000000$/],
      [{ maxUploadSize: 10_000_001 }, 'maxUploadSize', /^Max upload size must be between 10000 and 10000000$/],
      [{ maxUploadSize: 'big' }, 'maxUploadSize', /^Max upload size must be a number between 10000 and 10000000$/],
      [{ zoomLimitsMin: 4 }, 'zoomLimitsMin', /^Minimum zoom must be between 5 and 600$/],
      [{ zoomLimitsMax: 601 }, 'zoomLimitsMax', /^Maximum zoom must be between 5 and 600$/],
      [{ zoomLimitsMin: 300, zoomLimitsMax: 300 }, 'zoomLimitsMin', /less than the maximum/],
      [{ zoomLimitsMin: 500 }, 'zoomLimitsMin', /less than the maximum/],
      [{ zoomLimitsMax: 5 }, 'zoomLimitsMax', /less than the maximum/],
      [{ name: '' }, 'name', /required/],
      [{ fonts: ['Roboto', { name: 'Roboto' }] }, 'fonts', /^Font already exists$/],
      [
        {
          fonts: [
            { name: 'A', url: 'https://x.example/a.woff2' },
            { name: 'B', url: 'https://x.example/a.woff2' },
          ],
        },
        'fonts',
        /^Font already exists$/,
      ],
      [{ fonts: ['<script>'] }, 'fonts', /font name or an http/],
      [{ fonts: [{ name: 'Evil', url: 'javascript:alert(1)' }] }, 'fonts', /font name or an http/],
      [{ fonts: Array.from({ length: 51 }, (_, i) => `Font ${i}`) }, 'fonts', /50/],
    ];
    for (const [payload, field, text] of cases) {
      const res = await put(t.owner, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      const key = Object.keys(res.body.errors).find((k) => k.startsWith(field));
      expect(key, `${JSON.stringify(payload)} → ${JSON.stringify(res.body.errors)}`).toBeDefined();
      expect(res.body.errors[key!].join(' '), JSON.stringify(payload)).toMatch(text);
    }
    expect(await workspaceState(p, t.workspace.id)).toEqual(before);
  });

  it('takes a form post (fonts as JSON text), as the settings form sends it', async () => {
    const res = await p.server.inject({
      method: 'PUT',
      url: `/api/workspaces/${t.workspace.id}`,
      headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Form name',
        darkTheme: 'false',
        maxUploadSize: '50000',
        zoomLimitsMin: '20',
        zoomLimitsMax: '200',
        fonts: JSON.stringify(['Lato']),
      }).toString(),
    });
    expect(res.statusCode, res.payload).toBe(200);
    expect(JSON.parse(res.payload)).toMatchObject({
      name: 'Form name',
      config: { theme: 'light', maxUploadSize: 50_000, zoomLimits: [20, 200], fonts: [{ name: 'Lato' }] },
    });
  });

  it('lets a ClientAdmin change every setting but the name; a Member none', async () => {
    const current = (await api(p, t.owner, 'GET', `/api/workspaces/${t.workspace.id}`)).body;
    const ok = await put(t.clientAdmin, {
      name: current.name,
      darkTheme: true,
      maxUploadSize: 30_000,
      zoomLimitsMin: 5,
      zoomLimitsMax: 500,
      fonts: ['Merriweather'],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.config).toMatchObject({ theme: 'dark', maxUploadSize: 30_000, zoomLimits: [5, 500], fonts: [{ name: 'Merriweather' }] });
    const before = await workspaceState(p, t.workspace.id);
    const rename = await put(t.clientAdmin, { name: 'Mine now' });
    expect(rename.status).toBe(403);
    expect(rename.body.errors).toEqual({ name: ['Unauthorized access'] });
    for (const payload of [{ darkTheme: false }, { name: current.name }, { zoomLimitsMax: 450 }]) {
      expect((await put(t.member, payload)).status, JSON.stringify(payload)).toBe(403);
    }
    expect(await workspaceState(p, t.workspace.id)).toEqual(before);
  });
});

describe('deleting a workspace', () => {
  it('Owner or Admin, only while it has no boards, never the default workspace', async () => {
    const t = await makeTeam(p, 'To delete');
    const board = await newBoard(p, t.owner, { workspace: t.workspace.id });
    const blocked = await api(p, t.owner, 'DELETE', `/api/workspaces/${t.workspace.id}`);
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe('Only a workspace without boards can be deleted.');
    expect(await p.db('boards').where({ id: board.id }).first()).toBeTruthy();
    await p.db('boards').where({ id: board.id }).delete();
    for (const who of [t.member, t.clientAdmin])
      expect((await api(p, who, 'DELETE', `/api/workspaces/${t.workspace.id}`)).status).toBe(403);
    const done = await api(p, t.admin, 'DELETE', `/api/workspaces/${t.workspace.id}`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id: t.workspace.id });
    expect(await p.db('workspaces').where({ id: t.workspace.id }).first()).toBeUndefined();
    expect(await p.db('workspace_members').where({ workspace_id: t.workspace.id })).toEqual([]);
    expect((await api(p, t.owner, 'GET', `/api/workspaces/${t.workspace.id}`)).status).toBe(404);
    const byDefault = await api(p, t.owner, 'DELETE', '/api/workspaces/default');
    expect(byDefault.status).toBe(400);
    expect(byDefault.body.message).toBe('Your default workspace cannot be deleted.');
  });
});

describe('extensions', () => {
  it("lists the board's app-* features, plugged by default; Owner, Admin and ClientAdmin toggle them", async () => {
    const t = await makeTeam(p, 'Extensions space');
    const url = `/api/workspaces/${t.workspace.id}/extensions`;
    const list = await api(p, t.member, 'GET', url);
    expect(list.status).toBe(200);
    expect(list.body.map((e: { extensionId: string }) => e.extensionId)).toEqual([...EXTENSION_IDS]);
    expect(EXTENSION_IDS).toEqual(['app-comment', 'app-frame', 'app-cursors', 'app-attention', 'app-board-history', 'app-automation']);
    for (const e of list.body) {
      expect(e).toEqual({
        extensionId: e.extensionId,
        name: e.extensionId,
        title: expect.any(String),
        description: expect.any(String),
        plugged: true,
      });
    }
    const off = await api(p, t.clientAdmin, 'POST', `${url}/app-frame`, {});
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ extensionId: 'app-frame', plugged: false });
    const on = await api(p, t.admin, 'POST', `${url}/app-frame`);
    expect(on.body).toMatchObject({ extensionId: 'app-frame', plugged: true });
    const set = await api(p, t.owner, 'POST', `${url}/app-cursors`, { plugged: false });
    expect(set.body.plugged).toBe(false);
    const setAgain = await api(p, t.owner, 'POST', `${url}/app-cursors`, { plugged: false });
    expect(setAgain.body.plugged).toBe(false);
    const now = (await api(p, t.member, 'GET', url)).body as Array<{ extensionId: string; plugged: boolean }>;
    expect(now.filter((e) => !e.plugged).map((e) => e.extensionId)).toEqual(['app-cursors']);
    expect(await unpluggedExtensions(p.db, t.workspace.id)).toEqual(['app-cursors']);
    const before = await workspaceState(p, t.workspace.id);
    expect((await api(p, t.member, 'POST', `${url}/app-comment`, {})).status).toBe(403);
    expect((await api(p, t.owner, 'POST', `${url}/app-unknown`, {})).status).toBe(404);
    expect((await api(p, t.owner, 'POST', `${url}/APP!`, {})).status).toBe(400);
    expect(await workspaceState(p, t.workspace.id)).toEqual(before);
  });
});

describe("the workspace's boards", () => {
  it('members reach them at the workspace sharing level, admins as owners; a removed member loses them at once', async () => {
    const t = await makeTeam(p, 'Board space');
    const board = await newBoard(p, t.owner, { workspace: t.workspace.id });
    expect((await api(p, t.owner, 'POST', `/api/boards/${board.code}/sharings`, { link: 'NoAccess', workspace: 'Commenter' })).status).toBe(
      200,
    );
    const open = (who: Who) => api(p, who, 'GET', `/api/boards/${board.code}/commands`);
    expect((await open(t.outsider)).status).toBe(403);
    expect((await open(t.member)).body.board.claims.role).toBe('Commenter');
    expect((await open(t.clientAdmin)).body.board.claims.role).toBe('Commenter');
    expect((await open(t.admin)).body.board.claims.role).toBe('Owner');
    // an owner-only action: the admin may, the member may not
    expect((await api(p, t.member, 'POST', `/api/boards/${board.code}/dispose`, { days: 30 })).status).toBe(403);
    expect((await api(p, t.admin, 'POST', `/api/boards/${board.code}/dispose`, { days: 30 })).status).toBe(200);
    // the workspace level now lets members edit; the member draws (the append path's access memory holds them)
    await api(p, t.owner, 'POST', `/api/boards/${board.code}/sharings`, { workspace: 'Editor' });
    expect((await send(p, t.member, board.code, add(t.member.actor.uid, rect('m1', t.member.actor.uid)))).status).toBe(200);
    // removed: the very next command is refused (the memory was forgotten, not left to expire)
    expect((await api(p, t.owner, 'DELETE', `/api/workspaces/${t.workspace.id}/members/${t.member.user!.id}`)).status).toBe(200);
    expect((await send(p, t.member, board.code, add(t.member.actor.uid, rect('m2', t.member.actor.uid)))).status).toBe(403);
    expect((await open(t.member)).status).toBe(403);
    // added back: the workspace level again, at once
    await join(p, t.workspace, t.member, 'Member');
    expect((await open(t.member)).body.board.claims.role).toBe('Editor');
  });

  it('only Owner and Admin create boards in the workspace', async () => {
    const t = await makeTeam(p, 'Creation space');
    for (const [who, status] of [
      [t.owner, 200],
      [t.admin, 200],
      [t.clientAdmin, 400],
      [t.member, 400],
      [t.outsider, 400],
    ] as const) {
      const res = await api(p, who, 'POST', '/api/boards', { workspace: t.workspace.id, name: `by ${who.user!.display_name}` });
      expect(res.status, who.user!.display_name).toBe(status);
    }
    expect((await p.db('boards').where({ workspace_id: t.workspace.id }).select('owner_id')).map((b) => b.owner_id).sort()).toEqual(
      [t.owner.user!.id, t.admin.user!.id].sort(),
    );
  });
});

describe('the OpenAPI document', () => {
  it('lists every workspace route', async () => {
    const res = await p.server.inject({ method: 'GET', url: '/documents/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(JSON.parse(res.payload).paths);
    for (const path of [
      '/api/workspaces',
      '/api/workspaces/{id}',
      '/api/workspaces/{id}/members',
      '/api/workspaces/{id}/members/{memberId}/roles',
      '/api/workspaces/{id}/members/{memberId}',
      '/api/workspaces/{id}/pending-members',
      '/api/workspaces/{id}/pending-members/{invitationId}',
      '/api/workspaces/{id}/extensions',
      '/api/workspaces/{id}/extensions/{extensionId}',
      '/api/workspaces/invitations/accept',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
