import Joi from 'joi';
import proxyaddr from 'proxy-addr';
import { isAddress } from 'viem';
import { FREE_PLAN, parseEtherRate, PLAN_CODES } from '../shared/billing';
import { CLIENT_VERSION } from '../shared/constants';
import { DEFAULT_LIMITS, parseBudget, type Budget } from './core/limits';

/**
 * Every environment variable the platform reads, declared once: its joi rule, default, what is
 * allowed and what it means. platform/config.ts validates the environment against it at start
 * (validateEnv: every bad variable at once, a ConfigError naming each), and
 * scripts/config-docs.ts writes the table of docs/configuration.md from it (tests/unit/config-docs.test.ts
 * fails when the two differ). A new variable is added here first, with its description.
 *
 * An empty value is the same as unset (the default applies), except REDIS_PREFIX where an empty
 * value means "no prefix". Unknown variables are ignored.
 */

/** Login limits; windows and blocks in seconds (docs/security.md "Login, enumeration and passwords"). Re-exported by platform/config.ts. */
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

/* ---------------- rules: a joi schema and what it allows, in words ---------------- */

/**
 * How a value is shown in an error: 'value' never (a secret: `(hidden)`), 'password' with the
 * password of its URL replaced by `(hidden)`.
 */
export type Hide = 'value' | 'password';

/** A joi schema for one variable's text, and what it allows in words (markdown; "must be …" in errors). */
export interface Rule<T> {
  joi: Joi.Schema;
  allowed: string;
  hide?: Hide;
  /** phantom: the type of the validated value */
  readonly type?: T;
}

const range = (min: number, max?: number) => (max === undefined ? `${min} or more` : `${min}–${max}`);

/** A whole number min…max; `unit` names what it counts ('an integer number of seconds (1–86400)'). */
function integer(min: number, max?: number, unit?: string): Rule<number> {
  let joi = Joi.number().integer().min(min);
  if (max !== undefined) joi = joi.max(max);
  return { joi, allowed: `an integer${unit ? ` number of ${unit}` : ''} (${range(min, max)})` };
}

/** Any text (secret: never shown in errors). */
function text(allowed = 'any text', hide?: Hide): Rule<string> {
  return { joi: Joi.string(), allowed, hide };
}

function oneOf<T extends string>(values: readonly T[]): Rule<T> {
  return { joi: Joi.string().valid(...values), allowed: `one of ${values.map((v) => `\`${v}\``).join(', ')}` };
}

/** A URL of one of these schemes; its password (if any) is never shown in errors. */
function url(schemes: string[]): Rule<string> {
  const names = schemes.map((s) => `\`${s}://\``);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return { joi: Joi.string().uri({ scheme: schemes }), allowed: `a URL starting ${list}`, hide: 'password' };
}

/** A string checked (and possibly converted) by `check`, which throws or returns false on a bad value. */
function checked<T>(allowed: string, check: (value: string) => T | false, hide?: Hide): Rule<T> {
  const joi = Joi.string().custom((value: string, helpers) => {
    let out: T | false;
    try {
      out = check(value);
    } catch {
      out = false;
    }
    return out === false ? helpers.error('any.invalid') : out;
  });
  return { joi, allowed, hide };
}

const boolean: Rule<boolean> = { joi: Joi.boolean().sensitive(), allowed: '`true` or `false`' };

/** 'points/seconds' (platform/core/limits.ts parseBudget); blank: the default. */
const budget = (name: string, fallback: Budget): Rule<Budget> =>
  checked('`points/seconds`, e.g. `250/5` (points 1 or more, seconds above 0)', (v) => parseBudget(name, v, fallback));

/** Comma-separated items, each checked by `item`; blanks dropped. */
function list(allowed: string, item: (value: string) => boolean, map: (value: string) => string = (v) => v): Rule<string[]> {
  return checked(allowed, (v) => {
    const items = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return items.every(item) ? items.map(map) : false;
  });
}

