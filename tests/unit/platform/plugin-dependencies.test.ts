/**
 * Issue 25, item 4: domains are hapi plugins with declared dependencies (docs/architecture.md
 * "Domains and their api.ts"). A domain (a folder of platform/ that is not infrastructure) reaches
 * another only through that domain's published module, platform/<domain>/api.ts, which its plugin
 * also exposes (`server.plugins.<name>`); and each plugin lists in `dependencies` every domain its
 * files use at run time (a value import of that api.ts, or `server.plugins.<name>`), so hapi
 * refuses to initialize a server where one is missing. A type-only import needs no declaration.
 * dependency-cruiser's `domains-through-api` rule checks the first half on every `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Folders of platform/ that are infrastructure, not domains: any folder may import them (as in .dependency-cruiser.cjs). */
const INFRASTRUCTURE = new Set(['core', 'db', 'metrics', 'openapi', 'web', 'health']);

/** file (posix, from the repository root) → its text */
type Sources = Map<string, string>;

interface Use {
  from: string;
  /** the module imported (a file of Sources), or `plugins.<name>` */
  to: string;
  typeOnly: boolean;
}

function platformSources(): Sources {
  const found: Sources = new Map();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (rel !== 'platform/db/migrations') walk(rel);
      } else if (entry.name.endsWith('.ts')) found.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  walk('platform');
  return found;
}

/** `platform/<folder>/…` → folder; null for platform's top-level files (the composition root: server.ts, plugins.ts, config.ts). */
function folderOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'platform' && parts.length > 2 ? parts[1] : null;
}

function resolveImport(sources: Sources, from: string, spec: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => sources.has(candidate)) ?? null;
}

