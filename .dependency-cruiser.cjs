// @ts-check
/**
 * The layers of docs/architecture.md ("Layer rules"), checked by dependency-cruiser:
 *
 *   npm run lint:layers
 *     = depcruise --config .dependency-cruiser.cjs --ignore-known .dependency-cruiser-known-violations.json
 *         shared ui sdk embed panel admin platform bench
 * (npm test runs it beside the typecheck: scripts/test.mjs.)
 *
 * Known violations would be listed in .dependency-cruiser-known-violations.json and reported as
 * "ignored" (--ignore-known needs the file name: its argument is optional and would swallow the
 * first folder); the list is empty (`[]`) since the last cross-domain imports went through the
 * domains' api.ts (issue 25), and must stay so: any violation fails the run. Fix the import; an
 * exception is a rule here, with its reason. (The list is regenerated with
 *   npx depcruise-baseline --config .dependency-cruiser.cjs shared ui sdk embed panel admin platform bench.)
 *
 * Paths below are regular expressions on paths relative to the repository root, as
 * dependency-cruiser reports them: our modules (`sdk/page/page.tsx`), packages after resolution
 * (`node_modules/@hapi/hapi/lib/index.js`) and node's built-ins (`fs`, `node:fs`).
 * tests/, stories/ and scripts/ may import anything: no rule starts from them.
 */
const { builtinModules } = require('node:module');

/** Every top-level folder of ours (anything else is a package or a built-in). */
const OURS = '^(shared|ui|sdk|embed|panel|admin|platform|bench|tests|stories|scripts|\\.storybook)/';

/** The folders whose code ends up in a browser bundle. */
const BROWSER = '^(shared|ui|sdk|embed|panel|admin)/';

/** Server-only packages (package.json "dependencies" the browser must never load). */
const SERVER_PACKAGES = [
  'joi',
  'joi-to-json',
  '@hapi/[^/]+',
  'knex',
  'knex-pglite',
  'pg',
  '@electric-sql/pglite',
  'pino',
  'ioredis',
  'sharp',
  'stripe',
  'viem',
  'nodemailer',
  'web-push',
  'prom-client',
  '@node-rs/[^/]+',
  'geoip-country',
  'rate-limiter-flexible',
  'proxy-addr',
  'csv-stringify',
  'ws',
  '@aws-sdk/[^/]+',
  'file-type',
  'unpdf',
  '@napi-rs/[^/]+',
];

/**
 * The folders of platform/ that are infrastructure, not domains: any folder may import them
 * (domains-through-api). Every other folder of platform/ is a domain.
 */
const PLATFORM_INFRASTRUCTURE = ['core', 'db', 'metrics', 'openapi', 'web', 'health'];

