import type { FetchPage, ListQuery } from '../../ui';
import type {
  AdminApi,
  AuditRow,
  BoardDetails,
  BoardRow,
  ClientRow,
  ContactRow,
  Directory,
  DirectoryInput,
  FeatureAuditRow,
  FeedbackRow,
  LogEntry,
  OutboxMail,
  OutboxRow,
  PerfLogRow,
  PromoInput,
  PromoRow,
  UserAuditRow,
  UserDetails,
  UserRow,
} from '../../admin/api';

/**
 * Sample data for the back-office stories: a whole AdminApi in memory (no server), with the
 * list protocol's text filter and quick filter applied naively so the grids behave.
 */
const day = (n: number) => new Date(Date.UTC(2026, 10, 23 - n, 9 + (n % 8), 15)).toISOString();

function list<Row extends object>(rows: Row[], quick?: (row: Row, value: string) => boolean): FetchPage<Row> {
  return async (q: ListQuery) => {
    const text = String(q.Filter ?? '').toLowerCase();
    const kept = rows.filter(
      (r) =>
        (!text || JSON.stringify(r).toLowerCase().includes(text)) &&
        (!quick || !q.QuickFilter || q.QuickFilter === 'all' || quick(r, String(q.QuickFilter))),
    );
    return { totalCount: kept.length, data: kept.slice(q.Skip, q.Skip + q.Take) };
  };
}

const NAMES = [
  'Ada Lovelace',
  'Alan Turing',
  'Grace Hopper',
  'Katherine Johnson',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Margaret Hamilton',
  'Ken Thompson',
  'Radia Perlman',
  'Tim Berners-Lee',
  'Frances Allen',
];
const email = (i: number) => `${NAMES[i % NAMES.length]!.split(' ')[0]!.toLowerCase()}${i >= NAMES.length ? i : ''}@example.com`;

export const SAMPLE_BOARDS: BoardRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: `b${i}`,
  code: `BRD${1000 + i}`,
  name: ['Sprint retro', 'Roadmap 2027', 'Design crit', 'Onboarding flow', 'Class 7B'][i % 5]! + (i > 4 ? ` ${i}` : ''),
  owner: `u${i % 12}`,
  ownerUsername: email(i % 12),
  status: i % 7 === 3 ? 2 : i % 11 === 5 ? 3 : 1,
  membersCount: (i * 3) % 9,
  commandsCount: i * 137,
  shareType: i % 2 ? 1 : 2,
  hasClient: i % 6 === 0,
  assetsSize: i * 48_000,
  createdDate: day(i + 3),
  lastSession: i % 4 ? day(i) : null,
}));

export function sampleBoardDetails(id: string): BoardDetails {
  const b = SAMPLE_BOARDS.find((x) => x.id === id) ?? SAMPLE_BOARDS[0]!;
  return {
    ...b,
    lastChange: b.lastSession,
    mediaCount: 2,
    mediaSize: 96_000,
    workspace: { id: 'w1', altId: 'design', name: 'Design team' },
    disposeAt: null,
    storage: 312_400,
    clientUsername: null,
    clientId: null,
    isDisposable: false,
    members: [
      {
        id: 'm1',
        uid: 'u0',
        username: email(0),
        displayName: null,
        role: 'Owner',
        isOwner: true,
        isActive: true,
        lastJoinedAt: day(0),
        lastOnline: day(0),
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
        sessionDuration: 1260,
      },
      {
        id: 'm2',
        uid: 'u1',
        username: email(1),
        displayName: null,
        role: 'Editor',
        isOwner: false,
        isActive: false,
        lastJoinedAt: day(2),
        lastOnline: day(1),
        ip: '198.51.100.23',
        userAgent: 'Mozilla/5.0 (Macintosh) Safari/18.1',
        sessionDuration: 95,
      },
      {
        id: 'm3',
        uid: 'g-7f3a',
        username: 'Guest Panda',
        displayName: 'Guest Panda',
        role: 'Viewer',
        isOwner: false,
        isActive: false,
        lastJoinedAt: day(5),
        lastOnline: day(5),
        ip: null,
        userAgent: null,
        sessionDuration: null,
      },
    ],
  };
}

