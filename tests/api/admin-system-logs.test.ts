/**
 * The system log viewer's API (backoffice.md §2 System logs, §3 Log entry; docs/backoffice.md):
 * entries of a per-level pino file of LOG_DIR, newest first, paged from the end (a 1 GB file
 * answers at once), level and property filters; only files of the log directory can be read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, signedIn, type Who } from './boards-fixtures';
import { operator } from './admin-fixtures';

let p: TestPlatform;
let op: Who;
let dir: string;

const line = (i: number, level = 50, extra: object = {}) =>
  JSON.stringify({
    level,
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    name: 'tabula',
    reqId: `req-${i}`,
    msg: `message ${i}`,
    ...extra,
  }) + '\n';
const get = async (url: string) => {
  const res = await call(p, op, 'GET', url);
  return res;
};
const messages = (res: { body: { data: Array<{ message: string }> } }) => res.body.data.map((e) => e.message);

beforeAll(async () => {
  p = await startTestPlatform();
  op = await operator(p);
  dir = p.config.logDir;
  fs.mkdirSync(dir, { recursive: true });
  let text = '';
  for (let i = 1; i <= 25; i++)
    text += line(i, 50, i === 7 ? { err: { type: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at x.ts:1' } } : {});
  fs.writeFileSync(path.join(dir, 'ErrorLogs.log'), text);
  fs.writeFileSync(path.join(dir, 'Mixed.log'), line(1, 30) + line(2, 40) + 'not json at all\n' + line(3, 10) + line(4, 60));
  // a secret outside the log directory, and a link to it from inside
  fs.writeFileSync(path.join(path.dirname(dir), 'outside.log'), 'SECRET-OUTSIDE\n');
  fs.symlinkSync(path.join(path.dirname(dir), 'outside.log'), path.join(dir, 'Linked.log'));
  fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'sub', 'Deep.log'), 'SECRET-DEEP\n');
});
afterAll(() => p?.stop());

describe('reading a log file', () => {
  it('lists the log files (no link, no folder)', async () => {
    const res = await get('/api/system-logs');
    expect(res.status).toBe(200);
    expect(res.body.default).toBe('ErrorLogs.log');
    expect(res.body.files.map((f: { name: string }) => f.name)).toEqual(['ErrorLogs.log', 'Mixed.log']);
  });

  it('pages from the end, newest first, with the log entry fields', async () => {
    const first = await get('/api/system-logs/ErrorLogs.log?Take=10');
    expect(first.status).toBe(200);
    expect(messages(first)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${25 - i}`));
    expect(first.body.data[0]).toMatchObject({
      timestamp: '2026-01-01T00:00:25.000Z',
      level: 'Error',
      name: 'tabula',
      traceCode: 'req-25',
      exception: null,
    });
    const second = await get(`/api/system-logs/ErrorLogs.log?Take=10&Before=${first.body.before}`);
    expect(messages(second)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${15 - i}`));
    expect(second.body.data.find((e: { message: string }) => e.message === 'message 7').exception).toBe(
      'TypeError: boom\nTypeError: boom\n    at x.ts:1',
    );
    const third = await get(`/api/system-logs/ErrorLogs.log?Take=10&Before=${second.body.before}`);
    expect(messages(third)).toEqual(['message 5', 'message 4', 'message 3', 'message 2', 'message 1']);
    expect(third.body.before).toBeNull();
  });

  it('filters by level and by a property with Contains / NotContains', async () => {
    expect((await get('/api/system-logs/Mixed.log')).body.data.map((e: { level: string }) => e.level)).toEqual([
      'Fatal',
      'Trace',
      'Unknown',
      'Warning',
      'Info',
    ]);
    expect(messages(await get('/api/system-logs/Mixed.log?Level=Warning'))).toEqual(['message 2']);
    expect(messages(await get('/api/system-logs/Mixed.log?Level=Trace'))).toEqual(['message 3']);
    expect(messages(await get('/api/system-logs/ErrorLogs.log?Property=message&Operator=Contains&Value=MESSAGE%202'))).toEqual([
      'message 25',
      'message 24',
      'message 23',
      'message 22',
      'message 21',
      'message 20',
      'message 2',
    ]);
    expect(messages(await get('/api/system-logs/ErrorLogs.log?Property=exception&Operator=Contains&Value=boom'))).toEqual(['message 7']);
    expect(
      (await get('/api/system-logs/ErrorLogs.log?Property=traceCode&Operator=NotContains&Value=req-1&Take=100')).body.data,
    ).toHaveLength(14);
    expect((await get('/api/system-logs/ErrorLogs.log?Level=Loud')).status).toBe(400);
  });

  it('opens a 1 GB file at once (reads its end only)', async () => {
    const file = path.join(dir, 'Huge.log');
    const fd = fs.openSync(file, 'w');
    fs.ftruncateSync(fd, 1024 ** 3); // sparse: a gigabyte of nothing, then a newline and the newest lines
    fs.writeSync(fd, '\n' + line(1) + line(2) + line(3), 1024 ** 3);
    fs.closeSync(fd);
    const started = Date.now();
    const res = await get('/api/system-logs/Huge.log?Take=3');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.body.size).toBeGreaterThan(1024 ** 3);
    expect(messages(res)).toEqual(['message 3', 'message 2', 'message 1']);
    fs.rmSync(file);
  });
});

describe('only files of the log directory', () => {
  it('refuses path traversal, absolute paths, links and sub-folders', async () => {
    const attempts = [
      '/api/system-logs/..%2Foutside.log',
      '/api/system-logs/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/api/system-logs/..%5Coutside.log',
      `/api/system-logs/${encodeURIComponent(path.join(path.dirname(dir), 'outside.log'))}`,
      '/api/system-logs/sub%2FDeep.log',
      '/api/system-logs/Linked.log',
      '/api/system-logs/ErrorLogs.log%00.txt',
      '/api/system-logs/NoSuch.log',
      '/api/system-logs/.env',
    ];
    for (const url of attempts) {
      const res = await get(url);
      expect([400, 404], `${url}: ${res.status}`).toContain(res.status);
      expect(res.raw).not.toMatch(/SECRET|root:/);
    }
    // the route's own path matching refuses the rest
    expect((await get('/api/system-logs/../../etc/passwd')).status).toBe(404);
  });

  it('is for operators only', async () => {
    const user = await signedIn(p, { name: 'Nosy' });
    expect((await call(p, user, 'GET', '/api/system-logs/ErrorLogs.log')).status).toBe(403);
    expect((await call(p, null, 'GET', '/api/system-logs/ErrorLogs.log')).status).toBe(401);
  });
});
