import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The log viewer's reader (backoffice.md §2 System logs, §3 Log entry; docs/backoffice.md): reads
 * a per-level log file of LOG_DIR (core/logger.ts writes pino JSON lines) from its END backwards,
 * so the newest entries of a 1 GB file come at once: a page costs the bytes it reads, never the
 * file's size. `before` (a byte offset where a line starts) continues towards older entries.
 */
export const LOG_LEVELS = ['All', 'Fatal', 'Error', 'Warning', 'Debug', 'Info', 'Trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_PROPERTIES = ['timestamp', 'name', 'traceCode', 'message', 'exception'] as const;
export type LogProperty = (typeof LOG_PROPERTIES)[number];

/** A log file's name: letters, digits, '-', '_', ending in .log (no path of any kind). */
export const LOG_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.log$/;
/** At most this much is read for one page (filters that match little stop here, with a cursor to go on). */
export const SCAN_BUDGET_BYTES = 8 * 1024 * 1024;
/** A longer line is cut (the viewer shows its start). */
export const MAX_LINE_BYTES = 256 * 1024;
const CHUNK = 64 * 1024;

export interface LogEntry {
  /** byte offset of the line in the file: the entry's id, and a cursor */
  id: number;
  timestamp: string | null;
  level: Exclude<LogLevel, 'All'> | 'Unknown';
  name: string | null;
  traceCode: string | null;
  message: string;
  exception: string | null;
}

const PINO_LEVELS: Record<number, LogEntry['level']> = { 10: 'Trace', 20: 'Debug', 30: 'Info', 40: 'Warning', 50: 'Error', 60: 'Fatal' };

/** The fields of a pino line this reader looks at (anything may be missing or of another type). */
interface PinoLine {
  time?: unknown;
  level?: unknown;
  name?: unknown;
  msg?: unknown;
  traceCode?: string;
  reqId?: string;
  requestId?: string;
  err?: { type?: string; message?: string; stack?: string } | string;
  error?: { type?: string; message?: string; stack?: string } | string;
}

/** A pino line as the spec's log entry: time → timestamp, level number → name, msg → message, err → exception. */
export function toEntry(text: string, offset: number): LogEntry {
  let o: PinoLine;
  try {
    o = JSON.parse(text);
    if (!o || typeof o !== 'object') throw new Error('not an object');
  } catch {
    return { id: offset, timestamp: null, level: 'Unknown', name: null, traceCode: null, message: text, exception: null };
  }
  const err = o.err ?? o.error;
  const exception =
    err && typeof err === 'object'
      ? [`${err.type ?? 'Error'}: ${err.message ?? ''}`, err.stack].filter(Boolean).join('\n')
      : typeof err === 'string'
        ? err
        : null;
  const time = typeof o.time === 'number' ? new Date(o.time).toISOString() : typeof o.time === 'string' ? o.time : null;
  return {
    id: offset,
    timestamp: time,
    level: PINO_LEVELS[Number(o.level)] ?? 'Unknown',
    name: o.name != null ? String(o.name) : null,
    traceCode: o.traceCode ?? o.reqId ?? o.requestId ?? null,
    message: typeof o.msg === 'string' ? o.msg : '',
    exception,
  };
}

export interface LogQuery {
  take: number;
  before?: number;
  level: LogLevel;
  property?: LogProperty;
  operator: 'Contains' | 'NotContains';
  value?: string;
}

function matches(e: LogEntry, q: LogQuery): boolean {
  if (q.level !== 'All' && e.level !== q.level) return false;
  if (!q.property || !q.value) return true;
  const has = String(e[q.property] ?? '')
    .toLowerCase()
    .includes(q.value.toLowerCase());
  return q.operator === 'Contains' ? has : !has;
}

/** The log files of the directory (regular files with a log name; never a link or a sub-folder). */
export async function logFiles(dir: string): Promise<Array<{ name: string; size: number; modified: string }>> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const out: Array<{ name: string; size: number; modified: string }> = [];
  for (const name of names.filter((n) => LOG_NAME.test(n)).sort()) {
    const stat = await fs.lstat(path.join(dir, name));
    if (stat.isFile()) out.push({ name, size: stat.size, modified: stat.mtime.toISOString() });
  }
  return out;
}

/** The path of a log file of `dir`, or null: only a listed regular file of the directory itself. */
export async function logPath(dir: string, name: string): Promise<string | null> {
  if (!LOG_NAME.test(name)) return null;
  const files = await logFiles(dir);
  if (!files.some((f) => f.name === name)) return null;
  const full = path.join(dir, name);
  return path.dirname(path.resolve(full)) === path.resolve(dir) ? full : null;
}

/** One page of entries, newest first, and the cursor of the next (older) page, or null at the start of the file. */
export async function readLogPage(file: string, q: LogQuery): Promise<{ size: number; data: LogEntry[]; before: number | null }> {
  const fh = await fs.open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    let pos = Math.min(q.before ?? size, size);
    const data: LogEntry[] = [];
    let scanned = 0;
    let rest = Buffer.alloc(0); // the start of a line whose beginning lies before `pos`
    let cursor: number | null = pos;
    while (data.length < q.take) {
      if (pos === 0) {
        // the first line of the file
        if (rest.length) {
          const e = toEntry(rest.subarray(0, MAX_LINE_BYTES).toString('utf8'), 0);
          if (matches(e, q)) data.push(e);
        }
        cursor = null;
        break;
      }
      if (scanned >= SCAN_BUDGET_BYTES) break;
      const start = Math.max(0, pos - CHUNK);
      const chunk = Buffer.alloc(pos - start);
      await fh.read(chunk, 0, chunk.length, start);
      scanned += chunk.length;
      const buf = Buffer.concat([chunk, rest]);
      let end = buf.length;
      for (let nl = buf.lastIndexOf(0x0a, end - 1); nl >= 0 && data.length < q.take; nl = end > 0 ? buf.lastIndexOf(0x0a, end - 1) : -1) {
        const line = buf.subarray(nl + 1, end);
        end = nl;
        cursor = start + nl + 1;
        if (line.length === 0) continue;
        const e = toEntry(line.subarray(0, MAX_LINE_BYTES).toString('utf8'), start + nl + 1);
        if (matches(e, q)) data.push(e);
      }
      if (data.length >= q.take) break;
      // what is left is the end of a line that began before this chunk: read on with it
      rest = buf.subarray(0, end);
      pos = start;
      cursor = pos + rest.length;
      if (rest.length > MAX_LINE_BYTES * 4) rest = rest.subarray(0, MAX_LINE_BYTES); // an endless line: keep a part
    }
    return { size, data, before: cursor === 0 ? null : cursor };
  } finally {
    await fh.close();
  }
}
