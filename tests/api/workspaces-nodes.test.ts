/**
 * A membership change reaches every node: two platforms on one PostgreSQL database, each with its
 * own access memory and a Redis bus between them (a private redis-server). A member draws on node
 * B (B's append path now remembers their access); the owner removes them on node A; B's socket of
 * the member is told onRoleChanged { role: null } and taken off the board, and B refuses the
 * member's next command at once instead of serving its remembered access.
 * Runs with TEST_DB=pg (PGlite is one process) and a redis-server binary (tests/helpers/suites.ts).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessTokenFor } from '../../platform/accounts/tokens';
import { loadConfig } from '../../platform/config';
import { openDb } from '../../platform/db/index';
import { createRedisBus } from '../../platform/realtime/bus';
import { createPlatform, type Platform } from '../../platform/server';
import { insertUser } from '../../platform/users/repo';
import { addMember, insertWorkspace } from '../../platform/workspaces/repo';
import { freshDatabase } from '../helpers/database';
import { HubClient, startTestRedis, type TestRedis } from '../helpers/hub';
import { describeWithServices } from '../helpers/suites';
import { add, rect } from './boards-fixtures';

await describeWithServices('workspace membership across two nodes', { sharedDatabase: true, redisServer: true }, () => {
  let redis: TestRedis;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const nodes: Platform[] = [];
  const channel = `tabula:test-${crypto.randomBytes(4).toString('hex')}`;

  async function node(): Promise<Platform> {
    const config = loadConfig(
      {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(os.tmpdir(), `tabula-test-${crypto.randomUUID()}`),
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        SMTP_URL: '',
        JOBS: 'off',
      },
      { accessTokenSecret: 'test-secret-'.padEnd(48, 'x'), cookieSecret: 'test-cookie-secret-'.padEnd(48, 'y') },
    );
    const bus = createRedisBus(redis.url, { channel });
    await bus.ready();
    const platform = await createPlatform(config, { db: openDb({ databaseUrl: database.url }), logger: pino({ level: 'silent' }), bus });
    await platform.server.start();
    nodes.push(platform);
    return platform;
  }

  beforeAll(async () => {
    redis = await startTestRedis();
    database = await freshDatabase('tabula_ws');
  });
  afterAll(async () => {
    for (const n of nodes) await n.stop();
    await database?.drop();
    await redis?.stop();
  });

  it("a member removed on one node loses the workspace's boards on the other at once", async () => {
    const a = await node();
    const b = await node();
    const owner = await insertUser(a.db, {
      username: `owner-${crypto.randomBytes(4).toString('hex')}@nodes.example`,
      passwordHash: null,
      displayName: 'Owner',
    });
    const member = await insertUser(a.db, {
      username: `member-${crypto.randomBytes(4).toString('hex')}@nodes.example`,
      passwordHash: null,
      displayName: 'Member',
    });
    const ownerToken = accessTokenFor(a.config, owner);
    const memberToken = accessTokenFor(b.config, member);
    const workspace = await insertWorkspace(a.db, { name: 'Two nodes', ownerId: owner.id, isDefault: true });
    await addMember(a.db, { workspaceId: workspace.id, userId: member.id, role: 'Member' });
    const inject = async (p: Platform, token: string, method: string, url: string, payload?: object) => {
      const res = await p.server.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
      return { status: res.statusCode, body: JSON.parse(res.payload || 'null') };
    };
    const created = await inject(a, ownerToken, 'POST', '/api/boards', { workspace: workspace.id });
    expect(created.status).toBe(200);
    const code = created.body.code as string;
    expect((await inject(a, ownerToken, 'POST', `/api/boards/${code}/sharings`, { link: 'NoAccess', workspace: 'Editor' })).status).toBe(
      200,
    );

    // the member on node B: a socket on the board, and a command (B's access memory now holds them)
    const hub = await HubClient.connect(b.server.info.uri, { token: memberToken });
    try {
      const joined = await hub.call('joinBoard', null, code, null, {});
      expect(joined.claims.role).toBe('Editor');
      const draw = (id: string) =>
        inject(b, memberToken, 'POST', `/api/boards/${code}/commands`, {
          boardCommand: JSON.stringify(add(member.id, rect(id, member.id))),
        });
      expect((await draw('before')).status).toBe(200);

      // removed on node A
      expect((await inject(a, ownerToken, 'DELETE', `/api/workspaces/${workspace.id}/members/${member.id}`)).status).toBe(200);
      const told = await hub.waitFor<{ role: string | null }>('onRoleChanged');
      expect(told).toEqual({ role: null, permissions: [] });
      // B forgot: the next command is refused, and the socket is off the board
      expect((await draw('after')).status).toBe(403);
      const refused = await hub.fail('sendCommand', code, add(member.id, rect('socket-after', member.id)));
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      const rows = await a
        .db('commands')
        .whereRaw("payload->'shape'->>'id' in ('before', 'after', 'socket-after')")
        .select(a.db.raw("payload->'shape'->>'id' as id"));
      expect(rows.map((r: { id: string }) => r.id)).toEqual(['before']);
    } finally {
      await hub.close();
    }
  });
});
