import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestKey } from '../../platform/core/identity';
import { openDb, type Db } from '../../platform/db/index';
import { migrationSource } from '../../platform/db/migrations/index';
import { freshDatabase } from '../helpers/database';
import { testDbKind } from '../helpers/platform';

/**
 * Migrations are frozen (docs/architecture.md "Layers, packages…": they import nothing from live
 * code). Migration 006 rewrites the guests stored under their secret uid to the key of that secret:
 * this runs the migrations one by one up to 005 on an empty database, stores pre-006 rows (boards,
 * members, chat, comments, commands and snapshots naming a guest's secret), then migrates to the
 * latest and checks what 006 made of them.
 */
describe('migration 006 on pre-006 data', () => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fresh = testDbKind() === 'pg' ? await freshDatabase('tabula_t', { migrated: false }) : null;
    drop = fresh?.drop;
    db = openDb(fresh ? { databaseUrl: fresh.url } : {});
  });
  afterAll(async () => {
    await db?.destroy().catch(() => undefined);
    await drop?.();
  });

  const SECRET = 'secret-of-a-guest';
  const KEY = guestKey(SECRET);
  const KEYED = guestKey('someone-already-keyed');
  const PARTICIPANT = `a_${'b'.repeat(32)}`;
  /**
   * As shipped, 006 takes any uid matching LIKE 'g_%' or 'a_%' for a key — and `_` is LIKE's one-character
   * wildcard, so a secret beginning with 'g' or 'a' (then anything) was left unkeyed. Frozen as it ran.
   */
  const SKIPPED = 'a1b2c3d4-0000-4000-8000-000000000000';

  it('rewrites every guest secret stored before 006 to its key, and leaves keyed identities alone', async () => {
    // up to and including 005, one at a time
    for (;;) {
      const [, log] = (await db.migrate.up({ migrationSource })) as [number, string[]];
      expect(log).toHaveLength(1);
      if (log[0] === '005_activity') break;
      expect(log[0]).not.toBe('006_identity');
    }
    expect(await db.schema.hasTable('merged_guests')).toBe(false);

    // pre-006 rows: the guest is stored under its secret
    const [user] = await db('users').insert({ username: 'owner@example.com', display_name: 'Owner' }).returning('id');
    const userId = user.id as string;
    const [ws] = await db('workspaces').insert({ alt_id: 'ws1', name: 'Mine', owner_id: userId, is_default: true }).returning('id');
    const [own] = await db('boards').insert({ code: 'guestboard01', owner_uid: SECRET, last_seq: 2, snapshot_seq: 2 }).returning('id');
    const [theirs] = await db('boards')
      .insert({ code: 'ownerboard01', owner_id: userId, workspace_id: ws.id, last_seq: 2 })
      .returning('id');
    const [both] = await db('boards').insert({ code: 'bothboard001', owner_id: userId, workspace_id: ws.id }).returning('id');
    await db('board_members').insert([
      { board_id: own.id, uid: SECRET, name: 'Guest' },
      { board_id: theirs.id, uid: userId, user_id: userId, name: 'Owner', role: 'Owner' },
      { board_id: theirs.id, uid: SECRET, name: 'Guest' },
      { board_id: theirs.id, uid: KEYED, name: 'Keyed' },
      { board_id: theirs.id, uid: PARTICIPANT, name: 'App user' },
      { board_id: theirs.id, uid: SKIPPED, name: 'Skipped' },
      { board_id: both.id, uid: SECRET, name: 'Old row' },
      { board_id: both.id, uid: KEY, name: 'New row' },
    ]);
    const shape = (id: string, uid: string, extra: object = {}) => ({ id, type: 'rectangle', uid, x: 0, y: 0, w: 10, h: 10, ...extra });
    const add = { id: 'c1', uid: SECRET, cmd: 'add', status: 'normal', timestamp: 1, shape: shape('s1', SECRET) };
    const undo = {
      id: 'c2',
      uid: SECRET,
      cmd: 'undo',
      status: 'normal',
      timestamp: 2,
      commandId: 'c1',
      effect: { shapes: [shape('s1', SECRET)], removed: [] },
    };
    const replace = {
      id: 'c3',
      uid: userId,
      cmd: 'replace',
      status: 'normal',
      timestamp: 3,
      shape: shape('s2', userId, { modifiedBy: SECRET, protectedBy: SECRET }),
    };
    const other = { id: 'c4', uid: userId, cmd: 'add', status: 'normal', timestamp: 4, shape: shape('s3', userId, { modifiedBy: SECRET }) };
    await db('commands').insert([
      { board_id: own.id, seq: 1, client_id: 'c1', uid: SECRET, kind: 'add', payload: JSON.stringify(add), shape_ids: ['s1'] },
      { board_id: own.id, seq: 2, client_id: 'c2', uid: SECRET, kind: 'undo', payload: JSON.stringify(undo), shape_ids: ['s1'] },
      { board_id: theirs.id, seq: 1, client_id: 'c3', uid: userId, kind: 'replace', payload: JSON.stringify(replace), shape_ids: ['s2'] },
      { board_id: theirs.id, seq: 2, client_id: 'c4', uid: userId, kind: 'add', payload: JSON.stringify(other), shape_ids: ['s3'] },
    ]);
    await db('snapshots').insert({
      board_id: own.id,
      seq: 2,
      state: JSON.stringify({ seq: 2, shapes: [shape('s1', SECRET, { shapes: [shape('inner', SECRET)] })], undo: { commands: [add] } }),
    });
    await db('chat_messages').insert([
      { board_id: theirs.id, client_id: 'm1', uid: SECRET, display_name: 'Guest', message: 'hello' },
      { board_id: theirs.id, client_id: 'm2', uid: PARTICIPANT, display_name: 'App user', message: 'hi' },
    ]);
    const [thread] = await db('comment_threads').insert({ board_id: theirs.id, created_by: SECRET }).returning('id');
    await db('comments').insert({ thread_id: thread.id, author_uid: SECRET, author_name: 'Guest', message: 'note' });
    await db('comment_seen').insert([
      { thread_id: thread.id, uid: SECRET },
      { thread_id: thread.id, uid: userId },
    ]);
    await db('board_activity').insert({ day: '2024-01-01', board_id: theirs.id, uid: SECRET, edited: true });

    await db.migrate.latest({ migrationSource });
    expect(await db.schema.hasTable('merged_guests')).toBe(true);
    expect(await db('merged_guests')).toEqual([]);

    // boards and members
    expect(await db('boards').where({ id: own.id }).first()).toMatchObject({ owner_uid: KEY, owner_id: null, workspace_id: null });
    expect(await db('boards').where({ id: theirs.id }).first()).toMatchObject({ owner_uid: null, owner_id: userId });
    const members = async (boardId: string) =>
      (await db('board_members').where({ board_id: boardId }).orderBy('name')).map((m) => [m.uid, m.name, m.user_id]);
    expect(await members(own.id)).toEqual([[KEY, 'Guest', null]]);
    expect(await members(theirs.id)).toEqual([
      [PARTICIPANT, 'App user', null],
      [KEY, 'Guest', null],
      [KEYED, 'Keyed', null],
      [userId, 'Owner', userId],
      [SKIPPED, 'Skipped', null],
    ]);
    // a board the key already belonged to keeps the key's own row
    expect(await members(both.id)).toEqual([[KEY, 'New row', null]]);

    // chat, comments, seen marks
    expect((await db('chat_messages').orderBy('client_id')).map((m) => [m.client_id, m.uid, m.user_id])).toEqual([
      ['m1', KEY, null],
      ['m2', PARTICIPANT, null],
    ]);
    expect(await db('comment_threads').where({ id: thread.id }).first()).toMatchObject({ created_by: KEY });
    expect(await db('comments').where({ thread_id: thread.id }).first()).toMatchObject({ author_uid: KEY, author_user_id: null });
    expect((await db('comment_seen').where({ thread_id: thread.id })).map((s) => s.uid).sort()).toEqual([KEY, userId].sort());
    // past days' activity stays the old identity's
    expect(await db('board_activity').first()).toMatchObject({ uid: SECRET });

    // commands: authors, shapes and effects
    const commands = async (boardId: string) =>
      (await db('commands').where({ board_id: boardId }).orderBy('seq')).map((c) => ({ uid: c.uid, payload: c.payload }));
    expect(await commands(own.id)).toEqual([
      { uid: KEY, payload: { ...add, uid: KEY, shape: shape('s1', KEY) } },
      { uid: KEY, payload: { ...undo, uid: KEY, effect: { shapes: [shape('s1', KEY)], removed: [] } } },
    ]);
    expect(await commands(theirs.id)).toEqual([
      // another author's command carrying shapes: the guest as modifier and protector is rewritten
      { uid: userId, payload: { ...replace, shape: shape('s2', userId, { modifiedBy: KEY, protectedBy: KEY }) } },
      // an add by someone else is not a kind that carries the guest: left as it was
      { uid: userId, payload: other },
    ]);
    // snapshots: shapes (nested too) and the undo info
    const snapshot = await db('snapshots').where({ board_id: own.id }).first();
    expect(snapshot.state).toEqual({
      seq: 2,
      shapes: [shape('s1', KEY, { shapes: [shape('inner', KEY)] })],
      undo: { commands: [{ ...add, uid: KEY, shape: shape('s1', KEY) }] },
    });

    // nothing else names the secret
    for (const [table, column] of [
      ['boards', 'owner_uid'],
      ['board_members', 'uid'],
      ['chat_messages', 'uid'],
      ['comments', 'author_uid'],
      ['comment_threads', 'created_by'],
      ['comment_seen', 'uid'],
    ]) {
      expect(await db(table).where(column, SECRET), `${table}.${column}`).toEqual([]);
    }
  });

  it('seeds the default price list (migration 012)', async () => {
    const prices = await db('billing_prices').orderBy(['code', 'cycle']).select('code', 'kind', 'cycle', 'currency', 'amount');
    expect(prices).toHaveLength(12);
    expect(prices.filter((p) => p.code === 'team')).toEqual([
      { code: 'team', kind: 'plan', cycle: 'Monthly', currency: 'USD', amount: 800 },
      { code: 'team', kind: 'plan', cycle: 'Quarterly', currency: 'USD', amount: 2280 },
      { code: 'team', kind: 'plan', cycle: 'Semiannually', currency: 'USD', amount: 4320 },
    ]);
    expect(prices.filter((p) => p.kind === 'addon').map((p) => p.code)).toEqual(['white-label-api', 'white-label-api', 'white-label-api']);
  });
});
