/**
 * The first operator (docs/operations.md "Operators"): `npm run admin -- grant <email>` (scripts/admin.ts,
 * with the platform's own configuration: DATABASE_URL or the embedded PGlite under DATA_DIR),
 * `revoke`, `list`; and ADMIN_EMAILS (at start for existing accounts, at login for the others).
 * Every change is in the audit trail.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../platform/admin/cli';
import { grantAdminEmails } from '../../platform/admin/roles';
import { migrate, openDb } from '../../platform/db/index';
import { createPlatform } from '../../platform/server';
import pino from 'pino';
import { freshDatabase } from '../helpers/database';
import { insertUser } from '../../platform/users/repo';
import { startTestPlatform, testDbKind, type TestPlatform } from '../helpers/platform';
import { call, signedIn } from './boards-fixtures';

const run = promisify(execFile);
let p: TestPlatform;
const ADMIN_EMAIL = `boss-${crypto.randomBytes(3).toString('hex')}@example.com`;

beforeAll(async () => {
  p = await startTestPlatform({ adminEmails: [ADMIN_EMAIL], rateLimit: { max: 10_000, windowMs: 60_000 } });
});
afterAll(() => p?.stop());

describe('runAdminCommand (the command behind npm run admin)', () => {
  it('grants, lists and revokes the operator role, writing the audit trail', async () => {
    const who = await signedIn(p, { name: 'Cli Person' });
    const lines: string[] = [];
    const out = (l: string) => lines.push(l);
    expect(await runAdminCommand(p.db, ['grant', who.user!.username.toUpperCase()], out)).toBe(0);
    expect(lines.pop()).toBe(`${who.user!.username} is now an operator`);
    expect((await call(p, who, 'GET', '/api/admin/audit')).status).toBe(200);
    expect(await runAdminCommand(p.db, ['grant', who.user!.username], out)).toBe(0);
    expect(lines.pop()).toBe(`${who.user!.username} is already an operator`);
    expect(await runAdminCommand(p.db, ['list'], out)).toBe(0);
    expect(lines).toContain(who.user!.username);
    expect(await runAdminCommand(p.db, ['revoke', who.user!.username], out)).toBe(0);
    expect((await call(p, who, 'GET', '/api/admin/audit')).status).toBe(403);
    const trail = await p.db('operator_audit').where({ target_id: who.user!.id }).orderBy('id').select('action', 'actor_name', 'actor_id');
    expect(trail).toEqual([
      { action: 'role.grant', actor_name: 'cli', actor_id: null },
      { action: 'role.revoke', actor_name: 'cli', actor_id: null },
    ]);
    expect(await runAdminCommand(p.db, ['grant', 'nobody@example.com'], out)).toBe(1);
    expect(await runAdminCommand(p.db, ['promote', 'x@example.com'], out)).toBe(2);
    expect(lines.pop()).toMatch(/^usage: npm run admin -- grant <email>/);
  });
});

describe('ADMIN_EMAILS', () => {
  it('gives the role at login (the token carries it) and at start to existing accounts', async () => {
    const password = 'correct horse battery staple 9';
    expect(
      (
        await p.server.inject({
          method: 'POST',
          url: '/api/accounts/users',
          payload: { username: ADMIN_EMAIL, password, repeatPassword: password, terms: true },
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect((await p.db('users').where({ username: ADMIN_EMAIL }).first()).roles).toEqual([]);
    const login = await p.server.inject({ method: 'POST', url: '/api/accounts/login', payload: { username: ADMIN_EMAIL, password } });
    expect(login.statusCode).toBe(200);
    const { accessToken } = JSON.parse(login.payload);
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).role).toEqual(['admin']);
    expect(
      (await p.server.inject({ method: 'GET', url: '/api/admin/audit', headers: { authorization: `Bearer ${accessToken}` } })).statusCode,
    ).toBe(200);
    expect(await p.db('operator_audit').where({ actor_name: 'ADMIN_EMAILS', action: 'role.grant' }).first()).toBeDefined();
    // the same grant over every existing account of the list (idempotent)
    const other = await insertUser(p.db, { username: `Second-${ADMIN_EMAIL}`, passwordHash: null });
    expect(await grantAdminEmails(p.db, [ADMIN_EMAIL, `second-${ADMIN_EMAIL}`])).toEqual([other.id]);
    expect(await grantAdminEmails(p.db, [ADMIN_EMAIL, `second-${ADMIN_EMAIL}`])).toEqual([]);
  });
});

describe('ADMIN_EMAILS at start', () => {
  it('a node starting with ADMIN_EMAILS makes the existing accounts of the list operators', async () => {
    const fresh = testDbKind() === 'pg' ? await freshDatabase('tabula_t') : null;
    const db = openDb(fresh ? { databaseUrl: fresh.url } : {});
    try {
      await migrate(db);
      const boss = await insertUser(db, { username: `start-${ADMIN_EMAIL}`, passwordHash: null });
      const node = await createPlatform(
        { ...p.config, adminEmails: [`start-${ADMIN_EMAIL}`, 'nobody-yet@example.com'] },
        { db, logger: pino({ level: 'silent' }) },
      );
      expect((await db('users').where({ id: boss.id }).first()).roles).toEqual(['admin']);
      expect(
        await db('operator_audit').where({ target_id: boss.id, actor_name: 'ADMIN_EMAILS', action: 'role.grant' }).first(),
      ).toBeDefined();
      await node.stop();
    } finally {
      await db.destroy().catch(() => {});
      await fresh?.drop();
    }
  });
});

describe('scripts/admin.ts', () => {
  it('connects with the platform configuration and grants the role', async () => {
    const email = `script-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
    let db;
    if (testDbKind() === 'pg') {
      env.DATABASE_URL = p.config.databaseUrl;
      db = p.db;
      await insertUser(db, { username: email, passwordHash: null });
    } else {
      // the embedded database of a stopped node: DATA_DIR/pgdata
      const dataDir = path.join(os.tmpdir(), `tabula-admin-cli-${crypto.randomUUID()}`);
      env.DATA_DIR = dataDir;
      env.DATABASE_URL = '';
      const local = openDb({ pgliteDir: path.join(dataDir, 'pgdata') });
      await migrate(local);
      await insertUser(local, { username: email, passwordHash: null });
      await local.destroy();
    }
    const tsx = path.resolve('node_modules/.bin/tsx');
    const { stdout } = await run(tsx, ['scripts/admin.ts', 'grant', email], { env, timeout: 60_000 });
    expect(stdout.trim()).toBe(`${email} is now an operator`);
    const listed = await run(tsx, ['scripts/admin.ts', 'list'], { env, timeout: 60_000 });
    expect(listed.stdout).toContain(email);
    const bad = await run(tsx, ['scripts/admin.ts', 'grant'], { env, timeout: 60_000 }).catch(
      (err: { code: number; stdout: string }) => err,
    );
    expect((bad as { code: number }).code).toBe(2);
  }, 90_000);
});
