import fs from 'node:fs';
import path from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import type { OutputOptions, Plugin, PreRenderedChunk, RollupOptions } from 'rollup';
import esbuild, { minify } from 'rollup-plugin-esbuild';
import { build as esbuildBuild } from 'esbuild';

/**
 * Browser bundles (`npm run build:web`:
 *   rollup -c rollup.config.ts --configPlugin esbuild):
 *  - dist/app/      the panel + account screens (+ admin, code-split) — dist/app/index.html
 *  - dist/board/    the hosted board page /board/{code} (share dialog and QR code code-split)
 *  - dist/embed.js  the script a host page loads (no React inside)
 *  - sdk/dist/      the `tabula` npm package (sdk/package.json): index.js, the React <Board>
 *                   as ESM with React external (peer), and tabula-board.js, <tabula-board> as one
 *                   classic script with its own React. Also written to dist/sdk/, which the
 *                   platform serves as /static/sdk/ (the same URLs as before the package).
 * The package's .d.ts come from `build:types` (sdk/rollup.types.config.ts).
 * esbuild only transpiles (TypeScript, JSX automatic runtime) and minifies; type checking is
 * `npm run typecheck`. No browser bundle may carry a server-only module (tests/unit/bundles.test.ts).
 */
const production = process.env.NODE_ENV !== 'development';
const dist = 'dist';
/** What the browser bundles are compiled down to (the tsconfig target). */
const target = 'es2022';

/**
 * Stylesheets imported as text (`import css from './board.css?raw'`, the same as Vite's `?raw` in
 * vitest and Storybook; typed by ui/css.d.ts): the CSS file becomes a string module, its comments
 * and runs of white space removed in production. The apps inject it once per document.
 */
function cssText(): Plugin {
  const suffix = '?raw';
  return {
    name: 'css-text',
    resolveId(source, importer) {
      if (!source.endsWith(`.css${suffix}`) || !importer) return null;
      return path.resolve(path.dirname(importer), source.slice(0, -suffix.length)) + suffix;
    },
    load(id) {
      if (!id.endsWith(`.css${suffix}`)) return null;
      const file = id.slice(0, -suffix.length);
      this.addWatchFile(file);
      let css = fs.readFileSync(file, 'utf8');
      if (production)
        css = css
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .trim();
      return { code: `export default ${JSON.stringify(css)};`, map: { mappings: '' } };
    },
  };
}

/**
 * Font files imported as a base64 data URL (`import font from './x.ttf?inline'`, the same as Vite's
 * `?inline` in vitest and Storybook; typed by sdk/fonts/fonts.d.ts): the PDF export embeds the
 * board's font from its lazy chunk (sdk/fonts/open-sans.ts), so no URL, CSP or server is involved.
 */
function inlineFont(): Plugin {
  const suffix = '?inline';
  return {
    name: 'inline-font',
    resolveId(source, importer) {
      if (!source.endsWith(`.ttf${suffix}`) || !importer) return null;
      return path.resolve(path.dirname(importer), source.slice(0, -suffix.length)) + suffix;
    },
    load(id) {
      if (!id.endsWith(`.ttf${suffix}`)) return null;
      const file = id.slice(0, -suffix.length);
      this.addWatchFile(file);
      const dataUrl = `data:font/ttf;base64,${fs.readFileSync(file).toString('base64')}`;
      return { code: `export default ${JSON.stringify(dataUrl)};`, map: { mappings: '' } };
    },
  };
}

/**
 * jsPDF's optional helpers (html2canvas for its .html(), canvg for addSvgAsImage, dompurify) are
 * never used: the PDF export draws its SVG with svg2pdf.js (sdk/editor/pdf-export.ts). jsPDF's
 * dynamic imports of them get an empty module instead, so neither the board's chunks nor
 * tabula-board.js (which inlines every chunk) carry ~400 kB of them. Empty, not throwing: an
 * inlined module runs when the script loads.
 */
function jspdfExtrasOut(): Plugin {
  const unused = new Set(['html2canvas', 'canvg', 'dompurify']);
  const prefix = '\0jspdf-unused:';
  return {
    name: 'jspdf-extras-out',
    resolveId(source, importer) {
      if (!unused.has(source) || !importer?.includes(`${path.sep}node_modules${path.sep}jspdf${path.sep}`)) return null;
      return prefix + source;
    },
    load(id) {
      return id.startsWith(prefix) ? { code: 'export default null;', map: { mappings: '' } } : null;
    },
  };
}

/**
 * tabula-mermaid.js (docs/performance.md "Mermaid", docs/embedding.md): the `mermaid` package
 * (~3.5 MB) as one classic script setting the global `TabulaMermaid`, written beside the SDK's
 * files in dist/sdk/ (served as /static/sdk/) and NOT into the npm package (sdk/dist): no bundle of
 * ours imports it — the board loads it from its platform when a diagram other than a flowchart is
 * previewed (sdk/editor/mermaid-loader.ts), so the board page, the package and tabula-board.js
 * (which inlines every chunk) stay as they were. esbuild builds it (~2 s, against minutes through
 * rollup's CommonJS pass), its own dynamic imports inlined.
 */
function mermaidScript(dir: string): Plugin {
  return {
    name: 'mermaid-script',
    async closeBundle() {
      await esbuildBuild({
        entryPoints: ['sdk/editor/mermaid-bundle.ts'],
        outfile: `${dir}/tabula-mermaid.js`,
        bundle: true,
        format: 'iife',
        globalName: 'TabulaMermaid',
        target,
        minify: production,
        legalComments: 'none',
        define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
        logLevel: 'warning',
      });
    },
  };
}

