// `npm test`: the whole suite, in order, stopping at the first failing stage.
//  1. typecheck  2. build (if stale)  3. unit  4. stories  5. API on the embedded PGlite
//  6. API on real PostgreSQL (when DATABASE_URL is set)  7. browser e2e (playwright, Chromium)
// No stage may pass by finding nothing: there is no --passWithNoTests, so a wrong pattern fails.
// In CI (CI=true) nothing is skipped for a missing service: without DATABASE_URL the run fails;
// locally the PostgreSQL stage is skipped with a visible notice.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const run = (title, cmd, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${title} failed`);
    process.exit(r.status ?? 1);
  }
};

// A skip is allowed only when it is conditional on a missing service (tests/helpers/suites.ts,
// board-scaleout.spec.ts): an unconditional `.skip('title', …)`, `.todo`, `.fixme` or `.only` left in a
// test file fails the run before anything else (docs/testing.md, "Before you commit").
const leftovers = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (/\.(test|spec)\.tsx?$/.test(entry.name)) {
      fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/\b(it|test|describe)\.(only|todo|fixme)\(|\b(it|test|describe)\.skip\(\s*['"`]/.test(line)) leftovers.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
  }
};
walk('tests');
if (leftovers.length) {
  console.error(`Leftover skip/only/todo in the tests:\n${leftovers.join('\n')}`);
  process.exit(1);
}

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
buildIfStale();
run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
run('stories', 'npx', ['vitest', 'run', '--project', 'stories']);
run('API tests on the embedded PostgreSQL (PGlite)', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'pglite' });
if (process.env.DATABASE_URL) {
  run('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'pg' });
} else if (process.env.CI) {
  console.error('\nAPI tests on PostgreSQL: DATABASE_URL is not set. In CI the PostgreSQL stage (and the two-node tests) must run.');
  process.exit(1);
} else {
  console.log('\n=== API tests on PostgreSQL: SKIPPED (DATABASE_URL is not set; the two-node tests need it) ===');
}
run('browser tests (Chromium)', 'npx', ['playwright', 'test']);
