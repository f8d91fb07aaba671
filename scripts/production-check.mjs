// What the Dockerfile's runtime stage does, outside Docker (this machine has no Docker engine):
// copy a built tree without sources, install it without devDependencies (`npm ci --omit=dev`), start
// the built server with plain `node` on the embedded database, wait for GET /ready to answer 200,
// stop it with SIGTERM and expect exit 0. Run by .ci/run after `npm test` (the build exists then).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-production-'));
const t0 = Date.now();
const step = (text) => console.log(`[production] ${text} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
const fail = (text) => {
  console.error(`[production] FAILED: ${text}`);
  process.exit(1);
};

try {
  for (const file of ['package.json', 'package-lock.json', '.npmrc', 'sdk/package.json', 'build', 'dist']) {
    if (!fs.existsSync(path.join(root, file))) fail(`${file} is missing: build first (npm run build)`);
    fs.cpSync(path.join(root, file), path.join(dir, file), { recursive: true });
  }
  step(`built tree copied to ${dir}`);
  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'inherit' });
  if (install.status !== 0) fail('npm ci --omit=dev');
  for (const dev of ['typescript', 'rollup', 'esbuild', 'tsx', 'vitest', 'ganache']) {
    if (fs.existsSync(path.join(dir, 'node_modules', dev))) fail(`${dev} was installed without devDependencies`);
  }
  step('installed without devDependencies');

  const port = await new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = srv.address();
      srv.close(() => resolve(free));
    });
  });
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? dir,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
  };
  const node = spawn(process.execPath, ['build/main.js'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  node.stdout.on('data', (d) => (out += d));
  node.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => node.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  let ready = null;
  while (!ready && Date.now() < deadline && node.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ready`);
      if (res.ok) ready = await res.json();
    } catch {
      /* not listening yet */
    }
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    node.kill('SIGKILL');
    fail(`/ready did not answer 200:\n${out}`);
  }
  step(`/ready answered ${JSON.stringify(ready)}`);
  const page = await fetch(`http://127.0.0.1:${port}/accounts/login`, { headers: { accept: 'text/html' } });
  if (!page.ok) fail(`the login page answered ${page.status}`);
  // the template library reached the built server (build/templates/library) and was installed at start
  let templates = [];
  for (const until = Date.now() + 30_000; !templates.length && Date.now() < until;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/boards/templates?Group=all`);
    templates = res.ok ? await res.json() : [];
    if (!templates.length) await new Promise((r) => setTimeout(r, 250));
  }
  if (!templates.length) fail(`no built-in template was installed:\n${out}`);
  step(`${templates.length} built-in templates installed`);
  node.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) fail(`SIGTERM: exit ${code}\n${out}`);
  step('stopped on SIGTERM with exit 0');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
