import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RenderReply, RenderRequest } from './request';

/**
 * Thumbnails are drawn in a process of their own (./process.ts) at a lower CPU priority
 * (RENDER_NICE): rasterising a board of thousands of shapes takes libvips tens of milliseconds of
 * CPU, which on the node's own threads delayed every delivery of every board on the node by as
 * much (docs/performance.md "Fan-out with cursor traffic"). The process is forked on first use,
 * forked again after it dies, and never keeps the node alive (unreferenced while idle).
 */
export const RENDER_NICE = 10;

let child: ChildProcess | null = null;
let nextId = 1;
/** renders awaited, by request id, with the process that has them */
const pending = new Map<number, { by: ChildProcess; resolve(png: Buffer): void; reject(err: Error): void }>();

function renderer(): ChildProcess {
  if (child?.connected) return child;
  const { entry, execArgv } = rendererEntry();
  const started = fork(entry, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    if (started.pid) os.setPriority(started.pid, RENDER_NICE);
  } catch {
    /* not allowed here: it runs at the node's priority */
  }
  started.on('message', (reply: RenderReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('png' in reply) waiting.resolve(Buffer.from(reply.png));
    else waiting.reject(new Error(reply.error));
    if (![...pending.values()].some((p) => p.by === started)) hold(started, false);
  });
  started.on('exit', () => {
    if (child === started) child = null;
    for (const [id, waiting] of pending) {
      if (waiting.by !== started) continue;
      pending.delete(id);
      waiting.reject(new Error('the thumbnail renderer exited'));
    }
  });
  started.on('error', () => undefined);
  child = started;
  return started;
}

/**
 * The built server (build/main.js, scripts/build.mjs) forks build/render-process.js beside it;
 * run from the sources (tests under vitest, bench under tsx) it forks ./process.ts through tsx's
 * loader, found by its path since the node may run from any directory.
 */
function rendererEntry(): { entry: string; execArgv: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { entry: fileURLToPath(new URL('./render-process.js', import.meta.url)), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { entry: fileURLToPath(new URL('./process.ts', import.meta.url)), execArgv: ['--import', tsx] };
}

/** Keeps the node alive while a render is awaited, not while the renderer waits for work. */
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

/** A PNG of `input` (SVG text or image bytes) at width × height, contained on `background`. */
export function renderThumbnailPng(request: Omit<RenderRequest, 'id'>): Promise<Buffer> {
  const process = renderer();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { by: process, resolve, reject });
    hold(process, true);
    process.send({ ...request, id } satisfies RenderRequest, (err) => {
      if (!err || !pending.delete(id)) return;
      reject(err);
    });
  });
}

/** The render process's pid while it runs (tests, operations). */
export const renderProcessId = (): number | null => (child?.connected ? (child.pid ?? null) : null);
