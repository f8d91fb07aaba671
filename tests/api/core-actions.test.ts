import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityIdle, noteCoreActions, recordCoreActions, utcDay } from '../../platform/boards/activity';
import { inviteMember, setSharing } from '../../platform/boards/sharing';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, guest, newBoard, rect, send, signedIn, type Who, uidOf } from './boards-fixtures';

/**
 * Core actions (board.md §7 coreActions): one board_activity row per member, board and UTC day,
 * flags ORed together; recorded after an accepted command (HTTP coreActions, hub sendCommand).
 */
describe('core actions', () => {
  let p: TestPlatform;
  let owner: Who;
  let viewer: Who;
  const open: HubClient[] = [];
  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
    owner = await signedIn(p, { name: 'Olive' });
    viewer = await signedIn(p, { name: 'Vera' });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  afterAll(() => p.stop());

  const app = () => p.server.app;
  const today = () => utcDay(new Date());
  const activity = async (boardId: string) => {
    await activityIdle(app());
    return p
      .db('board_activity')
      .where({ board_id: boardId })
      .orderBy(['day', 'uid'])
      .select(p.db.raw('day::text as day'), 'uid', 'user_id', 'client_id', 'edited', 'collaborated', 'first_at', 'last_at');
  };
  const draw = (who: Who, code: string, id: string, coreActions?: string[]) =>
    send(p, who, code, add(who.actor.uid, rect(id, who.actor.uid)), coreActions ? { coreActions } : {});

  it("ORs a member's flags of one day into one row (a signed-in user: user_id set)", async () => {
    const b = await newBoard(p, owner);
    expect((await draw(owner, b.code, 'a', ['edited'])).status).toBe(200);
    expect(await activity(b.id)).toEqual([
      expect.objectContaining({
        day: today(),
        uid: owner.actor.uid,
        user_id: owner.user!.id,
        client_id: null,
        edited: true,
        collaborated: false,
      }),
    ]);
    expect((await draw(owner, b.code, 'b', ['edited', 'collaborated'])).status).toBe(200);
    expect((await draw(owner, b.code, 'c', ['edited'])).status).toBe(200);
    const rows = await activity(b.id);
    expect(rows).toEqual([expect.objectContaining({ day: today(), uid: owner.actor.uid, edited: true, collaborated: true })]);
    expect(new Date(rows[0].first_at).getTime()).toBeLessThanOrEqual(new Date(rows[0].last_at).getTime());
  });

  it('records a guest without a user id, by the board id as well as its code', async () => {
    const b = await newBoard(p, owner);
    const g = guest();
    expect((await draw(g, b.code, 'g1', ['collaborated'])).status).toBe(200);
    expect((await draw(g, b.id, 'g2', ['edited'])).status).toBe(200);
    // one row: the owner only created the board
    expect(await activity(b.id)).toEqual([expect.objectContaining({ uid: g.actor.uid, user_id: null, edited: true, collaborated: true })]);
  });

  it('starts a new row on a new UTC day, leaving the earlier day as it was', async () => {
    const b = await newBoard(p, owner);
    await p
      .db('board_activity')
      .insert({ day: '2020-02-01', board_id: b.id, uid: owner.actor.uid, user_id: owner.user!.id, edited: false, collaborated: true });
    await draw(owner, b.code, 'x', ['edited']);
    // an explicit clock: the next day of the simulated one, then that day again
    await recordCoreActions(app(), b.id, owner.actor, ['edited'], new Date('2020-02-02T23:59:00Z'));
    await recordCoreActions(app(), b.id, owner.actor, ['collaborated'], new Date('2020-02-02T08:00:00Z'));
    noteCoreActions(app(), b.code, owner.actor, ['edited'], { now: new Date('2020-02-03T00:00:01Z') });
    const rows = await activity(b.id);
    expect(rows.map((r) => [r.day, r.edited, r.collaborated])).toEqual([
      ['2020-02-01', false, true],
      ['2020-02-02', true, true],
      ['2020-02-03', true, false],
      [today(), true, false],
    ]);
    const day2 = rows[1];
    expect(new Date(day2.first_at).toISOString()).toBe('2020-02-02T08:00:00.000Z');
    expect(new Date(day2.last_at).toISOString()).toBe('2020-02-02T23:59:00.000Z');
  });

  it('keeps the developer app a member came through', async () => {
    const b = await newBoard(p, owner);
    const g = guest();
    await recordCoreActions(app(), b.id, { ...g.actor, clientId: 'app-123' }, ['edited']);
    expect(await activity(b.id)).toEqual([expect.objectContaining({ uid: g.actor.uid, client_id: 'app-123', edited: true })]);
  });

  it('records nothing for a refused command (a viewer) or without coreActions', async () => {
    const b = await newBoard(p, owner);
    await inviteMember(app(), b.code, owner.actor, { email: viewer.user!.username, memberRole: 'Viewer' });
    await setSharing(app(), b.code, owner.actor, { link: 'Viewer' });
    expect((await draw(viewer, b.code, 'v', ['edited', 'collaborated'])).status).toBe(403);
    expect((await draw(owner, b.code, 'o')).status).toBe(200);
    expect(await activity(b.id)).toEqual([]);
    expect(await p.db('commands').where({ board_id: b.id })).toHaveLength(1);
  });

  it('refuses a bad coreActions value with the 400 envelope and stores nothing', async () => {
    const b = await newBoard(p, owner);
    const res = await draw(owner, b.code, 'bad', ['edited', 'shared']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: expect.any(String),
      errors: { 'coreActions.1': [expect.stringContaining('must be one of')] },
    });
    const notAList = await call(p, owner, 'POST', `/api/boards/${b.code}/commands`, {
      boardCommand: JSON.stringify(add(owner.actor.uid, rect('bad2', owner.actor.uid))),
      coreActions: 'edited',
    });
    expect(notAList.status).toBe(400);
    expect(notAList.body.errors).toHaveProperty('coreActions');
    expect(await p.db('commands').where({ board_id: b.id })).toHaveLength(0);
    expect(await activity(b.id)).toEqual([]);
  });

  it('never fails the command when recording fails: logs a warning, and tries again on the next command', async () => {
    const b = await newBoard(p, owner);
    const warn = vi.spyOn(app().logger, 'warn');
    await p.db.raw('alter table board_activity rename to board_activity_away');
    try {
      expect((await draw(owner, b.code, 'w1', ['edited'])).body).toMatchObject({ seq: 1 });
      await activityIdle(app());
    } finally {
      await p.db.raw('alter table board_activity_away rename to board_activity');
    }
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ uid: owner.actor.uid }), 'recording core actions failed');
    warn.mockRestore();
    expect(await activity(b.id)).toEqual([]);
    await draw(owner, b.code, 'w2', ['edited']);
    expect(await activity(b.id)).toEqual([expect.objectContaining({ uid: owner.actor.uid, edited: true })]);
  });

  describe('hub sendCommand', () => {
    const joined = async (who: Who, code: string) => {
      const c = await HubClient.connect(p.url, { token: who.token });
      open.push(c);
      await c.call('joinBoard', null, code, null, who.token ? {} : { uid: uidOf(who) });
      return c;
    };

    it("records 'edited', and 'collaborated' once another member is on the board", async () => {
      const b = await newBoard(p, owner);
      const g = guest();
      const mine = await joined(owner, b.code);
      await mine.call('sendCommand', b.code, add(owner.actor.uid, rect('h1', owner.actor.uid)));
      expect(await activity(b.id)).toEqual([
        expect.objectContaining({ uid: owner.actor.uid, user_id: owner.user!.id, edited: true, collaborated: false }),
      ]);

      const theirs = await joined(g, b.code);
      await mine.call('sendCommand', b.code, add(owner.actor.uid, rect('h2', owner.actor.uid)));
      await theirs.call('sendCommand', b.code, add(g.actor.uid, rect('h3', g.actor.uid)));
      const rows = await activity(b.id);
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r.uid === owner.actor.uid)).toMatchObject({ edited: true, collaborated: true });
      expect(rows.find((r) => r.uid === g.actor.uid)).toMatchObject({ user_id: null, edited: true, collaborated: true });
    });

    it('skips the database when nothing new would be recorded (coalesced per process)', async () => {
      const b = await newBoard(p, owner);
      const mine = await joined(owner, b.code);
      await mine.call('sendCommand', b.code, add(owner.actor.uid, rect('k1', owner.actor.uid)));
      expect(await activity(b.id)).toHaveLength(1);
      // tamper with the row: a further command of the same day must not write it again
      await p.db('board_activity').where({ board_id: b.id }).update({ edited: false });
      for (let i = 2; i < 6; i++) await mine.call('sendCommand', b.code, add(owner.actor.uid, rect(`k${i}`, owner.actor.uid)));
      expect(await activity(b.id)).toEqual([expect.objectContaining({ edited: false })]);
      expect(await p.db('commands').where({ board_id: b.id })).toHaveLength(5);
    });

    it('records nothing for a refused sendCommand', async () => {
      const b = await newBoard(p, owner);
      await inviteMember(app(), b.code, owner.actor, { email: viewer.user!.username, memberRole: 'Viewer' });
      await setSharing(app(), b.code, owner.actor, { link: 'Viewer' });
      const theirs = await joined(viewer, b.code);
      const err = await theirs.fail('sendCommand', b.code, add(viewer.actor.uid, rect('r', viewer.actor.uid)));
      expect(err.statusCode).toBe(403);
      expect(await activity(b.id)).toEqual([]);
    });
  });
});