export const SAMPLE_INSIGHTS = [
  {
    title: 'activity',
    items: [
      { name: 'created', value: day(30).slice(0, 10) },
      { name: 'last session', value: day(0).slice(0, 10) },
      { name: 'sessions', value: 41 },
    ],
  },
  {
    title: 'size',
    items: [
      { name: 'commands', value: 2380 },
      { name: 'stored bytes', value: 312400 },
    ],
  },
  {
    title: 'members',
    items: [
      { name: 'Owner', value: 1 },
      { name: 'Editor', value: 4 },
      { name: 'Viewer', value: 9 },
    ],
  },
  {
    title: 'commands by kind',
    items: [
      { name: 'add', value: 1210 },
      { name: 'update', value: 980 },
      { name: 'delete', value: 190 },
    ],
  },
  {
    title: 'commands per day',
    items: Array.from({ length: 30 }, (_, i) => ({
      name: day(29 - i).slice(0, 10),
      value: Math.round(40 + 35 * Math.sin(i / 3) + (i % 5) * 9),
    })),
  },
];

export const SAMPLE_USERS: UserRow[] = Array.from({ length: 31 }, (_, i) => ({
  id: `u${i}`,
  username: email(i),
  displayName: NAMES[i % NAMES.length]!,
  hasImage: i % 3 === 0,
  hasExternalAccount: i % 4 === 0,
  customerId: i % 5 === 0 ? `cus_${i}` : null,
  isActive: i % 9 !== 4,
  isBetaTester: i % 6 === 1,
  flag: i % 10 === 7,
  segments: i % 2 ? ['education'] : ['enterprise', 'emea'],
  createdDate: day(i * 2 + 1),
  lastOnline: i % 3 ? day(i) : null,
  lastlogin: day(i),
}));

export function sampleUserDetails(id: string): UserDetails {
  const u = SAMPLE_USERS.find((x) => x.id === id) ?? SAMPLE_USERS[0]!;
  return {
    ...u,
    profileImage: null,
    country: 'NL',
    functionalRole: 2,
    numberOfOwnedBoards: 4,
    numberOfInvitedBoards: 7,
    clientName: null,
    clientId: null,
    clientBoards: 0,
    clientOrigins: [],
    tokens: 2,
    externalAccounts: [],
    roles: [
      { name: 'admin', granted: false },
      { name: 'beta-tester', granted: u.isBetaTester },
      { name: 'partner', granted: false },
    ],
    workspaceCount: 2,
    lastLogin: u.lastlogin,
    sessions: 58,
    edits: 33,
    collaborations: 12,
    storage: 4_812_000,
  };
}

