import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What the built browser bundles carry (`npm run build`; ARCHITECTURE.md: "Server-only modules
 * never reach a browser bundle"). Read from the sourcemaps' `sources` of every bundle and chunk
 * under dist/ and sdk/dist/ (the `tabula` package), and from the import specifiers left in the
 * code: no joi, hapi server, knex, pg, pino, ioredis, sharp, stripe, viem, nodemailer or Node
 * builtin. The one @hapi module a browser may load is nes' browser client (@hapi/nes/lib/client,
 * ARCHITECTURE.md "Stack notes"). Rarely used code (the share dialog and its QR encoder, the
 * shortcuts dialog) stays out of the board page's and the package's main file: a chunk loaded on
 * demand. The package's declarations import nothing but React and each other.
 */
const root = path.resolve(import.meta.dirname, '../..');
const rel = (file: string) => path.relative(root, file);

function files(dir: string, suffix: string): string[] {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .map((f) => path.join(abs, f));
}

const ENTRIES = [
  'dist/app/main.js',
  'dist/board/main.js',
  'dist/embed.js',
  'dist/sdk/index.js',
  'dist/sdk/tabula-board.js',
  'sdk/dist/index.js',
  'sdk/dist/tabula-board.js',
];
const missing = ENTRIES.filter((f) => !fs.existsSync(path.join(root, f)));

const SERVER_PACKAGES = [
  'joi',
  '@hapi',
  '@sideway',
  'knex',
  'pg',
  'pg-protocol',
  'pg-pool',
  'pglite',
  '@electric-sql',
  'pino',
  'ioredis',
  'sharp',
  'stripe',
  'viem',
  'nodemailer',
  'web-push',
  'ganache',
];
/** The browser client of nes: the SDK's socket (sdk/sync/sync-client.ts). */
const ALLOWED = new Set(['@hapi/nes/lib/client.js']);

/** The package a source path is in (`@scope/name/...` kept to the file for the allow list), or null for our own code. */
function packageFile(source: string): string | null {
  const at = source.lastIndexOf('node_modules/');
  return at < 0 ? null : source.slice(at + 'node_modules/'.length);
}

function forbiddenSource(source: string): boolean {
  if (source.startsWith('node:') || source.includes('\0node:')) return true;
  const file = packageFile(source);
  if (!file || ALLOWED.has(file)) return false;
  const parts = file.split('/');
  const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return SERVER_PACKAGES.some((p) => name === p || name.startsWith(`${p}/`)) || builtinModules.includes(name);
}

/** Module specifiers the built files still load (static imports and re-exports, import(), require()), read by esbuild's parser. */
async function importsOf(files: string[]): Promise<Array<{ file: string; spec: string }>> {
  const result = await build({
    entryPoints: files,
    bundle: true,
    write: false,
    metafile: true,
    outdir: path.join(root, '.bundles-test-out'),
    logLevel: 'silent',
    plugins: [
      {
        name: 'all-external',
        setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'entry-point' ? undefined : { path: a.path, external: true })),
      },
    ],
  });
  return Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
    input.imports.map((i) => ({ file, spec: i.original ?? i.path })),
  );
}

