/**
 * A stylesheet imported as text (`import css from './board.css?raw'`): the browser bundles inline it
 * (rollup.config.ts `cssText`), vitest and Storybook read it the same way (Vite's `?raw`). The apps
 * inject it once per document, the board into its shadow root (docs/architecture.md "Styles").
 */
declare module '*.css?raw' {
  const css: string;
  export default css;
}