/** node's built-in modules, with or without the node: prefix. */
const BUILTINS = `^(node:)?(${builtinModules.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment:
        'shared/ is the pure domain (types, reducer, permissions, geometry, the embed and hub contracts): ' +
        'it imports nothing of ours outside shared/ and no node built-in (no I/O). Packages are allowed ' +
        'unless they are server-only (no-server-in-browser). Move what shared/ needs down into shared/.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { pathNot: ['^shared/', '^node_modules/'] },
    },
    {
      name: 'ui-only-shared',
      comment:
        'ui/ holds the React widgets both apps and the board use: it imports only shared/ (and packages). ' +
        'If a widget needs something from an app, pass it in as a prop or move that thing down.',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: OURS, pathNot: '^(ui|shared)/' },
    },
    {
      name: 'sdk-layers',
      comment:
        'sdk/ (the board, the `tabula` package) imports only shared/ and ui/. The embed contract ' +
        '(method names, error codes, event shapes) lives in shared/embed.ts, so sdk/ never imports embed/.',
      severity: 'error',
      from: { path: '^sdk/' },
      to: { path: OURS, pathNot: '^(sdk|ui|shared)/' },
    },
    {
      name: 'embed-layers',
      comment:
        'embed/ (the host script and the child side inside the board page) imports only shared/, ui/ ' +
        'and sdk/ — never panel/ or admin/, never platform/.',
      severity: 'error',
      from: { path: '^embed/' },
      to: { path: OURS, pathNot: '^(embed|sdk|ui|shared)/' },
    },
    {
      name: 'apps-apart',
      comment:
        'panel/ and admin/ import shared/, ui/ and sdk/ — never each other (what both use moves down ' +
        'into ui/ or shared/), never embed/ or platform/.',
      severity: 'error',
      from: { path: '^(panel|admin)/', pathNot: '^panel/main\\.tsx$' },
      to: { path: OURS, pathNot: '^($1|sdk|ui|shared)/' },
    },
    {
      name: 'app-entry',
      comment:
        "panel/main.tsx is the app bundle's entry (dist/app), its composition root: besides panel/ and " +
        "what is below, it may import admin/routes.tsx — the back-office's route table, mounted in the " +
        "panel's shell — and nothing else of admin/ (apps-apart holds for every other file).",
      severity: 'error',
      from: { path: '^panel/main\\.tsx$' },
      to: { path: OURS, pathNot: ['^(panel|sdk|ui|shared)/', '^admin/routes\\.tsx$'] },
    },
    {
      name: 'platform-only-shared',
      comment:
        'platform/ (the server) imports only shared/ of ours: not sdk/, embed/, ui/, panel/ or admin/. ' +
        'A contract both sides need (wire types, embed method names) belongs in shared/.',
      severity: 'error',
      from: { path: '^platform/' },
      to: { path: OURS, pathNot: '^(platform|shared)/' },
    },
    {
      name: 'no-server-in-browser',
      comment:
        'Nothing that ends up in a browser bundle (shared/ ui/ sdk/ embed/ panel/ admin/) reaches a ' +
        'server-only package (joi, hapi, knex, pg, pino, ioredis, sharp, stripe, viem, nodemailer, …) or ' +
        "a node built-in. The one exception is nes's browser client, @hapi/nes/lib/client.",
      severity: 'error',
      // build configurations that live beside the code (sdk/rollup.types.config.ts) run in node
      from: { path: BROWSER, pathNot: '\\.config\\.[cm]?[jt]s$' },
      to: {
        path: [`^node_modules/(${SERVER_PACKAGES.join('|')})/`, BUILTINS],
        pathNot: '^node_modules/@hapi/nes/lib/client\\.js$',
      },
    },
    {
      name: 'domains-through-api',
      comment:
        'A domain (a folder of platform/ that is not infrastructure) is reached from outside it only ' +
        'through its published module, platform/<domain>/api.ts, which its plugin also exposes ' +
        '(server.plugins.<name>); its repo, services and routes stay private. The importing plugin ' +
        'lists that domain in `dependencies` (tests/unit/platform/plugin-dependencies.test.ts) — ' +
        'docs/architecture.md, "Domains and their api.ts".',
      severity: 'error',
      from: { path: '^platform/([^/]+)/' },
      to: {
        path: `^platform/(?!(?:${PLATFORM_INFRASTRUCTURE.join('|')})/)[^/]+/`,
        pathNot: ['^platform/$1/', '^platform/[^/]+/api\\.ts$'],
      },
    },
    {
      name: 'migrations-frozen',
      comment:
        'Migrations are frozen: platform/db/migrations/** imports nothing of ours outside the folder ' +
        '(a migration that imported live code would change when that code changes). Copy the constant in.',
      severity: 'error',
      from: { path: '^platform/db/migrations/' },
      to: { path: OURS, pathNot: '^platform/db/migrations/' },
    },
    {
      name: 'bench-apart',
      comment: 'bench/ has its own helpers (bench/support/): it never imports tests/.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^tests/' },
    },
    {
      name: 'no-circular',
      comment:
        'This import is part of a cycle between our modules that exists at run time (every step a ' +
        'value import; cycles closed only by `import type`, e.g. tools/ typing the Editor that ' +
        'registers them, are erased by the compiler and not counted). Break it: move what both need ' +
        'into a third module, or invert the dependency (pass a callback, inject an interface).',
      severity: 'error',
      from: { path: OURS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    // Record package imports but never look inside node_modules.
    doNotFollow: { path: 'node_modules' },
    // Build output and generated bundles are not source.
    exclude: { path: '(^|/)(dist|build|data|node_modules/\\.cache)/' },
    // Resolve like tsc does (moduleResolution bundler, .ts/.tsx, resolveJsonModule).
    tsConfig: { fileName: 'tsconfig.json' },
    // `import type` counts: a type-only import of another layer is still a dependency on it. (true,
    // not 'specify': 'specify' also transpiles every file and doubles the run; `import type` is
    // still told apart, as the dependency type 'type-only', which no-circular uses.)
    tsPreCompilationDeps: true,
    // Resolve package "exports" (e.g. @hapi/nes/lib/client) as the bundler does.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // Skip metrics, orphans and reachability: only what the rules above need.
    skipAnalysisNotInRules: true,
    // A run whose files (by content) and configuration did not change answers from the cache
    // (~10 s cold on a two-core machine, ~4 s from the cache). 'content' hashes the files and never
    // runs git, so it does not depend on what is staged.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
