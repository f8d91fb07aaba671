import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { limitsFromEnv, type AbuseLimits } from './core/limits';
import { CLIENT_VERSION } from '../shared/constants';

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
  /** Seconds a rotated refresh token still answers its successor (concurrent refreshes; docs/security.md). */
  refreshReuseGraceSeconds: number;
  /** Clock leeway (seconds) when checking an access token's exp, over HTTP and on the hub. */
  accessTokenLeewaySeconds: number;
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
  /** Login limits (docs/security.md "Login, enumeration and passwords"): failures per IP, per account, everywhere; backoff. */
  loginLimits: LoginLimits;
  /** Proxies whose X-Forwarded-For is believed (proxy-addr syntax: addresses, CIDRs, 'loopback'…); none by default. */
  trustedProxies: string[];
  cookieSecret: string;
  /** Background jobs (disposal, snapshots) can be turned off for tests. */
  jobs: boolean;
  /** The plan of accounts without one of their own (DEFAULT_PLAN; platform/users/plan.ts). */
  defaultPlan: string;
  /** How many workspaces an account without a quantity of its own may own (DEFAULT_WORKSPACES; platform/users/plan.ts qtyOf). */
  defaultWorkspaces: number;
  /** The font stylesheet service a font name is looked up in; `{family}` is replaced (FONT_SERVICE_URL). */
  fontServiceUrl: string;
  /** Let server-side fetches (fonts) reach private and loopback addresses (FETCH_PRIVATE_HOSTS; tests, closed networks). */
  fetchPrivateHosts: boolean;
  /** Least time between two flushes of the hub's websocket writes, ms (platform/realtime/wire.ts). */
  hubFlushMs: number;
  /** The version boards are told at join (APP_VERSION, default the build's CLIENT_VERSION): a board running another offers 'A new Tabula version is available'. */
  appVersion: string;
  /** Rates per socket, user and address; command and board size caps (platform/core/limits.ts). */
  limits: AbuseLimits;
  /** Billing (docs/billing.md): the payment gateway (none without STRIPE_SECRET_KEY), grace days, renewal job interval. */
  billing: BillingConfig;
  /** ADMIN_EMAILS: accounts given the platform Admin role at start and at login (docs/backoffice.md). */
  adminEmails: string[];
  /** Web Push (docs/configuration.md): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT, else a key pair made once under DATA_DIR. */
  vapid: VapidConfig;
}

/** The VAPID identity of this server's Web Push messages (base64url keys of a P-256 pair; subject an https: or mailto: URL). */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** docs/billing.md: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY, STRIPE_API_URL, STRIPE_CARD_ENTRY, BILLING_GRACE_DAYS, BILLING_RENEWAL_MINUTES, ETH_RECIPIENT, ETH_RPC_URL, ETH_USD_RATE, ETH_CONFIRMATIONS, ETH_QUOTE_MINUTES. */
export interface BillingConfig {
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripePublishableKey?: string;
  /** where the Stripe SDK sends its calls (default Stripe's API; tests point it at a local stand-in) */
  stripeApiUrl?: string;
  /** how customers enter a card (docs/billing.md "Card entry"): 'hosted' (Stripe Checkout) or 'test' (Stripe's test payment methods); default 'test' for sk_test_ keys, else 'hosted' */
  stripeCardEntry?: 'hosted' | 'test';
  /** days a subscription stays valid after its period ends (backoffice.md §4 grace) */
  graceDays: number;
  /** how often the renewal job runs, minutes */
  renewalMinutes: number;
  /** Ether payments (docs/billing.md "Ether"): on when ETH_RECIPIENT, ETH_RPC_URL and ETH_USD_RATE are all set */
  ethRecipient?: string;
  ethRpcUrl?: string;
  /** US dollars per ether, a decimal ("3150.25"); fixed by the operator */
  ethUsdRate?: string;
  /** blocks a payment needs (its own included) before the order is finalized; default 1 */
  ethConfirmations?: number;
  /** how long an Ether price quote holds, minutes; default 30 */
  ethQuoteMinutes?: number;
}

const root = path.resolve(import.meta.dirname, '..');

