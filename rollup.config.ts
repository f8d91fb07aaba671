import fs from 'node:fs';
import path from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import type { OutputOptions, Plugin, RollupOptions } from 'rollup';

/**
 * Browser bundles into dist/ (served by platform/web under /static/):
 *  - app/      the panel + account screens (+ admin, code-split) — dist/app/index.html
 *  - board/    the hosted board page /board/{code}                   — dist/board/index.html
 *  - embed.js  the script a host page loads (no React inside)
 *  - sdk/      the package entry: React <Board> (ESM) and <tabula-board> as one script
 * Type checking is `npm run typecheck`; the bundler only transpiles (noCheck) to stay fast.
 */
const production = process.env.NODE_ENV !== 'development';
const dist = 'dist';

const plugins = (opts: { declarations?: boolean } = {}): Plugin[] => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') } }),
  resolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
  commonjs(),
  json(),
  typescript({
    tsconfig: './tsconfig.json',
    noEmit: false,
    noCheck: true,
    declaration: Boolean(opts.declarations),
    outDir: undefined,
    include: ['shared/**/*', 'sdk/**/*', 'embed/**/*', 'panel/**/*', 'admin/**/*', 'ui/**/*'],
    compilerOptions: { jsx: 'react-jsx', moduleResolution: 'bundler', allowImportingTsExtensions: false },
  } as Parameters<typeof typescript>[0]),
  ...(production ? [terser()] : []),
];

/** Emits an index.html for a single-page app that loads its module entry. */
function html(title: string, script: string, extraHead = ''): Plugin {
  return {
    name: 'html',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'index.html',
        source: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
${extraHead}
</head>
<body>
<div id="root"></div>
<script type="module" src="${script}"></script>
</body>
</html>
`,
      });
    },
  };
}

/** Copies public/ (favicon, fonts) into dist/. */
function copyPublic(): Plugin {
  return {
    name: 'copy-public',
    writeBundle() {
      if (fs.existsSync('public')) fs.cpSync('public', dist, { recursive: true });
    },
  };
}

const esm = (dir: string): OutputOptions => ({ dir: `${dist}/${dir}`, format: 'es', sourcemap: true, chunkFileNames: 'chunks/[name]-[hash].js', entryFileNames: '[name].js' });

const onwarn: RollupOptions['onwarn'] = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return;
  warn(warning);
};

const config: RollupOptions[] = [
  {
    input: { main: 'panel/main.tsx' },
    output: esm('app'),
    plugins: [...plugins(), html('Tabula', '/static/app/main.js'), copyPublic()],
    onwarn,
  },
  {
    input: { main: 'sdk/page/main.tsx' },
    output: esm('board'),
    plugins: [...plugins(), html('Tabula board', '/static/board/main.js')],
    onwarn,
  },
  {
    input: 'embed/host.ts',
    output: { file: `${dist}/embed.js`, format: 'iife', name: 'Tabula', sourcemap: true },
    plugins: plugins(),
    onwarn,
  },
  {
    input: { index: 'sdk/index.ts' },
    output: { ...esm('sdk'), chunkFileNames: '[name]-[hash].js' },
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    plugins: plugins(),
    onwarn,
  },
  {
    input: 'sdk/element.ts',
    output: { file: `${dist}/sdk/tabula-board.js`, format: 'iife', name: 'TabulaBoard', sourcemap: true },
    plugins: plugins(),
    onwarn,
  },
];

/** Bundles whose entry does not exist yet are left out (each app lands in its own commit). */
const entryOf = (c: RollupOptions) => (typeof c.input === 'string' ? [c.input] : Object.values(c.input as Record<string, string>));
export default config.filter((c) => entryOf(c).every((file) => fs.existsSync(file)));
