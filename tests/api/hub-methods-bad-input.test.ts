/**
 * Bad input for every hub method (board.md §7), table-driven, from a socket joined to the board
 * as its owner (so every rule past the join is reachable): each bad argument answers a 4xx in the
 * error envelope — 400 naming the parameter when it is malformed — stores nothing, publishes
 * nothing, logs no error, and the socket stays open and still on the board.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUB_METHODS } from '../../shared/hub';
import type { BoardMessage } from '../../platform/realtime/bus';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, newBoard, rect, signedIn, type Who } from './boards-fixtures';
import { boardState } from './board-state';

let p: TestPlatform;
let owner: Who;
let board: { code: string; id: string };
let hub: HubClient;
let errors: ReturnType<typeof vi.spyOn>;
const published: Array<{ code: string; message: BoardMessage }> = [];

const long = (n: number) => 'x'.repeat(n);
const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

/**
 * Per method: [arguments, the field the 400 names (null: a 400 whose field is not asserted),
 * the status when it is not 400]. `code` stands for the joined board's code.
 */
type Case = [args: unknown[], field: string | null, status?: number];
const CODE = Symbol('code');
const cases: Record<(typeof HUB_METHODS)[number], Case[]> = {
  joinBoard: [
    [[{ a: 1 }, CODE, null, {}], 'workspace'],
    [[long(101), CODE, null, {}], 'workspace'],
    [[null, 12345, null, {}], 'boardCode'],
    [[null, 'bad code!', null, {}], 'boardCode'],
    [[null, '', null, {}], 'boardCode'],
    [[null, null, null, {}], 'boardCode'],
    [[null, long(101), null, {}], 'boardCode'],
    [[null, CODE, 5, {}], 'clientid'],
    [[null, CODE, long(101), {}], 'clientid'],
    [[null, CODE, null, 'options'], 'options'],
    [[null, CODE, null, { uid: '' }], 'options.uid'],
    [[null, CODE, null, { uid: long(101) }], 'options.uid'],
    [[null, CODE, null, { name: 5 }], 'options.name'],
    [[null, CODE, null, { name: long(101) }], 'options.name'],
    [[null, CODE, null, { lastSeq: -1 }], 'options.lastSeq'],
    [[null, CODE, null, { lastSeq: 1.5 }], 'options.lastSeq'],
    [[null, CODE, null, { color: 'red' }], 'options.color'],
    [[null, CODE, null, {}, 'extra'], 'args'],
    // well-formed but unknown: 404
    [[null, 'NoSuchBoard99', null, {}], null, 404],
  ],
  reconnect: [
    [[12345, 0], 'boardCode'],
    [['bad code!', 0], 'boardCode'],
    [[CODE, -1], 'lastSeq'],
    [[CODE, 1.5], 'lastSeq'],
    [[CODE, 'five'], 'lastSeq'],
    [[CODE, {}], 'lastSeq'],
    [[CODE, 0, 'options'], 'options'],
    [[CODE, 0, { uid: 5 }], 'options.uid'],
    [[CODE, 0, { clientid: long(101) }], 'options.clientid'],
    [[CODE, 0, { other: 1 }], 'options.other'],
    [[CODE, 0, {}, 'extra'], 'args'],
    [['NoSuchBoard99', 0], null, 404],
  ],
  sendCommand: [
    [[12345, {}], 'boardCode'],
    [[CODE], 'command'],
    [[CODE, null], 'command'],
    [[CODE, 'rectangle'], 'command'],
    [[CODE, [1, 2]], 'command'],
    [[CODE, 5], 'command'],
    [[CODE, {}], null],
    [[CODE, { cmd: 'rectangle' }], null],
    [[CODE, { id: 'c1', uid: 'u', status: 'normal', timestamp: 1, cmd: 'explode' }], null],
    [
      [
        CODE,
        {
          id: 'c2',
          uid: 'u',
          status: 'normal',
          timestamp: 1,
          cmd: 'rectangle',
          shape: { id: 's', cmd: 'rectangle', uid: 'u', timestamp: 1, x: 0, y: 0, w: 10, h: 10, stroke: 'red', lineWidth: 2 },
        },
      ],
      null,
    ],
    [[CODE, { id: 'c3', uid: 'u', status: 'normal', timestamp: 1, cmd: 'undo', ref: 'missing' }], 'ref'],
    [[CODE, {}, 'extra'], 'args'],
    [['OtherBoard12', add('u', rect('s', 'u'))], null],
  ],
  renameMember: [
    [[12345, 'Ann'], 'boardCode'],
    [[CODE], 'name'],
    [[CODE, 42], 'name'],
    [[CODE, null], 'name'],
    [[CODE, long(201)], 'name'],
    [[CODE, '   '], 'name'],
    [[CODE, long(150)], 'name'],
  ],
  renameBoard: [
    [[12345, 'Plan'], 'boardCode'],
    [[CODE], 'name'],
    [[CODE, 42], 'name'],
    [[CODE, {}], 'name'],
    [[CODE, long(201)], 'name'],
    [[CODE, '   '], 'name'],
    [[CODE, ''], 'name'],
  ],
  updateConfig: [
    [[12345, {}], 'boardCode'],
    [[CODE], 'config'],
    [[CODE, 'blue'], 'config'],
    [[CODE, null], 'config'],
    [[CODE, [1]], 'config'],
    [[CODE, { bg: 'lava' }], 'bg'],
    [[CODE, { bg: 5 }], 'bg'],
    [[CODE, { bgColor: 'red' }], 'bgColor'],
    [[CODE, { bgColor: '#12345' }], 'bgColor'],
    [[CODE, { upload: 3 }], 'upload'],
    [[CODE, { upload: '1' }], 'upload'],
    [[CODE, { privateMode: { type: 2 } }], 'privateMode'],
    [[CODE, { privateMode: 'on' }], 'privateMode'],
    [[CODE, { privateMode: { type: 1, blurry: 'yes' } }], 'privateMode'],
    [[CODE, { viewport: { x: 0, y: 0, w: -1, h: 1 } }], 'viewport'],
    [[CODE, { viewport: { x: 'a', y: 0, w: 1, h: 1 } }], 'viewport'],
    [[CODE, { theme: 'dark' }], 'theme'],
    // one bad field spoils the whole patch: the good one is not applied either
    [[CODE, { bgColor: '#000000', upload: 7 }], 'upload'],
  ],
  messaging: [
    [[12345, null, '', { name: 'follow-me-to' }], 'boardName'],
    [[CODE, 5, '', { name: 'follow-me-to' }], 'member'],
    [[CODE, long(101), '', { name: 'follow-me-to' }], 'member'],
    [[CODE, { blob: long(5000) }, '', { name: 'follow-me-to' }], 'member'],
    [[CODE, null, 5, { name: 'follow-me-to' }], 'target'],
    [[CODE, null, long(101), { name: 'follow-me-to' }], 'target'],
    [[CODE, null, ''], 'message'],
    [[CODE, null, '', 'follow-me-to'], 'message'],
    [[CODE, null, '', {}], 'message.name'],
    [[CODE, null, '', { name: 'self-destruct' }], 'message.name'],
    [[CODE, null, '', { name: 'collaboratorsCursorMoved', data: long(20_000) }], 'message.data'],
    [[CODE, null, '', { name: 'follow-me-to', extra: 1 }], 'message.extra'],
    [[CODE, null, '', { name: 'register-follower' }], 'target'],
  ],
  sendMessage: [
    [[12345, { id: 'm', message: 'hi' }], 'board'],
    [[CODE], 'message'],
    [[CODE, 'hi'], 'message'],
    [[CODE, { message: 'no id' }], 'message.id'],
    [[CODE, { id: 'm' }], 'message.message'],
    [[CODE, { id: 5, message: 'hi' }], 'message.id'],
    [[CODE, { id: long(101), message: 'hi' }], 'message.id'],
    [[CODE, { id: 'm', message: 5 }], 'message.message'],
    [[CODE, { id: 'm', message: long(10_001) }], 'message.message'],
    [[CODE, { id: 'm', message: 'hi', extra: 1 }], 'message.extra'],
    [[CODE, { id: 'm', message: '  \n ' }], 'message'],
    [[CODE, { id: 'm', message: long(4001) }], 'message'],
  ],
  addComment: [
    [[12345, 'note'], 'board'],
    [[CODE], 'text'],
    [[CODE, 5], 'text'],
    [[CODE, null], 'text'],
    [[CODE, ''], 'message'],
    [[CODE, '   '], 'message'],
    [[CODE, long(2001)], 'message'],
    [[CODE, long(10_001)], 'text'],
    [[CODE, 'note', 5], 'threadId'],
    [[CODE, 'note', long(101)], 'threadId'],
    // a thread id that names no thread of this board
    [[CODE, 'note', 'not-a-uuid'], null, 404],
  ],
  deleteComment: [
    [[12345, UUID, UUID], 'board'],
    [[CODE], 'threadId'],
    [[CODE, UUID], 'commentId'],
    [[CODE, 5, UUID], 'threadId'],
    [[CODE, UUID, 5], 'commentId'],
    [[CODE, long(101), UUID], 'threadId'],
    [[CODE, UUID, long(101)], 'commentId'],
    [[CODE, UUID, UUID], null, 404],
    [[CODE, 'not-a-uuid', 'not-a-uuid'], null, 404],
  ],
  addTemplate: [
    [[12345, 'kanban', {}], 'boardCode'],
    [[CODE], 'template'],
    [[CODE, 5, {}], 'template'],
    [[CODE, 'Bad Name!', {}], 'template'],
    [[CODE, long(61), {}], 'template'],
    [[CODE, 'kanban', 'size'], 'size'],
    [[CODE, 'kanban', { matrix: [1, 2] }], 'size.matrix'],
    [[CODE, 'kanban', { width: -1 }], 'size.width'],
    [[CODE, 'kanban', {}, 'yes'], 'flag'],
    [[CODE, { commands: [] }, {}], 'commands'],
    [[CODE, { commands: [{ cmd: 'rectangle' }] }, {}], 'commands'],
    [[CODE, 'no-such-template', {}], null, 404],
  ],
};

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
  board = await newBoard(p, owner);
  hub = await HubClient.connect(p.url, { token: owner.token });
  await hub.call('joinBoard', null, board.code, null, {});
  await hub.call('sendCommand', board.code, add(owner.actor.uid, rect('keep', owner.actor.uid)));
  await hub.call('addComment', board.code, 'keep me');
  await hub.call('sendMessage', board.code, { id: 'keep', message: 'keep me' });
  p.server.app.bus.subscribe((code, message) => published.push({ code, message }));
  errors = vi.spyOn(p.server.app.logger, 'error');
});
afterAll(async () => {
  await hub?.close();
  await p?.stop();
});
// each test on its own (also when run alone, -t): the platform logged no error while it ran
// (a 5xx answer or a hub method that threw); was a last test that only held after the others
afterEach(() => {
  const logged = errors.mock.calls.map((c: unknown[]) => c.at(-1));
  errors.mockClear();
  expect(logged, 'errors logged by the platform').toEqual([]);
});

