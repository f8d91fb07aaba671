/**
 * `npx tsx scripts/config-docs.ts`: writes the table of environment variables in
 * docs/configuration.md (between `<!-- config:start -->` and `<!-- config:end -->`) from the
 * schema, platform/config-schema.ts; the prose around it is kept. tests/unit/config-docs.test.ts
 * fails when the file differs from what this would write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENV_VARS } from '../platform/config-schema';

export const CONFIG_DOCS_FILE = path.resolve(import.meta.dirname, '..', 'docs', 'configuration.md');
export const CONFIG_START = '<!-- config:start -->';
export const CONFIG_END = '<!-- config:end -->';

const cell = (markdown: string) => markdown.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The generated part: a note and the table (name, default, allowed, meaning), one row per variable. */
export function renderConfigTable(): string {
  const rows = ENV_VARS.map((v) => `| \`${v.name}\` | ${cell(v.defaultText)} | ${cell(v.allowed)} | ${cell(v.description)} |`);
  return [
    '<!-- Generated from platform/config-schema.ts by `npx tsx scripts/config-docs.ts`: edit the schema, not this table. -->',
    '',
    '| Variable | Default | Allowed | Meaning |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** `current` (docs/configuration.md) with the text between the markers replaced by the table. */
export function renderConfigDocs(current: string): string {
  const start = current.indexOf(CONFIG_START);
  const end = current.indexOf(CONFIG_END);
  if (start < 0 || end < start) throw new Error(`docs/configuration.md must hold ${CONFIG_START} … ${CONFIG_END}`);
  return `${current.slice(0, start + CONFIG_START.length)}\n${renderConfigTable()}\n\n${current.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const current = fs.readFileSync(CONFIG_DOCS_FILE, 'utf8');
  const next = renderConfigDocs(current);
  if (next === current) console.log('docs/configuration.md is up to date');
  else {
    fs.writeFileSync(CONFIG_DOCS_FILE, next);
    console.log(`docs/configuration.md: wrote ${ENV_VARS.length} variables`);
  }
}
