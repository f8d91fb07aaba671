// One build at a time on this checkout (several test runs or a start may begin together): wait for
// the other's, then look again. A killed build leaves its lock behind; a lock whose holder is gone
// is taken over.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const lock = '.build-lock';

function holderAlive() {
  let pid;
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

export function withLock(run) {
  let announced = false;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      if (fs.existsSync(lock) && !holderAlive()) fs.rmSync(lock, { recursive: true, force: true });
      else {
        if (!announced) console.log('[build] another build is running here: waiting for it');
        announced = true;
        execSync('sleep 1');
      }
    }
  }
  try {
    return run();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
