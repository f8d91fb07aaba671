/**
 * Runs an Automation script (board.md §1 "Automation technical preview") in a dedicated Web
 * Worker made from a Blob URL (sdk/automation/worker-source.ts): no network, a time limit, and
 * `board.*` calls answered here by the board methods an embedding host calls too
 * (sdk/board-methods.ts — the one way to change a board). Each run is a new worker; it is
 * terminated when the script ends, fails, is stopped or runs out of time.
 */
import { toEmbedError } from '../../shared/embed';
import { AUTOMATION_TEXT as T } from './messages';
import {
  MAX_LOG_MESSAGES,
  MAX_LOG_TEXT,
  workerSource,
  USER_LINE_OFFSET,
  type LogLevel,
  type PageMessage,
  type WorkerMessage,
} from './worker-source';

const LOG_LEVELS: readonly LogLevel[] = ['log', 'info', 'warn', 'error', 'debug'];

/** A script runs at most this long. */
export const SCRIPT_TIME_LIMIT_MS = 10_000;
/** Most board calls one run may make. */
export const MAX_BOARD_CALLS = 5_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each method takes its own arguments; each checks them
export type ScriptMethods = Record<string, (...args: any[]) => Promise<unknown>>;

export interface LogEntry {
  level: LogLevel | 'result' | 'system';
  text: string;
}

export type RunOutcome =
  | { status: 'finished'; ms: number; result?: string }
  | { status: 'failed'; message: string; line?: number }
  | { status: 'timeout' }
  | { status: 'stopped' }
  | { status: 'loadFailed'; message: string };

export interface ScriptRun {
  /** settles once, with how the run ended (never rejects) */
  done: Promise<RunOutcome>;
  /** ends the run now (the worker is terminated); `done` answers 'stopped' */
  stop(): void;
}

export interface RunOptions {
  methods: ScriptMethods;
  onLog(entry: LogEntry): void;
  timeoutMs?: number;
  maxCalls?: number;
  /** makes the worker (tests); default `new Worker(url)` */
  createWorker?: (url: string) => Worker;
  now?: () => number;
}

/** The script's line of a worker error line (a syntax error is reported at the worker's line). */
export const scriptLine = (workerLine: number | undefined): number | undefined =>
  workerLine && workerLine > USER_LINE_OFFSET ? workerLine - USER_LINE_OFFSET : undefined;

/** A worker load error's text without the browser's 'Uncaught ' prefix. */
const cleanMessage = (message: string | undefined): string => (message ?? 'Script error').replace(/^Uncaught\s+/, '');

export function runScript(code: string, options: RunOptions): ScriptRun {
  const now = options.now ?? (() => performance.now());
  const methods = options.methods;
  const names = Object.keys(methods);
  const maxCalls = options.maxCalls ?? MAX_BOARD_CALLS;
  let settle!: (outcome: RunOutcome) => void;
  const done = new Promise<RunOutcome>((resolve) => (settle = resolve));
  let worker: Worker | null = null;
  let url: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ended = false;
  let calls = 0;
  let logs = 0;
  const started = now();

  const end = (outcome: RunOutcome) => {
    if (ended) return;
    ended = true;
    if (timer) clearTimeout(timer);
    worker?.terminate();
    if (url) URL.revokeObjectURL(url);
    settle(outcome);
  };

  const answer = (message: PageMessage) => {
    if (ended || !worker) return;
    try {
      worker.postMessage(message);
    } catch (error) {
      // an answer that cannot be cloned: the call fails instead
      worker.postMessage({
        type: 'result',
        id: message.id,
        error: { code: 'internal', message: `the answer cannot be sent: ${(error as Error).message}` },
      });
    }
  };

  const call = async (id: number, method: string, args: unknown[]) => {
    // past the budget the run ends: a script that floods the page with calls is stopped, not answered
    if (++calls > maxCalls) return end({ status: 'failed', message: T.tooManyCalls(maxCalls) });
    const fn = Object.prototype.hasOwnProperty.call(methods, method) ? methods[method] : undefined;
    if (!fn) return answer({ type: 'result', id, error: { code: 'invalid-argument', message: T.unknownMethod(String(method)) } });
    try {
      const value = await fn(...(Array.isArray(args) ? args : []));
      answer({ type: 'result', id, value });
    } catch (error) {
      const e = toEmbedError(error);
      answer({ type: 'result', id, error: { code: e.code, message: e.message } });
    }
  };

  try {
    const source = workerSource(code, { methods: names, network: T.network });
    url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    worker = options.createWorker ? options.createWorker(url) : new Worker(url, { name: 'tabula-automation' });
  } catch (error) {
    end({ status: 'loadFailed', message: (error as Error)?.message ?? String(error) });
    return { done, stop: () => undefined };
  }

  worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const m = event.data;
    if (ended || !m || typeof m !== 'object') return;
    if (m.type === 'call') void call(m.id, m.method, m.args);
    else if (m.type === 'log') {
      const level = LOG_LEVELS.includes(m.level) ? m.level : 'log';
      if (++logs <= MAX_LOG_MESSAGES) options.onLog({ level, text: String(m.text).slice(0, MAX_LOG_TEXT) });
    } else if (m.type === 'done')
      end({ status: 'finished', ms: Math.round(now() - started), ...(m.result !== undefined ? { result: String(m.result) } : {}) });
    else if (m.type === 'fail') end({ status: 'failed', message: String(m.message), ...(m.line ? { line: m.line } : {}) });
  });
  // A script that does not parse (or a worker that cannot load) is the worker's error event.
  worker.addEventListener('error', (event: ErrorEvent) => {
    event.preventDefault();
    const line = scriptLine(event.lineno);
    if (event.message) end({ status: 'failed', message: cleanMessage(event.message), ...(line ? { line } : {}) });
    else end({ status: 'loadFailed', message: 'the script worker could not be started' });
  });
  worker.addEventListener('messageerror', () => end({ status: 'failed', message: 'a message from the script could not be read' }));
  timer = setTimeout(() => end({ status: 'timeout' }), options.timeoutMs ?? SCRIPT_TIME_LIMIT_MS);

  return { done, stop: () => end({ status: 'stopped' }) };
}
