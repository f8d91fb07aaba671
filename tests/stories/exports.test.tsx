/// <reference types="vite/client" />
import './preview';
import { describe, expect, it } from 'vitest';

/**
 * Storybook lists every named export of a stories file as a story: a helper, a sample list or a
 * component exported from one shows up as a broken entry (issue 33). Every named export must be a
 * story object (args, render or play); helpers live in files of their own (stories/support/,
 * *.data.ts, sample-api.ts).
 */
const files = import.meta.glob('../../stories/**/*.stories.tsx', { eager: true }) as Record<string, Record<string, unknown>>;

describe('stories files export stories only', () => {
  it('finds the stories files', () => {
    expect(Object.keys(files).length).toBeGreaterThan(5);
  });

  for (const [file, exports] of Object.entries(files)) {
    it(`${file.replace('../../', '')}: every named export is a story`, () => {
      const leaked = Object.entries(exports)
        .filter(([name]) => name !== 'default' && name !== '__namedExportsOrder')
        .filter(([, value]) => {
          if (!value || typeof value !== 'object' || Array.isArray(value)) return true;
          const story = value as Record<string, unknown>;
          return !('args' in story || 'render' in story || 'play' in story || 'decorators' in story || 'parameters' in story);
        })
        .map(([name]) => name);
      expect(leaked).toEqual([]);
    });
  }
});