/** Login limits; windows and blocks in seconds (docs/security.md "Login, enumeration and passwords"). */
export interface LoginLimits {
  /** failed logins per client address per window, then that address is refused for blockSec */
  ipFailures: number;
  ipWindowSec: number;
  ipBlockSec: number;
  /** failed logins per account (from any address, untrusted devices) per window */
  accountFailures: number;
  accountWindowSec: number;
  /** consecutive failures of one account from one address before the backoff starts (base, ×2, ×4 … backoffMaxSec) */
  backoffAfter: number;
  backoffBaseSec: number;
  backoffMaxSec: number;
  /** failed logins on the whole platform per window (untrusted devices) */
  globalFailures: number;
  globalWindowSec: number;
  /** failures a trusted device (device cookie) may make per window before it counts as untrusted */
  deviceFailures: number;
  deviceWindowSec: number;
  /** how long a device cookie is valid, days */
  deviceCookieDays: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  ipFailures: 20,
  ipWindowSec: 900,
  ipBlockSec: 900,
  accountFailures: 20,
  accountWindowSec: 3600,
  backoffAfter: 5,
  backoffBaseSec: 30,
  backoffMaxSec: 900,
  globalFailures: 2000,
  globalWindowSec: 300,
  deviceFailures: 10,
  deviceWindowSec: 900,
  deviceCookieDays: 180,
};

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
    refreshReuseGraceSeconds: Number(env.REFRESH_REUSE_GRACE_SECONDS ?? 30),
    accessTokenLeewaySeconds: Number(env.ACCESS_TOKEN_LEEWAY_SECONDS ?? 5),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    googleAuthUrl: env.GOOGLE_AUTH_URL || undefined,
    googleTokenUrl: env.GOOGLE_TOKEN_URL || undefined,
    googleProfileUrl: env.GOOGLE_PROFILE_URL || undefined,
    logDir: path.resolve(env.LOG_DIR ?? path.join(dataDir, 'logs')),
    logLevel: env.LOG_LEVEL ?? 'info',
    distDir: path.resolve(env.DIST_DIR ?? path.join(root, 'dist')),
    rateLimit: { max: Number(env.RATE_LIMIT_MAX ?? 10), windowMs: Number(env.RATE_LIMIT_WINDOW_MS ?? 60_000) },
    loginLimits: {
      ...DEFAULT_LOGIN_LIMITS,
      ipFailures: Number(env.LOGIN_LIMIT_IP ?? DEFAULT_LOGIN_LIMITS.ipFailures),
      accountFailures: Number(env.LOGIN_LIMIT_ACCOUNT ?? DEFAULT_LOGIN_LIMITS.accountFailures),
      globalFailures: Number(env.LOGIN_LIMIT_GLOBAL ?? DEFAULT_LOGIN_LIMITS.globalFailures),
    },
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    cookieSecret: env.COOKIE_SECRET || overrides.cookieSecret || persistentSecret(dataDir, 'cookie'),
    jobs: env.JOBS !== 'off',
    hubFlushMs: Number(env.HUB_FLUSH_MS ?? 5),
    appVersion: env.APP_VERSION || CLIENT_VERSION,
    defaultPlan: env.DEFAULT_PLAN || 'essential',
    defaultWorkspaces: Math.max(1, Number.parseInt(env.DEFAULT_WORKSPACES ?? '', 10) || 1),
    fontServiceUrl: env.FONT_SERVICE_URL || 'https://fonts.googleapis.com/css2?family={family}&display=swap',
    fetchPrivateHosts: env.FETCH_PRIVATE_HOSTS === 'true',
    limits: limitsFromEnv(env),
    billing: {
      stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      stripeApiUrl: env.STRIPE_API_URL || undefined,
      stripeCardEntry: env.STRIPE_CARD_ENTRY === 'hosted' || env.STRIPE_CARD_ENTRY === 'test' ? env.STRIPE_CARD_ENTRY : undefined,
      graceDays: Number(env.BILLING_GRACE_DAYS ?? 3),
      renewalMinutes: Number(env.BILLING_RENEWAL_MINUTES ?? 5),
      ethRecipient: env.ETH_RECIPIENT || undefined,
      ethRpcUrl: env.ETH_RPC_URL || undefined,
      ethUsdRate: env.ETH_USD_RATE || undefined,
      ethConfirmations: Math.max(1, Number.parseInt(env.ETH_CONFIRMATIONS ?? '', 10) || 1),
      ethQuoteMinutes: Math.max(1, Number.parseInt(env.ETH_QUOTE_MINUTES ?? '', 10) || 30),
    },
    adminEmails: (env.ADMIN_EMAILS ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    vapid: overrides.vapid ?? vapidConfig(env, dataDir, port),
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

/**
 * VAPID keys from the environment (both keys), else a P-256 pair made once and kept under
 * DATA_DIR (vapid.json), so browsers' push subscriptions survive restarts. Several nodes must
 * share one pair: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY. The subject defaults to PUBLIC_URL
 * when it is https, else a mailto: of MAIL_FROM's address.
 */
function vapidConfig(env: NodeJS.ProcessEnv, dataDir: string, port: number): VapidConfig {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const mailAddress = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? (env.MAIL_FROM?.includes('@') ? env.MAIL_FROM.trim() : 'no-reply@tabula.local');
  const subject = env.VAPID_SUBJECT || (publicUrl.startsWith('https:') ? publicUrl : `mailto:${mailAddress}`);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.join(dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    if (kept.publicKey && kept.privateKey) return { ...kept, subject };
  } catch {
    // none kept yet: make one below
  }
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const pair = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return { ...pair, subject };
}
