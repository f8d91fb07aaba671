// `npm test`: the whole suite, stage by stage, stopping at the first failing stage, with each
// stage's time printed at the end (docs/testing.md):
//  1. typecheck ‖ layer rules (npm run lint:layers: dependency-cruiser, docs/architecture.md "Layer
//     rules") ‖ build (when stale: browser bundles, server, types)
//  2. unit tests and stories (one vitest run) ‖ process tests (the built server as a process)
//     ‖ the embedded-mode API suite on PGlite (with DATABASE_URL)
//  3. API tests: the whole suite on PostgreSQL (DATABASE_URL); without it (a laptop) the whole
//     suite on PGlite ‖ lint and format (npm run lint: ESLint, Prettier; beside the longest stage,
//     where it costs least) ‖ in CI, the production check (scripts/production-check.mjs)
//  4. browser tests (playwright, Chromium, two workers)
// Stages joined by ‖ run side by side. No stage may pass by finding nothing: there is no
// --passWithNoTests, so a wrong pattern fails. In CI (CI=true) nothing is skipped for a missing
// service: without DATABASE_URL the run fails; locally the PostgreSQL stage runs on PGlite instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const times = [];
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** One stage as a child process; its output is printed as it comes, prefixed when others run beside it. */
function stage(title, cmd, args, env = {}, prefix = '') {
  return new Promise((resolve) => {
    const t0 = Date.now();
    console.log(`\n=== ${title} ===`);
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (d) => {
          const lines = (rest + d).split('\n');
          rest = lines.pop();
          for (const line of lines) console.log(`${prefix} ${line}`);
        });
        stream.on('end', () => rest && console.log(`${prefix} ${rest}`));
      }
    }
    child.on('exit', (code, signal) => {
      const ms = Date.now() - t0;
      times.push([title, ms, code === 0 ? 'passed' : 'FAILED']);
      console.log(`=== ${title}: ${code === 0 ? 'passed' : `FAILED (${code ?? signal})`} in ${seconds(ms)} ===`);
      resolve(code === 0);
    });
  });
}

/** The machine's CPU time so far, busy and idle (all cores), to tell how busy a group of stages kept it. */
function cpuTimes() {
  let busy = 0;
  let idle = 0;
  for (const { times: t } of os.cpus()) {
    busy += t.user + t.nice + t.sys + t.irq;
    idle += t.idle;
  }
  return { busy, idle };
}
const groups = [];

/** Stages side by side; the run ends after them if any failed. */
async function together(...stages) {
  const prefixed = stages.length > 1;
  const t0 = Date.now();
  const cpu0 = cpuTimes();
  const results = await Promise.all(stages.map(([title, cmd, args, env], i) => stage(title, cmd, args, env, prefixed ? `[${i + 1}]` : '')));
  const cpu1 = cpuTimes();
  const busy = cpu1.busy - cpu0.busy;
  const total = busy + (cpu1.idle - cpu0.idle);
  groups.push([stages.map(([title]) => title).join(' ‖ '), Date.now() - t0, total ? busy / total : 0]);
  if (results.every(Boolean)) return;
  summary();
  console.error('\nnpm test failed');
  process.exit(1);
}

function summary() {
  console.log('\nStage times:');
  for (const [title, ms, result] of times) console.log(`  ${seconds(ms).padStart(8)}  ${result.padEnd(6)}  ${title}`);
  console.log(`  ${seconds(Date.now() - started).padStart(8)}  total`);
  // how busy each group kept the machine's cores: near 100 % a group is bound by the CPU (more
  // parallelism cannot help it); well below, its stages wait (for I/O, timers, the browser)
  console.log(`\nStage groups (${os.cpus().length} cores):`);
  for (const [titles, ms, busy] of groups)
    console.log(`  ${seconds(ms).padStart(8)}  CPU ${(busy * 100).toFixed(0).padStart(3)} %  ${titles}`);
}

// A skip is allowed only when it is conditional on a missing service (tests/helpers/suites.ts,
// board-scaleout.spec.ts): an unconditional `.skip('title', …)`, `.todo`, `.fixme` or `.only` left in a
// test file fails the run before anything else (docs/testing.md, "Before you commit").
const leftovers = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (/\.(test|spec)\.tsx?$/.test(entry.name)) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\b(it|test|describe)\.(only|todo|fixme)\(|\b(it|test|describe)\.skip\(\s*['"`]/.test(line))
            leftovers.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
  }
};
walk('tests');
if (leftovers.length) {
  console.error(`Leftover skip/only/todo in the tests:\n${leftovers.join('\n')}`);
  process.exit(1);
}
if (process.env.CI && !process.env.DATABASE_URL) {
  console.error('\nDATABASE_URL is not set. In CI the PostgreSQL stage (and the two-node tests) must run.');
  process.exit(1);
}

await together(
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['layer rules', 'npm', ['run', '--silent', 'lint:layers']],
  ['build (when stale)', 'node', ['scripts/build.mjs', '--if-stale']],
);
const embedded = ['API tests of the embedded mode on PGlite', 'npx', ['vitest', 'run', '--project', 'api-embedded'], { TEST_DB: 'pglite' }];
await together(
  ['unit tests and stories', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'stories']],
  ['process tests (the built server)', 'npx', ['vitest', 'run', '--project', 'process']],
  ...(process.env.DATABASE_URL ? [embedded] : []),
);
// CI also installs the built tree without devDependencies and starts it (the Dockerfile's steps)
const production = process.env.CI ? [['production install and start', 'node', ['scripts/production-check.mjs']]] : [];
const lint = ['lint and format', 'npm', ['run', '--silent', 'lint']];
if (process.env.DATABASE_URL) {
  await together(
    ['API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api', '--project', 'api-mocking'], { TEST_DB: 'pg' }],
    lint,
    ...production,
  );
} else {
  console.log('\n(DATABASE_URL is not set: the API suite runs on the embedded PGlite; the two-node tests are skipped)');
  await together(
    [
      'API tests on the embedded PostgreSQL (PGlite)',
      'npx',
      ['vitest', 'run', '--project', 'api', '--project', 'api-mocking'],
      { TEST_DB: 'pglite' },
    ],
    lint,
  );
}
await together(['browser tests (Chromium)', 'npx', ['playwright', 'test']]);
summary();
