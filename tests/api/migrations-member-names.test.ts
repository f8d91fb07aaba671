import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDisplayName } from '../../platform/boards/members';
import { openDb, type Db } from '../../platform/db/index';
import { migrationSource } from '../../platform/db/migrations/index';
import { freshDatabase } from '../helpers/database';
import { testDbKind } from '../helpers/platform';

/**
 * Migration 022 (issue 26 item 3, docs/security.md "Members' contact details"): names stored while
 * a member without a profile name was shown by their e-mail (or its local part) — in board
 * members, chat messages and comments — become the name the board shows today; every other name
 * is left alone.
 */
describe('migration 022 on stored member names', () => {
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

  it('replaces e-mails and their local parts by the profile name or Member XXXX, and nothing else', async () => {
    for (;;) {
      const [, log] = (await db.migrate.up({ migrationSource })) as [number, string[]];
      expect(log).toHaveLength(1);
      expect(log[0]).not.toBe('022_member_names');
      if (log[0] === '021_assets') break;
    }
    const [nameless] = await db('users').insert({ username: 'Nora.Nameless@example.com', display_name: '' }).returning('id');
    const [named] = await db('users').insert({ username: 'pat@example.com', display_name: 'Pat Named' }).returning('id');
    const [board] = await db('boards')
      .insert({ code: 'namesboard01', owner_uid: 'g_' + 'b'.repeat(32) })
      .returning('id');
    const [thread] = await db('comment_threads').insert({ board_id: board.id, created_by: nameless.id }).returning('id');
    await db('board_members').insert([
      { board_id: board.id, uid: nameless.id, user_id: nameless.id, name: 'nora.nameless@example.com' },
      { board_id: board.id, uid: named.id, user_id: named.id, name: 'pat' },
      { board_id: board.id, uid: 'g_' + 'c'.repeat(32), user_id: null, name: 'someone@example.com' },
    ]);
    await db('chat_messages').insert([
      { board_id: board.id, client_id: 'a', uid: nameless.id, user_id: nameless.id, display_name: 'Nora.Nameless', message: 'hi' },
      {
        board_id: board.id,
        client_id: 'b',
        uid: nameless.id,
        user_id: nameless.id,
        display_name: 'Captain Nora',
        message: 'renamed on the board',
      },
      { board_id: board.id, client_id: 'c', uid: named.id, user_id: named.id, display_name: 'pat@example.com', message: 'hello' },
    ]);
    await db('comments').insert([
      {
        thread_id: thread.id,
        author_uid: nameless.id,
        author_user_id: nameless.id,
        author_name: 'Nora.Nameless@example.com',
        message: 'note',
      },
    ]);

    await db.migrate.latest({ migrationSource });

    const noraNow = userDisplayName({ display_name: '' }, nameless.id);
    expect(noraNow).toBe(`Member ${crypto.createHash('sha256').update(nameless.id).digest('hex').slice(0, 4).toUpperCase()}`);
    const members = await db('board_members').where({ board_id: board.id }).orderBy('name');
    expect(members.map((m) => m.name).sort()).toEqual([noraNow, 'Pat Named', 'someone@example.com'].sort());
    expect((await db('chat_messages').where({ board_id: board.id }).orderBy('client_id')).map((m) => m.display_name)).toEqual([
      noraNow,
      'Captain Nora',
      'Pat Named',
    ]);
    expect((await db('comments').where({ thread_id: thread.id })).map((c) => c.author_name)).toEqual([noraNow]);
  });
});
