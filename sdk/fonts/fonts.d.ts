/**
 * A font file imported as a base64 data URL (`import font from './x.ttf?inline'`): the browser
 * bundles inline it (rollup.config.ts `inlineFont`), vitest and Storybook read it the same way
 * (Vite's `?inline`). Only the PDF export's lazy chunk imports one (sdk/fonts/open-sans.ts).
 */
declare module '*.ttf?inline' {
  const dataUrl: string;
  export default dataUrl;
}
