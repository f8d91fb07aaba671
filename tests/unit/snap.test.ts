import { describe, expect, it } from 'vitest';
import { SNAP_DISTANCE, SNAP_GUIDE_EXTENSION } from '../../shared/constants';
import { ALL_LINES, applySnap, guidesFor, snap, snapRect } from '../../shared/geometry/snap';
import { POLICY } from '../../shared/policies';
import { edgeLines, resizeBox } from '../../sdk/tools/select';
import { harness, rect } from './sdk/helpers';

const other = { x: 100, y: 100, w: 80, h: 60 };

describe('snap to objects (board.md §9: distance 6, guide extension 25)', () => {
  it('snaps a left edge within 6 px onto the other shape’s left edge', () => {
    const r = snapRect({ x: 104, y: 300, w: 50, h: 40 }, [other], 1);
    expect(r.dx).toBe(-4);
    expect(r.dy).toBe(0);
  });

  it('leaves a rectangle farther than 6 px alone', () => {
    const r = snapRect({ x: 100 + SNAP_DISTANCE + 1, y: 300, w: 50, h: 40 }, [other], 1);
    expect(r).toMatchObject({ dx: 0, dy: 0 });
  });

  it('snaps at exactly 6 px', () => {
    expect(snapRect({ x: 106, y: 300, w: 50, h: 40 }, [other], 1).dx).toBe(-6);
  });

  it('measures the distance in screen pixels: 6 px at scale 2 is 3 board units', () => {
    expect(snapRect({ x: 104, y: 300, w: 50, h: 40 }, [other], 2).dx).toBe(0);
    expect(snapRect({ x: 102.5, y: 300, w: 50, h: 40 }, [other], 2).dx).toBe(-2.5);
    expect(snapRect({ x: 110, y: 300, w: 10, h: 40 }, [other], 0.5).dx).toBe(-10);
  });

  it('aligns centres and right/bottom edges, choosing the nearest alignment', () => {
    // centre 140 vs moving centre 143 (3 away); right 180 vs moving right 168 (too far)
    expect(snapRect({ x: 118, y: 300, w: 50, h: 40 }, [other], 1).dx).toBe(-3);
    // bottom 160 vs moving bottom 162; top 100 vs moving top 122 (too far)
    expect(snapRect({ x: 500, y: 122, w: 40, h: 40 }, [other], 1).dy).toBe(-2);
    // moving right edge 99 → other's left 100: snaps edge to edge
    expect(snapRect({ x: 49, y: 500, w: 50, h: 10 }, [other], 1).dx).toBe(1);
  });

  it('snaps both axes independently', () => {
    const r = snapRect({ x: 97, y: 105, w: 20, h: 20 }, [other], 1);
    expect(r).toMatchObject({ dx: 3, dy: -5 });
  });

  it('picks the closest of several shapes', () => {
    const r = snapRect(
      { x: 203, y: 0, w: 100, h: 10 },
      [
        { x: 190, y: 500, w: 8, h: 10 },
        { x: 204, y: 600, w: 100, h: 10 },
      ],
      1,
    );
    expect(r.dx).toBe(1);
  });

  it('draws a vertical guide through the aligned x, extended 25 px beyond both shapes', () => {
    const s = snap({ x: 104, y: 300, w: 50, h: 40 }, [other], 1);
    expect(s.dx).toBe(-4);
    expect(s.guides).toEqual([100, 100 - SNAP_GUIDE_EXTENSION, 100, 340 + SNAP_GUIDE_EXTENSION]);
  });

  it('extends guides by 25 screen px: 12.5 board units at scale 2', () => {
    const s = snap({ x: 101, y: 300, w: 50, h: 40 }, [other], 2);
    expect(s.guides).toEqual([100, 87.5, 100, 352.5]);
  });

  it('draws a horizontal guide for a row alignment and none without a snap', () => {
    const s = snap({ x: 400, y: 98, w: 30, h: 24 }, [other], 1);
    expect(s.dy).toBe(2);
    expect(s.guides).toEqual([100 - 25, 100, 430 + 25, 100]);
    expect(snap({ x: 400, y: 400, w: 30, h: 30 }, [other], 1).guides).toEqual([]);
  });

  it('joins every shape on the guide line', () => {
    const third = { x: 100, y: 700, w: 10, h: 10 };
    const g = guidesFor({ x: 100, y: 300, w: 50, h: 40 }, [other, third], { x: ['start'], y: [] }, 25);
    expect(g).toEqual([100, 75, 100, 735]);
  });

  it('resizing snaps only the dragged edge and stretches the box', () => {
    const box = { x: 300, y: 300, w: 50, h: 50 };
    const dragged = resizeBox(box, 'w', { x: 104, y: 320 }, false);
    const lines = edgeLines('w', box, dragged);
    expect(lines).toEqual({ x: ['start'], y: [] });
    const s = snap(dragged, [other], 1, lines);
    expect(s.dx).toBe(-4);
    expect(applySnap(dragged, s.dx, s.dy, lines)).toEqual({ x: 100, y: 300, w: 250, h: 50 });
    // the other edges are not snapped even when they are close
    expect(snap({ x: 300, y: 102, w: 50, h: 50 }, [other], 1, { x: ['end'], y: [] }).dy).toBe(0);
  });

  it('an east handle dragged past the west edge snaps the new start edge', () => {
    const box = { x: 300, y: 300, w: 50, h: 50 };
    const flipped = resizeBox(box, 'e', { x: 250, y: 320 }, false);
    expect(edgeLines('e', box, flipped)).toEqual({ x: ['start'], y: [] });
  });

  it('moving shifts the whole rectangle', () => {
    expect(applySnap({ x: 104, y: 7, w: 50, h: 40 }, -4, 3, ALL_LINES)).toEqual({ x: 100, y: 10, w: 50, h: 40 });
  });
});

