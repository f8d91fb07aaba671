import { BehaviorSubject } from 'rxjs';
import type { WorkspaceFont } from '../../shared/workspace-roles';
import type * as Wire from '../../shared/wire';
import { http, listFetcher } from '../../ui';

/**
 * The workspace calls of panel.md §7, typed (platform/workspaces answers them), and the list of
 * the user's workspaces the sidebar's browse menu and the pages share. The answers' types are the
 * server's response schemas (shared/wire.ts; docs/api.md "Wire types").
 */
export type Workspace = Wire.Workspace;
export type Member = Wire.WorkspaceMember;
export type PendingInvitation = Wire.PendingInvitation;
export type Extension = Wire.Extension;

export interface WorkspaceSettings {
  name: string;
  darkTheme: boolean;
  maxUploadSize: number;
  uploads: boolean;
  zoomLimitsMin: number;
  zoomLimitsMax: number;
  fonts: WorkspaceFont[];
}

const base = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`;

export const workspaceApi = {
  list: () => http.get<Wire.Workspaces>('/api/workspaces', undefined, { silent: true }),
  create: (name: string) => http.post<Workspace>('/api/workspaces', { name }),
  get: (id: string) => http.get<Workspace>(base(id), undefined, { silent: true }),
  update: (id: string, settings: WorkspaceSettings) => http.put<Workspace>(base(id), settings),
  remove: (id: string) => http.delete<Wire.DeletedWorkspace>(base(id)),
  addFont: (id: string, font: string) => http.post<Workspace>(`${base(id)}/fonts`, { font }),
  members: (id: string) => listFetcher<Member>(`${base(id)}/members`),
  invite: (id: string, body: { email: string; role: 'Admin' | 'Member' }) =>
    http.post<Wire.WorkspaceInvitation>(`${base(id)}/members`, body),
  changeRole: (id: string, memberId: string, role: 'Admin' | 'Member') =>
    http.post<Wire.WorkspaceMemberRoleResult>(`${base(id)}/members/${memberId}/roles`, { role }),
  removeMember: (id: string, memberId: string) => http.delete<Wire.RemovedWorkspaceMember>(`${base(id)}/members/${memberId}`),
  pending: (id: string) => listFetcher<PendingInvitation>(`${base(id)}/pending-members`),
  removePending: (id: string, invitationId: string) => http.delete<Wire.RevokedInvitation>(`${base(id)}/pending-members/${invitationId}`),
  extensions: (id: string) => http.get<Wire.Extensions>(`${base(id)}/extensions`),
  toggleExtension: (id: string, extensionId: string, plugged: boolean) =>
    http.post<Extension>(`${base(id)}/extensions/${extensionId}`, { plugged }),
};

/** The user's workspaces (default first), for the sidebar and the move dialog; null until loaded. */
export const workspaces$ = new BehaviorSubject<Workspace[] | null>(null);

export async function refreshWorkspaces(): Promise<Workspace[]> {
  const list = await workspaceApi.list().catch(() => workspaces$.value ?? []);
  workspaces$.next(list);
  return list;
}