const base64urlBytes = (bytes: number) => (v: string) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes;

const budgetText = (b: Budget) => `${b.points}/${b.windowMs / 1000}`;

/* ---------------- the variables ---------------- */

export interface EnvVar<T = unknown, D extends boolean = boolean> {
  /** the joi schema of the variable: empty = unset, then the default */
  joi: Joi.Schema;
  /** what is allowed, in words (markdown) */
  allowed: string;
  /** the default, applied by joi; absent when the default is worked out in loadConfig (defaultText says how) */
  default?: T;
  /** the default in the docs (markdown) */
  defaultText: string;
  /** one line: what it does (markdown) */
  description: string;
  hide?: Hide;
  /** phantom: whether the validated value is always set */
  readonly hasDefault?: D;
}

interface Spec {
  description: string;
  defaultText?: string;
  /** '' is a value of its own, not "unset" */
  emptyIsValue?: boolean;
}

function envVar<T>(rule: Rule<T>, spec: Spec & { default: T }): EnvVar<T, true>;
function envVar<T>(rule: Rule<T>, spec: Spec & { defaultText: string }): EnvVar<T, false>;
function envVar<T>(rule: Rule<T>, spec: Spec & { default?: T }): EnvVar<T> {
  let joi = spec.emptyIsValue ? rule.joi : rule.joi.empty('');
  if (spec.default !== undefined) joi = joi.default(spec.default);
  joi = joi.description(spec.description);
  const shown = spec.defaultText ?? `\`${String(spec.default)}\``;
  return { joi, allowed: rule.allowed, default: spec.default, defaultText: shown, description: spec.description, hide: rule.hide };
}

const NONE = '—';
const L = DEFAULT_LIMITS;
const G = DEFAULT_LOGIN_LIMITS;

