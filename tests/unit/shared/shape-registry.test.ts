/**
 * The shape registry (shared/geometry/registry.ts, sdk/shapes): every kind defines what it must,
 * the behaviour hooks answer what used to be `cmd === '<kind>'` branches, and a kind registered
 * from its own module alone goes through the reducer, copies and exports like a built-in one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Shape, TextModifierCommand } from '../../../shared/model';
import { SHAPE_KINDS } from '../../../shared/model';
import { BLURRED_KINDS } from '../../../shared/permissions';
import {
  boxOf,
  childrenOf,
  isHiddenShape,
  isShapeKind,
  kindGeometry,
  registerShapeGeometry,
  reorderableKind,
  shapeGeometry,
  type ShapeGeometry,
} from '../../../shared/geometry';
import { BoardDoc, isAddCommand, layerOf } from '../../../shared/reducer';
import { registeredKinds, shapeModule } from '../../../sdk/shapes';
import { relinkCopies } from '../../../sdk/editor/copies';
import { exported } from '../../../sdk/editor/export';
import { add, cmd, rect } from './fixtures';

const GEOMETRY = ['box', 'bounds', 'hitTest', 'translate', 'resize', 'toSvg'] as const;

describe('every registered kind defines what it must', () => {
  it('each shape kind has its geometry (shared) and its module (sdk) with the same geometry', () => {
    expect(new Set(Object.keys(shapeGeometry))).toEqual(new Set(SHAPE_KINDS));
    expect(new Set(registeredKinds())).toEqual(new Set(SHAPE_KINDS));
    for (const kind of SHAPE_KINDS) {
      const g = kindGeometry(kind)!;
      for (const f of GEOMETRY) expect(typeof g[f], `${kind}.${f}`).toBe('function');
      const m = shapeModule(kind)!;
      expect(m.kind).toBe(kind);
      expect(m.geometry, kind).toBe(g);
      expect(typeof m.render).toBe('function');
      expect(typeof m.sketch).toBe('function');
      expect(Array.isArray(m.properties)).toBe(true);
      expect([0, 1, 2]).toContain(g.layer ?? 1);
      if (m.editTool) expect(typeof m.editTool).toBe('string');
    }
  });

  it('the hooks say what the spec says of the kinds (board.md §4, §6)', () => {
    const having = (hook: keyof ShapeGeometry) =>
      SHAPE_KINDS.filter((k) => kindGeometry(k)![hook] !== undefined && kindGeometry(k)![hook] !== false);
    // frames at the bottom, comments on top, both fixed in their layer
    expect(SHAPE_KINDS.filter((k) => (kindGeometry(k)!.layer ?? 1) !== 1)).toEqual(['frame', 'comment']);
    expect(having('fixedLayer')).toEqual(['frame', 'comment']);
    // what the blurry private mode sends blurred is what shared/permissions blurs
    expect(new Set(having('blurrable'))).toEqual(new Set(BLURRED_KINDS));
    expect(having('commenterWritable')).toEqual(['comment']);
    expect(having('childrenOf')).toEqual(['frame']);
    expect(having('hidden')).toEqual(['comment']);
    expect(SHAPE_KINDS.filter((k) => kindGeometry(k)!.snapTarget === false)).toEqual(['comment']);
  });

  it('unknown kinds are no kinds (and inherited names are not either)', () => {
    expect(isShapeKind('rectangle')).toBe(true);
    for (const k of ['nope', 'toString', '__proto__', 'constructor', 'remove']) expect(isShapeKind(k)).toBe(false);
  });

  it('a built-in kind cannot be registered again', () => {
    expect(() => registerShapeGeometry('rectangle', shapeGeometry.rectangle)).toThrow(/already registered/);
  });
});

/** A kind defined in one place: a badge with a label, on top, carrying other shapes along. */
interface Badge {
  id: string;
  cmd: 'testBadge';
  uid: string;
  timestamp: number;
  x: number;
  y: number;
  w: number;
  h: number;
  label: string;
  color: string;
  carries?: string[];
  done?: boolean;
}
/** Typed over Badge (not in the model's Shape union: a real kind adds itself there too). */
const badgeGeometry = {
  box: (s: Badge) => ({ x: s.x, y: s.y, w: s.w, h: s.h }),
  bounds: (s: Badge) => ({ x: s.x, y: s.y, w: s.w, h: s.h }),
  hitTest: (s: Badge, p: { x: number; y: number }, t: number) =>
    p.x >= s.x - t && p.x <= s.x + s.w + t && p.y >= s.y - t && p.y <= s.y + s.h + t,
  translate: (s: Badge, dx: number, dy: number) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  resize: (s: Badge, b: { x: number; y: number; w: number; h: number }) => ({ ...s, ...b }),
  toSvg: (s: Badge) => `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}"/>`,
  layer: 2,
  fixedLayer: true,
  modifiers: { textModifier: (s: Badge, c: TextModifierCommand) => ({ ...s, label: c.value }) },
  childrenOf: (s: Badge) => s.carries ?? [],
  relinkCopy: (s: Badge, ids: ReadonlyMap<string, string>) => ({
    ...s,
    carries: (s.carries ?? []).filter((id) => ids.has(id)).map((id) => ids.get(id)!),
  }),
  hidden: (s: Badge) => !!s.done,
} as unknown as ShapeGeometry;
const badge = (id: string, extra: Partial<Badge> = {}): Shape =>
  ({
    id,
    cmd: 'testBadge',
    uid: 'alice',
    timestamp: 1,
    x: 0,
    y: 0,
    w: 40,
    h: 20,
    label: 'new',
    color: '#ff0000',
    ...extra,
  }) as unknown as Shape;

