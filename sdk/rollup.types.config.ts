import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, RollupOptions } from 'rollup';
import { dts } from 'rollup-plugin-dts';

/**
 * The `tabula` package's type declarations (`npm run build:types`:
 *   tsc -p sdk/tsconfig.types.json && rollup -c sdk/rollup.types.config.ts --configPlugin esbuild):
 * tsc emits the .d.ts of sdk/, embed/types.ts and what they reach in shared/ and ui/ under
 * dist/types/; this bundles them into sdk/dist/index.d.ts (`tabula`), element.d.ts
 * (`tabula/element`: <tabula-board>, HTMLElementTagNameMap, React JSX) and embed.d.ts
 * (`tabula/embed`: the embed script's API), plus a shared chunk. Nothing in them points outside
 * the package: the repo's folders are inlined, and so are the rxjs types the editor and sync
 * session expose (rxjs itself is bundled into the JavaScript, not a dependency); two.js objects
 * (the renderer's internals) are typed opaquely; only `react` stays an import (a peer dependency).
 * tests/unit/bundles.test.ts checks the imports; tests/e2e/sdk-package.spec.ts compiles a host app
 * against the packed package.
 */
const types = 'dist/types';

/** two.js declares its types as ambient modules, which cannot be bundled: an opaque stand-in. */
function opaqueTwo(): Plugin {
  const prefix = '\0two.js:';
  return {
    name: 'opaque-two.js',
    resolveId: (id) => (id === 'two.js' || id.startsWith('two.js/') ? prefix + id : null),
    load(id) {
      if (!id.startsWith(prefix)) return null;
      return [
        '/** A two.js object (internal to the renderer). */',
        'declare class Two { constructor(options?: object); [key: string]: any; static [key: string]: any; }',
        'export default Two;',
        'export type Group = any;',
        '',
      ].join('\n');
    },
  };
}

/** Removes the declarations of an earlier build (the shared chunk's name carries a hash). */
function cleanDeclarations(dir: string): Plugin {
  return {
    name: 'clean-declarations',
    buildStart() {
      if (!fs.existsSync(dir)) return;
      for (const f of fs.readdirSync(dir)) if (f.endsWith('.d.ts')) fs.rmSync(path.join(dir, f));
    },
  };
}

const config: RollupOptions = {
  input: { index: `${types}/sdk/index.d.ts`, element: `${types}/sdk/element.d.ts`, embed: `${types}/embed/types.d.ts` },
  output: { dir: 'sdk/dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'types-[hash].d.ts' },
  external: (id) => /^react(-dom)?($|\/)/.test(id),
  plugins: [cleanDeclarations('sdk/dist'), opaqueTwo(), dts({ includeExternal: ['rxjs'] })],
};

export default config;
