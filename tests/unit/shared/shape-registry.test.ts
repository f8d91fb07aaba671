/**
 * The shape registry (shared/geometry/registry.ts, sdk/shapes): every kind defines what it must,
 * the behaviour hooks answer what used to be `cmd === '<kind>'` branches, and a kind registered
 * from its own module alone goes through the reducer, copies and exports like a built-in one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Shape, TextModifierCommand } from '../../../shared/model';
import { SHAPE_KINDS } from '../../../shared/model';
import { blurredShape } from '../../../shared/permissions';
import { commandPolicyNeeds, POLICY } from '../../../shared/policies';
import {
  boxOf,
  childrenOf,
  innerShapes,
  isAnnotation,
  isArrangeable,
  isHiddenShape,
  isShapeKind,
  kindGeometry,
  mapInnerShapes,
  registerShapeGeometry,
  reorderableKind,
  shapeAsset,
  shapeGeometry,
  shapeText,
  withShapeAsset,
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
    // the blurry private mode sends texts and sticky notes blurred, and empties their words
    expect(having('blurrable')).toEqual(['text', 'stickyNote']);
    expect(Object.fromEntries(having('textField').map((k) => [k, kindGeometry(k)!.textField]))).toEqual({
      text: 'value',
      stickyNote: 'text',
      frame: 'title',
      table: 'table',
    });
    expect(having('commenterWritable')).toEqual(['comment']);
    // plan features (board.md §6): frames, comments, the highlighter, line types and connectors (a link card: paste-link)
    expect(having('policies')).toEqual(['pen', 'highlighter', 'line', 'arrow', 'frame', 'comment', 'link']);
    expect(having('arrangeable')).toEqual(['line', 'arrow', 'comment']);
    expect(having('annotation')).toEqual(['comment']);
    expect(having('assetOf')).toEqual(['image']);
    expect(having('withAsset')).toEqual(['image']);
    expect(having('innerShapes')).toEqual(['composite', 'link']);
    expect(having('withInnerShapes')).toEqual(['composite', 'link']);
    expect(having('childrenOf')).toEqual(['frame']);
    expect(having('hidden')).toEqual(['comment']);
    expect(SHAPE_KINDS.filter((k) => kindGeometry(k)!.snapTarget === false)).toEqual(['comment']);
  });

  it('the hooks answer find, blurring, arranging, copies and plan checks', () => {
    const base = { uid: 'alice', timestamp: 1 };
    const note = {
      ...base,
      id: 'n',
      cmd: 'stickyNote',
      x: 0,
      y: 0,
      w: 100,
      h: 100,
      color: '#ffff00',
      text: 'secret',
      fontSize: 0,
    } as Shape;
    const label = { ...base, id: 't', cmd: 'text', x: 0, y: 0, value: 'words', color: '#000000', font: 'Arial', size: 12 } as Shape;
    const frame = { ...base, id: 'f', cmd: 'frame', x: 0, y: 0, w: 100, h: 100, color: '#000000', title: 'Plan' } as Shape;
    expect([note, label, frame, rect('r')].map(shapeText)).toEqual(['secret', 'words', 'Plan', null]);
    // a table's grid reads as its rows, one per line, cells separated by tabs
    const grid = {
      ...base,
      id: 'tb',
      cmd: 'table',
      x: 0,
      y: 0,
      w: 90,
      h: 40,
      table: [
        ['Q1', 'Plan'],
        ['', 'x'],
      ],
      border: true,
    } as Shape;
    expect(shapeText(grid)).toBe('Q1\tPlan\n\tx');
    expect(blurredShape(grid)).toBeNull();
    expect(blurredShape(note)).toMatchObject({ blurred: true, text: '' });
    expect(blurredShape(label)).toMatchObject({ blurred: true, value: '' });
    expect(blurredShape(frame)).toBeNull();
    const pin = { ...base, id: 'c', cmd: 'comment', x: 0, y: 0, threadId: 'th' } as unknown as Shape;
    const line = (extra = {}) =>
      ({ ...base, id: 'l', cmd: 'line', points: [0, 0, 9, 9], color: '#000000', lineWidth: 2, type: 'line', ...extra }) as Shape;
    expect([pin, line(), line({ start: 'r' }), rect('r')].map(isArrangeable)).toEqual([false, true, false, true]);
    expect([pin, rect('r')].map(isAnnotation)).toEqual([true, false]);
    const picture = { ...base, id: 'i', cmd: 'image', x: 0, y: 0, w: 9, h: 9, resource: 'a1', page: { current: 2, total: 3 } } as Shape;
    expect(shapeAsset(picture)).toEqual({ resource: 'a1', page: 2 });
    expect(shapeAsset({ ...picture, resource: undefined, url: 'https://example.com/p.png' } as Shape)).toBeNull();
    expect(shapeAsset(withShapeAsset(picture, 'a2'))).toEqual({ resource: 'a2', page: 2 });
    expect(withShapeAsset(rect('r'), 'a2')).toEqual(rect('r'));
    const group = { ...base, id: 'g', cmd: 'composite', shapes: [rect('r1'), picture] } as Shape;
    expect(innerShapes(group).map((s) => s.id)).toEqual(['r1', 'i']);
    expect(innerShapes(mapInnerShapes(group, (s) => ({ ...s, id: `${s.id}'` }))).map((s) => s.id)).toEqual(["r1'", "i'"]);
    expect(mapInnerShapes(rect('r'), (s) => s)).toEqual(rect('r'));
    // each shape's kind rows and the rows of every kind (the group's rotation), then its nested shapes'
    const needs = (shape: Shape) => commandPolicyNeeds({ cmd: shape.cmd, shape }).map((n) => n.feature);
    expect(needs({ ...group, shapes: [frame, line({ type: 'dashed', end: 'r' })], rotation: 45 } as Shape)).toEqual([
      'rotate shapes',
      'frames',
      'line type',
      'connector lines',
    ]);
    expect(needs({ ...line(), cmd: 'arrow', type: 'double' } as Shape)).toEqual(['line type']);
    expect(commandPolicyNeeds({ cmd: 'pen', shape: { ...line(), cmd: 'pen', type: 'hl' } })).toEqual([
      { feature: 'highlighter', needs: [POLICY.highlighterToolbox] },
    ]);
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
  textField: 'label',
  blurrable: true,
  policies: [{ feature: 'badges', needs: [POLICY.frames], when: (s: Badge) => !!s.carries?.length }],
  arrangeable: (s: Badge) => !s.done,
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

  it('its words, plan rows and arranging are its own', () => {
    expect(shapeText(badge('b1'))).toBe('new');
    expect(blurredShape(badge('b1'))).toMatchObject({ blurred: true, label: '', color: '#ff0000' });
    expect(commandPolicyNeeds(add(badge('b1', { carries: ['r'] })))).toEqual([{ feature: 'badges', needs: [POLICY.frames] }]);
    expect(commandPolicyNeeds(add(badge('b1')))).toEqual([]);
    expect(isArrangeable(badge('b1', { done: true }))).toBe(false);
  });
});

/**
 * No `cmd === '<kind>'` (or `!==`) outside a kind's own code decides a kind's behaviour: it is a
 * hook of the kind's module (shared/geometry/<kind>.ts, sdk/shapes/<kind>.ts). Command kinds
 * (undo, clear, commandSet, propertyModifier…) are the command algebra and not looked for.
 */
