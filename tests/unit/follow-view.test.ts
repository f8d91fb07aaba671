import { describe, expect, it } from 'vitest';
import { HINT_EVERY_MS, privateHintDue } from '../../sdk/collab/private-hint';
import { isRect, viewForRect, viewRect } from '../../sdk/collab/view-rect';

describe('viewports between members (follow mode, attention, saved viewport)', () => {
  it('turns a view into the board rectangle it shows', () => {
    expect(viewRect({ tx: 0, ty: 0, scale: 1 }, 1280, 800)).toEqual({ x: 0, y: 0, w: 1280, h: 800 });
    expect(viewRect({ tx: -200, ty: 100, scale: 2 }, 1000, 600)).toEqual({ x: 100, y: -50, w: 500, h: 300 });
  });

  it('a screen of the same size lands on the same view', () => {
    const view = { tx: -340, ty: 120, scale: 1.5 };
    const back = viewForRect(viewRect(view, 1280, 800), 1280, 800);
    expect(back.scale).toBeCloseTo(1.5, 4);
    expect(back.tx).toBeCloseTo(-340, 1);
    expect(back.ty).toBeCloseTo(120, 1);
  });

  it('a different screen shows all of the rectangle, centred', () => {
    const rect = { x: 100, y: 100, w: 800, h: 400 };
    const view = viewForRect(rect, 400, 400);
    expect(view.scale).toBeCloseTo(0.5, 6);
    // the rectangle's centre (500, 300) is at the screen centre (200, 200)
    expect(500 * view.scale + view.tx).toBeCloseTo(200, 6);
    expect(300 * view.scale + view.ty).toBeCloseTo(200, 6);
  });

  it('accepts only finite rectangles with a positive size', () => {
    expect(isRect({ x: 0, y: 0, w: 10, h: 10 })).toBe(true);
    expect(isRect({ x: 0, y: 0, w: 0, h: 10 })).toBe(false);
    expect(isRect({ x: Infinity, y: 0, w: 10, h: 10 })).toBe(false);
    expect(isRect({ x: '0', y: 0, w: 10, h: 10 })).toBe(false);
    expect(isRect(null)).toBe(false);
  });
});

describe('private-mode hint (board.md §4, §8)', () => {
  const click = { restricted: true, tool: 'select', moved: 0, hitOwn: false, lastShownAt: null, now: 100_000 };

  it('shows for a limited member clicking on none of their own shapes', () => {
    expect(privateHintDue(click)).toBe(true);
  });

  it('not for the Owner or a Facilitator, other tools, drags, or own shapes', () => {
    expect(privateHintDue({ ...click, restricted: false })).toBe(false);
    expect(privateHintDue({ ...click, tool: 'pen' })).toBe(false);
    expect(privateHintDue({ ...click, moved: 40 })).toBe(false);
    expect(privateHintDue({ ...click, hitOwn: true })).toBe(false);
  });

  it('now and then: not again within HINT_EVERY_MS', () => {
    expect(privateHintDue({ ...click, lastShownAt: click.now - 1000 })).toBe(false);
    expect(privateHintDue({ ...click, lastShownAt: click.now - HINT_EVERY_MS })).toBe(true);
  });
});