/** Code without its comments (a comment may name `server.plugins.x` to explain it). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** What a file uses of other modules: its relative imports and re-exports, and the `plugins.<name>` it reads. */
function usesOf(sources: Sources, file: string): Use[] {
  const text = sources.get(file) ?? '';
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const uses: Use[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    if (!spec.startsWith('.')) return;
    const to = resolveImport(sources, file, spec);
    if (to) uses.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      add(node.moduleSpecifier.text, node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) add(arg.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const match of code(text).matchAll(/\bplugins\??\.([A-Za-z_$][\w$-]*)/g))
    uses.push({ from: file, to: `plugins.${match[1]}`, typeOnly: false });
  return uses;
}

interface PluginDecl {
  file: string;
  name: string;
  dependencies: string[];
}

/** The hapi plugin object a plugin.ts defines: the object literal with a string `name` and a `register`. */
function pluginDeclaration(file: string, text: string): PluginDecl | null {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let found: PluginDecl | null = null;
  const visit = (node: ts.Node) => {
    if (!found && ts.isObjectLiteralExpression(node)) {
      const prop = (key: string) =>
        node.properties.find((p) => (ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p)) && p.name.getText(source) === key);
      const name = prop('name');
      if (name && prop('register') && ts.isPropertyAssignment(name) && ts.isStringLiteral(name.initializer)) {
        const deps = prop('dependencies');
        const init = deps && ts.isPropertyAssignment(deps) ? deps.initializer : null;
        const dependencies = !init
          ? []
          : ts.isStringLiteral(init)
            ? [init.text]
            : ts.isArrayLiteralExpression(init)
              ? init.elements.filter(ts.isStringLiteral).map((e) => e.text)
              : [];
        found = { file, name: name.initializer.text, dependencies };
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function pluginsOf(sources: Sources): Map<string, PluginDecl> {
  const plugins = new Map<string, PluginDecl>();
  for (const [file, text] of sources) {
    if (!file.endsWith('/plugin.ts')) continue;
    const decl = pluginDeclaration(file, text);
    if (decl) plugins.set(path.posix.dirname(file), decl);
  }
  return plugins;
}

/** The plugin a file belongs to: the nearest plugin.ts above it inside its platform folder. */
function owningPlugin(plugins: Map<string, PluginDecl>, file: string): PluginDecl | null {
  for (let dir = path.posix.dirname(file); dir.split('/').length >= 2 && dir !== 'platform'; dir = path.posix.dirname(dir)) {
    const plugin = plugins.get(dir);
    if (plugin) return plugin;
  }
  return null;
}

/** Imports of another domain's module other than its api.ts. */
function crossings(sources: Sources): string[] {
  const found: string[] = [];
  for (const file of sources.keys()) {
    const from = folderOf(file);
    if (!from) continue;
    for (const use of usesOf(sources, file)) {
      const to = folderOf(use.to);
      if (!to || to === from || INFRASTRUCTURE.has(to)) continue;
      if (use.to !== `platform/${to}/api.ts`) found.push(`${file} → ${use.to} (only platform/${to}/api.ts may be imported)`);
    }
  }
  return found;
}

/** Run-time uses of another domain (a value import of its api.ts, `plugins.<name>`) that the file's plugin does not declare. */
function undeclared(sources: Sources): string[] {
  const plugins = pluginsOf(sources);
  const byName = new Map([...plugins.values()].map((p) => [p.name, p]));
  const found: string[] = [];
  for (const file of sources.keys()) {
    const from = folderOf(file);
    if (!from) continue;
    const owner = owningPlugin(plugins, file);
    for (const use of usesOf(sources, file)) {
      if (use.typeOnly) continue;
      let needed: string | null = null;
      if (use.to.startsWith('plugins.')) {
        const name = use.to.slice('plugins.'.length);
        if (byName.has(name)) needed = name;
      } else {
        const to = folderOf(use.to);
        if (to && to !== from && use.to === `platform/${to}/api.ts`)
          needed = plugins.get(`platform/${to}`)?.name ?? `(no platform/${to}/plugin.ts)`;
      }
      if (!needed || needed === owner?.name) continue;
      if (!owner) found.push(`${file} uses ${needed}, but no plugin owns the file to declare it`);
      else if (!owner.dependencies.includes(needed))
        found.push(`${file} uses ${needed}: ${owner.file} (${owner.name}) does not list it in dependencies`);
    }
  }
  return [...new Set(found)];
}

/** api.ts files whose folder has no plugin.ts exposing them (`exposeApi(server, api)`). */
function unexposed(sources: Sources): string[] {
  const found: string[] = [];
  for (const file of sources.keys()) {
    if (!/^platform\/[^/]+\/api\.ts$/.test(file)) continue;
    const plugin = sources.get(file.replace(/api\.ts$/, 'plugin.ts'));
    if (!plugin || !/exposeApi\(server, api\)/.test(plugin) || !/import \* as api from '\.\/api'/.test(plugin)) found.push(file);
  }
  return found;
}

describe('domains reach each other through their api.ts, and their plugins declare it', () => {
  const sources = platformSources();

  it('a domain imports another domain only through its api.ts', () => {
    expect(crossings(sources)).toEqual([]);
  });

  it('every plugin lists in `dependencies` each domain its files use at run time', () => {
    expect(undeclared(sources)).toEqual([]);
  });

  it('every api.ts is exposed by its own plugin (server.plugins.<name>)', () => {
    expect(unexposed(sources)).toEqual([]);
    expect([...sources.keys()].filter((f) => f.endsWith('/api.ts')).length).toBeGreaterThan(10);
  });

  it('the check itself catches a repo import, an undeclared dependency and an unexposed api', () => {
    const fake: Sources = new Map([
      [
        'platform/a/plugin.ts',
        "import * as api from './api';\nexport const aPlugin = { name: 'a', dependencies: ['c'], register(server) { exposeApi(server, api); } };",
      ],
      ['platform/a/api.ts', "export { run } from './service';"],
      [
        'platform/a/service.ts',
        [
          "import { findB } from '../b/repo';",
          "import { useB } from '../b/api';",
          "import type { C } from '../c/api';",
          "import { useC } from '../c/api';",
          "import { guard } from '../core/guard';",
          'export const run = () => server.plugins.d.go();',
        ].join('\n'),
      ],
      ['platform/b/plugin.ts', "export const bPlugin = { name: 'b', register() {} };"],
      ['platform/b/api.ts', "export { findB as useB } from './repo';"],
      ['platform/b/repo.ts', 'export const findB = 1;'],
      [
        'platform/c/plugin.ts',
        "import * as api from './api';\nexport const cPlugin = { name: 'c', register(server) { exposeApi(server, api); } };",
      ],
      ['platform/c/api.ts', "import type { B } from '../b/api';\nexport const useC = 1;"],
      [
        'platform/d/plugin.ts',
        "import * as api from './api';\nexport const dPlugin = { name: 'd', register(server) { exposeApi(server, api); } };",
      ],
      ['platform/d/api.ts', 'export const go = 1;'],
      ['platform/core/guard.ts', 'export const guard = 1;'],
    ]);
    expect(crossings(fake)).toEqual(['platform/a/service.ts → platform/b/repo.ts (only platform/b/api.ts may be imported)']);
    expect(undeclared(fake)).toEqual([
      'platform/a/service.ts uses b: platform/a/plugin.ts (a) does not list it in dependencies',
      'platform/a/service.ts uses d: platform/a/plugin.ts (a) does not list it in dependencies',
    ]);
    expect(unexposed(fake)).toEqual(['platform/b/api.ts']);
  });
});
