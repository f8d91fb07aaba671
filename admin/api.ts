import { createContext, useContext } from 'react';
import { http, listFetcher, type FetchPage } from '../ui';

/**
 * The back-office's calls (backoffice.md §7; server: docs/backoffice.md). Screens reach them
 * through `useAdminApi()`, so a story can hand a screen sample data instead of a server.
 */
export interface BoardRow {
  id: string;
  code: string;
  name: string;
  owner: string | null;
  ownerUsername: string | null;
  status: number;
  membersCount: number;
  commandsCount: number;
  shareType: number;
  hasClient: boolean;
  assetsSize: number;
  createdDate: string;
  lastSession: string | null;
}
export interface BoardMember {
  id: string;
  uid: string | null;
  username: string | null;
  role?: string | null;
  ip: string | null;
  isOwner: boolean;
  isActive: boolean;
  lastJoinedAt: string | null;
  lastOnline: string | null;
  sessionDuration: number | null;
  userAgent: string | null;
}
export interface BoardDetails extends Record<string, unknown> {
  id: string;
  code: string;
  name: string;
  status: number;
  members: BoardMember[];
}
export interface InsightGroup {
  title: string;
  items: Array<{ name: string; value: string | number | null }>;
}
export interface UserRow {
  id: string;
  username: string;
  displayName: string | null;
  hasImage: boolean;
  hasExternalAccount: boolean;
  customerId: string | null;
  isActive: boolean;
  isBetaTester: boolean;
  flag: boolean;
  segments: string[];
  createdDate: string;
  lastOnline: string | null;
  lastlogin: string | null;
}
export interface UserDetails extends Record<string, unknown> {
  id: string;
  username: string;
  isActive: boolean;
  isBetaTester: boolean;
  flag: boolean;
  roles: Array<{ name: string; granted: boolean }>;
  segments: string[];
  storage: number;
}
export interface FeedbackRow {
  id: string;
  createdDate: string;
  uid: string | null;
  username: string | null;
  type: string;
  source: string;
  tags: string[];
  hasDetail: boolean;
}
export interface FeedbackDetail extends FeedbackRow {
  feedback: string | null;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
}
export interface ContactRow {
  id: string;
  createdDate: string;
  name: string;
  email: string;
  type: string;
}
export interface ContactDetail extends ContactRow {
  message: string;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
}
/** docs/backoffice.md "Outbox": a mail the platform wrote (GET /api/admin/outbox). */
export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  created: string;
  /** 'stored' (no SMTP: kept here), 'sending', 'sent', 'failed' */
  status: string;
  sentAt: string | null;
}
/** GET /api/admin/outbox/{id}: the bodies as written; `smtp` says whether Resend can send. */
export interface OutboxMail extends OutboxRow {
  text: string;
  /** the HTML body as sent: never injected as markup, shown as source only */
  html: string | null;
  error: string | null;
  smtp: boolean;
}
/** POST /api/admin/outbox/{id}/resend: the attempt's outcome. */
export interface ResendAnswer extends ActionAnswer {
  id: string;
  status: string;
  error?: string;
}
export interface Directory {
  id: string;
  name: string;
  content: string;
}
export interface ClientRow {
  id: string;
  username: string | null;
  appName: string;
  clientId: string;
  createdDate: string;
  lastSession: string | null;
  isActive: boolean;
}
export interface ClientDetails extends ClientRow {
  origins: Array<{ origin: string; embeds: number; refusals: number; firstSeen: string | null; lastSeen: string | null }>;
}
export interface AuditRow {
  id: number;
  actorName: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
  at: string;
}
/** backoffice.md §3 User audit (GET /api/admin/user-audits). */
export interface UserAuditRow {
  id: number;
  username: string | null;
  uniqueUserId: string | null;
  country: string | null;
  boardCode: string | null;
  type: string;
  source: string | null;
  attributes: Record<string, unknown> | null;
  createdDate: string;
}
/** backoffice.md §3 Feature audit (GET /api/admin/feature-audits). */
export interface FeatureAuditRow {
  id: number;
  context: string;
  data: unknown;
  username: string | null;
  uniqueUserId: string | null;
  country: string | null;
  createdDate: string;
}
/** backoffice.md §3 Performance log (GET /api/admin/perf-logs). */
export interface PerfLogRow {
  id: number;
  sessionId: string;
  username: string | null;
  uid: string | null;
  country: string | null;
  ip: string | null;
  board: string | null;
  type: string;
  createdDate: string;
  payload: Array<{ name: string; value: string }>;
}
export interface LogEntry {
  id: number;
  timestamp: string | null;
  level: string;
  name: string | null;
  traceCode: string | null;
  message: string;
  exception: string | null;
}
export interface LogQuery {
  Take?: number;
  Before?: number;
  Level?: string;
  Property?: string;
  Operator?: 'Contains' | 'NotContains';
  Value?: string;
}
export interface LogPage {
  logName: string;
  size: number;
  data: LogEntry[];
  before: number | null;
}
export interface ActionAnswer {
  message?: string;
  [key: string]: unknown;
}

