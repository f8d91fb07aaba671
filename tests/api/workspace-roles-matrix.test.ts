/**
 * Every workspace role against every action of panel.md §6, table-driven, through the HTTP
 * routes. The expected outcomes are written out here from the spec (not read from
 * shared/workspace-roles, so the table is checked, not echoed): Owner and Admin do everything;
 * ClientAdmin edits the settings but the name and toggles extensions; a Member reads and opens
 * boards. Besides the four roles: a signed-in outsider (404 on workspace routes, the boards refuse
 * them) and no credentials (401).
 * A mutating action runs on a fresh workspace per role. A refused call must leave the workspace
 * exactly as it was (row, members, invitations, extensions, boards); an allowed one must show its
 * effect, so the probes are known to see a change when there is one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertInvitation } from '../../platform/workspaces/repo';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { newBoard, signedIn, type Who } from './boards-fixtures';
import { api, join, makeTeam, workspaceState, type Team } from './workspace-fixtures';

const WHO = ['Owner', 'Admin', 'ClientAdmin', 'Member', 'Outsider', 'Anonymous'] as const;
type Asker = (typeof WHO)[number];
type Outcome = 'ok' | number;

/** A world: the team, a Member and an Admin to act on, a pending invitation, a board (link NoAccess). */
interface World extends Team {
  targetMember: Who;
  targetAdmin: Who;
  invitationId: string;
  board: { code: string; id: string };
}

/** `ok` for the roles named, else the refusal: 404 for the outsider on workspace routes, 401 without a token, 403 otherwise. */
function only(ok: WorkspaceRole[], refusals: Partial<Record<Asker, number>> = {}): Record<Asker, Outcome> {
  return Object.fromEntries(
    WHO.map((w) => [w, (ok as string[]).includes(w) ? 'ok' : (refusals[w] ?? (w === 'Outsider' ? 404 : w === 'Anonymous' ? 401 : 403))]),
  ) as Record<Asker, Outcome>;
}
const EVERY_ROLE: WorkspaceRole[] = ['Owner', 'Admin', 'ClientAdmin', 'Member'];
const OWNER_ADMIN: WorkspaceRole[] = ['Owner', 'Admin'];
const SETTINGS: WorkspaceRole[] = ['Owner', 'Admin', 'ClientAdmin'];

interface Action {
  name: string;
  mutates: boolean;
  expected: Record<Asker, Outcome>;
  /** before the call (and before the state it must not change is taken) */
  prepare?(w: World): Promise<void>;
  run(w: World, who: Who | null): ReturnType<typeof api>;
  /** after an allowed call: its effect is there */
  effect?(w: World, res: Awaited<ReturnType<typeof api>>): Promise<void>;
}

let p: TestPlatform;
const ws = (w: World) => `/api/workspaces/${w.workspace.id}`;
const memberRole = async (w: World, who: Who) =>
  (await p.db('workspace_members').where({ workspace_id: w.workspace.id, user_id: who.user!.id }).first())?.role;
const config = async (w: World) => (await p.db('workspaces').where({ id: w.workspace.id }).first())?.config;

