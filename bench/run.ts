/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (or those named on the command line).
 * Each benchmark prints its figures next to a baseline measured in the same run and appends
 * its table to docs/performance.md's generated section.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