describe('bad input for every hub method', () => {
  it('has cases for every method of shared/hub.ts', () => {
    expect(Object.keys(cases).sort()).toEqual([...HUB_METHODS].sort());
  });

  for (const method of HUB_METHODS) {
    it(`${method}: ${cases[method].length} bad calls answer 4xx, store and publish nothing, the socket stays on the board`, async () => {
      const before = await boardState(p.db, board.id);
      const mark = published.length;
      for (const [rawArgs, field, status = 400] of cases[method]) {
        const args = rawArgs.map((a) => (a === CODE ? board.code : a));
        const label = `${method}(${JSON.stringify(args).slice(0, 120)})`;
        const err = await hub.fail(method, ...args);
        expect(err.statusCode, label).toBe(status);
        expect(err.data?.message, label).toEqual(expect.any(String));
        if (field) expect(Object.keys(err.data?.errors ?? {}), label).toContain(field);
      }
      expect(await boardState(p.db, board.id)).toEqual(before);
      expect(published.slice(mark).map((e) => e.message.event)).toEqual([]);
      expect(hub.disconnects).toBe(0);
      // still on the board: a good call of the same socket works
      await expect(hub.call('renameMember', board.code, 'Olive')).resolves.toEqual({ uid: owner.actor.uid, name: 'Olive' });
    });
  }

  it('bad envelopes answer 400 and leave the socket up', async () => {
    const envelopes: unknown[] = [
      null,
      'joinBoard',
      5,
      [],
      {},
      { method: 5 },
      { method: '' },
      { method: long(51) },
      { method: 'dropTables' },
      { method: 'constructor' },
      { method: '__proto__' },
      { method: 'joinBoard', args: 'x' },
      { method: 'joinBoard', args: Array(11).fill(null) },
    ];
    for (const envelope of envelopes) {
      await expect(hub.raw(envelope), JSON.stringify(envelope)).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(hub.disconnects).toBe(0);
  });
});
