import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { build, type Metafile } from 'esbuild';
import { api, drag, pickTool, shapes, shot } from './board-fixtures';
import { inkNear } from './support/screen';
import type { TestServer } from './support/server';
import { workerServer } from './support/suite';

/**
 * The `tabula` package as a host app gets it (docs/embedding.md "The npm package"): `npm pack` of
 * sdk/ (built by `npm run build`), installed into a fresh app of its own with its own React 19,
 * type-checked against the package's declarations (strict, no skipLibCheck: <Board> props, the
 * <tabula-board> JSX and DOM typings, `tabula/embed`), bundled with esbuild, served from another
 * origin, and in Chromium the <Board> joins a real platform as a guest and draws a rectangle that
 * the canvas shows. Measured on the way: what installing `tabula` adds (the package and its
 * dependencies: under 10 MB) and the host bundle's size; one React in the bundle.
 */
const root = path.resolve(import.meta.dirname, '../..');
const MB = 1024 * 1024;

let server: TestServer;
let host: http.Server;
let hostUrl: string;
let work: string;

/** npm for the host app: none of the test runner's own npm settings (npm_config_*) leak in. */
function npm(args: string[], cwd: string) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 240_000 });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} (in ${cwd}) failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Bytes of the files under a folder (what it takes on disk, apparent size). */
function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

/** The installed packages `name` brings (itself and its dependencies, transitively; peers are the host's). */
function closure(modules: string, name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const pkg = JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dep of Object.keys(pkg.dependencies ?? {})) closure(modules, dep, seen);
  return seen;
}

const HOST_MAIN = `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Board, type BoardApi, type BoardProps } from 'tabula';

const params = new URLSearchParams(location.search);
const props: BoardProps = { code: params.get('code') ?? '', server: params.get('server') ?? undefined, name: 'Package Host', features: { embedded: true } };

function App() {
  const [events, setEvents] = useState(0);
  return (
    <main>
      <header style={{ height: 48 }}>My host app, {events} board events</header>
      <div style={{ width: 1100, height: 640 }}>
        <Board
          {...props}
          onReady={(api: BoardApi) => {
            (window as unknown as { tabula: { editor: BoardApi['editor']; sync: BoardApi['sync'] } }).tabula = { editor: api.editor, sync: api.sync };
          }}
          onCommand={() => setEvents((n) => n + 1)}
        />
      </div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
`;

