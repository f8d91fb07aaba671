// The server as plain JavaScript for `node` (no TypeScript at run time): platform/main.ts, the
// render process (platform/render-process.ts: thumbnails, PDF pages) and the operators' command
// line (scripts/admin.ts), bundled by esbuild into build/. Packages stay external (node_modules at
// run time: a production install has exactly the runtime `dependencies`); our own modules
// (platform/, shared/) are bundled. The built-in template library (platform/templates/library/*.json,
// data the server reads at start) is copied to build/templates/library/, where the built server
// looks for it (platform/templates/library.ts libraryDir). build/ sits one level under the root like platform/, so paths
// the server derives from its own file (the root, dist/) are the same built or not.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'platform/main.ts', 'render-process': 'platform/render-process.ts', admin: 'scripts/admin.ts' },
  outdir: 'build',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
});

fs.rmSync('build/templates/library', { recursive: true, force: true });
fs.cpSync('platform/templates/library', 'build/templates/library', { recursive: true });