describe('Shift while resizing keeps the aspect ratio', () => {
  it('a corner drag scales both sides by the same factor', () => {
    const r = resizeBox({ x: 0, y: 0, w: 100, h: 50 }, 'se', { x: 300, y: 60 }, true);
    expect(r.w / r.h).toBeCloseTo(2);
    expect(r).toEqual({ x: 0, y: 0, w: 300, h: 150 });
  });
});

describe('the select tool snaps (setting and policy)', () => {
  const setup = (policy: boolean, setting: boolean) => {
    const h = harness({ policies: policy ? [POLICY.snapToObject] : [] });
    h.editor.snapSetting = () => setting;
    const filled = { cmd: 'filledRectangle', fill: '#cccccc' };
    h.editor.addShapes([rect('a', 100, 100, 80, 60, filled), rect('b', 300, 300, 50, 40, filled)]);
    h.sent.length = 0;
    h.editor.select([]);
    return h;
  };

  it('moving: guides while dragging, one reposition to the snapped place, guides gone after', () => {
    const h = setup(true, true);
    h.down(320, 320);
    h.move(200, 400);
    h.move(124, 420); // b's left at 104: 4 px from a's left
    expect(h.editor.scene.shape('b')).toMatchObject({ x: 100, y: 400 });
    expect(h.editor.scene.overlay$.value.guides).toEqual([100, 75, 100, 465]);
    h.up(124, 420);
    expect(h.sent).toEqual([expect.objectContaining({ cmd: 'reposition', shapePositions: [{ shape: 'b', x: -200, y: 100 }] })]);
    expect(h.editor.doc.get('b')).toMatchObject({ x: 100, y: 400 });
    expect(h.editor.scene.overlay$.value.guides).toBeNull();
  });

  it('does not snap with the setting off, without the policy, or while Ctrl is held', () => {
    for (const [policy, setting, ctrl] of [
      [true, false, false],
      [false, true, false],
      [true, true, true],
    ] as const) {
      const h = setup(policy, setting);
      h.down(320, 320);
      h.move(200, 400, { ctrl });
      h.up(124, 420, { ctrl });
      expect(h.editor.doc.get('b')).toMatchObject({ x: 104, y: 400 });
      expect(h.editor.scene.overlay$.value.guides ?? null).toBeNull();
    }
  });

  it('resizing snaps the dragged edge into one sizeModifier', () => {
    const h = setup(true, true);
    h.click(320, 320);
    // b's west handle at (299, 320): drag it to 181; the box's own left edge (the handle box
    // holds the stroke, scaled with the resize) lands a few px from a's right (180)
    h.down(299, 320);
    h.move(250, 320);
    h.move(181, 320);
    // a vertical guide at x 180 from 25 above a to 25 below b's box
    const g = h.editor.scene.overlay$.value.guides!;
    expect(g.slice(0, 3)).toEqual([180, 75, 180]);
    expect(g[3]).toBeGreaterThanOrEqual(365);
    h.up(181, 320);
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'sizeModifier' });
    const b = h.editor.doc.get('b') as unknown as { x: number; y: number; w: number; h: number };
    expect(b.x).toBeCloseTo(180, 6);
    expect(b).toMatchObject({ y: 300, h: 40 });
    expect(h.editor.scene.overlay$.value.guides).toBeNull();
  });
});