export interface AdminApi {
  boards: FetchPage<BoardRow>;
  boardDetails(id: string): Promise<BoardDetails>;
  boardInsights(id: string): Promise<InsightGroup[]>;
  toggleBoardDisable(id: string): Promise<ActionAnswer>;
  setBoardOwner(id: string, member: string): Promise<ActionAnswer>;
  deleteBoardMember(id: string, member: string): Promise<ActionAnswer>;
  deleteBoard(id: string): Promise<ActionAnswer>;
  users: FetchPage<UserRow>;
  userDetails(id: string): Promise<UserDetails>;
  toggleUser(id: string, what: 'active' | 'beta-tester' | 'flag'): Promise<ActionAnswer>;
  saveRoles(id: string, roles: Array<{ name: string; granted: boolean }>): Promise<ActionAnswer>;
  saveSegments(id: string, segments: string[]): Promise<ActionAnswer>;
  directMessage(id: string, template: string, body: { subject?: string; message?: string }): Promise<ActionAnswer>;
  recalcStorage(id: string): Promise<ActionAnswer>;
  deleteAccount(id: string): Promise<ActionAnswer>;
  feedbacks: FetchPage<FeedbackRow>;
  feedbackTags(): Promise<string[]>;
  feedback(id: string): Promise<FeedbackDetail>;
  saveFeedbackTags(id: string, tags: string[]): Promise<ActionAnswer>;
  deleteFeedback(id: string): Promise<ActionAnswer>;
  contacts: FetchPage<ContactRow>;
  contact(id: string): Promise<ContactDetail>;
  outbox: FetchPage<OutboxRow>;
  outboxMail(id: string): Promise<OutboxMail>;
  resendMail(id: string): Promise<ResendAnswer>;
  directories: FetchPage<Directory>;
  directory(id: string): Promise<Directory>;
  saveDirectory(d: Directory): Promise<ActionAnswer>;
  deleteDirectory(id: string): Promise<ActionAnswer>;
  clients: FetchPage<ClientRow>;
  clientDetails(id: string): Promise<ClientDetails>;
  operatorAudit: FetchPage<AuditRow>;
  userAudits: FetchPage<UserAuditRow>;
  featureAudits: FetchPage<FeatureAuditRow>;
  perfLogs: FetchPage<PerfLogRow>;
  logFiles(): Promise<{ default: string; files: Array<{ name: string; size: number; modified: string }> }>;
  logPage(name: string, query: LogQuery): Promise<LogPage>;
}

const enc = encodeURIComponent;

/** List URLs a grid also downloads as CSV (Accept: text/csv). */
export const ADMIN_LISTS = {
  userAudits: '/api/admin/user-audits',
  featureAudits: '/api/admin/feature-audits',
  operatorAudit: '/api/admin/audit',
  perfLogs: '/api/admin/perf-logs',
} as const;