describe('no kind switch outside the kinds', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const kinds = new Set(Object.keys(shapeGeometry));
  /** Each kind's own code, where its name may be spelled. */
  const own = (file: string): boolean => {
    const m = /^(shared\/geometry|sdk\/tools)\/(\w+)\.tsx?$/.exec(file);
    // the kind's geometry module (group.ts: composite and link) and its own tool (sdk/tools/frame.ts)
    if (m && (kinds.has(m[2]) || (m[1] === 'shared/geometry' && m[2] === 'group'))) return true;
    return [
      'sdk/shapes/', // the kinds' SDK modules
      'sdk/dist/', // build output
      'sdk/collab/comments/', // the comment feature about its own kind (threads of comment pins)
      'sdk/ui/comments/', // … and its panel
      'platform/comments/', // … and its server side
      'platform/realtime/nes/', // vendored
    ].some((dir) => file.startsWith(dir));
  };
  /**
   * The few checks that are genuinely a kind's own UI, file → kind → how many (exact: a check
   * removed shrinks this list, a new one is a hook instead).
   */
  const ALLOWED: Record<string, Record<string, number>> = {
    // Replace image / Download original: the picture's own menu actions
    'sdk/actions/pictures.ts': { image: 1 },
    // the PDF page turner of the floating menu (a document's own control)
    'sdk/ui/floating-menu.tsx': { image: 1 },
    // a comment pin's context menu opens its thread (the comment feature's UI)
    'sdk/ui/context-menu.tsx': { comment: 2 },
    // an export holds the full pictures through the SDK image module's loader (ImageShape)
    'sdk/editor/export.ts': { image: 1 },
    // the board API's updateShapes: a frame's title is trimmed, a note's font refitted, as the
    // tools do (a text-change hook for the kinds is still to come)
    'sdk/board-methods.ts': { frame: 1, stickyNote: 1 },
    // the PDF export's page per frame (the frames feature's own export, like the frames panel)
    'sdk/editor/pdf-export.ts': { frame: 2 },
    // the Automation examples: script text a user reads and runs, not the SDK's own code
    'sdk/automation/examples.ts': { stickyNote: 1, frame: 1 },
    // connectors end on a circle's ellipse, not its box (a connector anchor hook is still to come)
    'shared/geometry/connectors.ts': { circle: 1, filledCircle: 1 },
  };
  const CHECK = /\bcmd\s*[!=]==\s*'(\w+)'|'(\w+)'\s*[!=]==\s*[\w?.]*\.cmd\b/g;

  it('finds none but the allowed ones', () => {
    const found: Record<string, Record<string, number>> = {};
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules') walk(rel);
        } else if (/\.tsx?$/.test(entry.name) && !own(rel)) {
          for (const m of fs.readFileSync(path.join(root, rel), 'utf8').matchAll(CHECK)) {
            const kind = m[1] ?? m[2];
            if (!kinds.has(kind)) continue;
            (found[rel] ??= {})[kind] = (found[rel][kind] ?? 0) + 1;
          }
        }
      }
    };
    for (const dir of ['shared', 'sdk', 'platform']) walk(dir);
    expect(found).toEqual(ALLOWED);
  });
});
