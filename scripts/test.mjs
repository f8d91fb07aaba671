// `npm test`: the whole suite, in order, stopping at the first failing stage.
//  1. typecheck  2. build (if stale)  3. unit  4. stories  5. API on the embedded PGlite
//  6. API on real PostgreSQL (when DATABASE_URL is set)  7. browser e2e (playwright, Chromium)
import { spawnSync } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const run = (title, cmd, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${title} failed`);
    process.exit(r.status ?? 1);
  }
};

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
buildIfStale();
run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--passWithNoTests']);
run('stories', 'npx', ['vitest', 'run', '--project', 'stories', '--passWithNoTests']);
run('API tests on the embedded PostgreSQL (PGlite)', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'pglite' });
if (process.env.DATABASE_URL) {
  run('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'pg' });
}
run('browser tests (Chromium)', 'npx', ['playwright', 'test']);