const ACTIONS: Action[] = [
  {
    name: 'view the workspace',
    mutates: false,
    expected: only(EVERY_ROLE),
    run: (w, who) => api(p, who, 'GET', ws(w)),
    effect: async (w, res) => expect(res.body.id).toBe(w.workspace.id),
  },
  {
    name: 'view the members',
    mutates: false,
    expected: only(EVERY_ROLE),
    run: (w, who) => api(p, who, 'GET', `${ws(w)}/members`),
    effect: async (_w, res) => expect(res.body.totalCount).toBe(6),
  },
  {
    name: 'view the extensions',
    mutates: false,
    expected: only(EVERY_ROLE),
    run: (w, who) => api(p, who, 'GET', `${ws(w)}/extensions`),
    effect: async (_w, res) => expect(res.body).toHaveLength(6),
  },
  {
    name: 'view pending invitations',
    mutates: false,
    expected: only(OWNER_ADMIN),
    run: (w, who) => api(p, who, 'GET', `${ws(w)}/pending-members`),
    effect: async (_w, res) => expect(res.body.data.map((i: { email: string }) => i.email)).toEqual(['pending@matrix.example']),
  },
  {
    name: 'invite a member',
    mutates: true,
    expected: only(OWNER_ADMIN),
    run: (w, who) => api(p, who, 'POST', `${ws(w)}/members`, { email: 'new@matrix.example', role: 'Member' }),
    effect: async (w) =>
      expect(
        await p.db('workspace_invitations').where({ workspace_id: w.workspace.id, email: 'new@matrix.example' }).first(),
      ).toMatchObject({ role: 'Member' }),
  },
  {
    name: 'remove a pending invitation',
    mutates: true,
    expected: only(OWNER_ADMIN),
    run: (w, who) => api(p, who, 'DELETE', `${ws(w)}/pending-members/${w.invitationId}`),
    effect: async (w) => expect((await p.db('workspace_invitations').where({ id: w.invitationId }).first()).revoked_at).not.toBeNull(),
  },
  {
    name: 'grant admin to a Member',
    mutates: true,
    expected: only(OWNER_ADMIN),
    run: (w, who) => api(p, who, 'POST', `${ws(w)}/members/${w.targetMember.user!.id}/roles`, { role: 'Admin' }),
    effect: async (w) => expect(await memberRole(w, w.targetMember)).toBe('Admin'),
  },
  {
    name: 'revoke admin from an Admin',
    mutates: true,
    expected: only(OWNER_ADMIN),
    run: (w, who) => api(p, who, 'POST', `${ws(w)}/members/${w.targetAdmin.user!.id}/roles`, { role: 'Member' }),
    effect: async (w) => expect(await memberRole(w, w.targetAdmin)).toBe('Member'),
  },
  {
    name: 'remove a non-owner member',
    mutates: true,
    expected: only(OWNER_ADMIN),
    run: (w, who) => api(p, who, 'DELETE', `${ws(w)}/members/${w.targetMember.user!.id}`),
    effect: async (w) => expect(await memberRole(w, w.targetMember)).toBeUndefined(),
  },
  {
    name: 'rename the workspace',
    mutates: true,
    expected: only(OWNER_ADMIN),
    run: (w, who) => api(p, who, 'PUT', ws(w), { name: 'Renamed by matrix' }),
    effect: async (w) => expect((await p.db('workspaces').where({ id: w.workspace.id }).first()).name).toBe('Renamed by matrix'),
  },
  {
    name: 'set the dark theme',
    mutates: true,
    expected: only(SETTINGS),
    run: (w, who) => api(p, who, 'PUT', ws(w), { darkTheme: true }),
    effect: async (w) => expect((await config(w)).theme).toBe('dark'),
  },
  {
    name: 'set the max upload size',
    mutates: true,
    expected: only(SETTINGS),
    run: (w, who) => api(p, who, 'PUT', ws(w), { maxUploadSize: 123_456 }),
    effect: async (w) => expect((await config(w)).maxUploadSize).toBe(123_456),
  },
  {
    name: 'set the zoom limits',
    mutates: true,
    expected: only(SETTINGS),
    run: (w, who) => api(p, who, 'PUT', ws(w), { zoomLimitsMin: 25, zoomLimitsMax: 250 }),
    effect: async (w) => expect((await config(w)).zoomLimits).toEqual([25, 250]),
  },
  {
    name: 'add a font',
    mutates: true,
    expected: only(SETTINGS),
    run: (w, who) => api(p, who, 'PUT', ws(w), { fonts: ['Roboto'] }),
    effect: async (w) => expect((await config(w)).fonts).toEqual([{ name: 'Roboto' }]),
  },
  {
    name: 'toggle an extension',
    mutates: true,
    expected: only(SETTINGS),
    run: (w, who) => api(p, who, 'POST', `${ws(w)}/extensions/app-attention`, {}),
    effect: async (w) =>
      expect(
        await p.db('workspace_extensions').where({ workspace_id: w.workspace.id, extension_id: 'app-attention' }).first(),
      ).toMatchObject({ plugged: false }),
  },
  {
    name: 'delete the workspace (empty)',
    mutates: true,
    expected: only(OWNER_ADMIN),
    prepare: async (w) => void (await p.db('boards').where({ id: w.board.id }).delete()),
    run: (w, who) => api(p, who, 'DELETE', ws(w)),
    effect: async (w) => expect(await p.db('workspaces').where({ id: w.workspace.id }).first()).toBeUndefined(),
  },
  {
    name: 'create a board in the workspace',
    mutates: true,
    // the boards route names a workspace one may not put boards in as a field error
    expected: only(OWNER_ADMIN, { ClientAdmin: 400, Member: 400, Outsider: 400 }),
    run: (w, who) => api(p, who, 'POST', '/api/boards', { workspace: w.workspace.id, name: 'matrix board' }),
    effect: async (w) => expect(await p.db('boards').where({ workspace_id: w.workspace.id, name: 'matrix board' }).first()).toBeTruthy(),
  },
  {
    name: 'open a board of the workspace',
    mutates: false,
    expected: only(EVERY_ROLE, { Outsider: 403 }),
    run: (w, who) => api(p, who, 'GET', `/api/boards/${w.board.code}/commands`),
    effect: async (_w, res) => expect(res.body.board.claims.role).toEqual(expect.stringMatching(/^(Owner|Editor)$/)),
  },
  {
    name: "delete a board of the workspace (the board's owner actions)",
    mutates: true,
    expected: only(OWNER_ADMIN, { Outsider: 403 }),
    run: (w, who) => api(p, who, 'DELETE', '/api/boards', { id: w.board.code }),
    effect: async (w) => expect(await p.db('boards').where({ id: w.board.id }).first()).toBeUndefined(),
  },
  {
    name: 'set the dispose timer of a board of the workspace',
    mutates: true,
    expected: only(OWNER_ADMIN, { Outsider: 403 }),
    run: (w, who) => api(p, who, 'POST', `/api/boards/${w.board.code}/dispose`, { days: 30 }),
    effect: async (w) => expect((await p.db('boards').where({ id: w.board.id }).first()).dispose_at).not.toBeNull(),
  },
];

