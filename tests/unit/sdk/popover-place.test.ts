import { describe, expect, it } from 'vitest';
import { placePopover } from '../../../sdk/ui/popover';

/** sdk/ui/popover placePopover: a dropdown of the floating menu opens away from the selection it must not cover. */
describe('placePopover with an area to avoid', () => {
  const bounds = { left: 0, top: 0, right: 1280, bottom: 800 };
  const anchor = { left: 500, top: 300, right: 532, bottom: 332 };
  const panel = { left: 500, top: 338, right: 740, bottom: 538 }; // 200 px high, opening below the button

  it('opens below when nothing is to be avoided', () => {
    expect(placePopover('below', panel, anchor, bounds)).toMatchObject({ top: 'calc(100% + 6px)' });
  });

  it('opens upwards from a menu that sits above the selection', () => {
    const selection = { left: 450, top: 360, right: 700, bottom: 600 };
    expect(placePopover('below', panel, anchor, bounds, selection)).toMatchObject({ top: 'auto', bottom: 'calc(100% + 6px)' });
  });

  it('keeps opening downwards from a menu below the selection, and ignores an area beside its columns', () => {
    expect(placePopover('below', panel, anchor, bounds, { left: 450, top: 100, right: 700, bottom: 290 })).toMatchObject({
      top: 'calc(100% + 6px)',
    });
    expect(placePopover('below', panel, anchor, bounds, { left: 800, top: 360, right: 900, bottom: 600 })).toMatchObject({
      top: 'calc(100% + 6px)',
    });
  });

  it('covers the area rather than leave the board when the area leaves no room on either side', () => {
    const low = { left: 500, top: 700, right: 532, bottom: 732 };
    const fullHeight = { left: 450, top: 40, right: 700, bottom: 690 };
    expect(placePopover('below', { ...panel, top: 738, bottom: 938 }, low, bounds, fullHeight)).toMatchObject({
      top: 'auto',
      bottom: 'calc(100% + 6px)',
    });
  });

  it('opens as it would without the area when no side off the area holds the whole panel (no squeezed scrolling strip)', () => {
    const nearTop = { left: 500, top: 120, right: 532, bottom: 152 };
    const selection = { left: 450, top: 190, right: 700, bottom: 420 };
    const style = placePopover('below', { ...panel, top: 158, bottom: 358 }, nearTop, bounds, selection);
    expect(style).toMatchObject({ top: 'calc(100% + 6px)' });
    expect(style.maxHeight).toBeUndefined();
  });
});
