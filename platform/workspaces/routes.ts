import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { requestActor } from '../core/actor';
import { boardCors } from '../core/cors';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../core/list';
import {
  acceptPayload,
  addFontPayload,
  fontFileParams,
  extensionParams,
  extensionView,
  idAnswer,
  invitationParams,
  inviteAnswer,
  invitePayload,
  memberItem,
  memberParams,
  newWorkspacePayload,
  pendingItem,
  rolePayload,
  togglePayload,
  updateWorkspacePayload,
  workspaceParams,
  workspaceView,
} from './schemas';
import * as workspaces from './service';

const tags = ['api', 'workspaces'];
const actor = (request: Request) => requestActor(request);
const app = (request: Request) => request.server.app;
const ref = (request: Request) => String(request.params.id);

const iso = (value: unknown) => (value == null ? '' : new Date(value as string).toISOString());

interface MemberListRow {
  id: string;
  displayName: string;
  email: string;
  roleName: string;
  joinedAt: Date;
}

/**
 * The members grid (panel.md §2, §9: 10 a page) on the one list protocol. Sort keys are unique
 * (role rank or name, then the e-mail), so pages never overlap.
 */
export const MEMBERS_LIST: ListDeclaration<MemberListRow, Record<string, unknown>> = {
  name: 'WorkspaceMembers',
  fields: {
    id: 'x.user_id',
    name: 'x.name_key',
    email: 'x.email',
    role: 'x.role_key',
    joinedAt: 'x.joined_at',
    displayName: 'x.name',
    roleName: 'x.role',
  },
  sortable: ['name', 'email', 'role', 'joinedAt'],
  searchable: ['name', 'email'],
  quickFilters: {
    all: null,
    admins: (q) => void q.whereIn('x.role', ['Owner', 'Admin']),
    members: (q) => void q.where('x.role', 'Member'),
    clientAdmins: (q) => void q.where('x.role', 'ClientAdmin'),
  },
  defaultOrder: 'role',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({ id: r.id, name: r.displayName, email: r.email, role: r.roleName, joinedAt: iso(r.joinedAt) }),
};

interface PendingListRow {
  id: string;
  email: string;
  role: string;
  invitedAt: Date;
  expiresAt: Date;
}

/** Pending invitations (not accepted, not withdrawn; expired ones show as such until removed or renewed). */
export const PENDING_LIST: ListDeclaration<PendingListRow, Record<string, unknown>> = {
  name: 'PendingInvitations',
  fields: { id: 'i.id', email: 'i.email', role: 'i.role', invitedAt: 'i.created_at', expiresAt: 'i.expires_at' },
  sortable: ['email', 'invitedAt', 'expiresAt'],
  searchable: ['email'],
  quickFilters: {
    all: null,
    live: (q) => void q.whereRaw('i.expires_at > now()'),
    expired: (q) => void q.whereRaw('i.expires_at <= now()'),
  },
  defaultOrder: 'invitedAt Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    invitedAt: iso(r.invitedAt),
    expiresAt: iso(r.expiresAt),
    expired: new Date(r.expiresAt).getTime() <= Date.now(),
  }),
};

const auth = 'jwt';
const notes403 =
  "401 without a bearer token; 404 'Workspace not found.' for a workspace the caller does not belong to; 403 'Unauthorized access' when the caller's role lacks the right (shared/workspace-roles).";