/** The variables, in the order of docs/configuration.md. */
export const ENV = {
  PORT: envVar(integer(0, 65_535), { default: 3000, description: 'HTTP and websocket port (`0`: any free port)' }),
  HOST: envVar(
    { ...text(), joi: Joi.string().hostname(), allowed: 'a host name or IP address' },
    { default: '0.0.0.0', description: 'interface to listen on' },
  ),
  DATA_DIR: envVar(text('a directory path'), {
    defaultText: '`./data`',
    description: 'embedded database (`pgdata/`), generated secrets (`*.secret`), Web Push keys (`vapid.json`), logs',
  }),
  DATABASE_URL: envVar(url(['postgres', 'postgresql']), {
    defaultText: NONE,
    description:
      '`postgres://user:pass@host:5432/db`: a real PostgreSQL instead of the embedded one (special characters of the user and password percent-encoded)',
  }),
  DATABASE_POOL_MAX: envVar(integer(1, 1000), { default: 10, description: 'PostgreSQL pool size per node' }),
  REDIS_URL: envVar(url(['redis', 'rediss']), {
    defaultText: NONE,
    description: '`redis://host:6379`: Redis fan-out and presence, required for more than one node',
  }),
  REDIS_PREFIX: envVar(
    {
      joi: Joi.string()
        .allow('')
        .pattern(/^[A-Za-z0-9:_.-]{0,64}$/),
      allowed: 'up to 64 of `A–Z a–z 0–9 : _ . -` (empty: no prefix)',
    },
    {
      default: 'tabula:',
      emptyIsValue: true,
      description: 'prefix of every Redis key and channel, so several installs can share one Redis',
    },
  ),
  SHUTDOWN_TIMEOUT_MS: envVar(integer(1000, 120_000, 'milliseconds'), {
    default: 10_000,
    description: 'how long a stopping node drains (SIGINT, SIGTERM) before it is forced to exit',
  }),
  PUBLIC_URL: envVar(url(['http', 'https']), {
    defaultText: '`http://localhost:$PORT`',
    description: 'the address people use: links in mails, OAuth callback, popup origin (a trailing `/` is dropped)',
  }),
  SMTP_URL: envVar(url(['smtp', 'smtps']), {
    defaultText: NONE,
    description:
      '`smtp://user:pass@host:587` (or `smtps://`); without it every mail is stored (status `stored`) for operators to read in the back-office Outbox (/panel/outbox) and logged',
  }),
  MAIL_FROM: envVar(
    checked('`Name <address>` or `address`', (v) => /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(v.trim()) && v),
    { default: 'Tabula <no-reply@tabula.local>', description: 'sender address' },
  ),
  VAPID_PUBLIC_KEY: envVar(
    checked('65 bytes in base64url (no `=`)', (v) => base64urlBytes(65)(v) && v),
    {
      defaultText: 'made once, kept in `DATA_DIR/vapid.json`',
      description:
        "the public key of the Web Push (desktop notification) key pair (`npx web-push generate-vapid-keys`); used only when `VAPID_PRIVATE_KEY` is set too, the same on every node. Changing the pair invalidates every browser's push subscription",
    },
  ),
  VAPID_PRIVATE_KEY: envVar(
    checked('32 bytes in base64url (no `=`)', (v) => base64urlBytes(32)(v) && v, 'value'),
    {
      defaultText: 'made once, kept in `DATA_DIR/vapid.json`',
      description: 'the private key of the Web Push key pair; used only when `VAPID_PUBLIC_KEY` is set too, the same on every node',
    },
  ),
  VAPID_SUBJECT: envVar(
    checked('an `https:` or `mailto:` URL', (v) => {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'mailto:') && v;
    }),
    {
      defaultText: '`PUBLIC_URL` when https, else `mailto:` + the `MAIL_FROM` address',
      description: 'the contact push services see in the VAPID token',
    },
  ),
  ACCESS_TOKEN_SECRET: envVar(text('any text (48+ random characters advised)', 'value'), {
    defaultText: 'generated in `DATA_DIR/access.secret`',
    description: 'HS256 secret of access tokens; the same value on every node',
  }),
  COOKIE_SECRET: envVar(
    {
      // Google sign-in seals its state cookie with it (@hapi/iron: 32 characters at least)
      joi: Joi.string().when('GOOGLE_CLIENT_ID', { is: Joi.exist(), then: Joi.string().min(32) }),
      allowed: 'any text, 32 characters or more when `GOOGLE_CLIENT_ID` is set (48+ random characters advised)',
      hide: 'value',
    } as Rule<string>,
    {
      defaultText: 'generated in `DATA_DIR/cookie.secret`',
      description: 'secret of the OAuth state cookie and the device cookies; the same value on every node',
    },
  ),
  ACCESS_TOKEN_TTL: envVar(integer(1, 86_400, 'seconds'), { default: 900, description: 'access-token lifetime' }),
  REFRESH_TOKEN_TTL_DAYS: envVar(integer(1, 3650, 'days'), {
    default: 30,
    description: 'refresh-token lifetime; refresh tokens rotate on every use',
  }),
  REFRESH_REUSE_GRACE_SECONDS: envVar(integer(0, 3600, 'seconds'), {
    default: 30,
    description:
      'a rotated refresh token presented again within this many seconds answers its successor again (two tabs refreshing at once); after it, the reuse revokes the token\'s family (docs/security.md "Sessions and tokens")',
  }),
  ACCESS_TOKEN_LEEWAY_SECONDS: envVar(integer(0, 300, 'seconds'), {
    default: 5,
    description: "clock leeway when checking an access token's expiry, over HTTP and on every hub call",
  }),
  GOOGLE_CLIENT_ID: envVar(text(), {
    defaultText: NONE,
    description: 'with `GOOGLE_CLIENT_SECRET`, enables "Sign in with Google" (`GET /api/connect/google`)',
  }),
  GOOGLE_CLIENT_SECRET: envVar(text('any text', 'value'), {
    defaultText: NONE,
    description: 'the OAuth client secret of `GOOGLE_CLIENT_ID`',
  }),
  GOOGLE_AUTH_URL: envVar(url(['http', 'https']), {
    defaultText: "Google's endpoint",
    description: 'override of the OAuth authorization endpoint (the tests point it at a local OAuth 2 server)',
  }),
  GOOGLE_TOKEN_URL: envVar(url(['http', 'https']), {
    defaultText: "Google's endpoint",
    description: 'override of the OAuth token endpoint',
  }),
  GOOGLE_PROFILE_URL: envVar(url(['http', 'https']), {
    defaultText: "Google's endpoint",
    description: 'override of the OAuth profile endpoint',
  }),
  LOG_LEVEL: envVar(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const), {
    default: 'info',
    description: 'pino level of stdout and the log files',
  }),
  LOG_DIR: envVar(text('a directory path'), {
    defaultText: '`DATA_DIR/logs`',
    description:
      'per-level log files `FatalLogs.log`, `ErrorLogs.log`, `WarningLogs.log`, `InfoLogs.log`, `DebugLogs.log`, `TraceLogs.log` (trace lines when `LOG_LEVEL=trace`)',
  }),
  RATE_LIMIT_MAX: envVar(integer(1, 1_000_000), {
    default: 10,
    description:
      'recovery requests and password resets per client address and e-mail per window (shared through Redis when `REDIS_URL` is set)',
  }),
  RATE_LIMIT_WINDOW_MS: envVar(integer(1000, 86_400_000, 'milliseconds'), {
    default: 60_000,
    description: 'the window of `RATE_LIMIT_MAX`',
  }),
  LOGIN_LIMIT_IP: envVar(integer(1, 1_000_000_000), {
    default: G.ipFailures,
    description:
      'failed logins per client address per 15 min, then that address is refused for 15 min (docs/security.md "Login, enumeration and passwords")',
  }),
  LOGIN_LIMIT_ACCOUNT: envVar(integer(1, 1_000_000_000), {
    default: G.accountFailures,
    description: 'failed logins per account per hour from devices that never signed in to it; a known device (device cookie) is exempt',
  }),
  LOGIN_LIMIT_GLOBAL: envVar(integer(1, 1_000_000_000), {
    default: G.globalFailures,
    description: 'failed logins on the whole platform per 5 min from unknown devices (credential stuffing)',
  }),
  TRUSTED_PROXIES: envVar(
    list('comma-separated addresses, CIDRs, `loopback`, `linklocal`, `uniquelocal`', (v) => {
      proxyaddr.compile(v);
      return true;
    }),
    {
      default: [],
      defaultText: NONE,
      description:
        "proxies whose `X-Forwarded-For` is believed; without it the socket's address is the client's. Set it behind a load balancer, or every client shares its address",
    },
  ),
  HUB_FLUSH_MS: envVar(integer(0, 1000, 'milliseconds'), {
    default: 5,
    description:
      'least time between two flushes of a node\'s websocket writes: a busy board\'s events of that long leave in one write per socket (fewer system calls; see docs/architecture.md "Delivery"); `0` writes at the end of every event-loop turn',
  }),
  APP_VERSION: envVar(text(), {
    default: CLIENT_VERSION,
    defaultText: "the build's version (`CLIENT_VERSION`)",
    description:
      "the version boards are told when they join; a board page of another version shows 'A new Tabula version is available' with Update. Set it when you deploy a new build behind pages that may still be open",
  }),
  DEFAULT_PLAN: envVar(oneOf(PLAN_CODES), {
    default: FREE_PLAN,
    description:
      'the plan of every account without a plan of its own (board.md §6 "Policies by plan"). A self-hosted install with no payment gateway sets `team` or `teamplus` so its own people reach the plan-gated features (highlighter, frames, comments, private mode, Facilitator…); a plan set on an account wins (platform/users/plan.ts)',
  }),
  DEFAULT_WORKSPACES: envVar(integer(1, 1_000_000), {
    default: 1,
    description:
      'how many workspaces an account without a quantity of its own may own (the `qty` claim; anything but 1 gives the multi-workspace policy). A self-hosted install sets e.g. `10` so its people can make workspaces per team; a quantity bought or set on the account wins (platform/users/plan.ts `qtyOf`)',
  }),
  FONT_SERVICE_URL: envVar(
    checked('a URL starting `http://` or `https://`, containing `{family}`', (v) => {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && v.includes('{family}') && v;
    }),
    {
      default: 'https://fonts.googleapis.com/css2?family={family}&display=swap',
      description:
        'where a workspace font given by name is looked up (`{family}` is replaced); the server fetches it once and serves the font itself',
    },
  ),
  FETCH_PRIVATE_HOSTS: envVar(boolean, {
    default: false,
    description:
      'let the server\'s own fetches (workspace fonts) reach loopback and private addresses — for tests and closed networks only (docs/security.md "Outbound requests")',
  }),
  LIMIT_COMMANDS_SOCKET: envVar(budget('LIMIT_COMMANDS_SOCKET', L.commandsPerSocket), {
    default: L.commandsPerSocket,
    defaultText: `\`${budgetText(L.commandsPerSocket)}\``,
    description:
      'board commands (hub `sendCommand`) per socket per window (docs/security.md "Abuse limits"); past it a 429 the board client retries',
  }),
  LIMIT_COMMANDS_USER: envVar(budget('LIMIT_COMMANDS_USER', L.commandsPerUser), {
    default: L.commandsPerUser,
    defaultText: `\`${budgetText(L.commandsPerUser)}\``,
    description:
      'board commands per user (hub and HTTP `POST /api/boards/{code}/commands`, every socket and node of that user; shared through Redis when `REDIS_URL` is set)',
  }),
  LIMIT_CHAT: envVar(budget('LIMIT_CHAT', L.chat), {
    default: L.chat,
    defaultText: `\`${budgetText(L.chat)}\``,
    description: 'chat messages (`sendMessage`) per socket and per user',
  }),
  LIMIT_COMMENTS: envVar(budget('LIMIT_COMMENTS', L.comments), {
    default: L.comments,
    defaultText: `\`${budgetText(L.comments)}\``,
    description: 'comments (`addComment`) per socket and per user',
  }),
  LIMIT_LOGS: envVar(budget('LIMIT_LOGS', L.logs), {
    default: L.logs,
    defaultText: `\`${budgetText(L.logs)}\``,
    description: 'client, usage and performance log records (`POST /api/logs/*`) per signed-in user, or per client address when anonymous',
  }),
  LIMIT_GUEST_COMMANDS_ADDRESS: envVar(budget('LIMIT_GUEST_COMMANDS_ADDRESS', L.guestCommandsPerAddress), {
    default: L.guestCommandsPerAddress,
    defaultText: `\`${budgetText(L.guestCommandsPerAddress)}\``,
    description:
      'board commands of guests (no token; hub and HTTP) per client address per window, whatever uids they use (behind `TRUSTED_PROXIES`; shared through Redis when `REDIS_URL` is set); sized for a classroom of 30 behind one NAT',
  }),
  LIMIT_COMMANDS_BOARD: envVar(budget('LIMIT_COMMANDS_BOARD', L.commandsPerBoard), {
    default: L.commandsPerBoard,
    defaultText: `\`${budgetText(L.commandsPerBoard)}\``,
    description:
      'board commands per board per window, from everyone on it (hub and HTTP; shared through Redis when `REDIS_URL` is set); past it a 429 the board client retries',
  }),
  LIMIT_HUB_OPENS_ADDRESS: envVar(budget('LIMIT_HUB_OPENS_ADDRESS', L.hubOpensPerAddress), {
    default: L.hubOpensPerAddress,
    defaultText: `\`${budgetText(L.hubOpensPerAddress)}\``,
    description:
      'hub websockets opened per client address per window (behind `TRUSTED_PROXIES`; shared through Redis); past it the upgrade is answered 429 with Retry-After',
  }),
  LIMIT_HUB_SOCKETS_ADDRESS: envVar(integer(1, 1_000_000), {
    default: L.hubSocketsPerAddress,
    description:
      'hub websockets open at once per client address, on all nodes (behind `TRUSTED_PROXIES`; shared through Redis); past it the upgrade is answered 429',
  }),
  LIMIT_HUB_FRAMES: envVar(budget('LIMIT_HUB_FRAMES', L.hubFrames), {
    default: L.hubFrames,
    defaultText: `\`${budgetText(L.hubFrames)}\``,
    description:
      "websocket frames of any kind per socket; past it a 429, past twice it the socket's frames are dropped unread until the window ends",
  }),
  BOARD_COMMAND_MAX_BYTES: envVar(integer(1), {
    default: L.commandMaxBytes,
    description:
      'the largest command (bytes of its JSON); larger is a 400 saying so. Requests and hub frames are capped at 4 MiB (`PAYLOAD_MAX_BYTES`) whatever this says',
  }),
  BOARD_MAX_SHAPES: envVar(integer(1), {
    default: L.boardMaxShapes,
    description: 'live shapes on one board; a command that would add more is a 400 saying the board is full',
  }),
  ADMIN_EMAILS: envVar(
    list(
      'comma-separated e-mail addresses',
      (v) => /^[^\s@,]+@[^\s@,]+$/.test(v),
      (v) => v.toLowerCase(),
    ),
    {
      default: [],
      defaultText: NONE,
      description:
        'addresses whose accounts are operators (platform role Admin): existing accounts get the role when the node starts, others when they sign in; each grant is in the operator audit trail. An address someone else could register first is a risk: prefer `npm run admin -- grant` (docs/operations.md "Operators", docs/backoffice.md)',
    },
  ),
  STRIPE_SECRET_KEY: envVar(
    checked(
      'a Stripe secret or restricted key (`sk_live_…`, `sk_test_…`, `rk_…`)',
      (v) => /^(sk|rk)_(test|live)_\S+$/.test(v) && v,
      'value',
    ),
    {
      defaultText: NONE,
      description:
        "turns on card payments through Stripe (docs/billing.md); without it there is no payment gateway: checkout answers 'Payments are not configured on this server.' and operators assign plans",
    },
  ),
  STRIPE_WEBHOOK_SECRET: envVar(
    checked('a Stripe signing secret (`whsec_…`)', (v) => /^whsec_\S+$/.test(v) && v, 'value'),
    {
      defaultText: NONE,
      description:
        'the signing secret of the Stripe webhook endpoint `POST /api/billing/stripe/webhook`; events with another signature are refused',
    },
  ),
  STRIPE_PUBLISHABLE_KEY: envVar(
    checked('a Stripe publishable key (`pk_live_…`, `pk_test_…`)', (v) => /^pk_(test|live)_\S+$/.test(v) && v, 'value'),
    {
      defaultText: NONE,
      description: 'handed to the browser with each test-mode card payment (not needed for hosted card entry)',
    },
  ),
  STRIPE_API_URL: envVar(url(['http', 'https']), {
    defaultText: "Stripe's API",
    description: "another address for the Stripe SDK's calls (a proxy, or a local stand-in in tests)",
  }),
  STRIPE_CARD_ENTRY: envVar(
    {
      // docs/billing.md "Card entry": another value is ignored (the default applies)
      joi: Joi.string().custom((v: string) => (v === 'hosted' || v === 'test' ? v : undefined)),
      allowed: '`hosted` or `test` (another value is ignored: the default applies)',
    } as Rule<'hosted' | 'test'>,
    {
      defaultText: '`test` for an `sk_test_` key, else `hosted`',
      description:
        'how customers enter a card (docs/billing.md "Card entry"): `hosted` sends them to Stripe Checkout\'s payment page (no card data on our pages; `PUBLIC_URL` must be their address, they come back to `/panel/checkout`); `test` confirms Stripe\'s test payment methods (`pm_card_visa`, `pm_card_chargeDeclined`) chosen in the form',
    },
  ),
  BILLING_GRACE_DAYS: envVar(integer(0, 365, 'days'), {
    default: 3,
    description:
      'days a subscription stays valid after its period ends unpaid (the renewal job retries a declined card meanwhile, then expires it)',
  }),
  BILLING_RENEWAL_MINUTES: envVar(integer(1, 1440, 'minutes'), {
    default: 5,
    description: 'how often the renewal job runs (once across the nodes: docs/operations.md "Jobs")',
  }),
  ETH_RECIPIENT: envVar(
    checked('an Ethereum address (`0x` + 40 hex digits; mixed case must be a valid checksum)', (v) => isAddress(v) && v),
    {
      defaultText: NONE,
      description:
        'the Ethereum address Ether payments go to (docs/billing.md "Ether"); Ether is offered when this, `ETH_RPC_URL` and `ETH_USD_RATE` are all set',
    },
  ),
  ETH_RPC_URL: envVar(url(['http', 'https']), {
    defaultText: NONE,
    description:
      "a JSON-RPC endpoint of the same chain (your node, or a provider's URL) the server reads transactions from to verify payments",
  }),
  ETH_USD_RATE: envVar(
    checked('a positive decimal: up to 12 digits, then up to 8 decimals (`3150.25`)', (v) => parseEtherRate(v) !== null && v),
    {
      defaultText: NONE,
      description: 'the fixed price of one ether in US dollars; invoices are quoted in wei at this rate; no price feed is called',
    },
  ),
  ETH_CONFIRMATIONS: envVar(integer(1, 1000, 'blocks'), {
    default: 1,
    description: 'blocks a payment transaction needs (its own included) before its order is finalized',
  }),
  ETH_QUOTE_MINUTES: envVar(integer(1, 1440, 'minutes'), {
    default: 30,
    description: 'how long an Ether quote holds: a payment mined after it is refused',
  }),
  JOBS: envVar({ joi: Joi.string().custom((v: string) => v !== 'off'), allowed: '`off`, or anything else for on' } as Rule<boolean>, {
    default: true,
    defaultText: 'on',
    description:
      '`off`: this node runs no scheduled jobs (board disposal, billing renewal, asset sweep…; docs/operations.md "Jobs"); it still runs the admin actions asked of it',
  }),
  NODE_ENV: envVar(text(), {
    defaultText: NONE,
    description: '`test` (set by the test runner) makes `RESPONSE_CHECK` default to `strict`; nothing else reads it',
  }),
  RESPONSE_CHECK: envVar(oneOf(['strict', 'log'] as const), {
    defaultText: '`strict` when `NODE_ENV=test`, else `log`',
    description:
      'what an answer that does not match its route\'s response schema does (docs/api.md "Wire types"): `strict` refuses it (a 500: the tests\' mode, an undeclared field fails them), `log` logs a warning and sends it as it is (production: a schema slip never costs a 500)',
  }),
  DIST_DIR: envVar(text('a directory path'), { defaultText: '`./dist`', description: 'where the built browser apps are served from' }),
  S3_BUCKET: envVar(text('a bucket name'), {
    defaultText: NONE,
    description:
      'uploaded pictures go to this S3-compatible bucket (needed for more than one node); without it they are files under `DATA_DIR/assets` (docs/assets.md)',
  }),
  S3_ENDPOINT: envVar(url(['http', 'https']), {
    defaultText: 'AWS',
    description: 'the S3 endpoint of another provider (MinIO, Ceph, R2…): `https://s3.example.com`',
  }),
  S3_REGION: envVar(text('a region name'), { default: 'us-east-1', description: "the bucket's region" }),
  S3_ACCESS_KEY_ID: envVar(text('an access key id'), {
    defaultText: 'the AWS default chain',
    description: 'the access key of the bucket (with `S3_SECRET_ACCESS_KEY`); without both the AWS default credentials apply',
  }),
  S3_SECRET_ACCESS_KEY: envVar(text('a secret key', 'value'), { defaultText: NONE, description: 'the secret of `S3_ACCESS_KEY_ID`' }),
  S3_FORCE_PATH_STYLE: envVar(oneOf(['true', 'false'] as const), {
    default: 'false',
    description: '`true` addresses the bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted stores need',
  }),
};