const plugins = (): Plugin[] => [
  cssText(),
  inlineFont(),
  jspdfExtrasOut(),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') } }),
  resolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
  commonjs(),
  json(),
  esbuild({ include: /\.tsx?$/, target, jsx: 'automatic', tsconfig: 'tsconfig.json', sourceMap: true }),
  ...(production ? [minify({ target, sourceMap: true, legalComments: 'none' })] : []),
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

/** Removes the chunks an earlier build left in these output folders (their names carry hashes). */
function cleanChunks(...dirs: string[]): Plugin {
  return {
    name: 'clean-chunks',
    buildStart() {
      for (const dir of dirs) fs.rmSync(`${dir}/chunks`, { recursive: true, force: true });
    },
  };
}

/** Chunk names: the module's, or the package's for a chunk of a package (qrcode's lib/browser.js → qrcode). */
const chunkName = (chunk: PreRenderedChunk) => {
  const last = chunk.moduleIds.filter((id) => !id.startsWith('\0')).at(-1) ?? '';
  const pkg = last.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];
  return `chunks/${pkg ? pkg.replace('/', '-') : '[name]'}-[hash].js`;
};
const esm = (dir: string): OutputOptions => ({
  dir,
  format: 'es',
  sourcemap: true,
  chunkFileNames: chunkName,
  entryFileNames: '[name].js',
});

/**
 * Import cycles are reported once per build (a count and the cycles), never failing it; a few
 * known ones are listed in docs/architecture.md until the layers are untangled.
 */
const cycles = new Set<string>();
let packageCycles = 0;
const onwarn: RollupOptions['onwarn'] = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'THIS_IS_UNDEFINED') return;
  if (warning.code === 'CIRCULAR_DEPENDENCY') {
    const ids = (warning.ids ?? []).map((id) => id.replace(`${process.cwd()}/`, ''));
    if (ids.some((id) => id.includes('node_modules'))) packageCycles++;
    else cycles.add(ids.join(' -> '));
    return;
  }
  warn(warning);
};
function reportCycles(bundle: string): Plugin {
  return {
    name: 'report-cycles',
    closeBundle() {
      const mine = [...cycles];
      const theirs = packageCycles;
      cycles.clear();
      packageCycles = 0;
      if (!mine.length) return;
      const list = mine.map((c) => `    ${c}`).join('\n');
      const also = theirs ? ` (and ${theirs} inside packages, not listed)` : '';
      console.warn(`(!) ${bundle}: ${mine.length} import cycle(s) in our code${also}:\n${list}`);
    },
  };
}

/** React stays out of the package's ESM entry: the host app's own React (a peer dependency). */
const reactExternal = (id: string) => /^react(-dom)?($|\/)/.test(id);

const config: RollupOptions[] = [
  {
    input: { main: 'panel/main.tsx' },
    output: esm(`${dist}/app`),
    plugins: [...plugins(), cleanChunks(`${dist}/app`), html('Tabula', '/static/app/main.js'), copyPublic(), reportCycles('app')],
    onwarn,
  },
  {
    input: { main: 'embed/board-page.ts' },
    output: esm(`${dist}/board`),
    plugins: [...plugins(), cleanChunks(`${dist}/board`), html('Tabula board', '/static/board/main.js'), reportCycles('board')],
    onwarn,
  },
  {
    input: 'embed/host.ts',
    output: { file: `${dist}/embed.js`, format: 'iife', name: 'Tabula', sourcemap: true },
    plugins: [...plugins(), reportCycles('embed.js')],
    onwarn,
  },
  {
    input: { index: 'sdk/index.ts' },
    // the package, and the same files under /static/sdk/
    output: [esm('sdk/dist'), esm(`${dist}/sdk`)],
    // index.js exports exactly the package's API: the code it shares with the lazy chunks sits in
    // chunks/index-[hash].js, which index.js re-exports (rollup's facade for a strict entry signature)
    external: reactExternal,
    plugins: [...plugins(), cleanChunks('sdk/dist', `${dist}/sdk`), reportCycles('sdk index.js')],
    onwarn,
  },
  {
    // A classic script (one <script src>, no module loader), so it cannot load chunks: the share
    // dialog, QR code and PDF export are inlined here (inlineDynamicImports). Its source map (~6 MB)
    // is served by the platform beside it, not shipped in the npm package (the package's size budget:
    // tests/e2e/sdk-package.spec.ts).
    input: 'sdk/element.ts',
    output: ['sdk/dist', `${dist}/sdk`].map((dir): OutputOptions => ({
      file: `${dir}/tabula-board.js`,
      format: 'iife',
      name: 'TabulaBoard',
      sourcemap: dir !== 'sdk/dist',
      inlineDynamicImports: true,
    })),
    plugins: [...plugins(), reportCycles('tabula-board.js'), mermaidScript(`${dist}/sdk`)],
    onwarn,
  },
];

/** Bundles whose entry does not exist yet are left out (each app lands in its own commit). */
const entryOf = (c: RollupOptions) => (typeof c.input === 'string' ? [c.input] : Object.values(c.input as Record<string, string>));
export default config.filter((c) => entryOf(c).every((file) => fs.existsSync(file)));
