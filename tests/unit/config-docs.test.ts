import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARS } from '../../platform/config-schema';
import { CONFIG_DOCS_FILE, CONFIG_END, CONFIG_START, renderConfigDocs } from '../../scripts/config-docs';

describe('docs/configuration.md', () => {
  const current = fs.readFileSync(CONFIG_DOCS_FILE, 'utf8');

  it('holds the table generated from platform/config-schema.ts', () => {
    expect(current, 'docs/configuration.md differs from the schema: run `npx tsx scripts/config-docs.ts` (and commit the result)').toBe(
      renderConfigDocs(current),
    );
  });

  it('lists every variable once, between the markers, and keeps the prose around them', () => {
    const table = current.slice(current.indexOf(CONFIG_START), current.indexOf(CONFIG_END));
    for (const v of ENV_VARS) expect(table.split('\n').filter((line) => line.startsWith(`| \`${v.name}\` |`))).toHaveLength(1);
    expect(current.startsWith('# Configuration\n')).toBe(true);
    expect(current).toContain('See [operations.md](operations.md)');
  });

  it('every variable has a default, what is allowed and a meaning', () => {
    for (const v of ENV_VARS) {
      expect(v.defaultText, v.name).not.toBe('');
      expect(v.allowed, v.name).not.toBe('');
      expect(v.description, v.name).not.toBe('');
    }
  });
});