async function makeWorld(): Promise<World> {
  const team = await makeTeam(p, 'Matrix space');
  const targetMember = await signedIn(p, { name: 'Target Member' });
  const targetAdmin = await signedIn(p, { name: 'Target Admin' });
  await join(p, team.workspace, targetMember, 'Member');
  await join(p, team.workspace, targetAdmin, 'Admin');
  const invitation = await upsertInvitation(p.db, {
    workspaceId: team.workspace.id,
    email: 'pending@matrix.example',
    role: 'Member',
    invitedBy: team.owner.user!.id,
    tokenHash: `hash-${team.workspace.id}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const board = await newBoard(p, team.owner, { workspace: team.workspace.id });
  const shared = await api(p, team.owner, 'POST', `/api/boards/${board.code}/sharings`, { link: 'NoAccess' });
  if (shared.status !== 200) throw new Error(`sharing: ${shared.status}`);
  return { ...team, targetMember, targetAdmin, invitationId: invitation.id, board };
}

const whoOf = (w: World, asker: Asker): Who | null =>
  ({ Owner: w.owner, Admin: w.admin, ClientAdmin: w.clientAdmin, Member: w.member, Outsider: w.outsider, Anonymous: null })[asker];

beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(() => p?.stop());

describe('workspace roles × actions (panel.md §6)', () => {
  let shared: World;
  beforeAll(async () => {
    shared = await makeWorld();
  });

  for (const action of ACTIONS) {
    it(`${action.name}: ${WHO.map((w) => `${w} ${action.expected[w]}`).join(', ')}`, async () => {
      const got: Partial<Record<Asker, Outcome>> = {};
      for (const asker of WHO) {
        const w = action.mutates ? await makeWorld() : shared;
        await action.prepare?.(w);
        const before = await workspaceState(p, w.workspace.id);
        const res = await action.run(w, whoOf(w, asker));
        expect(res.status, `${asker}: ${action.name} must never be a 500 (${res.raw.slice(0, 200)})`).toBeLessThan(500);
        got[asker] = res.status >= 200 && res.status < 300 ? 'ok' : res.status;
        if (got[asker] === 'ok') await action.effect?.(w, res);
        else {
          expect(await workspaceState(p, w.workspace.id), `${asker}: a refused '${action.name}' changed the workspace`).toEqual(before);
          expect(res.raw, `${asker}: a refusal leaked the workspace`).not.toContain('pending@matrix.example');
          if (asker === 'Outsider' || asker === 'Anonymous') expect(res.raw).not.toContain('Matrix space');
        }
      }
      expect(got).toEqual(action.expected);
    });
  }
});
