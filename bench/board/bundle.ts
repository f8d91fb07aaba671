import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles bench/board/page.ts into one IIFE with esbuild (the bundler tsx itself runs on) and
 * writes a static page next to it (bench/board/.out/index.html) that the runner opens over file://.
 */
export async function bundleBenchPage(): Promise<string> {
  const out = path.join(import.meta.dirname, '.out');
  fs.mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [path.join(import.meta.dirname, 'page.ts')],
    outfile: path.join(out, 'page.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const html = path.join(out, 'index.html');
  fs.writeFileSync(
    html,
    `<!doctype html><html><head><meta charset="utf-8"><title>loading</title>
<style>html,body{margin:0;height:100%;overflow:hidden}#board{position:absolute;inset:0;background:#fff}</style></head>
<body><div id="board"></div><script src="page.js"></script></body></html>`,
  );
  return html;
}
