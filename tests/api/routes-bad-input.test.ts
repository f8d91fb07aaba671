/**
 * Bad input for every board-service HTTP route (board.md §7; platform/{boards,chat,comments}
 * routes.ts), table-driven, sent by the board's owner (so every rule past access is reachable):
 * each answers a 4xx in the one error envelope — 400 `{ message, errors: { field: [text] } }`
 * naming the field when the input is malformed — never a 500; nothing is stored, nothing is
 * published and no error is logged. Then a seeded fuzz throws random JSON at the same routes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoardMessage } from '../../platform/realtime/bus';
import { addComment } from '../../platform/comments/service';
import { inviteMember } from '../../platform/boards/sharing';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';
import { boardState } from './board-state';
import { fuzzSeed, prng, type Rng } from './fuzz-support';

let p: TestPlatform;
let owner: Who;
let member: Who;
let board: { code: string; id: string };
let threadId: string;
let memberId: string;
let errors: ReturnType<typeof vi.spyOn>;
const published: Array<{ code: string; message: BoardMessage }> = [];
const long = (n: number) => 'x'.repeat(n);

type Method = 'GET' | 'POST' | 'DELETE';
/** [method, url ({code}, {thread}, {member} are filled in), payload, field named by the 400 (null: not asserted), status] */
type Case = [Method, string, object | undefined, string | null, number?];

