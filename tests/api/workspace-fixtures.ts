import { addMember, ensureDefaultWorkspace, insertWorkspace, type WorkspaceRow } from '../../platform/workspaces/repo';
import { updateUser } from '../../platform/users/repo';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import type { TestPlatform } from '../helpers/platform';
import type { ReceivedMail } from '../helpers/smtp';
import { call, signedIn, type Who } from './boards-fixtures';

/**
 * Workspace test fixtures: a workspace owned by a real user, members of each role added as rows
 * (ClientAdmin is not given through the API), the whole stored state of a workspace (to prove a
 * refused call changed nothing), and the token of an invitation mail's link.
 */
export interface Team {
  workspace: WorkspaceRow;
  owner: Who;
  admin: Who;
  clientAdmin: Who;
  member: Who;
  /** signed in, not in the workspace */
  outsider: Who;
}

export async function join(p: TestPlatform, workspace: WorkspaceRow, who: Who, role: Exclude<WorkspaceRole, 'Owner'>): Promise<void> {
  await addMember(p.db, { workspaceId: workspace.id, userId: who.user!.id, role });
}

/** A non-default workspace (so it may be deleted) with one person of each role and an outsider. */
export async function makeTeam(p: TestPlatform, name = 'Team space'): Promise<Team> {
  const owner = await signedIn(p, { name: 'Olive Owner' });
  await ensureDefaultWorkspace(p.db, owner.user!.id);
  const workspace = await insertWorkspace(p.db, { name, ownerId: owner.user!.id, isDefault: false });
  const team: Team = {
    workspace,
    owner,
    admin: await signedIn(p, { name: 'Ada Admin' }),
    clientAdmin: await signedIn(p, { name: 'Cleo ClientAdmin' }),
    member: await signedIn(p, { name: 'Milo Member' }),
    outsider: await signedIn(p, { name: 'Otto Outsider' }),
  };
  await join(p, workspace, team.admin, 'Admin');
  await join(p, workspace, team.clientAdmin, 'ClientAdmin');
  await join(p, workspace, team.member, 'Member');
  return team;
}

/** Lets the user own several workspaces (the multi-workspace policy: qty ≠ 1). */
export async function allowManyWorkspaces(p: TestPlatform, who: Who): Promise<void> {
  who.user = await updateUser(p.db, who.user!.id, { qty: 5 });
}

/** Everything stored about a workspace (row, members, invitations, extensions, its boards' ids). */
export async function workspaceState(p: TestPlatform, workspaceId: string): Promise<unknown> {
  const strip = (rows: Array<Record<string, unknown>>) => rows.map((r) => JSON.parse(JSON.stringify(r)));
  return {
    workspace: strip(await p.db('workspaces').where({ id: workspaceId })),
    members: strip(await p.db('workspace_members').where({ workspace_id: workspaceId }).orderBy('user_id')),
    invitations: strip(await p.db('workspace_invitations').where({ workspace_id: workspaceId }).orderBy('id')),
    extensions: strip(await p.db('workspace_extensions').where({ workspace_id: workspaceId }).orderBy('extension_id')),
    boards: strip(await p.db('boards').where({ workspace_id: workspaceId }).orderBy('id').select('id', 'name', 'owner_id', 'dispose_at')),
  };
}

/** The invitation token in a mail's accept link (…/panel/invitation#token=…). */
export function tokenOf(mail: ReceivedMail): string {
  const found = /\/panel\/invitation#token=([A-Za-z0-9_%.-]+)/.exec(mail.text);
  if (!found) throw new Error(`no invitation link in: ${mail.text}`);
  return decodeURIComponent(found[1]!);
}

export const api = (p: TestPlatform, who: Who | null, method: string, url: string, payload?: object) => call(p, who, method, url, payload);
