/**
 * Login cost: the server time of a failed login for an existing user (wrong password) and for an
 * unknown user. Both run one argon2id verification (platform/accounts/passwords.ts
 * `verifyNothing`), so the two must be alike: the answer time must not tell whether an account
 * exists. Goal: unknown/known ratio of the medians between 0.7 and 1.4. (The test suite checks the
 * same rule by counting verifications: tests/api/accounts-login-cost.test.ts.)
 *
 * Real PostgreSQL: DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh database
 * is created and dropped.
 */
import { benchPlatform } from './platform';
import { report } from './report';

const RUNS = Number(process.env.BENCH_LOGIN_RUNS ?? 15);
// the rate limits would answer 429 long before the runs end: lifted for this process
for (const key of ['RATE_LIMIT_MAX', 'LOGIN_LIMIT_IP', 'LOGIN_LIMIT_ACCOUNT', 'LOGIN_LIMIT_GLOBAL']) process.env[key] ??= '1000000';
const bench = await benchPlatform();
const { platform } = bench;
const password = 'correct horse battery';
let address = 0;
/** each request from its own client address, so the per-address limits never answer 429 */
const post = (url: string, payload: object) =>
  platform.server.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });

try {
  // one account per run: the per-account backoff starts after a few failures of one account
  const accounts = Array.from({ length: RUNS + 1 }, (_, i) => `bench-login-${i}@example.com`);
  for (const username of accounts) {
    const signup = await post('/api/accounts/users', { username, password, repeatPassword: password, terms: true });
    if (signup.statusCode !== 201) throw new Error(`signup answered ${signup.statusCode}: ${signup.payload}`);
  }
  const time = async (username: string) => {
    const started = performance.now();
    const res = await post('/api/accounts/login', { username, password: 'wrong password 1' });
    if (res.statusCode !== 400) throw new Error(`login answered ${res.statusCode}: ${res.payload}`);
    return performance.now() - started;
  };
  await time(accounts[RUNS]!); // warm-up: the dummy hash is made once
  await time('warm-up@example.com');
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    known.push(await time(accounts[i]!));
    unknown.push(await time(`ghost${i}@example.com`));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratio = median(unknown) / median(known);
  const ok = ratio >= 0.7 && ratio <= 1.4;
  report(
    'login',
    [
      '### Login: wrong password vs unknown user',
      '',
      `| case | median ms | min ms | max ms |`,
      `|---|---|---|---|`,
      `| wrong password (${RUNS}) | ${median(known).toFixed(1)} | ${Math.min(...known).toFixed(1)} | ${Math.max(...known).toFixed(1)} |`,
      `| unknown user (${RUNS}) | ${median(unknown).toFixed(1)} | ${Math.min(...unknown).toFixed(1)} | ${Math.max(...unknown).toFixed(1)} |`,
      '',
      `Unknown/known ratio of the medians: ${ratio.toFixed(2)} (goal 0.7–1.4): ${ok ? 'met' : 'NOT met'}.`,
    ].join('\n'),
  );
  if (!ok) process.exitCode = 1;
} finally {
  await bench.stop();
}
