import { describe, expect, it } from 'vitest';
import { Viewport } from '../../sdk/engine/viewport';
import { classifyWheel, createWheelHandler, pinchFactor, type WheelInput } from '../../sdk/engine/wheel';

const ev = (over: Partial<WheelInput>): WheelInput => ({
  deltaX: 0,
  deltaY: 0,
  deltaMode: 0,
  ctrlKey: false,
  metaKey: false,
  time: 0,
  ...over,
});

describe('wheel: mouse zooms, trackpad scroll pans, pinch zooms (docs/board-screen.md "Pointer and wheel")', () => {
  it('classifies a mouse notch, a trackpad scroll and a pinch', () => {
    expect(classifyWheel(ev({ deltaY: 100 }))).toBe('mouse'); // Chromium's pixel notch
    expect(classifyWheel(ev({ deltaY: -120 }))).toBe('mouse');
    expect(classifyWheel(ev({ deltaY: 3, deltaMode: 1 }))).toBe('mouse'); // lines (Firefox)
    expect(classifyWheel(ev({ deltaY: 1, deltaMode: 2 }))).toBe('mouse'); // pages
    expect(classifyWheel(ev({ deltaY: 12.5 }))).toBe('trackpad'); // fractional
    expect(classifyWheel(ev({ deltaY: 4 }))).toBe('trackpad'); // small
    expect(classifyWheel(ev({ deltaX: 3, deltaY: 100 }))).toBe('trackpad'); // sideways
    expect(classifyWheel(ev({ deltaX: -20 }))).toBe('trackpad');
    expect(classifyWheel(ev({ deltaY: -5, ctrlKey: true }))).toBe('pinch');
    expect(classifyWheel(ev({ deltaY: 100, ctrlKey: true }))).toBe('pinch'); // Ctrl + mouse wheel zooms too
  });

  it('keeps a trackpad gesture a trackpad one through its inertia tail, not after a pause', () => {
    const previous = { kind: 'trackpad' as const, time: 1000 };
    expect(classifyWheel(ev({ deltaY: 100, time: 1050 }), previous)).toBe('trackpad');
    expect(classifyWheel(ev({ deltaY: 100, time: 1400 }), previous)).toBe('mouse');
    expect(classifyWheel(ev({ deltaY: 100, time: 1050 }), { kind: 'mouse', time: 1000 })).toBe('mouse');
  });

  it('a pinch zooms in proportion to its delta, at most one wheel step per event', () => {
    expect(pinchFactor(-5)).toBeCloseTo(Math.exp(0.05), 10);
    expect(pinchFactor(5)).toBeCloseTo(Math.exp(-0.05), 10);
    expect(pinchFactor(-400)).toBeCloseTo(Math.exp(0.1), 10);
    expect(pinchFactor(0)).toBe(1);
  });

  it('drives the viewport: zoom about the pointer, pan by the deltas', () => {
    const viewport = new Viewport(1000, 800);
    const wheel = createWheelHandler(viewport);
    const under = viewport.toBoard(300, 200);
    expect(wheel(ev({ deltaY: -100, time: 0 }), 300, 200)).toBe('mouse');
    expect(viewport.scale).toBeCloseTo(Math.exp(0.1), 10);
    const stay = viewport.toScreen(under.x, under.y);
    expect(stay.x).toBeCloseTo(300, 8);
    expect(stay.y).toBeCloseTo(200, 8);

    const before = viewport.state;
    expect(wheel(ev({ deltaX: -8, deltaY: 12.5, time: 1000 }), 300, 200)).toBe('trackpad');
    expect(viewport.state).toEqual({ tx: before.tx + 8, ty: before.ty - 12.5, scale: before.scale });
    // the inertia tail's whole deltas still pan
    expect(wheel(ev({ deltaY: 60, time: 1040 }), 300, 200)).toBe('trackpad');
    expect(viewport.state.ty).toBeCloseTo(before.ty - 72.5, 10);

    const scale = viewport.scale;
    expect(wheel(ev({ deltaY: -5, ctrlKey: true, time: 3000 }), 500, 400)).toBe('pinch');
    expect(viewport.scale).toBeCloseTo(scale * Math.exp(0.05), 10);
  });
});
