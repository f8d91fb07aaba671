// `npm run build`: everything `npm start` serves, built once with visible progress.
//   1. browser bundles (rollup → dist/: panel, board page, embed.js, SDK)
//   2. server (esbuild → build/main.js and build/render-process.js: plain JavaScript for `node`)
//   3. SDK types (tsc → .d.ts of the package)
// `node scripts/build.mjs --if-stale` builds only the parts whose sources changed since their last
// build (each part keeps a stamp: the time its build STARTED, so a file saved meanwhile is newer).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { withLock } from './build-lock.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

export const PARTS = [
  {
    name: 'browser bundles (rollup → dist/)',
    stamp: 'dist/.build-stamp',
    sources: ['shared', 'sdk', 'embed', 'panel', 'admin', 'ui', 'public', 'rollup.config.ts', 'package.json'],
    script: 'build:web',
  },
  {
    name: 'server (esbuild → build/)',
    stamp: 'build/.build-stamp',
    sources: ['platform', 'shared', 'scripts/build-server.mjs', 'package.json'],
    script: 'build:server',
  },
  {
    name: 'SDK types (tsc)',
    stamp: 'dist/.types-stamp',
    sources: ['shared', 'sdk', 'embed', 'ui', 'package.json'],
    script: 'build:types',
  },
];

/**
 * The newest source file's time. Files only: a folder's own time changes when the build writes its
 * output into it (sdk/dist), which must not make the sources look newer than their build.
 */
const ignored = new Set(['node_modules', 'dist']);
function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(p)) if (!ignored.has(entry)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const stale = (part) => {
  const built = fs.existsSync(part.stamp) ? fs.statSync(part.stamp).mtimeMs : 0;
  return !built || built < Math.max(...part.sources.map(newest));
};

/** Whether the tools the build needs are installed (a production install has no devDependencies). */
function toolsInstalled() {
  return ['rollup', 'esbuild', 'typescript'].every((m) => fs.existsSync(path.join(root, 'node_modules', m)));
}

export function build({ ifStale = false } = {}) {
  return withLock(() => {
    const todo = PARTS.filter((p) => !ifStale || stale(p));
    if (!todo.length) return false;
    if (!toolsInstalled()) {
      console.error(
        '[build] the build is missing or older than the sources, and the build tools are not installed.\n' +
          '[build] Run `npm install` (with devDependencies) and `npm run build`, or start a tree built elsewhere.',
      );
      process.exit(1);
    }
    const started = Date.now();
    todo.forEach((part, i) => {
      const step = `[build ${i + 1}/${todo.length}] ${part.name}`;
      console.log(`${step}…`);
      const t0 = Date.now();
      const at = new Date();
      const r = spawnSync('npm', ['run', '--silent', part.script], { stdio: 'inherit' });
      if (r.status !== 0) {
        console.error(`${step} failed`);
        process.exit(r.status ?? 1);
      }
      fs.mkdirSync(path.dirname(part.stamp), { recursive: true });
      fs.writeFileSync(part.stamp, at.toISOString());
      fs.utimesSync(part.stamp, at, at);
      console.log(`${step} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    });
    console.log(`[build] finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) build({ ifStale: process.argv.includes('--if-stale') });
