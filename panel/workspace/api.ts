import { BehaviorSubject } from 'rxjs';
import type { WorkspaceFont, WorkspaceRole, WorkspaceView } from '../../shared/workspace-roles';
import { http, listFetcher } from '../../ui';

/**
 * The workspace calls of panel.md §7, typed (platform/workspaces answers them), and the list of
 * the user's workspaces the sidebar's browse menu and the pages share.
 */
export type Workspace = WorkspaceView;

export interface Member {
  id: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  isSelf: boolean;
  joinedAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: string;
  invitedAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface Extension {
  extensionId: string;
  name: string;
  title: string;
  description: string;
  plugged: boolean;
}

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
  list: () => http.get<Workspace[]>('/api/workspaces', undefined, { silent: true }),
  create: (name: string) => http.post<Workspace>('/api/workspaces', { name }),
  get: (id: string) => http.get<Workspace>(base(id), undefined, { silent: true }),
  update: (id: string, settings: WorkspaceSettings) => http.put<Workspace>(base(id), settings),
  remove: (id: string) => http.delete<{ id: string }>(base(id)),
  addFont: (id: string, font: string) => http.post<Workspace>(`${base(id)}/fonts`, { font }),
  members: (id: string) => listFetcher<Member>(`${base(id)}/members`),
  invite: (id: string, body: { email: string; role: 'Admin' | 'Member' }) => http.post<{ message?: string }>(`${base(id)}/members`, body),
  changeRole: (id: string, memberId: string, role: 'Admin' | 'Member') =>
    http.post<unknown>(`${base(id)}/members/${memberId}/roles`, { role }),
  removeMember: (id: string, memberId: string) => http.delete<unknown>(`${base(id)}/members/${memberId}`),
  pending: (id: string) => listFetcher<PendingInvitation>(`${base(id)}/pending-members`),
  removePending: (id: string, invitationId: string) => http.delete<unknown>(`${base(id)}/pending-members/${invitationId}`),
  extensions: (id: string) => http.get<Extension[]>(`${base(id)}/extensions`),
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
