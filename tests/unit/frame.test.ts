import { describe, expect, it } from 'vitest';
import { childrenDelta, fitFrameTitle, frameCapturedIds, nextFrameOrder, type Placed } from '../../shared/geometry/frame';
import { boardToSvg } from '../../shared/geometry/board';
import type { Command, FrameShape, Shape } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import { frameTitle } from '../../sdk/tools/frame';
import { harness, rect } from './sdk/helpers';

const frame = (id: string, x: number, y: number, w: number, h: number, extra: Partial<FrameShape> = {}): FrameShape => ({
  id,
  cmd: 'frame',
  uid: 'me',
  timestamp: 1,
  x,
  y,
  w,
  h,
  color: '#cccccc',
  title: 'Frame 1',
  order: 1,
  children: [],
  ...extra,
});
const at = (id: string, x: number, y: number, w = 30, h = 30, cmd = 'rectangle'): Placed => ({ id, cmd, bounds: { x, y, w, h } });

describe('frame capture (board.md §4: 2/3 of a shape inside the frame body)', () => {
  const f = frame('f', 0, 0, 100, 100);

  it('captures shapes at least 2/3 inside, never frames, comments or itself', () => {
    const ids = frameCapturedIds(f, [
      at('in', 10, 10),
      at('two-thirds', 80, 10, 30, 30), // 20/30 inside
      at('half', 85, 10, 30, 30), // 15/30 inside
      at('out', 200, 200),
      at('other-frame', 10, 10, 20, 20, 'frame'),
      at('note', 10, 10, 20, 20, 'comment'),
      at('f', 0, 0, 100, 100, 'frame'),
    ]);
    expect(ids).toEqual(['in', 'two-thirds']);
  });

  it('the header strip above the body does not capture', () => {
    expect(frameCapturedIds(f, [at('header', 10, -20, 30, 18)])).toEqual([]);
  });

  it('children delta: a shape dropped inside joins, a child dragged out leaves, nothing else changes', () => {
    const g = frame('g', 0, 0, 100, 100, { children: ['a', 'b'] });
    expect(childrenDelta(g, [at('c', 20, 20)])).toEqual(['a', 'b', 'c']);
    expect(childrenDelta(g, [at('a', 300, 20)])).toEqual(['b']);
    expect(childrenDelta(g, [at('a', 300, 20), at('c', 20, 20)])).toEqual(['b', 'c']);
    expect(childrenDelta(g, [at('a', 10, 10), at('d', 400, 400)])).toBeNull();
    expect(childrenDelta(g, [at('h', 10, 10, 20, 20, 'frame')])).toBeNull();
  });

  it('the order of a new frame is the highest existing plus 1; titles are trimmed to 56', () => {
    expect(nextFrameOrder([])).toBe(1);
    expect(nextFrameOrder([frame('a', 0, 0, 1, 1, { order: 4 }), frame('b', 0, 0, 1, 1, { order: 2 }), { cmd: 'rectangle' }])).toBe(5);
    expect(frameTitle('  Plan  ')).toBe('Plan');
    expect(frameTitle('x'.repeat(70))).toHaveLength(56);
  });

  it('exports with its title above the box and a stroke of 4', () => {
    const svg = boardToSvg([frame('f', 10, 40, 200, 80, { title: 'Ideas & <more>' })]);
    expect(svg).toContain('stroke-width="4"');
    expect(svg).toContain('Ideas &amp; &lt;more&gt;');
    expect(svg).toMatch(/<text[^>]*y="34"/);
    // a title wider than its frame is cut with an ellipsis
    expect(fitFrameTitle('Short', 200)).toBe('Short');
    const cut = fitFrameTitle('A rather long frame title that does not fit', 100);
    expect(cut.endsWith('…')).toBe(true);
    expect('A rather long frame title that does not fit'.startsWith(cut.slice(0, -1))).toBe(true);
    expect(boardToSvg([frame('g', 0, 0, 100, 50, { title: 'A rather long frame title that does not fit' })])).toContain(cut);
  });
});

