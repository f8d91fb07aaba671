import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandTemplate, templateSize, TemplateError } from '../../shared/templates/expand';
import { checkParameters } from '../../shared/templates/schema';
import { TEMPLATE_GROUPS, TEMPLATE_NAME, type TemplateFile } from '../../shared/templates/types';

/**
 * The built-in template library (docs/templates.md "The library"): one JSON file per template in
 * platform/templates/library/. Run from the sources the folder is read where it is; the built
 * server (build/main.js) reads the copy scripts/build-server.mjs puts beside it
 * (build/templates/library/), so a runtime image holding only build/ and dist/ has it too.
 */
export function libraryDir(): string {
  const here = import.meta.url;
  return fileURLToPath(new URL(here.endsWith('.ts') ? './library/' : './templates/library/', here));
}

/** Names a custom template takes ('ct-' and 16 hex digits): no built-in template may take one. */
export const CUSTOM_NAME = /^ct-[0-9a-f]{16}$/;

export interface LibraryTemplate {
  file: TemplateFile;
  /** the file's text's sha-256 */
  hash: string;
}

export interface Library {
  templates: LibraryTemplate[];
  /** sha-256 over every file's name and text: what install compares */
  hash: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Why a template file is not a valid template (its name `expected`), or null: its fields, its
 * parameters' schema and defaults, and its expansion with the defaults into valid shapes.
 */
export function templateFileProblem(file: unknown, expected?: string): string | null {
  if (!isObject(file)) return 'not an object';
  const f = file as unknown as TemplateFile;
  const known = ['name', 'title', 'summary', 'group', 'tags', 'width', 'height', 'parameters', 'shapes'];
  const extra = Object.keys(file).find((k) => !known.includes(k));
  if (extra) return `${extra} is not a template field`;
  if (typeof f.name !== 'string' || !TEMPLATE_NAME.test(f.name) || f.name.length > 60) return 'name must be lower-case words joined by -';
  if (CUSTOM_NAME.test(f.name)) return 'name looks like a custom template name (ct-…)';
  if (expected !== undefined && f.name !== expected) return `name ${f.name} is not the file name ${expected}`;
  if (typeof f.title !== 'string' || !f.title.trim() || f.title.length > 200) return 'title is required';
  if (typeof f.summary !== 'string' || !f.summary.trim()) return 'summary is required';
  if (!(TEMPLATE_GROUPS as readonly string[]).includes(f.group)) return `group must be one of ${TEMPLATE_GROUPS.join(', ')}`;
  if (f.tags !== undefined && !(Array.isArray(f.tags) && f.tags.every((t) => typeof t === 'string'))) return 'tags must be texts';
  if (!Array.isArray(f.shapes) || !f.shapes.length) return 'shapes must be a non-empty list';
  if (f.parameters !== undefined) {
    const errors = checkParameters(f.parameters);
    const first = Object.entries(errors)[0];
    if (first) return `${first[0]}: ${first[1][0]}`;
  }
  try {
    const expanded = expandTemplate(f, undefined, { uid: 'library', now: 0, newId: counter() });
    if (!expanded.shapes.length) return 'expands to no shapes';
    templateSize(f, expanded.data);
  } catch (err) {
    if (err instanceof TemplateError) return err.message;
    throw err;
  }
  return null;
}

const counter = () => {
  let n = 0;
  return () => `s${++n}`;
};

/**
 * Reads the library folder: every `<name>.json`, in name order. A file that is not a valid
 * template is left out and reported through `onProblem` (the node starts anyway).
 */
export async function readLibrary(dir = libraryDir(), onProblem?: (file: string, problem: string) => void): Promise<Library> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    names = [];
    onProblem?.(dir, 'the template library folder is missing');
  }
  const all = crypto.createHash('sha256');
  const templates: LibraryTemplate[] = [];
  for (const name of names) {
    const text = await fs.readFile(path.join(dir, name), 'utf8');
    all.update(name).update('\0').update(text).update('\0');
    let file: unknown;
    try {
      file = JSON.parse(text);
    } catch (err) {
      onProblem?.(name, `not JSON: ${(err as Error).message}`);
      continue;
    }
    const problem = templateFileProblem(file, name.slice(0, -'.json'.length));
    if (problem) {
      onProblem?.(name, problem);
      continue;
    }
    templates.push({ file: file as TemplateFile, hash: crypto.createHash('sha256').update(text).digest('hex') });
  }
  return { templates, hash: all.digest('hex') };
}
