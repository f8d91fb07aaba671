import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles a bench page (bench/board/page.ts, or another entry of this folder) into one IIFE with
 * esbuild (the bundler tsx itself runs on) and writes a static page next to it
 * (bench/board/.out/<entry>.html) that the runner opens over file://.
 */
export async function bundleBenchPage(entry = 'page'): Promise<string> {
  const out = path.join(import.meta.dirname, '.out');
  fs.mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [path.join(import.meta.dirname, `${entry}.ts`)],
    outfile: path.join(out, `${entry}.js`),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const html = path.join(out, entry === 'page' ? 'index.html' : `${entry}.html`);
  fs.writeFileSync(
    html,
    `<!doctype html><html><head><meta charset="utf-8"><title>loading</title>
<style>html,body{margin:0;height:100%;overflow:hidden}#board{position:absolute;inset:0;background:#fff}</style></head>
<body><div id="board"></div><script src="${entry}.js"></script></body></html>`,
  );
  return html;
}