/** Compiled only (never run): the element's and the embed script's types as a TypeScript host sees them. */
const HOST_TYPES = `import type { TabulaBoardElement } from 'tabula/element';
import type { BoardHandle, EmbedOptions } from 'tabula/embed';
import type { Shape } from 'tabula';

export function Element() {
  return <tabula-board code="abc" server="https://tabula.example" features={{ embedded: true }} onready={(e) => e.detail.editor.getShapes()} />;
}

// docs/embedding.md's example
export const Whiteboard = ({ code }: { code: string }) => (
  <tabula-board
    code={code}
    server="https://tabula.example.com"
    features={{ embedded: true }}
    style={{ display: 'block', height: 600 }}
    onready={(e) => e.detail.editor.zoomToFit()}
    oncommand={(e) => console.log('change', e.detail.cmd)}
  />
);

const el: TabulaBoardElement | null = document.querySelector('tabula-board');
el?.addEventListener('command', (e) => e.detail.cmd);
const created: TabulaBoardElement = document.createElement('tabula-board');
created.code = 'abc';
export const shapes: Shape[] = [];
export type Options = EmbedOptions;
export type Handle = BoardHandle;
// @ts-expect-error: an unknown prop of <tabula-board> is refused
export const bad = <tabula-board colour="red" />;
`;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  for (const f of ['sdk/dist/index.js', 'sdk/dist/tabula-board.js', 'sdk/dist/index.d.ts']) {
    if (!fs.existsSync(path.join(root, f))) throw new Error(`${f} is missing: run npm run build first`);
  }
  server = await workerServer();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-package-'));
  host = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = url.pathname === '/' ? path.join(work, 'app', 'index.html') : path.join(work, 'app', 'out', path.normalize(url.pathname));
    if (!file.startsWith(path.join(work, 'app')) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('a fresh host app installs the packed package, renders <Board> and draws', async ({ browser }) => {
  test.setTimeout(300_000);

  // npm pack (what `npm publish` would upload): dist and the README only
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], path.join(root, 'sdk'))) as Array<{
    filename: string;
    size: number;
    unpackedSize: number;
    files: Array<{ path: string }>;
  }>;
  const tarball = path.join(work, packed[0]!.filename);
  const packedFiles = packed[0]!.files.map((f) => f.path);
  expect(packedFiles.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(f))).toEqual([]);
  expect(packedFiles).toEqual(
    expect.arrayContaining(['dist/index.js', 'dist/tabula-board.js', 'dist/index.d.ts', 'dist/element.d.ts', 'dist/embed.d.ts']),
  );

  // a host app of its own: React 19 from the registry, the package from the tarball
  const app = path.join(work, 'app');
  fs.mkdirSync(path.join(app, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'host-app',
        private: true,
        type: 'module',
        dependencies: { tabula: `file:${tarball}`, react: '^19', 'react-dom': '^19' },
        devDependencies: { '@types/react': '^19', '@types/react-dom': '^19' },
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(path.join(app, 'src', 'main.tsx'), HOST_MAIN);
  fs.writeFileSync(path.join(app, 'src', 'types.tsx'), HOST_TYPES);
  fs.writeFileSync(
    path.join(app, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(app, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>Host app</title></head><body style="margin:0;font-family:sans-serif"><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  const t0 = Date.now();
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline'], app);
  const installSeconds = (Date.now() - t0) / 1000;

  // what `tabula` adds to the host's node_modules: the package and its own dependencies
  const modules = path.join(app, 'node_modules');
  const brought = [...closure(modules, 'tabula')];
  expect(brought).toEqual(['tabula']);
  const installed = brought.reduce((n, name) => n + sizeOf(path.join(modules, name)), 0);
  expect(installed).toBeLessThan(10 * MB);
  expect(fs.existsSync(path.join(modules, 'tabula', 'node_modules'))).toBe(false);

  // the package's types, as a strict TypeScript host compiles them (no skipLibCheck)
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', app], { encoding: 'utf8' });
  expect(tsc.stdout + tsc.stderr).toBe('');

  // the host's bundle: esbuild, code-split; one React (the host's), the package's lazy chunks kept lazy
  const result = await build({
    absWorkingDir: app,
    entryPoints: { main: 'src/main.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: path.join(app, 'out'),
    jsx: 'automatic',
    minify: true,
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const inputs = Object.keys((result.metafile as Metafile).inputs);
  expect(inputs.filter((i) => /react-dom-client\.production/.test(i))).toEqual([
    'node_modules/react-dom/cjs/react-dom-client.production.js',
  ]);
  expect(inputs.filter((i) => i.startsWith('node_modules/tabula/') && !i.startsWith('node_modules/tabula/dist/'))).toEqual([]);
  // what the browser loads up front (main.js and the chunks it imports statically), and all of it
  const outputs = (result.metafile as Metafile).outputs;
  const upfront = new Set<string>();
  const visit = (out: string) => {
    if (upfront.has(out)) return;
    upfront.add(out);
    for (const i of outputs[out]!.imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(Object.keys(outputs).find((o) => o.endsWith('/main.js'))!);
  const bytes = (list: string[]) => {
    const code = Buffer.concat(list.map((o) => fs.readFileSync(path.join(app, o))));
    return { raw: code.length, gzip: zlib.gzipSync(code, { level: 9 }).length };
  };
  const allJs = Object.keys(outputs).filter((o) => o.endsWith('.js'));
  const sizes = {
    packed: packed[0]!.size,
    unpacked: packed[0]!.unpackedSize,
    installed,
    installSeconds,
    hostUpfront: bytes([...upfront]),
    hostAll: bytes(allJs),
    hostChunks: allJs.length,
  };
  expect(allJs.length).toBeGreaterThan(upfront.size); // the package's lazy chunks stay lazy in the host's bundle
  test.info().annotations.push({ type: 'sizes', description: JSON.stringify(sizes) });
  console.log(`[sdk-package] ${JSON.stringify(sizes)}`);

  // in Chromium: the host page (another origin than the platform) renders <Board>, which joins as a guest
  const owner = `package-host-${Date.now()}`;
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { uid: owner }, {});
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${hostUrl}/?code=${code}&server=${encodeURIComponent(server.url)}`);
  await page.waitForFunction(
    () =>
      (window as unknown as { tabula?: { sync: { state$: { value: { phase: string } } } } }).tabula?.sync.state$.value.phase === 'online',
    null,
    { timeout: 30_000 },
  );

  // draw a rectangle with the real mouse: the editor has it, the canvas shows it, the server keeps it
  await pickTool(page, 'Rectangle');
  await drag(page, [
    [300, 200],
    [460, 320],
  ]);
  await expect.poll(async () => (await shapes(page)).map((s) => s.cmd)).toEqual(['rectangle']);
  await expect.poll(() => inkNear(page, 300, 260, 4)).toBe(true);
  expect(await inkNear(page, 380, 260, 4)).toBe(false);
  await expect(page.getByText(/My host app, [1-9]\d* board events/)).toBeVisible();
  await expect
    .poll(async () => JSON.stringify(await api(server, 'GET', `/api/boards/${code}/commands`, { uid: owner })))
    .toContain('"rectangle"');
  await shot(page, 'sdk-package-host');
  expect(errors).toEqual([]);
  await context.close();
});
