/**
 * The configuration (platform/config.ts, platform/config-schema.ts, docs/configuration.md): the
 * environment is validated against one joi schema at start; every bad variable is reported at
 * once, secrets never echoed; defaults and meanings are those documented.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LOGIN_LIMITS, loadConfig, type Config } from '../../platform/config';
import { ENV, ENV_VARS, hidePassword, validateEnv } from '../../platform/config-schema';
import { DEFAULT_LIMITS } from '../../platform/core/limits';
import { CLIENT_VERSION } from '../../shared/constants';

const root = path.resolve(import.meta.dirname, '..', '..');
/** Overrides that keep loadConfig from writing secrets or keys under ./data. */
const quiet: Partial<Config> = {
  accessTokenSecret: 'a'.repeat(48),
  cookieSecret: 'c'.repeat(48),
  vapid: { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:x@y' },
};
const tmpDirs: string[] = [];
const tmpDir = () => {
  const dir = path.join(os.tmpdir(), `tabula-config-${crypto.randomUUID()}`);
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The ConfigError loadConfig throws for `env` (fails when it does not throw one). */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env, quiet);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(Object.keys(env))}`);
}

describe('loadConfig: defaults', () => {
  it('an empty environment gives the documented defaults', () => {
    const c = loadConfig({}, quiet);
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.join(root, 'data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.redisPrefix).toBe('tabula:');
    expect(c.shutdownTimeoutMs).toBe(10_000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.mailFrom).toBe('Tabula <no-reply@tabula.local>');
    expect(c.accessTokenTtlSeconds).toBe(900);
    expect(c.refreshTokenTtlDays).toBe(30);
    expect(c.refreshReuseGraceSeconds).toBe(30);
    expect(c.accessTokenLeewaySeconds).toBe(5);
    expect([c.googleClientId, c.googleClientSecret, c.googleAuthUrl, c.googleTokenUrl, c.googleProfileUrl]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(c.logDir).toBe(path.join(root, 'data', 'logs'));
    expect(c.logLevel).toBe('info');
    expect(c.distDir).toBe(path.join(root, 'dist'));
    expect(c.rateLimit).toEqual({ max: 10, windowMs: 60_000 });
    expect(c.loginLimits).toEqual(DEFAULT_LOGIN_LIMITS);
    expect(c.loginLimits).toMatchObject({ ipFailures: 20, accountFailures: 20, globalFailures: 2000 });
    expect(c.trustedProxies).toEqual([]);
    expect(c.jobs).toBe(true);
    expect(c.hubFlushMs).toBe(5);
    expect(c.appVersion).toBe(CLIENT_VERSION);
    expect(c.defaultPlan).toBe('essential');
    expect(c.defaultWorkspaces).toBe(1);
    expect(c.fontServiceUrl).toBe('https://fonts.googleapis.com/css2?family={family}&display=swap');
    expect(c.fetchPrivateHosts).toBe(false);
    expect(c.limits).toEqual(DEFAULT_LIMITS);
    expect(c.limits).toEqual({
      hubFrames: { points: 3000, windowMs: 5_000 },
      commandsPerSocket: { points: 250, windowMs: 5_000 },
      commandsPerUser: { points: 500, windowMs: 5_000 },
      chat: { points: 20, windowMs: 10_000 },
      comments: { points: 20, windowMs: 10_000 },
      logs: { points: 60, windowMs: 60_000 },
      guestCommandsPerAddress: { points: 1500, windowMs: 5_000 },
      commandsPerBoard: { points: 1500, windowMs: 5_000 },
      hubOpensPerAddress: { points: 300, windowMs: 60_000 },
      hubSocketsPerAddress: 100,
      commandMaxBytes: 1024 * 1024,
      boardMaxShapes: 20_000,
    });
    expect(c.billing).toEqual({
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      stripePublishableKey: undefined,
      stripeApiUrl: undefined,
      stripeCardEntry: undefined,
      graceDays: 3,
      renewalMinutes: 5,
      ethRecipient: undefined,
      ethRpcUrl: undefined,
      ethUsdRate: undefined,
      ethConfirmations: 1,
      ethQuoteMinutes: 30,
    });
    expect(c.adminEmails).toEqual([]);
  });

  it('an empty value is the same as unset, except REDIS_PREFIX (no prefix)', () => {
    const names = ENV_VARS.map((v) => v.name).filter((n) => n !== 'REDIS_PREFIX');
    const c = loadConfig(Object.fromEntries(names.map((n) => [n, ''])), quiet);
    expect(c).toEqual(loadConfig({}, quiet));
    expect(loadConfig({ REDIS_PREFIX: '' }, quiet).redisPrefix).toBe('');
  });

  it('without secrets in the environment, they and the VAPID pair are made once under DATA_DIR and kept', () => {
    const dataDir = tmpDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(first.accessTokenSecret.length).toBeGreaterThanOrEqual(48);
    expect(again.accessTokenSecret).toBe(first.accessTokenSecret);
    expect(again.cookieSecret).toBe(first.cookieSecret);
    expect(again.vapid).toEqual(first.vapid);
    expect(first.vapid.subject).toBe('mailto:no-reply@tabula.local');
    expect(first.logDir).toBe(path.join(dataDir, 'logs'));
    // the pair made is one the schema accepts
    expect(() => validateEnv({ VAPID_PUBLIC_KEY: first.vapid.publicKey, VAPID_PRIVATE_KEY: first.vapid.privateKey })).not.toThrow();
    const https = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://tabula.example/', MAIL_FROM: 'Ops <ops@tabula.example>' });
    expect(https.publicUrl).toBe('https://tabula.example');
    expect(https.vapid.subject).toBe('https://tabula.example');
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Ops <ops@tabula.example>' }).vapid.subject).toBe('mailto:ops@tabula.example');
  });
});

describe('loadConfig: values', () => {
  it('converts and keeps the meaning of valid values', () => {
    const c = loadConfig(
      {
        PORT: '0',
        ACCESS_TOKEN_TTL: '65',
        ACCESS_TOKEN_LEEWAY_SECONDS: '0',
        RATE_LIMIT_MAX: ' 25 ',
        HUB_FLUSH_MS: '0',
        DATABASE_URL: 'postgres://tabula:s3cret@db.internal:5432/tabula?sslmode=require',
        REDIS_URL: 'rediss://:pw@cache:6380/1',
        SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
        TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,,',
        ADMIN_EMAILS: ' Ops@Example.com ,second@example.com',
        LIMIT_CHAT: '5/2',
        LIMIT_HUB_FRAMES: '100000000/5',
        BOARD_MAX_SHAPES: '100000000',
        JOBS: 'off',
        FETCH_PRIVATE_HOSTS: 'true',
        DEFAULT_PLAN: 'team',
        DEFAULT_WORKSPACES: '5',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_CARD_ENTRY: 'hosted',
        ETH_RECIPIENT: '0x000000000000000000000000000000000000dEaD',
        ETH_USD_RATE: '3150.25',
        ETH_CONFIRMATIONS: '3',
        LOG_LEVEL: 'silent',
        REDIS_PREFIX: 'site-2:',
      },
      quiet,
    );
    expect(c.port).toBe(0);
    expect(c.publicUrl).toBe('http://localhost:0');
    expect(c.accessTokenTtlSeconds).toBe(65);
    expect(c.accessTokenLeewaySeconds).toBe(0);
    expect(c.rateLimit.max).toBe(25);
    expect(c.hubFlushMs).toBe(0);
    expect(c.databaseUrl).toBe('postgres://tabula:s3cret@db.internal:5432/tabula?sslmode=require');
    expect(c.redisUrl).toBe('rediss://:pw@cache:6380/1');
    expect(c.trustedProxies).toEqual(['loopback', '10.0.0.0/8']);
    expect(c.adminEmails).toEqual(['ops@example.com', 'second@example.com']);
    expect(c.limits.chat).toEqual({ points: 5, windowMs: 2_000 });
    expect(c.limits.hubFrames).toEqual({ points: 100_000_000, windowMs: 5_000 });
    expect(c.limits.boardMaxShapes).toBe(100_000_000);
    expect(c.jobs).toBe(false);
    expect(loadConfig({ JOBS: 'on' }, quiet).jobs).toBe(true);
    expect(c.fetchPrivateHosts).toBe(true);
    expect(c.defaultPlan).toBe('team');
    expect(c.defaultWorkspaces).toBe(5);
    expect(c.billing).toMatchObject({
      stripeSecretKey: 'sk_test_abc',
      stripeCardEntry: 'hosted',
      ethRecipient: '0x000000000000000000000000000000000000dEaD',
      ethUsdRate: '3150.25',
      ethConfirmations: 3,
    });
    expect(c.logLevel).toBe('silent');
    expect(c.redisPrefix).toBe('site-2:');
  });

  it('STRIPE_CARD_ENTRY other than hosted or test is ignored (docs/billing.md "Card entry")', () => {
    expect(loadConfig({ STRIPE_CARD_ENTRY: 'elements' }, quiet).billing.stripeCardEntry).toBeUndefined();
  });

  it('ignores variables it does not know (the tests pass the whole process.env)', () => {
    const c = loadConfig(
      {
        ...process.env,
        PORT: '0',
        DATA_DIR: tmpDir(),
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        JOBS: 'off',
        SOME_OTHER_TOOL: '15m',
        npm_config_cache: '/x',
      },
      quiet,
    );
    expect(c.port).toBe(0);
  });

  it('the overrides win over the environment', () => {
    const c = loadConfig({ PORT: '4000', ACCESS_TOKEN_SECRET: 'from-env' }, { ...quiet, port: 1234, hubFlushMs: 7 });
    expect(c.port).toBe(1234);
    expect(c.hubFlushMs).toBe(7);
    expect(c.accessTokenSecret).toBe(quiet.accessTokenSecret);
    const { accessTokenSecret: _, ...rest } = quiet;
    expect(loadConfig({ ACCESS_TOKEN_SECRET: 'from-env' }, rest).accessTokenSecret).toBe('from-env');
  });
});

describe('loadConfig: invalid values stop the start', () => {
  it('ACCESS_TOKEN_TTL=15m names the variable, the value and the rule', () => {
    const err = configError({ ACCESS_TOKEN_TTL: '15m' });
    expect(err.name).toBe('ConfigError');
    expect(err.message).toBe('ACCESS_TOKEN_TTL="15m" is not valid: must be an integer number of seconds (1–86400)');
  });

  it('RATE_LIMIT_MAX=ten names the variable, the value and the rule', () => {
    expect(configError({ RATE_LIMIT_MAX: 'ten' }).message).toBe('RATE_LIMIT_MAX="ten" is not valid: must be an integer (1–1000000)');
  });

  it('out of range, wrong scheme, not in the list, not a budget', () => {
    expect(configError({ PORT: '70000' }).message).toBe('PORT="70000" is not valid: must be an integer (0–65535)');
    expect(configError({ SHUTDOWN_TIMEOUT_MS: '500' }).message).toMatch(
      /^SHUTDOWN_TIMEOUT_MS="500" is not valid: must be an integer number of milliseconds \(1000–120000\)$/,
    );
    expect(configError({ PUBLIC_URL: 'tabula.example' }).message).toBe(
      'PUBLIC_URL="tabula.example" is not valid: must be a URL starting http:// or https://',
    );
    expect(configError({ REDIS_URL: 'http://cache:6379' }).message).toBe(
      'REDIS_URL="http://cache:6379" is not valid: must be a URL starting redis:// or rediss://',
    );
    expect(configError({ LOG_LEVEL: 'verbose' }).message).toBe(
      'LOG_LEVEL="verbose" is not valid: must be one of fatal, error, warn, info, debug, trace, silent',
    );
    expect(configError({ DEFAULT_PLAN: 'gold' }).message).toBe(
      'DEFAULT_PLAN="gold" is not valid: must be one of essential, team, teamplus',
    );
    expect(configError({ LIMIT_CHAT: '20 per 10' }).message).toMatch(/^LIMIT_CHAT="20 per 10" is not valid: must be points\/seconds/);
    expect(configError({ FETCH_PRIVATE_HOSTS: 'yes' }).message).toBe('FETCH_PRIVATE_HOSTS="yes" is not valid: must be true or false');
    expect(configError({ TRUSTED_PROXIES: 'loopback,not-an-address' }).problems.map((p) => p.name)).toEqual(['TRUSTED_PROXIES']);
    expect(configError({ REDIS_PREFIX: 'a prefix with spaces' }).problems.map((p) => p.name)).toEqual(['REDIS_PREFIX']);
    expect(configError({ ETH_USD_RATE: '-3' }).problems.map((p) => p.name)).toEqual(['ETH_USD_RATE']);
  });

  it('reports every bad variable at once, one line each', () => {
    const err = configError({
      ACCESS_TOKEN_TTL: '15m',
      RATE_LIMIT_MAX: 'ten',
      PORT: '-1',
      LOG_LEVEL: 'loud',
      SMTP_URL: 'mail.example',
      UNRELATED: 'whatever',
    });
    const lines = err.message.split('\n');
    expect(lines).toHaveLength(5);
    expect(err.problems.map((p) => p.name).sort()).toEqual(['ACCESS_TOKEN_TTL', 'LOG_LEVEL', 'PORT', 'RATE_LIMIT_MAX', 'SMTP_URL']);
    for (const [name, value] of [
      ['ACCESS_TOKEN_TTL', '15m'],
      ['RATE_LIMIT_MAX', 'ten'],
      ['PORT', '-1'],
      ['LOG_LEVEL', 'loud'],
      ['SMTP_URL', 'mail.example'],
    ]) {
      expect(lines.filter((l) => l.startsWith(`${name}="${value}" is not valid: must be `))).toHaveLength(1);
    }
  });

  it('never echoes the password of a URL', () => {
    const err = configError({
      DATABASE_URL: 'mysql://tabula:hunter2-secret@db.internal:3306/tabula',
      REDIS_URL: 'redis//:other-secret@cache',
      SMTP_URL: 'smtp://mailer:p%40ss-secret@smtp:notaport',
    });
    expect(err.problems.map((p) => p.name)).toEqual(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']);
    expect(err.message).not.toMatch(/hunter2|other-secret|ss-secret/);
    expect(err.message).toContain(
      'DATABASE_URL="mysql://tabula:(hidden)@db.internal:3306/tabula" is not valid: must be a URL starting postgres:// or postgresql://',
    );
    expect(err.message).toContain('REDIS_URL="redis//:(hidden)@cache"');
    expect(JSON.stringify(err.problems)).not.toMatch(/hunter2|other-secret|ss-secret/);
  });

  it('never echoes a secret', () => {
    const err = configError({
      STRIPE_SECRET_KEY: 'pk_live_leaked1',
      STRIPE_WEBHOOK_SECRET: 'leaked2',
      STRIPE_PUBLISHABLE_KEY: 'sk_live_leaked3',
      VAPID_PRIVATE_KEY: 'leaked4',
      GOOGLE_CLIENT_ID: 'client',
      COOKIE_SECRET: 'leaked5-too-short',
    });
    expect(err.problems.map((p) => p.name).sort()).toEqual([
      'COOKIE_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'VAPID_PRIVATE_KEY',
    ]);
    expect(err.message).not.toMatch(/leaked/);
    expect(err.message).toContain('STRIPE_SECRET_KEY=(hidden) is not valid: must be ');
    expect(err.message).toContain('COOKIE_SECRET=(hidden) is not valid: must be ');
    for (const name of [
      'ACCESS_TOKEN_SECRET',
      'COOKIE_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      'GOOGLE_CLIENT_SECRET',
      'VAPID_PRIVATE_KEY',
    ] as const) {
      expect(ENV[name].hide, name).toBe('value');
    }
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'] as const) expect(ENV[name].hide, name).toBe('password');
  });

  it('hidePassword keeps the rest of the URL', () => {
    expect(hidePassword('postgres://u:p@h/db')).toBe('postgres://u:(hidden)@h/db');
    expect(hidePassword('postgres://u:p@ss/w@rd@h:5432/db')).toBe('postgres://u:(hidden)@h:5432/db');
    expect(hidePassword('redis://cache:6379')).toBe('redis://cache:6379');
    expect(hidePassword('redis://user@cache:6379')).toBe('redis://user@cache:6379');
  });
});

describe('the schema', () => {
  it('declares every variable the platform reads', () => {
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|mts|mjs|js)$/.test(entry.name)) {
          for (const m of fs.readFileSync(file, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g))
            read.add(m[1] ?? m[2]!);
        }
      }
    };
    walk(path.join(root, 'platform'));
    walk(path.join(root, 'scripts'));
    // the test runner's own switches (scripts/test.mjs) and the shell's, handed on to child processes, not the platform's
    for (const name of ['CI', 'PATH', 'HOME']) read.delete(name);
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((name) => !(name in ENV))).toEqual([]);
  });
});