/** panel.md §7: workspaces, members, roles, pending members, extensions; plus accepting an invitation. */
export const workspaceRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/workspaces',
    options: {
      auth,
      tags,
      description: "The signed-in user's workspaces (owned and joined; the default one first)",
      response: { schema: Joi.array().items(workspaceView).label('Workspaces') },
    },
    handler: (request) => workspaces.listWorkspaces(app(request), actor(request)),
  },
  {
    method: 'POST',
    path: '/api/workspaces',
    options: {
      auth,
      tags,
      description: 'Create a workspace',
      notes:
        'A user owning no workspace gets it as their default. Owning one already, another needs the multi-workspace policy (a qty claim other than 1): otherwise a field error under name.',
      validate: { payload: newWorkspacePayload },
      response: { schema: workspaceView },
    },
    handler: (request) => workspaces.createWorkspace(app(request), actor(request), request.payload as { name: string }),
  },
  {
    method: 'POST',
    path: '/api/workspaces/invitations/accept',
    options: {
      auth,
      tags,
      description: 'Accept a workspace invitation (the token of the link in the invitation e-mail)',
      notes:
        "The signed-in account must use the invited e-mail address (403 otherwise). 400 under token: 'This invitation link is not valid.', 'This invitation has expired. Ask for a new one.', 'This invitation has already been used.', 'This invitation was withdrawn.' Answers the workspace.",
      validate: { payload: acceptPayload },
      response: { schema: workspaceView },
    },
    handler: (request) => workspaces.acceptInvitation(app(request), actor(request), (request.payload as { token: string }).token),
  },
  {
    method: 'GET',
    path: '/api/workspaces/{id}',
    options: {
      auth,
      tags,
      description: "A workspace ('default' = the user's default workspace)",
      notes: notes403,
      validate: { params: workspaceParams },
      response: { schema: workspaceView },
    },
    handler: (request) => workspaces.getWorkspace(app(request), actor(request), ref(request)),
  },
  {
    method: 'PUT',
    path: '/api/workspaces/{id}',
    options: {
      auth,
      tags,
      description: 'Change the workspace settings (JSON or form; fonts as a list, or JSON text in a form)',
      notes: `${notes403} Each changed field needs its right: name (Owner, Admin), darkTheme, maxUploadSize (10000–10000000), zoomLimitsMin/zoomLimitsMax (5–600, min < max), fonts (Owner, Admin, ClientAdmin). A field sent unchanged is no change. 'Font already exists' under fonts for a duplicate name or url.`,
      validate: { params: workspaceParams, payload: updateWorkspacePayload },
      payload: {
        allow: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        multipart: { output: 'data' },
        maxBytes: 262_144,
      },
      response: { schema: workspaceView },
    },
    handler: (request) =>
      workspaces.updateWorkspace(app(request), actor(request), ref(request), request.payload as workspaces.WorkspaceUpdate),
  },
  {
    method: 'POST',
    path: '/api/workspaces/{id}/fonts',
    options: {
      auth,
      tags,
      description:
        'Add a font: a font name (looked up in the font service) or the URL of a font file or stylesheet; its files are fetched and served from here',
      notes: `${notes403} Owner, Admin, ClientAdmin. 400 under fonts: 'Font already exists', 'Font not found: {name}', 'Failed to extract font name from CSS', 'Error fetching font'.`,
      validate: { params: workspaceParams, payload: addFontPayload },
      response: { schema: workspaceView },
    },
    handler: (request) => workspaces.addFont(app(request), actor(request), ref(request), (request.payload as { font: string }).font),
  },
  {
    method: 'GET',
    path: '/api/fonts/{fontId}/stylesheet.css',
    options: {
      auth: false,
      cors: boardCors,
      tags,
      description: "A workspace font's stylesheet (its files on this server)",
      validate: { params: Joi.object({ fontId: fontFileParams.extract('fontId') }) },
      cache: { expiresIn: 86_400_000, privacy: 'public' },
    },
    handler: async (request, h) =>
      h.response(await workspaces.fontStylesheet(app(request), String(request.params.fontId))).type('text/css; charset=utf-8'),
  },
  {
    method: 'GET',
    path: '/api/fonts/{fontId}/files/{n}',
    options: {
      auth: false,
      cors: boardCors,
      tags,
      description: 'A font file of a workspace font',
      validate: { params: fontFileParams },
      cache: { expiresIn: 86_400_000, privacy: 'public' },
    },
    async handler(request, h) {
      const file = await workspaces.fontFile(app(request), String(request.params.fontId), Number(request.params.n));
      return h.response(file.data).type(file.contentType);
    },
  },
  {
    method: 'DELETE',
    path: '/api/workspaces/{id}',
    options: {
      auth,
      tags,
      description: 'Delete a workspace without boards (Owner, Admin)',
      notes: `${notes403} 400 while it has boards, and for the owner's default workspace.`,
      validate: { params: workspaceParams },
      response: { schema: idAnswer('DeletedWorkspace') },
    },
    handler: (request) => workspaces.deleteWorkspace(app(request), actor(request), ref(request)),
  },
  {
    method: 'GET',
    path: '/api/workspaces/{id}/members',
    options: {
      auth,
      tags,
      description: 'The members (list protocol: Take, Skip, Orders, Filter, QuickFilter; 10 a page; CSV with Accept: text/csv)',
      notes: `${notes403} The owner is listed with role Owner. Orders: name, email, role, joinedAt. QuickFilter: all, admins, members, clientAdmins.`,
      validate: { params: workspaceParams, query: listQuery(MEMBERS_LIST) },
      response: { schema: Joi.alternatives(listAnswer('WorkspaceMembersPage', memberItem), Joi.string()) },
    },
    async handler(request, h) {
      const { query, userId } = await workspaces.membersBase(app(request), actor(request), ref(request));
      const list: ListDeclaration<MemberListRow, Record<string, unknown>> = {
        ...MEMBERS_LIST,
        toItem: (r: MemberListRow) => ({ ...MEMBERS_LIST.toItem(r), isSelf: r.id === userId }),
      };
      return answerList(list, query, request, h);
    },
  },
  {
    method: 'POST',
    path: '/api/workspaces/{id}/members',
    options: {
      auth,
      tags,
      description: 'Invite by e-mail with role Admin or Member (Owner, Admin)',
      notes: `${notes403} The same answer and the same invitation e-mail whether or not an account uses the address. Field errors under email: already a member, too many pending invitations.`,
      validate: { params: workspaceParams, payload: invitePayload },
      response: { schema: inviteAnswer },
    },
    handler: (request) =>
      workspaces.inviteMember(app(request), actor(request), ref(request), request.payload as { email: string; role: 'Admin' | 'Member' }),
  },
  {
    method: 'POST',
    path: '/api/workspaces/{id}/members/{memberId}/roles',
    options: {
      auth,
      tags,
      description: 'Grant Admin to a Member, or revoke Admin from an Admin (Owner, Admin)',
      notes: `${notes403} Never the owner nor oneself (field error under role). 404 for someone who is no member.`,
      validate: { params: memberParams, payload: rolePayload },
      response: {
        schema: Joi.object({ id: Joi.string(), role: Joi.string() }).prefs({ presence: 'required' }).label('WorkspaceMemberRoleResult'),
      },
    },
    handler: (request) =>
      workspaces.changeMemberRole(
        app(request),
        actor(request),
        ref(request),
        String(request.params.memberId),
        (request.payload as { role: 'Admin' | 'Member' }).role,
      ),
  },
  {
    method: 'DELETE',
    path: '/api/workspaces/{id}/members/{memberId}',
    options: {
      auth,
      tags,
      description: 'Remove a member (Owner, Admin; never the owner nor oneself)',
      notes: `${notes403} The member loses the workspace's boards at once, on every node.`,
      validate: { params: memberParams },
      response: { schema: idAnswer('RemovedWorkspaceMember') },
    },
    handler: (request) => workspaces.removeMember(app(request), actor(request), ref(request), String(request.params.memberId)),
  },
  {
    method: 'GET',
    path: '/api/workspaces/{id}/pending-members',
    options: {
      auth,
      tags,
      description: 'Pending invitations (list protocol; Owner, Admin)',
      notes: `${notes403} QuickFilter: all, live, expired. Orders: email, invitedAt, expiresAt.`,
      validate: { params: workspaceParams, query: listQuery(PENDING_LIST) },
      response: { schema: Joi.alternatives(listAnswer('PendingInvitationsPage', pendingItem), Joi.string()) },
    },
    async handler(request, h) {
      const { query } = await workspaces.pendingBase(app(request), actor(request), ref(request));
      return answerList(PENDING_LIST, query, request, h);
    },
  },
  {
    method: 'DELETE',
    path: '/api/workspaces/{id}/pending-members/{invitationId}',
    options: {
      auth,
      tags,
      description: 'Withdraw a pending invitation (Owner, Admin): its link stops working',
      notes: notes403,
      validate: { params: invitationParams },
      response: { schema: idAnswer('RevokedInvitation') },
    },
    handler: (request) => workspaces.revokeInvitation(app(request), actor(request), ref(request), String(request.params.invitationId)),
  },
  {
    method: 'GET',
    path: '/api/workspaces/{id}/extensions',
    options: {
      auth,
      tags,
      description: "The workspace's extensions (the board's app-* features) and whether each is plugged",
      notes: notes403,
      validate: { params: workspaceParams },
      response: { schema: Joi.array().items(extensionView).label('Extensions') },
    },
    handler: (request) => workspaces.listExtensions(app(request), actor(request), ref(request)),
  },
  {
    method: 'POST',
    path: '/api/workspaces/{id}/extensions/{extensionId}',
    options: {
      auth,
      tags,
      description: 'Toggle an extension (Owner, Admin, ClientAdmin); {plugged} sets it instead',
      notes: `${notes403} 404 for an unknown extension. Answers the extension as it now is.`,
      validate: { params: extensionParams, payload: togglePayload },
      response: { schema: extensionView },
    },
    handler: (request) =>
      workspaces.toggleExtension(
        app(request),
        actor(request),
        ref(request),
        String(request.params.extensionId),
        (request.payload as { plugged?: boolean } | null)?.plugged,
      ),
  },
];
