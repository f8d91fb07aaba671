import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RenderAnswer, RenderJobs, RenderKind, RenderMessage, RenderReply, ThumbnailRequest } from './jobs';

/**
 * The node's render process: drawing jobs run in a process of their own (entry
 * platform/render-process.ts, loop ./serve.ts) at a lower CPU priority (RENDER_NICE), so their CPU
 * never stalls the node's event loop — rasterising a board of thousands of shapes takes libvips
 * tens of milliseconds, which on the node's own threads delayed every delivery of every board on
 * the node by as much (docs/performance.md "Fan-out with cursor traffic"); a large PDF page takes
 * PDF.js hundreds. Jobs are tagged by kind (./jobs.ts: board thumbnails, PDF info, PDF pages). The
 * process is forked on first use, forked again after it dies, and never keeps the node alive
 * (unreferenced while idle).
 *
 * The work is bounded: PDF jobs go one at a time (the next is sent when the previous settles), and
 * a job unanswered after RENDER_TIMEOUT_MS rejects and the process is killed (the jobs it still had
 * reject too), so a pathological document cannot wedge rendering: the next job forks a new one.
 */
export const RENDER_NICE = 10;
export const RENDER_TIMEOUT_MS = 30_000;

/** Kinds sent one at a time: each holds a whole document in the process while it is drawn. */
const ONE_AT_A_TIME: ReadonlySet<RenderKind> = new Set<RenderKind>(['pdf-info', 'pdf-page']);

let child: ChildProcess | null = null;
let nextId = 1;
/** jobs awaited, by id, with the process that has them */
const pending = new Map<number, { by: ChildProcess; resolve(value: unknown): void; reject(err: Error): void; timer: NodeJS.Timeout }>();
/** the last of the one-at-a-time jobs, settled or not */
let queue: Promise<unknown> = Promise.resolve();

function renderer(): ChildProcess {
  if (child?.connected) return child;
  const { entry, execArgv } = rendererEntry();
  const started = fork(entry, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    if (started.pid) os.setPriority(started.pid, RENDER_NICE);
  } catch {
    /* not allowed here: it runs at the node's priority */
  }
  started.on('message', (answer: RenderAnswer) => {
    const waiting = settle(answer.id);
    if (!waiting) return;
    if ('value' in answer) waiting.resolve(answer.value);
    else waiting.reject(new Error(answer.error));
  });
  started.on('exit', () => {
    if (child === started) child = null;
    for (const [id, waiting] of pending) {
      if (waiting.by !== started) continue;
      settle(id);
      waiting.reject(new Error('the render process exited'));
    }
  });
  started.on('error', () => undefined);
  child = started;
  return started;
}

/** Forgets job `id` (its timer too), and lets the node exit if its process has nothing else to do. */
function settle(id: number) {
  const waiting = pending.get(id);
  if (!waiting) return undefined;
  pending.delete(id);
  clearTimeout(waiting.timer);
  if (![...pending.values()].some((p) => p.by === waiting.by)) hold(waiting.by, false);
  return waiting;
}

/**
 * The built server (build/main.js, scripts/build-server.mjs) forks build/render-process.js beside
 * it; run from the sources (tests under vitest, bench under tsx) it forks platform/render-process.ts
 * through tsx's loader, found by its path since the node may run from any directory.
 */
function rendererEntry(): { entry: string; execArgv: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { entry: fileURLToPath(new URL('./render-process.js', import.meta.url)), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { entry: fileURLToPath(new URL('../../render-process.ts', import.meta.url)), execArgv: ['--import', tsx] };
}

/** Keeps the node alive while a job is awaited, not while the renderer waits for work. */
function hold(process: ChildProcess, busy: boolean): void {
  const channel = process.channel as { ref?(): void; unref?(): void } | undefined;
  if (busy) {
    process.ref();
    channel?.ref?.();
  } else {
    process.unref();
    channel?.unref?.();
  }
}

function send<K extends RenderKind>(job: { kind: K } & RenderJobs[K]['request'], timeoutMs: number): Promise<RenderReply<K>> {
  const id = nextId++;
  return new Promise<RenderReply<K>>((resolve, reject) => {
    const by = renderer();
    const timer = setTimeout(() => {
      if (!settle(id)) return;
      reject(new Error(`the render job ${job.kind} took more than ${timeoutMs} ms`));
      // the process is stuck in it: the next job forks a new one
      if (child === by) child = null;
      by.kill('SIGKILL');
    }, timeoutMs);
    pending.set(id, { by, resolve: resolve as (value: unknown) => void, reject, timer });
    hold(by, true);
    by.send({ ...job, id } as RenderMessage, (err) => {
      if (err && settle(id)) reject(err);
    });
  });
}

/**
 * Runs a drawing job in the render process: resolves with its answer, rejects with the message of
 * the error it met there, or after `timeoutMs` (counted from when the job is sent).
 */
export function runRenderJob<K extends RenderKind>(
  job: { kind: K } & RenderJobs[K]['request'],
  timeoutMs = RENDER_TIMEOUT_MS,
): Promise<RenderReply<K>> {
  if (!ONE_AT_A_TIME.has(job.kind)) return send(job, timeoutMs);
  const turn = queue.then(() => send(job, timeoutMs));
  queue = turn.catch(() => undefined);
  return turn;
}

/** Bytes from the channel as a Buffer (a Buffer crosses as one; any other Uint8Array is wrapped, not copied). */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A PNG of `input` (SVG text or image bytes) at width × height, contained on `background`. */
export const renderThumbnailPng = async (request: ThumbnailRequest): Promise<Buffer> =>
  asBuffer(await runRenderJob({ kind: 'thumbnail', ...request }));

/** The render process's pid while it runs (tests, operations). */
export const renderProcessId = (): number | null => (child?.connected ? (child.pid ?? null) : null);
