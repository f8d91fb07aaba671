import { describe, expect, it } from 'vitest';
import { missingFeatures, REQUIRED_FEATURES } from '../../../sdk/page/browser-check';

/** board.md §8 'Old browser': the features the board page checks for once at start (sdk/page/browser-check.ts). */
describe('missingFeatures', () => {
  const fn = () => undefined;
  const current = { WebSocket: fn, PointerEvent: fn, ResizeObserver: fn, structuredClone: fn, Object: { hasOwn: fn } };

  it('finds nothing missing in a current browser', () => {
    expect(missingFeatures(current)).toEqual([]);
    expect(REQUIRED_FEATURES).toHaveLength(5);
  });

  it('names each missing feature, nested ones too', () => {
    expect(missingFeatures({ ...current, structuredClone: undefined })).toEqual(['structuredClone']);
    expect(missingFeatures({ ...current, Object: {} })).toEqual(['Object.hasOwn']);
    expect(missingFeatures({})).toEqual([...REQUIRED_FEATURES]);
  });
});
