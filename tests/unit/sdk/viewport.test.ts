import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZOOM_LIMITS,
  Viewport,
  ZOOM_MAX,
  ZOOM_MIN,
  applyTouch,
  clampScale,
  classifyTouch,
  easeOutCubic,
  fitView,
  wheelFactor,
  zoomLimitsOf,
  zoomPercent,
} from '../../../sdk/engine/viewport';

describe('viewport math (board.md §9 zoom)', () => {
  it('clamps the zoom to 5–600 %', () => {
    expect(ZOOM_MIN).toBe(0.05);
    expect(ZOOM_MAX).toBe(6);
    expect(clampScale(0.01)).toBe(0.05);
    expect(clampScale(10)).toBe(6);
    const v = new Viewport(800, 600);
    for (let i = 0; i < 100; i++) v.wheel(-100, 400, 300);
    expect(v.scale).toBe(6);
    for (let i = 0; i < 200; i++) v.wheel(100, 400, 300);
    expect(v.scale).toBe(0.05);
  });

  it('zooms one wheel notch by e^0.1 ("10 percent of the exponential"), fine deltas proportionally', () => {
    expect(wheelFactor(-100)).toBeCloseTo(Math.exp(0.1), 10);
    expect(wheelFactor(100)).toBeCloseTo(Math.exp(-0.1), 10);
    expect(wheelFactor(-25)).toBeCloseTo(Math.exp(0.05), 10);
    expect(wheelFactor(-3, 1)).toBeCloseTo(Math.exp(0.1), 10); // line mode: a notch
    expect(wheelFactor(0)).toBe(1);
  });

  it('keeps the board point under the cursor fixed while zooming', () => {
    const v = new Viewport(800, 600, { tx: 120, ty: -40, scale: 0.8 });
    const before = v.toBoard(300, 200);
    v.wheel(-100, 300, 200);
    const after = v.toBoard(300, 200);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(v.scale).toBeCloseTo(0.8 * Math.exp(0.1), 10);
  });

  it('maps board ↔ screen both ways and knows the visible rect', () => {
    const v = new Viewport(1000, 500, { tx: 100, ty: 50, scale: 2 });
    expect(v.toScreen(10, 20)).toEqual({ x: 120, y: 90 });
    expect(v.toBoard(120, 90)).toEqual({ x: 10, y: 20 });
    expect(v.visibleRect()).toEqual({ x: -50, y: -25, w: 500, h: 250 });
    v.panBy(10, -10);
    expect(v.toScreen(10, 20)).toEqual({ x: 130, y: 80 });
  });

  it('fits bounds into the screen with padding, centred, clamped', () => {
    const view = fitView({ x: 0, y: 0, w: 1000, h: 500 }, 840, 640, 20);
    expect(view.scale).toBeCloseTo(0.8, 10);
    const v = new Viewport(840, 640, view);
    const c = v.toScreen(500, 250);
    expect(c.x).toBeCloseTo(420, 9);
    expect(c.y).toBeCloseTo(320, 9);
    expect(fitView({ x: 0, y: 0, w: 1, h: 1 }, 800, 600).scale).toBe(6);
    expect(fitView({ x: 0, y: 0, w: 1e7, h: 1e7 }, 800, 600).scale).toBe(0.05);
    expect(fitView(null, 800, 600)).toEqual({ tx: 400, ty: 300, scale: 1 });
  });

  it('fits bounds into what panels and bars leave of the screen (insets)', () => {
    // 1280×800 with a 470 px panel on the right, 60 px of top bars and an 80 px toolbox: 730×740 left
    const view = fitView({ x: 0, y: 0, w: 650, h: 100 }, 1280, 800, 40, DEFAULT_ZOOM_LIMITS, { top: 60, right: 470, left: 80 });
    expect(view.scale).toBeCloseTo(1, 10);
    const v = new Viewport(1280, 800, view);
    expect(v.toScreen(0, 0).x).toBeCloseTo(120, 9);
    expect(v.toScreen(650, 0).x).toBeCloseTo(770, 9);
    expect(v.toScreen(325, 50).y).toBeCloseTo(60 + 740 / 2, 9);
  });

  it('shows the zoom as a rounded percent', () => {
    expect(zoomPercent(1)).toBe(100);
    expect(zoomPercent(1.10517)).toBe(111);
    expect(zoomPercent(0.05)).toBe(5);
  });

  it('animates to a view in 1000 ms with ease-out cubic', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875, 10);
    expect(easeOutCubic(1)).toBe(1);
    const v = new Viewport(800, 600);
    const target = { tx: -400, ty: -300, scale: 2 };
    v.animateTo(target, 0);
    expect(v.tick(500)).toBe(true);
    // half the time, 87.5 % of the way (geometric in scale)
    expect(v.scale).toBeCloseTo(Math.pow(2, 0.875), 9);
    expect(v.tick(1000)).toBe(false);
    expect(v.state).toEqual(target);
    expect(v.animating).toBe(false);
  });

  it('zoomIn/zoomOut step about the screen centre; 100 % keeps the centre point', () => {
    const v = new Viewport(800, 600, { tx: 0, ty: 0, scale: 1 });
    const c = v.toBoard(400, 300);
    v.zoomIn();
    expect(v.scale).toBeCloseTo(Math.exp(0.1), 10);
    v.zoomOut();
    expect(v.scale).toBeCloseTo(1, 10);
    v.set({ tx: 37, ty: 12, scale: 3 });
    const centre = v.toBoard(400, 300);
    v.set(v.view100());
    expect(v.scale).toBe(1);
    expect(v.toBoard(400, 300).x).toBeCloseTo(centre.x, 9);
    expect(c).toEqual({ x: 400, y: 300 });
  });
});

