// Builds the browser bundles when dist/ is missing or older than any source file.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const sources = ['shared', 'sdk', 'embed', 'panel', 'admin', 'ui', 'public', 'rollup.config.ts', 'package.json'];
const stamp = 'dist/.build-stamp';

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const lock = 'dist/.build-lock';

/** Whether the process that took the lock still runs (a killed build leaves its lock behind). */
function holderAlive() {
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // just taken, its pid not written yet
    return fs.existsSync(lock) && Date.now() - fs.statSync(lock).mtimeMs < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err?.code === 'EPERM';
  }
}

/** One build at a time on this checkout (several test runs may start together): wait for the other's, then look again. */
function withLock(run) {
  fs.mkdirSync('dist', { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      if (fs.existsSync(lock) && !holderAlive()) fs.rmSync(lock, { recursive: true, force: true });
      else execSync('sleep 1');
    }
  }
  try {
    return run();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export function buildIfStale() {
  return withLock(buildUnlocked);
}

function buildUnlocked() {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map(newest));
  if (built && built >= changed) return false;
  console.log('[tabula] building browser bundles (dist/ is missing or stale)…');
  // the stamp carries the time the build STARTED: a source saved while it ran is newer, so the next run builds again
  const started = new Date();
  execSync('npm run build', { stdio: 'inherit' });
  fs.writeFileSync(stamp, started.toISOString());
  fs.utimesSync(stamp, started, started);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