/** A declaration file without its comments (JSDoc examples name packages too). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/(?!\/).*$/gm, '');

const sourcesOf = (map: string): string[] => (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;

describe('browser bundles', () => {
  it('are built (npm run build)', () => {
    expect(missing, 'build the browser bundles first: npm run build').toEqual([]);
  });

  const maps = [...files('dist', '.js.map'), ...files('sdk/dist', '.js.map')].filter((f) => !f.includes(`${path.sep}types${path.sep}`));

  it('carry no server-only module and no Node builtin', () => {
    expect(maps.length).toBeGreaterThanOrEqual(ENTRIES.length);
    const found: string[] = [];
    for (const map of maps) {
      for (const source of sourcesOf(map)) if (forbiddenSource(source)) found.push(`${rel(map)}: ${source}`);
    }
    expect(found).toEqual([]);
    // the nes browser client is the only @hapi file, and the SDK's single-script bundle does carry it (the same build as sdk/dist's, whose map is not packaged) (the check above sees its path)
    expect(sourcesOf(path.join(root, 'dist/sdk/tabula-board.js.map')).some((s) => s.endsWith('@hapi/nes/lib/client.js'))).toBe(true);
  });

  it('import only their own chunks (and React, in the package entry)', async () => {
    const found: string[] = [];
    for (const { file, spec } of await importsOf([...files('dist', '.js'), ...files('sdk/dist', '.js')])) {
      const react = /(^|\/)(sdk\/dist|dist\/sdk)\/(index\.js|chunks\/)/.test(file);
      if (spec.startsWith('./') || spec.startsWith('../')) continue;
      if (react && /^react(-dom)?($|\/)/.test(spec)) continue;
      found.push(`${file}: ${spec}`);
    }
    expect(found).toEqual([]);
  }, 30_000);

  it('load the share dialog, its QR encoder and the shortcuts dialog on demand', () => {
    for (const entry of ['dist/board/main.js.map', 'sdk/dist/index.js.map']) {
      const sources = sourcesOf(path.join(root, entry));
      expect(
        sources.filter(
          (s) =>
            /node_modules\/qrcode\/|sdk\/ui\/share-dialog|sdk\/ui\/shortcuts-dialog/.test(s) ||
            /\.\.\/ui\/(share|shortcuts)-dialog/.test(s),
        ),
        entry,
      ).toEqual([]);
    }
    const chunks = files('dist/board/chunks', '.js.map').flatMap(sourcesOf);
    expect(chunks.some((s) => s.includes('node_modules/qrcode/'))).toBe(true);
  });

  it('keep the board page within its budget', () => {
    // 1.0 MB before joi left it and the rare dialogs became chunks (docs/performance.md, "Package and bundle sizes");
    // 900 kB until templates, board history, automation and help came (issue 28): their dialogs and panels are
    // chunks, but their stylesheets (~13 kB) and openers are on the page
    expect(fs.statSync(path.join(root, 'dist/board/main.js')).size).toBeLessThan(950_000);
  });
});

describe('the tabula package (sdk/)', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'sdk/package.json'), 'utf8')) as {
    name: string;
    files: string[];
    exports: Record<string, string | Record<string, string>>;
    dependencies?: Record<string, string>;
    peerDependencies: Record<string, string>;
  };

  it('is published from dist only, with React as a peer and no runtime dependency', () => {
    expect(pkg.name).toBe('tabula');
    expect(pkg.files.filter((f) => f !== 'README.md' && f !== 'LICENSE')).toEqual(['dist']);
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(['react', 'react-dom']);
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('has every file its exports name', () => {
    const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)));
    expect(targets.filter((t) => !fs.existsSync(path.join(root, 'sdk', t)))).toEqual([]);
  });

  it('declares types that import nothing outside the package but React', () => {
    const found: string[] = [];
    for (const file of files('sdk/dist', '.d.ts')) {
      const code = withoutComments(fs.readFileSync(file, 'utf8'));
      for (const m of code.matchAll(
        /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\/\/\/\s*<reference\s+(?:path|types)\s*=\s*['"]([^'"]+)['"]/g,
      )) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (spec.startsWith('./') || /^react(-dom)?($|\/)/.test(spec)) continue;
        found.push(`${rel(file)}: ${spec}`);
      }
    }
    expect(found).toEqual([]);
    const element = fs.readFileSync(path.join(root, 'sdk/dist/element.d.ts'), 'utf8');
    expect(element).toMatch(/interface HTMLElementTagNameMap\s*{\s*'tabula-board': TabulaBoardElement;/);
    expect(element).toMatch(/declare module 'react'\s*{\s*namespace JSX\s*{\s*interface IntrinsicElements\s*{\s*'tabula-board'/);
  });
});