const CASES: Case[] = [
  // the board list's actions (platform/library)
  ['POST', '/api/boards/{code}/tags', {}, 'tags'],
  ['POST', '/api/boards/{code}/tags', { tags: 'red' }, 'tags'],
  ['POST', '/api/boards/{code}/tags', { tags: [long(41)] }, 'tags.0'],
  ['POST', '/api/boards/{code}/tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
  ['POST', '/api/boards/NoSuchBoard99/tags', { tags: ['x'] }, null, 404],
  ['POST', '/api/boards/{code}/move', {}, 'workspace'],
  ['POST', '/api/boards/{code}/move', { workspace: 5 }, 'workspace'],
  ['POST', '/api/boards/{code}/move', { workspace: 'no such!' }, 'workspace'],
  ['POST', '/api/boards/{code}/move', { workspace: 'nosuchworkspace' }, null, 404],
  ['POST', '/api/boards/{code}/duplicate', { extra: 1 }, 'extra'],
  ['POST', '/api/boards/NoSuchBoard99/duplicate', {}, null, 404],
  ['POST', '/api/boards/{code}/backup', { extra: 1 }, 'extra'],
  ['POST', '/api/boards/NoSuchBoard99/backup', {}, null, 404],
  ['GET', '/api/boards/not-a-backup/backup', undefined, 'id'],
  ['GET', '/api/boards/00000000-0000-4000-8000-000000000000/backup', undefined, null, 404],
  ['POST', '/api/boards/restore/default', {}, 'file'],
  ['POST', '/api/boards/restore/bad%20ws', {}, 'workspaceId'],
  // POST /api/boards
  ['POST', '/api/boards', { workspace: 5 }, 'workspace'],
  ['POST', '/api/boards', { workspace: long(101) }, 'workspace'],
  ['POST', '/api/boards', { workspace: 'nope' }, 'workspace'],
  ['POST', '/api/boards', { name: 5 }, 'name'],
  ['POST', '/api/boards', { name: long(201) }, 'name'],
  ['POST', '/api/boards', { colour: 'red' }, 'colour'],
  ['POST', '/api/boards', { Uid: long(101) }, 'Uid'],
  // DELETE /api/boards
  ['DELETE', '/api/boards', {}, 'id'],
  ['DELETE', '/api/boards', { id: 5 }, 'id'],
  ['DELETE', '/api/boards', { id: 'bad code!' }, 'id'],
  ['DELETE', '/api/boards', { id: 'NoSuchBoard99' }, null, 404],
  // POST /api/boards/{id}/dispose
  ['POST', '/api/boards/{code}/dispose', {}, 'days'],
  ['POST', '/api/boards/{code}/dispose', { days: -1 }, 'days'],
  ['POST', '/api/boards/{code}/dispose', { days: 1.5 }, 'days'],
  ['POST', '/api/boards/{code}/dispose', { days: 'week' }, 'days'],
  ['POST', '/api/boards/{code}/dispose', { days: 3651 }, 'days'],
  ['POST', '/api/boards/bad%20code/dispose', { days: 1 }, 'id'],
  ['POST', '/api/boards/NoSuchBoard99/dispose', { days: 1 }, null, 404],
  // POST /api/boards/{id}/rename
  ['POST', '/api/boards/{code}/rename', {}, 'name'],
  ['POST', '/api/boards/{code}/rename', { name: 5 }, 'name'],
  ['POST', '/api/boards/{code}/rename', { name: long(201) }, 'name'],
  ['POST', '/api/boards/{code}/rename', { name: '   ' }, 'name'],
  ['POST', '/api/boards/{code}/rename', { name: 'ok', extra: 1 }, 'extra'],
  // POST /api/boards/{id}/commands
  ['POST', '/api/boards/{code}/commands', {}, 'boardCommand'],
  ['POST', '/api/boards/{code}/commands', { boardCommand: 5 }, 'boardCommand'],
  ['POST', '/api/boards/{code}/commands', { boardCommand: '{not json' }, 'boardCommand'],
  ['POST', '/api/boards/{code}/commands', { boardCommand: '"a string"' }, 'boardCommand'],
  ['POST', '/api/boards/{code}/commands', { boardCommand: {} }, null],
  ['POST', '/api/boards/{code}/commands', { boardCommand: { cmd: 'clear' }, connectionId: 5 }, 'connectionId'],
  ['POST', '/api/boards/{code}/commands', { boardCommand: { cmd: 'clear' }, coreActions: ['deleted'] }, 'coreActions.0'],
  ['POST', '/api/boards/{code}/commands', { boardCommand: { cmd: 'clear' }, coreActions: 'edited' }, 'coreActions'],
  ['POST', '/api/boards/bad%20code/commands', { boardCommand: {} }, 'id'],
  // GET /api/boards/{id}/commands
  ['GET', '/api/boards/{code}/commands?after=-1', undefined, 'after'],
  ['GET', '/api/boards/{code}/commands?after=1.5', undefined, 'after'],
  ['GET', '/api/boards/{code}/commands?after=last', undefined, 'after'],
  ['GET', '/api/boards/{code}/commands?before=1', undefined, 'before'],
  ['GET', `/api/boards/${long(101)}/commands`, undefined, 'id'],
  ['GET', '/api/boards/NoSuchBoard99/commands', undefined, null, 404],
  // POST /api/boards/{id}/assets: multipart (refusals in tests/api/assets.test.ts) or JSON { url } (tests/api/assets-url.test.ts)
  ['POST', '/api/boards/{code}/assets', { file: 'not a file' }, 'file'],
  ['POST', '/api/boards/{code}/assets', { url: 42 }, 'url'],
  ['POST', '/api/boards/{code}/assets', { url: 'not a url' }, 'url'],
  ['POST', '/api/boards/{code}/assets', { url: 'https://example.com/a.png', quality: 0 }, 'quality'],
  ['POST', '/api/boards/bad%20code/assets', { url: 'https://example.com/a.png' }, 'id'],
  // POST /api/boards/{id}/duplicate-assets
  ['POST', '/api/boards/{code}/duplicate-assets', {}, 'assets'],
  ['POST', '/api/boards/{code}/duplicate-assets', { assets: [{ id: 's1' }] }, 'assets.0.assetId'],
  // POST /api/boards/{id}/scripts/media (more in tests/api/scripts-media.test.ts)
  ['POST', '/api/boards/{code}/scripts/media', {}, 'script'],
  ['POST', '/api/boards/{code}/scripts/media', { script: '  ' }, 'script'],
  ['POST', '/api/boards/{code}/scripts/media', { script: 'pie' }, 'script'],
  ['POST', '/api/boards/{code}/scripts/media', { script: 'pie', svg: 42 }, 'svg'],
  // GET /api/assets/{id}/{variant}
  ['GET', '/api/assets/not-a-uuid/full?Board={code}', undefined, 'id'],
  ['GET', '/api/assets/00000000-0000-4000-8000-000000000000/huge?Board={code}', undefined, 'variant'],
  ['GET', '/api/assets/00000000-0000-4000-8000-000000000000/full', undefined, 'Board'],
  ['GET', '/api/assets/00000000-0000-4000-8000-000000000000/full?Board={code}&Page=0', undefined, 'Page'],
  ['GET', '/api/assets/00000000-0000-4000-8000-000000000000/full?Board={code}', undefined, null, 404],
  // GET /api/boards/{id}/sharing
  ['GET', '/api/boards/bad%20code/sharing', undefined, 'id'],
  ['GET', '/api/boards/{code}/sharing?all=1', undefined, 'all'],
  ['GET', '/api/boards/NoSuchBoard99/sharing', undefined, null, 404],
  // POST /api/boards/{id}/sharings
  ['POST', '/api/boards/{code}/sharings', {}, null],
  ['POST', '/api/boards/{code}/sharings', { link: 'Admin' }, 'link'],
  ['POST', '/api/boards/{code}/sharings', { link: 5 }, 'link'],
  ['POST', '/api/boards/{code}/sharings', { workspace: 'NoAccess' }, 'workspace'],
  ['POST', '/api/boards/{code}/sharings', { workspace: 'Owner' }, 'workspace'],
  ['POST', '/api/boards/{code}/sharings', { link: 'Viewer', members: [] }, 'members'],
  // POST /api/boards/{id}/members
  ['POST', '/api/boards/{code}/members', {}, 'email'],
  ['POST', '/api/boards/{code}/members', { email: 'not-an-email', memberRole: 'Editor' }, 'email'],
  ['POST', '/api/boards/{code}/members', { email: `${long(320)}@example.com`, memberRole: 'Editor' }, 'email'],
  // (an address without an account is not bad input: it is invited by e-mail and answered like an
  // account, tests/security/enumeration.test.ts)
  ['POST', '/api/boards/{code}/members', { email: 'a@example.com' }, 'memberRole'],
  ['POST', '/api/boards/{code}/members', { email: 'a@example.com', memberRole: 'Owner' }, 'memberRole'],
  ['POST', '/api/boards/{code}/members', { email: 'a@example.com', memberRole: 'NoAccess' }, 'memberRole'],
  // POST /api/boards/{id}/members/{memberId}/roles
  ['POST', '/api/boards/{code}/members/{member}/roles', {}, 'role'],
  ['POST', '/api/boards/{code}/members/{member}/roles', { role: 'Boss' }, 'role'],
  ['POST', '/api/boards/{code}/members/{member}/roles', { role: 'Owner' }, 'role'],
  ['POST', '/api/boards/{code}/members/{member}/roles', { role: 5 }, 'role'],
  ['POST', `/api/boards/{code}/members/${long(101)}/roles`, { role: 'Viewer' }, 'memberId'],
  ['POST', '/api/boards/{code}/members/00000000-0000-4000-8000-000000000000/roles', { role: 'Viewer' }, null, 404],
  // POST /api/users/migrate
  ['POST', '/api/users/migrate', {}, 'uniqueUserId'],
  ['POST', '/api/users/migrate', { uniqueUserId: 5 }, 'uniqueUserId'],
  ['POST', '/api/users/migrate', { uniqueUserId: long(101) }, 'uniqueUserId'],
  // GET /api/boards/{id}/messages
  ['GET', '/api/boards/{code}/messages?From=yesterday', undefined, 'From'],
  ['GET', '/api/boards/{code}/messages?Take=5', undefined, 'Take'],
  ['GET', '/api/boards/bad%20code/messages', undefined, 'id'],
  ['GET', '/api/boards/NoSuchBoard99/messages', undefined, null, 404],
  // GET /api/boards/{id}/comments
  ['GET', '/api/boards/{code}/comments?resolved=1', undefined, 'resolved'],
  ['GET', '/api/boards/bad%20code/comments', undefined, 'id'],
  ['GET', '/api/boards/NoSuchBoard99/comments', undefined, null, 404],
  // GET /api/boards/templates, …/{name}/details, …/{name}/thumbnail
  ['GET', '/api/boards/templates?Group=everything', undefined, 'Group'],
  ['GET', `/api/boards/templates?Search=${long(101)}`, undefined, 'Search'],
  ['GET', '/api/boards/templates/Not%20A%20Name/details', undefined, 'name'],
  ['GET', '/api/boards/templates/no-such-template/details', undefined, null, 404],
  ['GET', '/api/boards/templates/Not%20A%20Name/thumbnail', undefined, 'name'],
  ['GET', '/api/boards/templates/kanban/thumbnail?v=not-hex', undefined, 'v'],
  // GET, POST /api/boards/custom-templates, DELETE …/{name}
  ['GET', '/api/boards/custom-templates?Workspace=bad%20ref!', undefined, 'Workspace'],
  ['POST', '/api/boards/custom-templates', {}, 'name'],
  ['POST', '/api/boards/custom-templates', { name: 'A', commands: 'no' }, 'commands'],
  ['DELETE', '/api/boards/custom-templates/Not%20A%20Name', undefined, 'name'],
  // GET /api/boards/{id}/template-file (operators only: refused before its input is read)
  ['GET', '/api/boards/bad%20code/template-file', undefined, null, 403],
  // GET /api/boards/{id}/links/preview
  ['GET', '/api/boards/{code}/links/preview', undefined, 'url'],
  ['GET', '/api/boards/bad%20code/links/preview?url=https%3A%2F%2Fexample.com', undefined, 'id'],
  // GET /api/boards/{id}/history
  ['GET', '/api/boards/{code}/history?tz=abc', undefined, 'tz'],
  ['GET', '/api/boards/{code}/history?tz=1000', undefined, 'tz'],
  ['GET', '/api/boards/{code}/history?all=1', undefined, 'all'],
  ['GET', '/api/boards/bad%20code/history', undefined, 'id'],
  ['GET', '/api/boards/NoSuchBoard99/history', undefined, null, 404],
  // POST /api/boards/{id}/comments/{threadId}/mark
  ['POST', `/api/boards/{code}/comments/${long(101)}/mark`, {}, 'threadId'],
  ['POST', '/api/boards/{code}/comments/{thread}/mark', { seen: true }, 'seen'],
  ['POST', '/api/boards/{code}/comments/not-a-uuid/mark', {}, null, 404],
  ['POST', '/api/boards/{code}/comments/3b241101-e2bb-4255-8caf-4136c566a962/mark', {}, null, 404],
  // the new-board pages
  ['GET', `/board/new?uid=${long(101)}`, undefined, 'uid'],
  ['GET', '/board/a%20b/new', undefined, 'workspaceId'],
];

const fill = (url: string) => url.replace('{code}', board.code).replace('{thread}', threadId).replace('{member}', memberId);

beforeAll(async () => {
  p = await startTestPlatform();
  owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
  member = await signedIn(p, { name: 'Max Member' });
  board = await newBoard(p, owner);
  await send(p, owner, board.code, add(owner.actor.uid, rect('keep', owner.actor.uid)));
  threadId = (await addComment(p.server.app, board.code, owner.actor, 'keep me')).threadId;
  memberId = (await inviteMember(p.server.app, board.code, owner.actor, { email: member.user!.username, memberRole: 'Editor' })).id;
  p.server.app.bus.subscribe((code, message) => published.push({ code, message }));
  errors = vi.spyOn(p.server.app.logger, 'error');
});
afterAll(async () => {
  await p?.stop();
});
// each test on its own (also when run alone, -t): the platform logged no error while it ran
// (a 5xx answer or a hub method that threw); was a last test that only held after the others
afterEach(() => {
  const logged = errors.mock.calls.map((c: unknown[]) => c.at(-1));
  errors.mockClear();
  expect(logged, 'errors logged by the platform').toEqual([]);
});

/** Every board-service route of the server's table, as `METHOD path`. */
function boardRoutes(): string[] {
  return p.server
    .table()
    .filter((r) => /^\/api\/boards|^\/api\/users\/migrate|^\/board\/.*new$/.test(r.path))
    .map((r) => `${r.method.toUpperCase()} ${r.path}`)
    .sort();
}

describe('bad input for every board-service route', () => {
  it('has cases for every board-service route the server serves', () => {
    const covered = new Set<string>();
    for (const route of boardRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`);
      if (CASES.some(([m, url]) => m === method && pattern.test(fill(url)))) covered.add(route);
    }
    expect(boardRoutes().filter((r) => !covered.has(r))).toEqual([]);
  });

  it(`${CASES.length} bad requests answer 4xx in the error envelope; nothing stored, published or logged`, async () => {
    const before = await boardState(p.db, board.id);
    const boards = await p.db('boards').count<{ n: string }[]>({ n: '*' });
    const mark = published.length;
    for (const [method, url, payload, field, status = 400] of CASES) {
      const label = `${method} ${url} ${JSON.stringify(payload ?? '').slice(0, 80)}`;
      const res = await call(p, owner, method, fill(url), payload);
      expect(res.status, label).toBe(status);
      if (url.startsWith('/board/')) continue; // pages answer the envelope too, but as the page route's
      expect(res.body, label).toMatchObject({ message: expect.any(String) });
      if (field) expect(Object.keys(res.body.errors ?? {}), label).toContain(field);
    }
    expect(await boardState(p.db, board.id)).toEqual(before);
    expect(await p.db('boards').count<{ n: string }[]>({ n: '*' })).toEqual(boards);
    expect(published.slice(mark).map((e) => `${e.code} ${e.message.event}`)).toEqual([]);
  });
});

/** A NUL ('\u0000') among them: PostgreSQL cannot hold it, so it is refused with a 400 (platform/core/nul.ts). */
const WEIRD = [
  '',
  ' ',
  'x',
  long(5000),
  '💥',
  '\u0001',
  'a\u0000b',
  "'; drop table boards; --",
  '../..',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e400',
  'Owner',
  'NoAccess',
  '#GGGGGG',
];
/** Keys for random objects and queries, Object.prototype names (constructor, __proto__, toString) among them. */
const KEYS = [...WEIRD, 'toString', 'hasOwnProperty'];

function anyValue(r: Rng, depth = 2): unknown {
  switch (r.int(depth > 0 ? 6 : 4)) {
    case 0:
      return r.pick(WEIRD);
    case 1:
      return r.pick([0, -1, 1.5, 1e20, Number.MAX_SAFE_INTEGER]);
    case 2:
      return r.pick([true, false]);
    case 3:
      return null;
    case 4:
      return Array.from({ length: r.int(3) }, () => anyValue(r, depth - 1));
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [
          r.pick([
            'id',
            'name',
            'days',
            'email',
            'memberRole',
            'role',
            'link',
            'workspace',
            'boardCommand',
            'uniqueUserId',
            'Uid',
            r.pick(KEYS),
          ]),
          anyValue(r, depth - 1),
        ]),
      );
  }
}

describe('route fuzzing', () => {
  it('random payloads, params and queries on every board route: never a 5xx, the board keeps its log', async () => {
    const r = prng(fuzzSeed(31337));
    const routes = boardRoutes().filter((route) => !route.startsWith('GET /board/'));
    const mark = published.length;
    const stored = await p.db('commands').where({ board_id: board.id }).count<{ n: string }[]>({ n: '*' });
    for (let i = 0; i < 300; i++) {
      const [method, path] = r.pick(routes).split(' ') as [Method, string];
      const url = path.replace(/\{[^}]+\}/g, (name) =>
        name === '{id}' && r.int(3) > 0 ? board.code : encodeURIComponent(String(r.pick([...WEIRD, threadId, memberId, board.id])) || 'x'),
      );
      const query =
        r.int(3) === 0 ? `?${r.pick(['after', 'From', 'Uid', 'x', ...KEYS])}=${encodeURIComponent(String(anyValue(r, 0)))}` : '';
      const payload = method === 'GET' ? undefined : (anyValue(r) as object);
      const res = await p.server.inject({
        method,
        url: url + query,
        headers: { authorization: `Bearer ${member.token}` },
        payload: payload ?? undefined,
      });
      const label = `${method} ${url}${query} ${JSON.stringify(payload ?? null).slice(0, 200)}`;
      expect(res.statusCode, label).toBeLessThan(500);
      if (res.statusCode >= 400) expect(JSON.parse(res.payload), label).toMatchObject({ message: expect.any(String) });
    }
    // the member is an Editor: whatever random input got through, it stored no command
    expect(await p.db('commands').where({ board_id: board.id }).count<{ n: string }[]>({ n: '*' })).toEqual(stored);
    expect(published.slice(mark).filter((e) => e.message.event === 'onCommand')).toEqual([]);
    expect(await p.db('boards').where({ id: board.id }).first()).toBeDefined();
  }, 120_000);
});
