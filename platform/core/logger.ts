import fs from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';

/**
 * JSON logs on stdout and, per level, in files under LOG_DIR that the back-office log
 * viewer reads: FatalLogs.log, ErrorLogs.log, WarningLogs.log, InfoLogs.log, DebugLogs.log,
 * TraceLogs.log (written when LOG_LEVEL is trace).
 *
 * Secrets never reach a log line (docs/security.md, "Headers and redirects"): values under
 * secret keys (authorization, cookies, passwords, tokens, client secrets, Uid/uid, recovery
 * codes) at any depth become '[redacted]', and strings are scrubbed of bearer tokens, JWTs,
 * recovery-link codes and secret query parameters — messages and errors included.
 */
export const LOG_FILES = {
  fatal: 'FatalLogs.log',
  error: 'ErrorLogs.log',
  warn: 'WarningLogs.log',
  info: 'InfoLogs.log',
  debug: 'DebugLogs.log',
  trace: 'TraceLogs.log',
} as const;

export const REDACTED = '[redacted]';

/** Keys whose values are secrets, compared without case, '-' and '_'. */
const SECRET_KEYS = new Set(
  [
    'authorization',
    'proxy-authorization',
    'cookie',
    'set-cookie',
    'password',
    'current',
    'currentPassword',
    'newPassword',
    'confirmPassword',
    'repeatPassword',
    'passwordHash',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'access_token',
    'refresh_token',
    'id_token',
    'bearer',
    'secret',
    'clientSecret',
    'client_secret',
    'cookieSecret',
    'accessTokenSecret',
    'apiKey',
    'uid',
    'uniqueUserId',
    'guestSecret',
    'secretUid',
    'resetCode',
    'recoveryCode',
    'invitationToken',
    'deviceToken',
  ].map((k) => normalizeKey(k)),
);

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

const STRING_SCRUBS: Array<[RegExp, string]> = [
  // Authorization: Bearer …
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // a JWT anywhere (three base64url parts, the first a JSON header)
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // recovery links: /accounts/reset-password/{code}/{email}
  [/(\/reset-password\/)[^/\s"'<>]+/gi, `$1${REDACTED}`],
  // secret parameters in a query string or fragment
  [
    /([?&#;](?:uid|token|access_?token|refresh_?token|id_?token|code|secret|client_?secret|invitation|password)=)[^&#\s"'<>]*/gi,
    `$1${REDACTED}`,
  ],
];

/** A string without the secrets it may carry. */
export function scrubString(value: string): string {
  let out = value;
  for (const [pattern, replacement] of STRING_SCRUBS) out = out.replace(pattern, replacement);
  return out;
}

const MAX_DEPTH = 10;

/** A copy of `value` with secret keys redacted and strings scrubbed, at any depth (to MAX_DEPTH). */
export function scrubValue(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(value);
  if (value instanceof Error) return scrubValue(pino.stdSerializers.err(value), depth + 1, seen);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1, seen));
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(normalizeKey(key)) && v !== undefined && v !== null && v !== '' ? REDACTED : scrubValue(v, depth + 1, seen);
  }
  return out;
}

/** pino options that scrub every log line (objects, messages, errors). */
export function scrubbingOptions(): Pick<pino.LoggerOptions, 'formatters' | 'hooks' | 'serializers'> {
  return {
    formatters: {
      log(object) {
        // errors under `err` go through the err serializer below (pino runs it after this)
        const { err, ...rest } = object as Record<string, unknown>;
        const scrubbed = scrubValue(rest) as Record<string, unknown>;
        return err === undefined ? scrubbed : { ...scrubbed, err };
      },
    },
    serializers: {
      err: (e: unknown) => scrubValue(e instanceof Error ? pino.stdSerializers.err(e) : e),
    },
    hooks: {
      logMethod(args, method) {
        const clean = args.map((a) => (typeof a === 'string' ? scrubString(a) : a));
        return method.apply(this, clean as Parameters<typeof method>);
      },
    },
  };
}

export function createLogger(options: { level: string; dir?: string; stdout?: boolean; destination?: pino.DestinationStream }): Logger {
  const streams: pino.StreamEntry[] = [];
  if (options.stdout !== false) streams.push({ level: options.level as pino.Level, stream: stdoutWhileOpen() });
  if (options.destination) streams.push({ level: options.level as pino.Level, stream: options.destination });
  if (options.dir) {
    fs.mkdirSync(options.dir, { recursive: true });
    for (const [level, file] of Object.entries(LOG_FILES)) {
      const dest = pino.destination({ dest: path.join(options.dir, file), sync: false, mkdir: true });
      streams.push({ level: level as pino.Level, stream: levelOnly(level as pino.Level, dest) });
    }
  }
  return pino(
    { level: options.level, base: { name: 'tabula' }, timestamp: pino.stdTimeFunctions.isoTime, ...scrubbingOptions() },
    pino.multistream(streams, { dedupe: false }),
  );
}

/**
 * stdout as long as someone reads it: once its pipe is gone (EPIPE: the terminal or the process
 * that read it ended) lines are dropped there — the log files still get them. Without this, a
 * write to the broken pipe raised an error whose own log line hit the same pipe, in a loop.
 */
let stdoutOpen: boolean | undefined;
function stdoutWhileOpen(): pino.DestinationStream {
  if (stdoutOpen === undefined) {
    stdoutOpen = true;
    process.stdout.on('error', () => {
      stdoutOpen = false;
    });
  }
  return {
    write(line: string) {
      if (!stdoutOpen || process.stdout.destroyed) return;
      try {
        process.stdout.write(line);
      } catch {
        stdoutOpen = false;
      }
    },
  };
}

/** Each file holds exactly its own level (the viewer filters by file, then by level). */
function levelOnly(level: pino.Level, dest: pino.DestinationStream): pino.DestinationStream {
  const wanted = pino.levels.values[level];
  return {
    write(line: string) {
      const match = /"level":(\d+)/.exec(line);
      if (match && Number(match[1]) === wanted) dest.write(line);
    },
  };
}