export const SAMPLE_FEEDBACKS: FeedbackRow[] = Array.from({ length: 14 }, (_, i) => ({
  id: `f${i}`,
  createdDate: day(i),
  uid: i % 3 ? `u${i}` : null,
  username: i % 3 ? email(i) : null,
  type: ['positive', 'neutral', 'negative'][i % 3]!,
  source: i % 2 ? 'app' : 'panel',
  tags: i % 4 ? ['ux'] : ['bug', 'export'],
  hasDetail: i % 5 !== 2,
}));
/** Promo codes (admin/promos): one of each type and status, a template, limits and a comment. */
export const SAMPLE_PROMOS: PromoRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: `p${i}`,
  code: `WT${String(i).padStart(2, '0')}-AB${i % 10}C-DE${i}FGH`.slice(0, 16),
  name: ['StarterPack', 'Ten off', 'Two weeks', 'VIP'][i % 4]!,
  comment: i % 3 ? null : 'spring campaign',
  type: (['Percent', 'Fixed', 'Subscription', 'Percent'] as const)[i % 4]!,
  amount: i % 4 === 1 ? 1000 : null,
  percent: i % 4 === 0 ? 100 : i % 4 === 3 ? 25 : null,
  percentDuration: i % 4 === 0 ? 'Forever' : i % 4 === 3 ? 'Once' : null,
  duration: i % 4 === 2 ? 14 : null,
  expiresInDays: i % 4 === 0 ? 30 : 0,
  redeemBy: i % 2 ? day(-30) : null,
  maxRedemptions: i % 3 ? 0 : 100,
  maxRedemptionsPerCustomer: 1,
  redeemedTimes: i * 3,
  status: (['Active', 'Active', 'Disabled', 'Archived'] as const)[i % 4]!,
  plan: 'team',
  createdDate: day(i),
}));
export const SAMPLE_CONTACTS: ContactRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i}`,
  createdDate: day(i),
  name: NAMES[i % NAMES.length]!,
  email: email(i),
  type: ['general', 'sales', 'support', 'partnership', 'press'][i % 5]!,
}));
export const SAMPLE_OUTBOX: OutboxRow[] = Array.from({ length: 13 }, (_, i) => ({
  id: `o${i}`,
  to: email(i),
  subject: [
    'Reset your Tabula password',
    'You are invited to a Tabula board',
    'You already have a Tabula account',
    'A message from Tabula',
  ][i % 4]!,
  created: day(i),
  status: i === 5 ? 'failed' : 'stored',
  sentAt: null,
}));
const RESET_LINK = (to: string) => `https://tabula.example.org/accounts/reset-password/Zm9vYmFyYmF6cXV4cXV1eA/${encodeURIComponent(to)}`;
export function sampleOutboxMail(id: string, smtp = false): OutboxMail {
  const m = SAMPLE_OUTBOX.find((x) => x.id === id) ?? SAMPLE_OUTBOX[0]!;
  const link = RESET_LINK(m.to);
  return {
    ...m,
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Tabula account. Choose a new password through this link:',
      '',
      link,
      '',
      'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.',
      '',
      'Tabula',
    ].join('\n'),
    html: `<!doctype html>\n<html><body><p>Hello,</p><p><a href="${link}">Choose a new password</a></p><p><a href="javascript:alert(1)">not a link</a></p></body></html>`,
    error: m.status === 'failed' ? 'connect ECONNREFUSED 127.0.0.1:587' : null,
    smtp,
  };
}
export const SAMPLE_DIRECTORIES: Directory[] = ['countries', 'blocked-domains', 'onboarding-tips', 'release-notes'].map((name, i) => ({
  id: `d${i}`,
  name,
  content: `${name} content`,
  updatedAt: day(i),
}));
export const SAMPLE_CLIENTS: ClientRow[] = Array.from({ length: 8 }, (_, i) => ({
  id: `cl${i}`,
  username: email(i),
  appName: ['Classroom Hub', 'Retro Tool', 'CRM Boards', 'Wiki Embed'][i % 4]! + (i > 3 ? ' 2' : ''),
  clientId: `app_${i}`,
  createdDate: day(40 + i),
  lastSession: i % 3 ? day(i) : null,
  isActive: i % 4 !== 2,
}));

export const SAMPLE_USER_AUDITS: UserAuditRow[] = Array.from({ length: 26 }, (_, i) => ({
  id: i + 1,
  username: i % 4 ? email(i) : null,
  uniqueUserId: i % 4 ? `u${i}` : `g-${1000 + i}`,
  country: ['DE', 'US', 'FR', 'BR', null][i % 5]!,
  boardCode: `BRD${1000 + (i % 9)}`,
  type: 'join',
  source: ['web', 'embed', 'app'][i % 3]!,
  attributes: i % 2 ? { size: 120 + i, freq: (i % 6) + 1 } : { template: 'retro' },
  createdDate: day(i),
}));
export const SAMPLE_FEATURE_AUDITS: FeatureAuditRow[] = Array.from({ length: 18 }, (_, i) => ({
  id: i + 1,
  context: ['export.png', 'template.insert', 'ai.summarize', 'share.link'][i % 4]!,
  data: { board: `BRD${1000 + i}`, ms: 100 + i * 7 },
  username: i % 3 ? email(i) : null,
  uniqueUserId: `u${i}`,
  country: ['US', 'IN', 'DE'][i % 3]!,
  createdDate: day(i),
}));
export const SAMPLE_OPERATOR_AUDIT: AuditRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  actorId: `o${i % 2}`,
  actorName: ['Olive Operator', 'Oscar Ops'][i % 2]!,
  action: ['board.disable', 'user.flag', 'role.grant', 'user.message'][i % 4]!,
  targetType: i % 4 === 0 ? 'board' : 'user',
  targetId: i % 4 === 0 ? `BRD${1000 + i}` : `u${i}`,
  details: i % 2 ? { reason: 'spam' } : {},
  at: day(i),
}));
export const SAMPLE_PERF_LOGS: PerfLogRow[] = Array.from({ length: 21 }, (_, i) => ({
  id: i + 1,
  sessionId: `s-${(4096 + i * 37).toString(16)}`,
  username: i % 3 ? email(i) : null,
  uid: `u${i}`,
  country: ['DE', 'US', 'JP'][i % 3]!,
  ip: `203.0.113.${i + 10}`,
  board: `BRD${1000 + i}`,
  type: ['Join', 'Speed', 'SlowNetwork', 'ReportingMain', 'ReportingDefault', 'Socket', 'Error'][i % 7]!,
  createdDate: day(i),
  payload: [
    { name: 'duration', value: `${200 + i * 13} ms` },
    { name: 'transport', value: 'websocket' },
    { name: 'ver', value: '4.2.0' },
  ],
}));

