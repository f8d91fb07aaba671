/**
 * The source of an Automation script's worker (sdk/automation/runner.ts makes a Blob URL of it):
 * a prelude, then the user's code wrapped in an async function. The prelude runs first and
 *
 * - takes the network away: fetch, XMLHttpRequest, WebSocket, EventSource, importScripts,
 *   indexedDB, caches and the ways to another realm that would have them again (Worker,
 *   SharedWorker, WebTransport, WebSocketStream, BroadcastChannel) are removed from the worker's global scope and
 *   replaced by a getter that throws 'Network is not available to automation scripts'. (The
 *   board page's CSP, inherited by a blob: worker, allows connections to the page's own origin
 *   only: a second fence, not the first; it is also what limits a dynamic import(), which no
 *   global can take away, to the page's own scripts.)
 * - defines `board`: each board API method as an async call, a postMessage RPC to the page,
 *   which calls the same board methods an embedding host does (sdk/board-methods.ts);
 * - defines `console` (log, info, warn, error, debug), whose lines go to the panel's output.
 *
 * The user code is placed in the worker's own source (no eval: the page's CSP has no
 * 'unsafe-eval', and a blob: worker inherits it), so a syntax error is the worker's load error;
 * `USER_LINE_OFFSET` maps the worker's line numbers back to the script's.
 */

/** What the worker posts to the page. */
export type WorkerMessage =
  | { type: 'call'; id: number; method: string; args: unknown[] }
  | { type: 'log'; level: LogLevel; text: string }
  | { type: 'done'; result?: string }
  | { type: 'fail'; message: string; line?: number };

/** What the page posts to the worker: the answer of a board call. */
export type PageMessage = { type: 'result'; id: number; value?: unknown; error?: { code?: string; message: string } };

export type LogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** Global names taken away before the script runs (the network, storage and other realms). */
export const BLOCKED_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'WebTransport',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'WebSocketStream',
] as const;

/** Longest text of one console call (longer ones are cut with '…'). */
export const MAX_LOG_TEXT = 4000;
/** Console lines a run sends at most (the panel shows fewer: a flood must not load the page). */
export const MAX_LOG_MESSAGES = 1000;

/** The prelude, plain ES2017 (it runs as it is, never compiled). `__CONFIG__` is replaced by JSON. */
const PRELUDE = `(function (config) {
  'use strict';
  var scope = self;
  var post = scope.postMessage.bind(scope);
  var listen = scope.addEventListener.bind(scope);
  var here = String(scope.location && scope.location.href);
  var offset = config.offset;
  function blocked(name) {
    return function () {
      throw new Error(config.network + ' (' + name + ' is disabled).');
    };
  }
  config.blocked.forEach(function (name) {
    for (var o = scope; o; o = Object.getPrototypeOf(o)) {
      try { delete o[name]; } catch (e) { /* not configurable: overridden below */ }
    }
    try {
      Object.defineProperty(scope, name, { get: blocked(name), set: function () {}, configurable: false, enumerable: false });
    } catch (e) { /* the name was not there */ }
  });
  function text(value, depth) {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (value === undefined) return 'undefined';
    if (typeof value === 'function') return '[function ' + (value.name || 'anonymous') + ']';
    if (typeof value === 'bigint') return String(value) + 'n';
    if (typeof value === 'symbol') return String(value);
    try {
      var seen = [];
      var json = JSON.stringify(value, function (key, v) {
        if (typeof v === 'bigint') return String(v) + 'n';
        if (v && typeof v === 'object') {
          if (seen.indexOf(v) >= 0) return '[circular]';
          seen.push(v);
        }
        return v;
      });
      return json === undefined ? String(value) : json;
    } catch (e) {
      return String(value);
    }
  }
  function cut(s) {
    return s.length > config.maxText ? s.slice(0, config.maxText - 1) + '\\u2026' : s;
  }
  function lineOf(error) {
    var stack = error && typeof error.stack === 'string' ? error.stack : '';
    var lines = stack.split('\\n');
    for (var i = 0; i < lines.length; i++) {
      var at = lines[i].indexOf(here + ':');
      if (at < 0) continue;
      var m = /^:(\\d+):\\d+/.exec(lines[i].slice(at + here.length));
      if (m && Number(m[1]) > offset) return Number(m[1]) - offset;
    }
    return undefined;
  }
  function messageOf(error) {
    if (error instanceof Error) return error.message || error.name;
    if (error && typeof error === 'object' && typeof error.message === 'string') return error.message;
    return text(error);
  }
  var nextId = 1;
  var pending = new Map();
  listen('message', function (event) {
    var m = event.data;
    if (!m || m.type !== 'result' || !pending.has(m.id)) return;
    var p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) {
      var error = new Error(m.error.message);
      if (m.error.code) error.code = m.error.code;
      p.reject(error);
    } else p.resolve(m.value);
  });
  var board = {};
  config.methods.forEach(function (name) {
    board[name] = function () {
      var args = Array.prototype.slice.call(arguments);
      return new Promise(function (resolve, reject) {
        var id = nextId++;
        pending.set(id, { resolve: resolve, reject: reject });
        try {
          post({ type: 'call', id: id, method: name, args: args });
        } catch (e) {
          pending.delete(id);
          reject(new Error('board.' + name + ': its arguments cannot be sent (' + messageOf(e) + ').'));
        }
      });
    };
  });
  Object.freeze(board);
  var out = {};
  var logs = 0;
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    out[level] = function () {
      if (++logs > config.maxLogs) return;
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(text(arguments[i], 0));
      post({ type: 'log', level: level, text: cut(parts.join(' ')) });
    };
  });
  Object.freeze(out);
  Object.defineProperty(scope, 'board', { value: board, writable: false, configurable: false, enumerable: true });
  Object.defineProperty(scope, 'console', { value: out, writable: false, configurable: false, enumerable: true });
  var ended = false;
  function fail(error) {
    if (ended) return;
    ended = true;
    post({ type: 'fail', message: cut(messageOf(error)), line: lineOf(error) });
  }
  listen('unhandledrejection', function (event) {
    event.preventDefault();
    fail(event.reason);
  });
  listen('error', function (event) {
    event.preventDefault();
    fail(event.error || { message: event.message });
  });
  Object.defineProperty(scope, '__automation', {
    value: function (run) {
      Promise.resolve()
        .then(run)
        .then(
          function (result) {
            if (ended) return;
            ended = true;
            post(result === undefined ? { type: 'done' } : { type: 'done', result: cut(text(result, 0)) });
          },
          fail
        );
    },
    writable: false,
    configurable: false,
  });
})(__CONFIG__);
`;

/** The number of worker lines before the user's first line. */
export const USER_LINE_OFFSET = PRELUDE.split('\n').length;

/**
 * The worker's whole source for `code`: the prelude with its configuration, then the script in
 * an async function (so it may `await board.…` at its top level).
 */
export function workerSource(code: string, options: { methods: readonly string[]; network: string }): string {
  const config = {
    methods: [...options.methods],
    blocked: [...BLOCKED_GLOBALS],
    network: options.network,
    maxText: MAX_LOG_TEXT,
    maxLogs: MAX_LOG_MESSAGES,
    offset: USER_LINE_OFFSET,
  };
  // PRELUDE's lines, then '__automation(async () => {': the script's line 1 is the worker's USER_LINE_OFFSET + 1
  const prelude = PRELUDE.replace('__CONFIG__', () => JSON.stringify(config));
  return `${prelude}__automation(async () => {\n${code}\n});\n`;
}