describe('frame tool and children following (headless editor)', () => {
  const setup = () => {
    const h = harness({ policies: [POLICY.frames] });
    h.editor.load({ shapes: [rect('a', 20, 20), rect('b', 120, 20), rect('far', 500, 500)] } as never, []);
    return h;
  };
  const get = (h: ReturnType<typeof harness>, id: string) => h.editor.doc.get(id) as Shape & { x: number; y: number };
  const frames = (h: ReturnType<typeof harness>) => h.editor.doc.ordered().filter((s): s is FrameShape => s.cmd === 'frame');

  it('needs the frames policy; a drag draws "Frame N" capturing the shapes under it', () => {
    const none = harness();
    expect(none.editor.toolAllowed('frame')).toBe(false);
    const h = setup();
    expect(h.editor.actions.get('frame')!.defaultKeys).toEqual(['F']);
    h.key('f', 'KeyF');
    expect(h.editor.tool.name).toBe('frame');
    h.drag([0, 0], [200, 100]);
    h.drag([400, 400], [600, 600]);
    const [one, two] = frames(h);
    expect(one).toMatchObject({ title: 'Frame 1', order: 1, x: 0, y: 0, w: 200, h: 100, children: ['a', 'b'] });
    expect(two).toMatchObject({ title: 'Frame 2', order: 2, children: ['far'] });
    // a click (no drag) on a frame edits its title: Enter applies it trimmed, Escape cancels
    h.click(100, 50);
    expect(h.text.session$.value?.request.kind).toBe('frame');
    h.text.type('  Sprint  ');
    h.text.end('apply');
    expect(frames(h)[0]!.title).toBe('Sprint');
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'textModifier', value: 'Sprint' });
    h.click(100, 50);
    h.text.type('nope');
    h.text.end('escape');
    expect(frames(h)[0]!.title).toBe('Sprint');
  });

  it('moving a frame moves its children once (even a child of two moved frames), in one command', () => {
    const h = setup();
    h.editor.load(
      {
        shapes: [
          rect('a', 20, 20),
          rect('b', 120, 20),
          frame('f', 0, 0, 200, 100, { children: ['a', 'b', 'gone'] }),
          frame('g', 100, 0, 100, 100, { order: 2, children: ['b'] }),
        ],
      } as never,
      [],
    );
    h.editor.execute({
      cmd: 'reposition',
      shapePositions: [
        { shape: 'f', x: 10, y: 5 },
        { shape: 'g', x: 10, y: 5 },
      ],
    });
    expect(h.sent).toHaveLength(1);
    const c = h.sent[0] as Extract<Command, { cmd: 'reposition' }>;
    expect(c.cmd).toBe('reposition');
    expect(c.shapePositions.map((p) => p.shape).sort()).toEqual(['a', 'b', 'f', 'g']);
    expect([get(h, 'a').x, get(h, 'b').x, get(h, 'b').y]).toEqual([30, 130, 25]);
    h.editor.undo();
    expect([get(h, 'a').x, get(h, 'b').x, get(h, 'f').x]).toEqual([20, 120, 0]);
  });

  it('a shape dragged into a frame joins it and dragged out leaves it; a resized frame recomputes', () => {
    const h = setup();
    h.editor.load({ shapes: [rect('a', 20, 20), rect('b', 300, 20), frame('f', 0, 0, 200, 100, { children: ['a'] })] } as never, []);
    h.editor.select(['b']);
    h.drag([325, 45], [145, 45]); // b to x 120: inside
    expect(h.sent.at(-1)!.cmd).toBe('commandSet');
    expect(frames(h)[0]!.children).toEqual(['a', 'b']);
    h.editor.select(['a']);
    h.drag([45, 45], [445, 45]); // a out
    expect(frames(h)[0]!.children).toEqual(['b']);
    // one undo puts a back, inside
    h.editor.undo();
    expect(frames(h)[0]!.children).toEqual(['a', 'b']);
    // resizing the frame to its left half leaves b out
    h.editor.execute({ cmd: 'sizeModifier', shapes: ['f'], x: 0, y: 0, w: 100, h: 100 });
    expect(frames(h)[0]!.children).toEqual(['a']);
    // a move that changes no membership stays a plain reposition
    const before = h.sent.length;
    h.editor.execute({ cmd: 'reposition', shapePositions: [{ shape: 'a', x: 2, y: 2 }] });
    expect(h.sent[before]!.cmd).toBe('reposition');
  });

  it('a shape drawn inside a frame joins it in the same command; one drawn outside does not', () => {
    const h = setup();
    h.editor.load({ shapes: [frame('f', 0, 0, 200, 100, { children: [] })] } as never, []);
    h.editor.setTool('rectangle');
    h.drag([20, 20], [80, 60]);
    expect(h.sent.at(-1)!.cmd).toBe('commandSet');
    const inside = h.editor.doc.ordered().find((s) => s.cmd === 'rectangle')!;
    expect(frames(h)[0]!.children).toEqual([inside.id]);
    h.drag([400, 400], [460, 460]);
    expect(h.sent.at(-1)!.cmd).toBe('rectangle');
    expect(frames(h)[0]!.children).toEqual([inside.id]);
    // one undo removes the shape and its membership together
    h.editor.undo();
    h.editor.undo();
    expect(frames(h)[0]!.children).toEqual([]);
  });

  it('a click on the title strip with the select tool edits the title; a click on the body selects', () => {
    const h = setup();
    h.editor.load({ shapes: [frame('f', 0, 40, 200, 100, { title: 'Old' })] } as never, []);
    h.editor.setTool('select');
    h.click(100, 90);
    expect(h.editor.selection).toEqual(['f']);
    expect(h.text.active).toBe(false);
    h.click(20, 30);
    expect(h.text.session$.value?.request).toMatchObject({ kind: 'frame', value: 'Old', y: 20, h: 20 });
    h.text.type('y'.repeat(80));
    h.text.end('apply');
    expect(frames(h)[0]!.title).toBe('y'.repeat(56));
    // a double click inside the selected frame edits the title too
    h.click(100, 90, { clicks: 2 });
    expect(h.text.session$.value?.request.kind).toBe('frame');
    h.text.end('escape');
  });

  it('dragging a frame with the select tool previews its children moving, then one reposition', () => {
    const h = setup();
    h.editor.load({ shapes: [rect('a', 20, 20), frame('f', 0, 0, 200, 100, { children: ['a'] })] } as never, []);
    h.editor.setTool('select');
    h.down(100, -10); // the title strip
    h.move(130, 10);
    expect(h.editor.scene.shape('a')).toMatchObject({ x: 50, y: 40 });
    h.up(130, 10);
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'reposition' });
    expect([get(h, 'a').x, get(h, 'f').x]).toEqual([50, 30]);
  });
});