/** The real calls, through the one HTTP layer (bearer token, refresh, error envelope). */
export const httpAdminApi: AdminApi = {
  boards: listFetcher<BoardRow>('/api/admin/boards'),
  boardDetails: (id) => http.get(`/api/admin/boards/${enc(id)}/details`),
  boardInsights: (id) => http.get(`/api/admin/boards/${enc(id)}/insights`),
  toggleBoardDisable: (id) => http.post(`/api/admin/boards/${enc(id)}/disable`, {}),
  setBoardOwner: (id, member) => http.post('/api/admin/boards/set-owner', { id, member }),
  deleteBoardMember: (id, member) => http.post('/api/admin/boards/delete-member', { id, member }),
  deleteBoard: (id) => http.delete(`/api/admin/boards/${enc(id)}`),
  users: listFetcher<UserRow>('/api/accounts/users'),
  userDetails: (id) => http.get(`/api/admin/users/${enc(id)}/details`),
  toggleUser: (id, what) => http.post(`/api/users/${enc(id)}/toggle-${what}`, {}),
  saveRoles: (id, roles) => http.post(`/api/admin/users/${enc(id)}/roles`, { roles }),
  saveSegments: (id, segments) => http.post(`/api/users/${enc(id)}/segments`, { segments }),
  directMessage: (id, template, body) => http.post(`/api/admin/users/${enc(id)}/direct`, body, { query: { Template: template } }),
  recalcStorage: (id) => http.post('/api/admin/storage/recalc', { id }),
  deleteAccount: (id) => http.delete(`/api/admin/accounts/${enc(id)}`),
  feedbacks: listFetcher<FeedbackRow>('/api/admin/feedbacks'),
  feedbackTags: async () => {
    const answer = await http.get<string[] | { tags: string[] }>('/api/admin/feedback/tags');
    return Array.isArray(answer) ? answer : (answer?.tags ?? []);
  },
  feedback: (id) => http.get(`/api/admin/feedback/${enc(id)}`),
  saveFeedbackTags: (id, tags) => http.put(`/api/admin/feedback/${enc(id)}/tags`, { id, tags }),
  deleteFeedback: (id) => http.delete(`/api/admin/feedback/${enc(id)}`),
  contacts: listFetcher<ContactRow>('/api/admin/contacts'),
  contact: (id) => http.get(`/api/admin/contacts/${enc(id)}`),
  outbox: listFetcher<OutboxRow>('/api/admin/outbox'),
  outboxMail: (id) => http.get(`/api/admin/outbox/${enc(id)}`),
  resendMail: (id) => http.post(`/api/admin/outbox/${enc(id)}/resend`, {}),
  directories: listFetcher<Directory>('/api/admin/directories'),
  directory: (id) => http.get(`/api/admin/directories/${enc(id)}`),
  saveDirectory: (d) => http.post(`/api/admin/directories/${enc(d.id)}`, d),
  deleteDirectory: (id) => http.delete(`/api/admin/directories/${enc(id)}`),
  clients: listFetcher<ClientRow>('/api/admin/clients'),
  clientDetails: (id) => http.get(`/api/admin/clients/${enc(id)}/details`),
  operatorAudit: listFetcher<AuditRow>(ADMIN_LISTS.operatorAudit),
  userAudits: listFetcher<UserAuditRow>(ADMIN_LISTS.userAudits),
  featureAudits: listFetcher<FeatureAuditRow>(ADMIN_LISTS.featureAudits),
  perfLogs: listFetcher<PerfLogRow>(ADMIN_LISTS.perfLogs),
  logFiles: () => http.get('/api/system-logs'),
  logPage: (name, query) => http.get(`/api/system-logs/${enc(name)}`, { ...query }),
};

export const AdminApiContext = createContext<AdminApi>(httpAdminApi);
export const useAdminApi = (): AdminApi => useContext(AdminApiContext);

/** The id of 24 zeros that means "new" (backoffice.md §7 Directories). */
export const NEW_ID = '000000000000000000000000';

/** Spec texts of the back-office (backoffice.md §8). */
export const ADMIN_TEXTS = {
  deleteBoard: 'Your board will delete permanently, Are you sure?',
  deleteFeedback: 'Feedback will delete permanently, Are you sure?',
  deleteDirectory: 'delete directory',
  ownerSet: 'owner has been setted',
  memberDeleted: 'member has been deleted',
  rolesSaved: 'roles saved',
  messageSent: 'message sent',
  storageRecalculated: 'storage has been recalculated',
  deleted: 'has been delete',
  saved: 'data successfully saved.',
} as const;