export type EnvName = keyof typeof ENV;

/** The environment after validation: numbers, booleans, lists and budgets converted; defaults applied. */
export type EnvValues = { [K in EnvName]: (typeof ENV)[K] extends EnvVar<infer T, infer D> ? (D extends true ? T : T | undefined) : never };

/** Every variable with its name, in the order of the docs. */
export const ENV_VARS: ReadonlyArray<EnvVar & { name: EnvName }> = (Object.keys(ENV) as EnvName[]).map((name) => ({
  name,
  ...(ENV[name] as EnvVar),
}));

/** The joi schema of the whole environment; variables it does not know are ignored. */
export const envSchema = Joi.object(Object.fromEntries(ENV_VARS.map((v) => [v.name, v.joi]))).unknown(true);

/* ---------------- errors ---------------- */

/** One invalid variable: its name, its value as it may be shown, and what is allowed (plain text). */
export interface ConfigProblem {
  name: string;
  shown: string;
  allowed: string;
}

/**
 * The environment is not valid: one line per bad variable, e.g.
 * `ACCESS_TOKEN_TTL="15m" is not valid: must be an integer number of seconds (1–86400)`.
 * Secrets are never shown (`(hidden)`), nor passwords in URLs. platform/main.ts prints it and exits 78 (EX_CONFIG).
 */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];
  constructor(problems: readonly ConfigProblem[]) {
    super(problems.map((p) => `${p.name}${p.shown} is not valid: must be ${p.allowed}`).join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export const HIDDEN = '(hidden)';

/** A URL with the password of its user info replaced by `(hidden)` (everything between the user's ':' and the last '@'). */
export function hidePassword(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const scheme = value.indexOf('://');
  const colon = value.indexOf(':', scheme >= 0 ? scheme + 3 : 0);
  if (colon < 0 || colon > at) return value;
  return `${value.slice(0, colon + 1)}${HIDDEN}${value.slice(at)}`;
}

/** `="value"` as it may be shown, or `=(hidden)`. */
function shownValue(v: { hide?: Hide }, value: unknown): string {
  if (v.hide === 'value') return `=${HIDDEN}`;
  const text = typeof value === 'string' ? value : String(value);
  return `=${JSON.stringify(v.hide === 'password' ? hidePassword(text) : text)}`;
}

const plain = (markdown: string) => markdown.replace(/`/g, '');

/**
 * The environment checked against the schema, every error at once: the converted values, or a
 * ConfigError naming each bad variable.
 */
export function validateEnv(env: Record<string, string | undefined>): EnvValues {
  const { value, error } = envSchema.validate(env, { abortEarly: false, convert: true });
  if (error) {
    const problems: ConfigProblem[] = [];
    const seen = new Set<string>();
    for (const detail of error.details) {
      const name = String(detail.path[0]);
      const v = (ENV as Record<string, EnvVar>)[name];
      if (!v || seen.has(name)) continue;
      seen.add(name);
      problems.push({ name, shown: shownValue(v, env[name]), allowed: plain(v.allowed) });
    }
    if (!problems.length) throw new ConfigError([{ name: 'environment', shown: '', allowed: error.message }]);
    throw new ConfigError(problems);
  }
  return value as EnvValues;
}
