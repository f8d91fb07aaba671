/**
 * Issue 25, item 2: the hub used private internals of @hapi/nes and ws (`listener._sockets.add`,
 * `socket._onMessage`, `_lifecycle`, `_send`, `_error`, `ws._socket`, `ws._sender._state`), which a
 * minor upgrade of either could break silently. The hub now runs on its own fork of nes's server
 * side (platform/realtime/nes, its license and README kept) over ws's public API. This keeps it so:
 * no platform source reads or writes a `_`-prefixed member of anything, and none loads @hapi/nes
 * (whose browser client the SDK still uses: the fork speaks its protocol).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Code without its comments (a comment may name nes's internals to explain what replaced them). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Each line of platform/ that touches a `_`-prefixed member (`x._y`, `x?._y`, `x['_y']`). */
function privateAccesses(): string[] {
  const found: string[] = [];
  for (const file of sources(path.join(root, 'platform'))) {
    code(fs.readFileSync(file, 'utf8'))
      .split('\n')
      .forEach((line, i) => {
        if (/\??\._[A-Za-z]/.test(line) || /\[\s*['"`]_[A-Za-z]/.test(line))
          found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('the hub uses public APIs only', () => {
  it('no platform source touches a private (`_`-prefixed) member of nes, ws or anything else', () => {
    expect(privateAccesses()).toEqual([]);
  });

  it('the platform does not load @hapi/nes: the hub runs on its fork in platform/realtime/nes', () => {
    const importing = sources(path.join(root, 'platform')).filter((file) =>
      /from\s+['"]@hapi\/nes|require\(\s*['"]@hapi\/nes|import\(\s*['"]@hapi\/nes/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(importing.map((f) => path.relative(root, f))).toEqual([]);
    const fork = path.join(root, 'platform/realtime/nes');
    expect(fs.existsSync(path.join(fork, 'LICENSE.md'))).toBe(true);
    expect(fs.readFileSync(path.join(fork, 'README.md'), 'utf8')).toMatch(/@hapi\/nes 14\.0\.1/);
  });

  it('the check itself catches the accesses the hub used to make', () => {
    for (const line of ['listener._sockets.add = f;', 'ws._sender?._state === 0', "socket['_onMessage'] = f", 'raw = ws?._socket']) {
      expect(/\??\._[A-Za-z]/.test(code(line)) || /\[\s*['"`]_[A-Za-z]/.test(code(line))).toBe(true);
    }
  });
});
