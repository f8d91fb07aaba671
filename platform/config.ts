import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Everything the platform reads from the environment, in one place (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  accessTokenSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  googleClientId?: string;
  googleClientSecret?: string;
  /** Overrides for the Google OAuth endpoints (tests point them at a local OAuth2 server). */
  googleAuthUrl?: string;
  googleTokenUrl?: string;
  googleProfileUrl?: string;
  logDir: string;
  logLevel: string;
  distDir: string;
  /** Rate limit: attempts per window for login and recovery. */
  rateLimit: { max: number; windowMs: number };
  cookieSecret: string;
  /** Background jobs (disposal, snapshots) can be turned off for tests. */
  jobs: boolean;
  /** Least time between two flushes of the hub's websocket writes, ms (platform/realtime/wire.ts). */
  hubFlushMs: number;
}

const root = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const secret = env.ACCESS_TOKEN_SECRET || overrides.accessTokenSecret || persistentSecret(dataDir, 'access');
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Tabula <no-reply@tabula.local>',
    accessTokenSecret: secret,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 900),
    refreshTokenTtlDays: Number(env.REFRESH_TOKEN_TTL_DAYS ?? 30),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    googleAuthUrl: env.GOOGLE_AUTH_URL || undefined,
    googleTokenUrl: env.GOOGLE_TOKEN_URL || undefined,
    googleProfileUrl: env.GOOGLE_PROFILE_URL || undefined,
    logDir: path.resolve(env.LOG_DIR ?? path.join(dataDir, 'logs')),
    logLevel: env.LOG_LEVEL ?? 'info',
    distDir: path.resolve(env.DIST_DIR ?? path.join(root, 'dist')),
    rateLimit: { max: Number(env.RATE_LIMIT_MAX ?? 10), windowMs: Number(env.RATE_LIMIT_WINDOW_MS ?? 60_000) },
    cookieSecret: env.COOKIE_SECRET || overrides.cookieSecret || persistentSecret(dataDir, 'cookie'),
    jobs: env.JOBS !== 'off',
    hubFlushMs: Number(env.HUB_FLUSH_MS ?? 5),
    ...overrides,
  };
}

/**
 * With no secret in the environment, a random one is made once and kept under DATA_DIR,
 * so a self-hosted node keeps its sessions across restarts without any configuration.
 * Several nodes must share one secret: set ACCESS_TOKEN_SECRET and COOKIE_SECRET.
 */
function persistentSecret(dataDir: string, kind: string): string {
  const file = path.join(dataDir, `${kind}.secret`);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
