// ESLint on the whole tree (`npm run lint`, part of `npm test`): the recommended JavaScript and
// typescript-eslint rules without type information (fast: no type checker; `npm run typecheck`
// does that), React's rules of hooks in the browser apps, and Prettier's formatting left to
// Prettier (eslint-config-prettier turns off the rules it owns). docs/architecture.md "Lint and format".
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'build/',
      'data/',
      'public/',
      'storybook-static/',
      'test-results/',
      'playwright-report/',
      '.build-lock/',
      // pages the browser tests and benches build (tests/e2e/engine/.gitignore, bench/board/.gitignore)
      '**/.out/',
      'rollup.config-*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (callbacks' leading parameters, rest siblings)
      // a variable set once after the closures that read it are made (platform/process.ts)
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // the control characters in our patterns are deliberate: input guards strip them
      'no-control-regex': 'off',
      // `declare module` / `declare global` augmentations (the JSX typing of <tabula-board>)
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['{ui,sdk,panel,admin,embed,stories}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // tests and benches read untyped JSON answers and poke at what they test: `any` is allowed there
    files: ['tests/**', 'bench/**', 'stories/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
