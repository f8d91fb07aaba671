import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, healthy, sizeOf, start, type Started } from './support';

/**
 * The node as a process (platform/process.ts, docs/operations.md "Stopping a node"): `npm start`
 * execs node on the built server, so a signal to npm's process reaches the node; it drains and
 * exits 0 and leaves no process behind; a port in use, a bad configuration, a broken stdout and an
 * uncaught error each end the node the way a supervisor expects.
 */
const running: Started[] = [];
afterEach(() => {
  for (const s of running.splice(0)) for (const pid of s.tree()) if (alive(pid)) process.kill(pid, 'SIGKILL');
});
const track = (s: Started) => (running.push(s), s);

describe('npm start', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm's process stops the node within the drain time, exit 0, no process left`, async () => {
      const s = track(await start('npm', ['start', '--silent']));
      await healthy(s);
      const tree = s.tree();
      // npm → node build/main.js (exec: no shell between them), and the node's render process if forked
      expect(tree.length).toBeGreaterThanOrEqual(2);
      expect(fs.readFileSync(`/proc/${tree[1]}/cmdline`, 'utf8')).toContain('build/main.js');
      s.child.kill(signal);
      const { code, afterMs } = await s.exited;
      expect(code).toBe(0);
      expect(afterMs).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(tree.filter(alive)).toEqual([]);
      expect(s.output()).toContain('shutting down');
    }, 90_000);
  }
});

describe('node build/main.js', () => {
  it('a port in use: exits non-zero with a clear message', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const s = track(await start('node', ['build/main.js'], {}, { port }));
      const { code } = await s.exited;
      expect(code).not.toBe(0);
      expect(s.output()).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use`));
      expect(s.tree().filter(alive)).toEqual([]);
    } finally {
      blocker.close();
    }
  }, 90_000);

  it('a bad configuration value stops the boot, naming the variable, the value and the rule', async () => {
    const s = track(await start('node', ['build/main.js'], { ACCESS_TOKEN_TTL: '15m' }));
    const { code } = await s.exited;
    expect(code).toBe(78);
    expect(s.output()).toContain('ACCESS_TOKEN_TTL');
    expect(s.output()).toContain('15m');
  }, 60_000);

  it('with its stdout pipe gone, SIGTERM still stops it promptly and the logs stay small', async () => {
    const s = track(await start('node', ['build/main.js']));
    await healthy(s);
    // whoever read the node's stdout went away: every later write to it fails with EPIPE
    s.child.stdout!.destroy();
    await fetch(`http://127.0.0.1:${s.port}/health`);
    s.child.kill('SIGTERM');
    const { code, afterMs } = await s.exited;
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(10_000);
    expect(sizeOf(path.join(s.dataDir, 'logs'))).toBeLessThan(64 * 1024);
    expect(fs.readFileSync(path.join(s.dataDir, 'logs', 'FatalLogs.log'), 'utf8')).toBe('');
  }, 90_000);

  it('an uncaught exception is logged once and ends the node with a non-zero code', async () => {
    // a test-only preload that throws outside any request when told (SIGUSR2)
    const preload = `data:text/javascript,${encodeURIComponent("process.on('SIGUSR2', () => setTimeout(() => { throw new Error('boom outside any request') }))")}`;
    const s = track(await start('node', ['--import', preload, 'build/main.js']));
    await healthy(s);
    s.child.kill('SIGUSR2');
    const { code } = await s.exited;
    expect(code).toBe(70);
    const fatal = fs
      .readFileSync(path.join(s.dataDir, 'logs', 'FatalLogs.log'), 'utf8')
      .trim()
      .split('\n');
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toContain('boom outside any request');
  }, 90_000);
});
