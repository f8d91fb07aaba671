/**
 * The log viewer's backward reader (platform/admin/system-logs/reader.ts): pages read from the end
 * of the file in 64 KB steps must give every line exactly once, newest first, whatever the chunk
 * boundaries; the scan budget stops a page that matches little with a cursor to go on; names that
 * are not a log file of the directory are refused.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPath, readLogPage, SCAN_BUDGET_BYTES, toEntry, type LogQuery } from '../../../platform/admin/system-logs/reader';

let dir: string;
const q = (over: Partial<LogQuery> = {}): LogQuery => ({ take: 100, level: 'All', operator: 'Contains', ...over });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-logs-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every message of the file, reading page after page with `take`. */
async function readAll(file: string, take: number, over: Partial<LogQuery> = {}): Promise<{ messages: string[]; pages: number }> {
  const messages: string[] = [];
  let before: number | undefined;
  let pages = 0;
  for (;;) {
    const page = await readLogPage(file, q({ take, before, ...over }));
    pages++;
    messages.push(...page.data.map((e) => e.message));
    if (page.before === null) return { messages, pages };
    expect(page.before).toBeLessThan(before ?? Infinity);
    before = page.before;
  }
}

describe('readLogPage', () => {
  it('gives every line once, newest first, across chunk boundaries and page sizes', async () => {
    const file = path.join(dir, 'Many.log');
    const lines: string[] = [];
    // lines of varied lengths (some longer than a chunk) so boundaries fall everywhere
    for (let i = 0; i < 3000; i++) {
      const pad = i % 997 === 0 ? 'x'.repeat(70_000) : crypto.randomBytes(i % 50).toString('hex');
      lines.push(JSON.stringify({ level: 30, time: '2026-01-01T00:00:00.000Z', msg: `m${i} ${pad}` }));
    }
    fs.writeFileSync(file, lines.join('\n') + '\n');
    const expected = lines.map((l) => JSON.parse(l).msg).reverse();
    for (const take of [1, 7, 100, 500]) {
      const { messages } = await readAll(file, take);
      expect(messages.length, `take ${take}`).toBe(expected.length);
      expect(messages, `take ${take}`).toEqual(expected);
    }
  });

  it('reads a file without a final newline and a one-line file', async () => {
    const file = path.join(dir, 'NoEnd.log');
    fs.writeFileSync(file, 'first\nsecond\nthird');
    expect((await readAll(file, 2)).messages).toEqual(['third', 'second', 'first']);
    fs.writeFileSync(file, 'only');
    expect((await readAll(file, 5)).messages).toEqual(['only']);
    fs.writeFileSync(file, '');
    expect(await readLogPage(file, q())).toEqual({ size: 0, data: [], before: null });
  });

  it('stops at the scan budget with a cursor when the filter matches little, and finds the match on a later page', async () => {
    const file = path.join(dir, 'Big.log');
    const filler = JSON.stringify({ level: 30, msg: 'noise '.repeat(50) }) + '\n';
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, JSON.stringify({ level: 50, msg: 'the needle' }) + '\n');
    const block = filler.repeat(Math.ceil((1024 * 1024) / filler.length));
    for (let written = 0; written < SCAN_BUDGET_BYTES * 1.5; written += block.length) fs.writeSync(fd, block);
    fs.closeSync(fd);
    const first = await readLogPage(file, q({ level: 'Error' }));
    expect(first.data).toEqual([]);
    expect(first.before).toBeGreaterThan(0);
    const { messages, pages } = await readAll(file, 10, { level: 'Error' });
    expect(messages).toEqual(['the needle']);
    expect(pages).toBe(2);
  });
});

describe('toEntry and logPath', () => {
  it("maps pino's fields to the log entry", () => {
    const e = toEntry(
      JSON.stringify({
        level: 40,
        time: 1767225600000,
        name: 'tabula',
        reqId: 'r1',
        msg: 'slow',
        err: { type: 'Error', message: 'x', stack: 'Error: x\n at y' },
      }),
      12,
    );
    expect(e).toEqual({
      id: 12,
      timestamp: '2026-01-01T00:00:00.000Z',
      level: 'Warning',
      name: 'tabula',
      traceCode: 'r1',
      message: 'slow',
      exception: 'Error: x\nError: x\n at y',
    });
    expect(toEntry('plain text', 0)).toMatchObject({ level: 'Unknown', message: 'plain text' });
    expect(toEntry('42', 0)).toMatchObject({ level: 'Unknown', message: '42' });
  });

  it('answers only regular log files of the directory', async () => {
    fs.writeFileSync(path.join(dir, 'Ok.log'), '');
    fs.writeFileSync(path.join(dir, 'notes.txt'), '');
    expect(await logPath(dir, 'Ok.log')).toBe(path.join(dir, 'Ok.log'));
    for (const name of ['../Ok.log', '/etc/passwd', 'notes.txt', 'Missing.log', '.log', 'a/Ok.log', 'Ok.log\0', '..'])
      expect(await logPath(dir, name), name).toBeNull();
  });
});
