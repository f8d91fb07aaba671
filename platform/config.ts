import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AbuseLimits } from './core/limits';
import { ConfigError, DEFAULT_LOGIN_LIMITS, validateEnv, type EnvValues, type LoginLimits } from './config-schema';
import type { S3Settings } from './assets/s3-storage';

export { ConfigError, DEFAULT_LOGIN_LIMITS, type LoginLimits };

/**
 * Everything the platform reads from the environment, in one place. Each variable is declared in
 * platform/config-schema.ts (rule, default, meaning; docs/configuration.md is generated from it)
 * and checked at start: loadConfig throws a ConfigError naming every invalid one.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of every Redis key and channel (REDIS_PREFIX, default 'tabula:'), so several installs can share one Redis. */
  redisPrefix: string;
  /** How long a stopping node drains (SHUTDOWN_TIMEOUT_MS, default 10000) before it is forced to exit. */
  shutdownTimeoutMs: number;
  /** Where uploaded pictures are kept: an S3-compatible bucket (S3_*), else files under DATA_DIR/assets (docs/assets.md). */
  assets: { dir: string; s3?: S3Settings };
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
  /** RESPONSE_CHECK: an answer off its response schema is refused ('strict', the tests) or logged and sent ('log', production). */
  responseCheck: 'strict' | 'log';
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

/**
 * The configuration from the environment (validated against platform/config-schema.ts: a
 * ConfigError names every invalid variable; unknown ones are ignored), then `overrides` (tests).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = validateEnv(env);
  const port = e.PORT;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(root, 'data'));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const secret = e.ACCESS_TOKEN_SECRET || overrides.accessTokenSecret || persistentSecret(dataDir, 'access');
  return {
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    assets: {
      dir: path.join(dataDir, 'assets'),
      ...(e.S3_BUCKET
        ? {
            s3: {
              bucket: e.S3_BUCKET,
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            },
          }
        : {}),
    },
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    accessTokenSecret: secret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    accessTokenLeewaySeconds: e.ACCESS_TOKEN_LEEWAY_SECONDS,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    googleAuthUrl: e.GOOGLE_AUTH_URL,
    googleTokenUrl: e.GOOGLE_TOKEN_URL,
    googleProfileUrl: e.GOOGLE_PROFILE_URL,
    logDir: path.resolve(e.LOG_DIR ?? path.join(dataDir, 'logs')),
    logLevel: e.LOG_LEVEL,
    distDir: path.resolve(e.DIST_DIR ?? path.join(root, 'dist')),
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    loginLimits: {
      ...DEFAULT_LOGIN_LIMITS,
      ipFailures: e.LOGIN_LIMIT_IP,
      accountFailures: e.LOGIN_LIMIT_ACCOUNT,
      globalFailures: e.LOGIN_LIMIT_GLOBAL,
    },
    trustedProxies: e.TRUSTED_PROXIES,
    cookieSecret: e.COOKIE_SECRET || overrides.cookieSecret || persistentSecret(dataDir, 'cookie'),
    jobs: e.JOBS,
    responseCheck: e.RESPONSE_CHECK ?? (e.NODE_ENV === 'test' ? 'strict' : 'log'),
    hubFlushMs: e.HUB_FLUSH_MS,
    appVersion: e.APP_VERSION,
    defaultPlan: e.DEFAULT_PLAN,
    defaultWorkspaces: e.DEFAULT_WORKSPACES,
    fontServiceUrl: e.FONT_SERVICE_URL,
    fetchPrivateHosts: e.FETCH_PRIVATE_HOSTS,
    limits: {
      hubFrames: e.LIMIT_HUB_FRAMES,
      commandsPerSocket: e.LIMIT_COMMANDS_SOCKET,
      commandsPerUser: e.LIMIT_COMMANDS_USER,
      chat: e.LIMIT_CHAT,
      comments: e.LIMIT_COMMENTS,
      logs: e.LIMIT_LOGS,
      guestCommandsPerAddress: e.LIMIT_GUEST_COMMANDS_ADDRESS,
      commandsPerBoard: e.LIMIT_COMMANDS_BOARD,
      hubOpensPerAddress: e.LIMIT_HUB_OPENS_ADDRESS,
      hubSocketsPerAddress: e.LIMIT_HUB_SOCKETS_ADDRESS,
      commandMaxBytes: e.BOARD_COMMAND_MAX_BYTES,
      boardMaxShapes: e.BOARD_MAX_SHAPES,
    },
    billing: {
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
      stripeApiUrl: e.STRIPE_API_URL,
      stripeCardEntry: e.STRIPE_CARD_ENTRY,
      graceDays: e.BILLING_GRACE_DAYS,
      renewalMinutes: e.BILLING_RENEWAL_MINUTES,
      ethRecipient: e.ETH_RECIPIENT,
      ethRpcUrl: e.ETH_RPC_URL,
      ethUsdRate: e.ETH_USD_RATE,
      ethConfirmations: e.ETH_CONFIRMATIONS,
      ethQuoteMinutes: e.ETH_QUOTE_MINUTES,
    },
    adminEmails: e.ADMIN_EMAILS,
    vapid: overrides.vapid ?? vapidConfig(e, dataDir, publicUrl),
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
function vapidConfig(e: EnvValues, dataDir: string, publicUrl: string): VapidConfig {
  const mailFrom = e.MAIL_FROM;
  const mailAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? (mailFrom.includes('@') ? mailFrom.trim() : 'no-reply@tabula.local');
  const subject = e.VAPID_SUBJECT || (publicUrl.startsWith('https:') ? publicUrl : `mailto:${mailAddress}`);
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  const file = path.join(dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    if (kept.publicKey && kept.privateKey) return { ...kept, subject };
  } catch {
    // none kept yet: make one below
  }
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const pair = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return { ...pair, subject };
}