describe('two-finger touch (board.md §4: pan over 25 px, zoom over 15 px)', () => {
  const pair = (ax: number, ay: number, bx: number, by: number) =>
    [
      { x: ax, y: ay },
      { x: bx, y: by },
    ] as [{ x: number; y: number }, { x: number; y: number }];

  it('classifies by the thresholds', () => {
    const start = pair(100, 100, 200, 100);
    expect(classifyTouch(start, pair(110, 110, 210, 110))).toBe(null); // centre moved ~14 px
    expect(classifyTouch(start, pair(120, 120, 220, 120))).toBe('pan'); // ~28 px
    expect(classifyTouch(start, pair(95, 100, 205, 100))).toBe(null); // distance +10
    expect(classifyTouch(start, pair(90, 100, 210, 100))).toBe('zoom'); // distance +20
  });

  it('pans by the centre movement or zooms by the distance ratio', () => {
    const v = new Viewport(800, 600);
    const start = pair(100, 100, 200, 100);
    const moved = pair(130, 100, 230, 100);
    expect(applyTouch(v, null, start, start, moved)).toBe('pan');
    expect(v.state.tx).toBe(30);
    const z = new Viewport(800, 600);
    const wide = pair(50, 100, 250, 100);
    expect(applyTouch(z, null, start, start, wide)).toBe('zoom');
    expect(z.scale).toBeCloseTo(2, 10);
  });
});

describe('workspace zoom limits (panel.md §3 config.zoomLimits)', () => {
  it('reads percents into scales inside the product range, falling back when unordered or absent', () => {
    expect(zoomLimitsOf([50, 200])).toEqual({ min: 0.5, max: 2 });
    expect(zoomLimitsOf([1, 9000])).toEqual({ min: 0.05, max: 6 });
    expect(zoomLimitsOf([300, 100])).toEqual(DEFAULT_ZOOM_LIMITS);
    expect(zoomLimitsOf(null)).toEqual(DEFAULT_ZOOM_LIMITS);
  });

  it('bounds zooming, fitting and animating, and brings the current scale inside new limits about the centre', () => {
    const v = new Viewport(800, 600, { tx: 0, ty: 0, scale: 4 });
    const centre = v.toBoard(400, 300);
    v.setZoomLimits({ min: 0.5, max: 2 });
    expect(v.scale).toBe(2);
    const after = v.toBoard(400, 300);
    expect(after.x).toBeCloseTo(centre.x, 6);
    expect(after.y).toBeCloseTo(centre.y, 6);
    for (let i = 0; i < 40; i++) v.zoomIn();
    expect(v.scale).toBe(2);
    for (let i = 0; i < 80; i++) v.zoomOut();
    expect(v.scale).toBe(0.5);
    expect(v.fitView({ x: 0, y: 0, w: 100000, h: 100000 }).scale).toBe(0.5);
    expect(v.viewOf({ x: 0, y: 0, w: 1, h: 1 }).scale).toBe(2);
    expect(clampScale(10)).toBe(6);
  });
});
