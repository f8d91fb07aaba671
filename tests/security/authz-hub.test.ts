/**
 * Issue 9: the authorization matrix over every hub method (shared/hub.ts HUB_METHODS) × every
 * identity class (tests/security/support.ts), over real sockets, on a board whose link level is
 * NoAccess. Members enter and act as their role allows; a signed-in stranger, a stranger guest,
 * a forged uid (the owner's or the Editor member's user id passed as joinBoard's uid, no token) and a forged key (a guest
 * member's key read from GET …/sharing) are refused at joinBoard and reconnect (403 and
 * onAccessDenied), and every method they then call is refused without changing the board. An
 * allowed action runs on a fresh board and its effect is the caller's own: a command naming the
 * owner as its author, a channel event naming the owner as its sender, are stamped with the
 * sender. No socket and no bus message ever carries a guest's secret.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_METHODS, type HubMethod } from '../../shared/hub';
import { add, call, rect, uidOf, undo } from '../api/boards-fixtures';
import { boardState } from '../api/board-state';
import { HubClient, pause } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import {
  allow,
  CLASSES,
  COMMENTERS,
  EDITORS,
  FACILITATORS,
  forgeKey,
  hubOutcome,
  makeBoard,
  makeWorld,
  MATRIX_CONFIG,
  MEMBERS,
  OWNER,
  whoOf,
  type BoardCase,
  type Cls,
  type Outcome,
  type World,
} from './support';

let p: TestPlatform;
let w: World;
let shared: BoardCase;
const published: Array<{ code: string; message: unknown }> = [];
const sockets: Array<{ cls: Cls; hub: HubClient }> = [];

/** A socket as `cls`: a user's bearer token, or none. */
async function connect(cls: Cls): Promise<HubClient> {
  const hub = await HubClient.connect(p.url, { token: whoOf(w, cls)?.token });
  sockets.push({ cls, hub });
  return hub;
}

/** joinBoard's options for `cls`: a guest (real or forged) passes its secret as uid; users nothing. */
const joinOptions = (cls: Cls): { uid?: string } => {
  const who = whoOf(w, cls);
  return who && !who.token ? { uid: uidOf(who) } : {};
};
const keyOf = (cls: Cls) => whoOf(w, cls)!.actor.uid;

/** Outcomes at the door: members in; everyone else 403 with onAccessDenied; no identity at all 400 invalid-uid. */
const hubRefusal = (cls: Cls) => (cls === 'none' ? 400 : 403);
const DOOR = allow(MEMBERS, hubRefusal);
/** A method's outcomes: 'ok' for `ok`, 403 for the other members, the door's outcome for the rest. */
const only = (ok: Cls[]) => allow(ok, hubRefusal);

interface MethodCase {
  expect: Record<Cls, Outcome>;
  run(hub: HubClient, board: BoardCase, cls: Cls): Promise<unknown>;
  /** after an allowed call on a fresh board: the effect is the caller's */
  check(board: BoardCase, cls: Cls, mark: number): Promise<void>;
}

const latest = (table: string, where: object, order = 'created_at') => p.db(table).where(where).orderBy(order, 'desc').first();

