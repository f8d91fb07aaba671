import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Mermaid stays out of every bundle of ours (docs/performance.md "Mermaid"; `npm run build`): no
 * source map under dist/ or sdk/dist/ lists a file of the mermaid package — not the board page,
 * not the package's chunks, not the single-script tabula-board.js, which inlines every chunk — and
 * it is one classic script of its own, dist/sdk/tabula-mermaid.js (served as
 * /static/sdk/tabula-mermaid.js), that sets `TabulaMermaid` and is not in the npm package.
 */
const root = path.resolve(import.meta.dirname, '../..');
const maps = (dir: string): string[] => {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js.map'))
    .map((f) => path.join(abs, f));
};
const script = path.join(root, 'dist/sdk/tabula-mermaid.js');

describe('Mermaid in the browser builds', () => {
  it('is built as its own script (npm run build)', () => {
    expect(fs.existsSync(script), 'build the browser bundles first: npm run build').toBe(true);
    const code = fs.readFileSync(script, 'utf8');
    expect(code).toMatch(/^(?:"use strict";)?var TabulaMermaid\s*=/);
    expect(code).not.toMatch(/\bimport\s*\(\s*["']/);
  });

  it('is in no bundle of ours and not in the npm package', () => {
    const all = [...maps('dist'), ...maps('sdk/dist')];
    expect(all.length).toBeGreaterThan(5);
    const carrying = all.filter((map) =>
      (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources.some((s) => s.includes('node_modules/mermaid/')),
    );
    expect(carrying.map((m) => path.relative(root, m))).toEqual([]);
    expect(fs.existsSync(path.join(root, 'sdk/dist/tabula-mermaid.js'))).toBe(false);
  });
});