const LEVELS: Array<LogEntry['level']> = ['Info', 'Warning', 'Error', 'Info', 'Debug', 'Fatal', 'Info', 'Trace'];
export const SAMPLE_LOG: LogEntry[] = Array.from({ length: 40 }, (_, i) => ({
  id: 100_000 - i * 180,
  timestamp: new Date(Date.UTC(2026, 10, 23, 22, 59 - i)).toISOString(),
  level: LEVELS[i % LEVELS.length]!,
  name: ['http', 'hub', 'mail', 'jobs'][i % 4]!,
  traceCode: `req-${900 + i}`,
  message: ['request completed', 'slow query (812 ms)', 'board join refused', 'outbox sent', 'snapshot written', 'database unreachable'][
    i % 6
  ]!,
  exception:
    LEVELS[i % LEVELS.length] === 'Error' || LEVELS[i % LEVELS.length] === 'Fatal'
      ? 'Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect'
      : null,
}));

/** The in-memory AdminApi; `calls` records the actions (name and arguments) for the tests. */
export function sampleAdminApi(calls: Array<[string, ...unknown[]]> = [], { smtp = false }: { smtp?: boolean } = {}): AdminApi {
  // an action: recorded, answered as its route answers (shared/wire.ts)
  const record =
    <A extends unknown[], T>(name: string, answer: (...args: A) => T) =>
    async (...args: A) => (calls.push([name, ...args]), answer(...args));
  const deleted = (id: string) => ({ id, message: 'has been delete' });
  return {
    boards: list(SAMPLE_BOARDS, (b, q) => (q === 'Inactive' ? b.status !== 1 : q === 'withuser' ? !!b.ownerUsername : true)),
    boardDetails: async (id) => sampleBoardDetails(id),
    boardInsights: async () => SAMPLE_INSIGHTS,
    toggleBoardDisable: record('toggleBoardDisable', (id: string) => ({ id, status: 2 as const })),
    setBoardOwner: record('setBoardOwner', (id: string, member: string) => ({
      id,
      owner: member,
      previousOwner: null,
      message: 'owner has been setted',
    })),
    deleteBoardMember: record('deleteBoardMember', (id: string, member: string) => ({ id, member, message: 'member has been deleted' })),
    deleteBoard: record('deleteBoard', deleted),
    users: list(SAMPLE_USERS, (u, q) =>
      q === 'inactive' ? !u.isActive : q === 'beta-tester' ? u.isBetaTester : q === 'flagged' ? u.flag : true,
    ),
    userDetails: async (id) => sampleUserDetails(id),
    toggleUser: record('toggleUser', (id: string, _what: string) => ({ id, flag: true })),
    saveRoles: record('saveRoles', (id: string, roles: Array<{ name: string; granted: boolean }>) => ({
      id,
      granted: roles.filter((r) => r.granted).map((r) => r.name),
      revoked: roles.filter((r) => !r.granted).map((r) => r.name),
      roles: roles.filter((r) => r.granted).map((r) => r.name),
      message: 'roles saved',
    })),
    saveSegments: record('saveSegments', (id: string, segments: string[]) => ({ id, segments })),
    directMessage: record('directMessage', (id: string, template: string) => ({
      id,
      template: template === 'account-deactivation-email' ? template : ('' as const),
      outboxId: null,
      status: 'stored',
      message: 'message sent',
    })),
    recalcStorage: record('recalcStorage', (id: string) => ({
      message: 'storage has been recalculated',
      run: {
        id: '7d0c5a3e-0c1f-4b8e-9a51-1f3c2b4d5e60',
        name: 'storage-recalc',
        kind: 'action' as const,
        state: 'finished' as const,
        startedAt: '2026-03-02T10:00:00.000Z',
        finishedAt: '2026-03-02T10:00:00.120Z',
        durationMs: 120,
        node: 'node-1:4242:a1b2c3',
        requestedBy: 'opal@example.com',
        result: { target: 'user', id, users: 1, workspaces: 0, storage: 1_048_576 },
        error: null,
      },
    })),
    deleteAccount: record('deleteAccount', deleted),
    feedbacks: list(SAMPLE_FEEDBACKS),
    feedbackTags: async () => ['bug', 'export', 'ux'],
    feedback: async (id) => ({
      ...(SAMPLE_FEEDBACKS.find((f) => f.id === id) ?? SAMPLE_FEEDBACKS[0]!),
      feedback: 'Exporting a large board to PNG cuts off the right edge.',
      ip: '198.51.100.7',
      country: 'NL',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    }),
    saveFeedbackTags: record('saveFeedbackTags', (id: string, tags: string[]) => ({ id, tags, message: 'data successfully saved.' })),
    deleteFeedback: record('deleteFeedback', deleted),
    contacts: list(SAMPLE_CONTACTS),
    contact: async (id) => ({
      ...(SAMPLE_CONTACTS.find((c) => c.id === id) ?? SAMPLE_CONTACTS[0]!),
      message: 'We would like a quote for 300 seats.',
      ip: '192.0.2.44',
      country: 'FR',
      userAgent: 'Mozilla/5.0 Safari/605.1.15',
    }),
    outbox: list(SAMPLE_OUTBOX, (m, q) => m.status === q),
    outboxMail: async (id) => sampleOutboxMail(id, smtp),
    resendMail: async (id) => (calls.push(['resendMail', id]), { id, status: 'sent', message: 'mail sent' }),
    directories: list(SAMPLE_DIRECTORIES),
    directory: async (id) => SAMPLE_DIRECTORIES.find((d) => d.id === id) ?? SAMPLE_DIRECTORIES[0]!,
    saveDirectory: record('saveDirectory', (d: DirectoryInput) => ({
      ...d,
      updatedAt: '2026-11-23T10:00:00.000Z',
      message: 'data successfully saved.',
    })),
    deleteDirectory: record('deleteDirectory', deleted),
    clients: list(SAMPLE_CLIENTS, (c, q) => (q === 'inactive' ? !c.isActive : true)),
    clientDetails: async (id) => ({
      ...(SAMPLE_CLIENTS.find((c) => c.id === id) ?? SAMPLE_CLIENTS[0]!),
      allowedOrigins: ['https://school.example.org'],
      secretHint: 'k3x9',
      origins: [{ origin: 'https://school.example.org', embeds: 412, refusals: 3, firstSeen: day(30), lastSeen: day(0) }],
    }),
    promos: list(SAMPLE_PROMOS, (p, q) => p.status?.toLowerCase() === q),
    savePromo: record('savePromo', (id: string, p: PromoInput) => ({
      ...(SAMPLE_PROMOS.find((x) => x.id === id) ?? SAMPLE_PROMOS[0]!),
      id,
      name: p.name,
      comment: p.comment || null,
      message: 'data successfully saved.',
    })),
    promoUsages: () => list(SAMPLE_USERS.slice(0, 3).map((u, i) => ({ id: `u${i}`, customer: u.username, redeemDate: day(i) }))),
    operatorAudit: list(SAMPLE_OPERATOR_AUDIT),
    userAudits: list(SAMPLE_USER_AUDITS, (r, q) =>
      q === 'withSize'
        ? !!r.attributes?.size
        : q === 'withTemplate'
          ? !!r.attributes?.template
          : q === 'withFreq'
            ? !!r.attributes?.freq
            : true,
    ),
    featureAudits: list(SAMPLE_FEATURE_AUDITS),
    perfLogs: list(SAMPLE_PERF_LOGS, (r, q) => r.type === q),
    logFiles: async () => ({
      default: 'ErrorLogs.log',
      files: ['ErrorLogs.log', 'InfoLogs.log', 'WarningLogs.log', 'TraceLogs.log'].map((name) => ({ name, size: 1024, modified: day(0) })),
    }),
    logPage: async (name, q) => {
      const value = (q.Value ?? '').toLowerCase();
      const data = SAMPLE_LOG.filter(
        (e) =>
          (!q.Level || q.Level === 'All' || e.level === q.Level) &&
          (!value ||
            String(e[(q.Property ?? 'message') as keyof LogEntry] ?? '')
              .toLowerCase()
              .includes(value) ===
              (q.Operator !== 'NotContains')),
      );
      return { logName: name, size: 100_000, data, before: null };
    },
  };
}