const METHODS: Record<Exclude<HubMethod, 'joinBoard' | 'reconnect'>, MethodCase> = {
  sendCommand: {
    expect: only(EDITORS),
    // the command names the owner as author; the server stamps the sender
    run: (hub, b) => hub.call('sendCommand', b.code, add(w.owner.actor.uid, rect(`probe-${crypto.randomUUID()}`, w.owner.actor.uid))),
    async check(b, cls) {
      const row = await latest('commands', { board_id: b.id }, 'seq');
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      expect([row.uid, payload.uid, payload.shape.uid]).toEqual([keyOf(cls), keyOf(cls), keyOf(cls)]);
    },
  },
  renameMember: {
    expect: only(MEMBERS),
    run: (hub, b, cls) => hub.call('renameMember', b.code, `renamed ${cls}`),
    async check(b, cls) {
      const rows = await p
        .db('board_members')
        .where({ board_id: b.id, name: `renamed ${cls}` })
        .select('uid');
      expect(rows.map((r) => r.uid)).toEqual([keyOf(cls)]);
    },
  },
  renameBoard: {
    expect: only(EDITORS),
    run: (hub, b, cls) => hub.call('renameBoard', b.code, `renamed by ${cls}`),
    async check(b, cls) {
      expect((await p.db('boards').where({ id: b.id }).first()).name).toBe(`renamed by ${cls}`);
    },
  },
  updateConfig: {
    expect: only(FACILITATORS),
    run: (hub, b) => hub.call('updateConfig', b.code, { bg: 'dot', bgColor: '#112233' }),
    async check(b) {
      expect(JSON.stringify((await p.db('boards').where({ id: b.id }).first()).board_config)).toContain('#112233');
    },
  },
  messaging: {
    expect: only(FACILITATORS),
    // `member` names the owner: ignored, the sender is who the socket is
    run: (hub, b) =>
      hub.call('messaging', b.code, { uid: w.owner.actor.uid, name: 'Olive Owner' }, '', {
        name: 'grab-everyone-attention',
        data: { x: 1, y: 1 },
      }),
    async check(b, cls, mark) {
      const sent = published
        .slice(mark)
        .filter((e) => e.code === b.code)
        .map((e) => JSON.stringify(e.message));
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.join()).toContain(keyOf(cls));
      if (cls !== 'owner') expect(sent.join()).not.toContain(w.owner.actor.uid);
    },
  },
  sendMessage: {
    expect: only(MEMBERS),
    run: (hub, b, cls) => hub.call('sendMessage', b.code, { id: crypto.randomUUID(), message: `hello from ${cls}` }),
    async check(b, cls) {
      const rows = await p.db('chat_messages').where({ board_id: b.id }).select('uid', 'message');
      expect(rows.filter((r) => JSON.stringify(r).includes(`hello from ${cls}`)).map((r) => r.uid)).toEqual([keyOf(cls)]);
    },
  },
  addComment: {
    expect: only(COMMENTERS),
    run: (hub, b, cls) => hub.call('addComment', b.code, `note by ${cls}`),
    async check(b, cls) {
      const rows = await p.db('comments').select('author_uid', 'message');
      expect(rows.filter((r) => JSON.stringify(r).includes(`note by ${cls}`)).map((r) => r.author_uid)).toEqual([keyOf(cls)]);
    },
  },
  deleteComment: {
    expect: only(OWNER),
    run: (hub, b) => hub.call('deleteComment', b.code, b.thread, b.ownerComment),
    async check(b) {
      const row = await p.db('comments').where({ id: b.ownerComment }).first();
      expect(row).toBeUndefined();
    },
  },
  addTemplate: {
    expect: only(EDITORS),
    // an inline template (its shapes name the owner as author): one commandSet, stamped with the sender
    run: (hub, b) =>
      hub.call('addTemplate', b.code, { commands: [rect(`tpl-${crypto.randomUUID()}`, w.owner.actor.uid)] }, { width: 800, height: 600 }),
    async check(b, cls) {
      const row = await latest('commands', { board_id: b.id }, 'seq');
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      expect(payload.cmd).toBe('commandSet');
      expect([row.uid, payload.uid, payload.commands[0].shape.uid]).toEqual([keyOf(cls), keyOf(cls), keyOf(cls)]);
    },
  },
};

/** The shared board's sockets, one per class, entered (or refused) once. */
const door: Partial<Record<Cls, { hub: HubClient; outcome: Outcome }>> = {};

beforeAll(async () => {
  p = await startTestPlatform(MATRIX_CONFIG, { listen: true });
  p.server.app.bus.subscribe((code, message) => published.push({ code, message }));
  w = await makeWorld(p);
  shared = await makeBoard(p, w);
  await forgeKey(p, w, shared);
  for (const cls of CLASSES) {
    const hub = await connect(cls);
    door[cls] = { hub, outcome: await hubOutcome(() => hub.call('joinBoard', null, shared.code, null, joinOptions(cls))) };
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.hub.close()));
  await p?.stop();
});

describe('the hub methods', () => {
  it('every hub method has a row in the matrix', () => {
    const declared = ['joinBoard', 'reconnect', ...Object.keys(METHODS)];
    expect(
      HUB_METHODS.filter((m) => !declared.includes(m)),
      'hub methods without a row',
    ).toEqual([]);
  });
});