describe('a kind added by its module alone', () => {
  const unregister = registerShapeGeometry('testBadge', badgeGeometry);
  afterAll(unregister);

  it('is a shape kind: its add command adds it', () => {
    expect(isShapeKind('testBadge')).toBe(true);
    const c = add(badge('b1'));
    expect(isAddCommand(c)).toBe(true);
    const doc = new BoardDoc();
    expect(doc.apply(c).added).toEqual(['b1']);
    expect(doc.get('b1')).toMatchObject({ cmd: 'testBadge', label: 'new' });
  });

  it('the reducer asks it: layer, text, order, move, resize, colour', () => {
    const doc = new BoardDoc();
    doc.apply(add(badge('b1')));
    doc.apply(add(rect('r')));
    // layer 2: above the rectangle added after it; changeOrder leaves it (fixed layer)
    expect(layerOf(doc.get('b1')!)).toBe(2);
    expect(doc.ordered().map((s) => s.id)).toEqual(['r', 'b1']);
    doc.apply(cmd({ cmd: 'changeOrder', shapes: ['b1'], order: 'back' }));
    expect(doc.ordered().map((s) => s.id)).toEqual(['r', 'b1']);
    expect(reorderableKind(doc.get('b1')!)).toBe(false);
    // its own textModifier answer; a kind-specific command it does not answer leaves it alone
    doc.apply(cmd({ cmd: 'textModifier', shape: 'b1', value: 'Done soon' }, 'bob'));
    expect(doc.get('b1')).toMatchObject({ label: 'Done soon', modifiedBy: 'bob' });
    const before = doc.get('b1');
    doc.apply(cmd({ cmd: 'fontModifier', shapes: ['b1'], font: 'Arial' }));
    expect(doc.get('b1')).toBe(before);
    // generic commands go through its geometry
    doc.apply(cmd({ cmd: 'reposition', shapePositions: [{ shape: 'b1', x: 5, y: 7 }] }));
    expect(boxOf(doc.get('b1')!)).toEqual({ x: 5, y: 7, w: 40, h: 20 });
    doc.apply(cmd({ cmd: 'sizeModifier', shapes: ['b1'], w: 80, h: 30 }));
    expect(boxOf(doc.get('b1')!)).toEqual({ x: 5, y: 7, w: 80, h: 30 });
    doc.apply(cmd({ cmd: 'colorModifier', shapes: ['b1'], color: '#00ff00' }));
    expect(doc.get('b1')).toMatchObject({ color: '#00ff00' });
  });

  it('copies, children and exports ask it too', () => {
    const b = badge('b1', { carries: ['r', 'gone'] });
    expect(childrenOf(b)).toEqual(['r', 'gone']);
    const [copy] = relinkCopies(
      [b],
      new Map([
        ['b1', 'b2'],
        ['r', 'r2'],
      ]),
    );
    expect(copy).toMatchObject({ carries: ['r2'] });
    const done = badge('b3', { done: true });
    expect(isHiddenShape(done)).toBe(true);
    expect(exported([b, done]).map((s) => s.id)).toEqual(['b1']);
  });
});