describe('every hub method × every identity (NoAccess board)', () => {
  it(`joinBoard: ${CLASSES.map((c) => `${c} ${DOOR[c]}`).join(', ')}`, async () => {
    const got = Object.fromEntries(CLASSES.map((c) => [c, door[c]!.outcome]));
    expect(got).toEqual(DOOR);
    for (const cls of CLASSES.filter((c) => DOOR[c] === 403)) {
      expect(await door[cls]!.hub.waitFor('onAccessDenied'), cls).toMatchObject({ boardCode: shared.code });
    }
    // a refused socket heard nothing of the board
    for (const cls of CLASSES.filter((c) => DOOR[c] !== 'ok')) {
      const heard = JSON.stringify(door[cls]!.hub.events.filter((e) => e.event !== 'onAccessDenied'));
      for (const mark of shared.marks) expect(heard, `${cls} heard '${mark}'`).not.toContain(mark);
    }
  });

  it(`reconnect: ${CLASSES.map((c) => `${c} ${DOOR[c]}`).join(', ')}`, async () => {
    const got: Partial<Record<Cls, Outcome>> = {};
    for (const cls of CLASSES) {
      const hub = await connect(cls);
      const who = joinOptions(cls);
      got[cls] = await hubOutcome(() => hub.call('reconnect', shared.code, 0, who));
      if (got[cls] !== 'ok') {
        await pause(50);
        expect(hub.received('onReconnected'), `${cls}: a refused catch-up sent commands`).toEqual([]);
        for (const mark of shared.marks) expect(JSON.stringify(hub.events), `${cls} heard '${mark}'`).not.toContain(mark);
      }
      if (got[cls] === 403) expect(await hub.waitFor('onAccessDenied'), cls).toMatchObject({ boardCode: shared.code });
      await hub.close();
    }
    expect(got).toEqual(DOOR);
  });

  for (const [method, m] of Object.entries(METHODS)) {
    it(`${method}: ${CLASSES.map((c) => `${c} ${m.expect[c]}`).join(', ')}`, async () => {
      const got: Partial<Record<Cls, Outcome>> = {};
      for (const cls of CLASSES) {
        if (m.expect[cls] === 'ok') {
          // allowed: on a fresh board, then the effect is checked to be the caller's
          const board = await makeBoard(p, w);
          const hub = await connect(cls);
          await hub.call('joinBoard', null, board.code, null, joinOptions(cls));
          const mark = published.length;
          got[cls] = await hubOutcome(() => m.run(hub, board, cls));
          if (got[cls] === 'ok') await m.check(board, cls, mark);
          await hub.close();
        } else {
          // refused: on the shared board, through the socket that entered (or was refused at the door)
          const before = await boardState(p.db, shared.id);
          const mark = published.length;
          const outcome = await hubOutcome(() => m.run(door[cls]!.hub, shared, cls));
          // a socket refused at the door is not on the board: its calls are a 400 before any rule runs
          got[cls] = door[cls]!.outcome === 'ok' ? outcome : door[cls]!.outcome;
          if (door[cls]!.outcome !== 'ok') expect(outcome, `${cls}: ${method} on a socket that could not join`).toBe(400);
          expect(await boardState(p.db, shared.id), `${cls}: a refused ${method} changed the board`).toEqual(before);
          expect(
            published.slice(mark).filter((e) => e.code === shared.code),
            `${cls}: a refused ${method} published`,
          ).toEqual([]);
        }
      }
      expect(got).toEqual(m.expect);
    });
  }
});

describe("a guest's secret never leaves its own socket", () => {
  it('no other socket and no bus message carries the guest member’s or a stranger guest’s secret', async () => {
    // the guest member talks on a fresh board while everyone who may is there
    const board = await makeBoard(p, w);
    const here: Array<{ cls: Cls; hub: HubClient }> = [];
    for (const cls of MEMBERS) {
      const hub = await connect(cls);
      await hub.call('joinBoard', null, board.code, null, joinOptions(cls));
      here.push({ cls, hub });
    }
    const gus = here.find((h) => h.cls === 'guestMember')!.hub;
    await gus.call('sendMessage', board.code, { id: crypto.randomUUID(), message: 'hi from gus' });
    await gus.call('addComment', board.code, 'gus comment');
    await gus.call('renameMember', board.code, 'Gus Renamed');
    await gus.call('sendCommand', board.code, add(w.guestMember.actor.uid, rect('gus-shape', w.guestMember.actor.uid)));
    await gus.call('messaging', board.code, '', '', { name: 'collaboratorsCursorMoved', data: { x: 1, y: 2 } });
    await here.find((h) => h.cls === 'owner')!.hub.waitFor('onMessageReceived', (d: unknown) => JSON.stringify(d).includes('hi from gus'));
    await pause(100);
    for (const secret of [w.guestMember.secret!, w.guest.secret!]) {
      for (const s of sockets) {
        if (s.cls === 'guestMember' && secret === w.guestMember.secret) continue;
        expect(JSON.stringify(s.hub.events), `${s.cls}'s socket received a guest's secret`).not.toContain(secret);
      }
      expect(JSON.stringify(published), 'a bus message carried a guest secret').not.toContain(secret);
    }
    // and what they saw names the guest member by its key
    expect(JSON.stringify(here.find((h) => h.cls === 'viewer')!.hub.events)).toContain(w.guestMember.actor.uid);
  });
});

describe("another board's resources, through a board one owns (hub)", () => {
  it("deleting the NoAccess board's comment or undoing its command through one's own board finds nothing", async () => {
    const own = await call(p, w.other, 'POST', '/api/boards', { name: 'my own board' });
    const hub = await connect('other');
    await hub.call('joinBoard', null, own.body.code, null, {});
    const before = await boardState(p.db, shared.id);
    expect(await hubOutcome(() => hub.call('deleteComment', own.body.code, shared.thread, shared.ownerComment))).toBe(404);
    const undone = await hubOutcome(() => hub.call('sendCommand', own.body.code, undo(w.other.actor.uid, shared.theirs.id)));
    expect(undone === 'ok' ? 0 : undone).toBeGreaterThanOrEqual(400);
    expect(await boardState(p.db, shared.id)).toEqual(before);
  });
});
