import { describe, expect, it } from 'vitest';
import {
  diagramScript,
  flowchartToShapes,
  layerNodes,
  layoutFlowchart,
  parseFlowchart,
  type Flowchart,
} from '../../shared/diagram/flowchart';
import { boxOf, boardToSvg } from '../../shared/geometry';
import type { CompositeShape, LineShape, PenShape, Shape } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import { checkShape } from '../../shared/shape-check';
import { addDiagram, selectedDiagram, updateDiagram } from '../../sdk/editor/diagram';
import { ungroupSelection } from '../../sdk/editor/group';
import { harness } from './sdk/helpers';

const chart = (script: string): Flowchart => {
  const r = parseFlowchart(script);
  if (!r.ok) throw new Error(r.error);
  return r.chart;
};

let n = 0;
const options = (attach = true) => ({ newId: () => `s${++n}`, uid: 'me', timestamp: 1, at: { x: 500, y: 400 }, attach });

describe('parseFlowchart', () => {
  it('reads the header, node shapes, labels, chains, ; and comments', () => {
    const c = chart('flowchart LR\n%% a comment\nA[Start] --> B(Step one) --> C{Ok?}; C -->|yes| D((End))\nC -- no --> B');
    expect(c.direction).toBe('LR');
    expect(c.nodes).toEqual([
      { id: 'A', label: 'Start', shape: 'rect' },
      { id: 'B', label: 'Step one', shape: 'round' },
      { id: 'C', label: 'Ok?', shape: 'diamond' },
      { id: 'D', label: 'End', shape: 'circle' },
    ]);
    expect(c.edges).toEqual([
      { from: 'A', to: 'B', kind: 'arrow' },
      { from: 'B', to: 'C', kind: 'arrow' },
      { from: 'C', to: 'D', kind: 'arrow', label: 'yes' },
      { from: 'C', to: 'B', kind: 'arrow', label: 'no' },
    ]);
  });

  it('knows the other edge kinds, & groups, quoted labels, <br> and plain nodes', () => {
    const c = chart('graph TB\nA --- B\nB -.-> C\nC ==> D\nA & B --> E["a [b]<br>c"]\nE -. maybe .-> F>Flag]');
    expect(c.direction).toBe('TD');
    expect(c.edges.map((e) => e.kind)).toEqual(['line', 'dotted', 'thick', 'arrow', 'arrow', 'dotted']);
    expect(c.edges[5].label).toBe('maybe');
    expect(c.nodes.find((x) => x.id === 'E')).toEqual({ id: 'E', label: 'a [b]\nc', shape: 'rect' });
    expect(c.nodes.find((x) => x.id === 'F')?.shape).toBe('flag');
    expect(c.nodes.find((x) => x.id === 'A')).toEqual({ id: 'A', label: 'A', shape: 'rect' });
  });

  it('answers the problem in place: empty text, another diagram kind, a bad header, an unclosed bracket, a bad arrow', () => {
    const err = (s: string) => {
      const r = parseFlowchart(s);
      return r.ok ? '' : r.error;
    };
    expect(err('  ')).toMatch(/Type the diagram/);
    expect(err('sequenceDiagram\nA->>B: hi')).toMatch(/only flowcharts/);
    expect(err('hello')).toMatch(/Line 1: a flowchart starts with/);
    expect(err('graph TD\nA[Start --> B')).toMatch(/Line 2: “\[” after A is not closed/);
    expect(err('graph TD\nA ~~> B')).toMatch(/Line 2: an arrow/);
    expect(err('graph TD')).toMatch(/no nodes/);
  });
});

describe('layout', () => {
  it('layers by the longest path, a cycle’s back edge left out', () => {
    const c = chart('graph TD\nA-->B\nB-->C\nA-->C\nC-->A');
    expect(Object.fromEntries(layerNodes(c))).toEqual({ A: 0, B: 1, C: 2 });
  });

  it('TD stacks layers downwards and centres siblings; LR runs right; BT upwards', () => {
    const td = layoutFlowchart(chart('graph TD\nA-->B\nA-->C'));
    const [a, b, c] = td;
    expect(b.y).toBeGreaterThan(a.y);
    expect(b.y).toBe(c.y);
    expect(c.x).toBeGreaterThan(b.x);
    expect(a.x).toBeCloseTo((b.x + c.x) / 2);
    const [la, lb] = layoutFlowchart(chart('graph LR\nA-->B'));
    expect(lb.x).toBeGreaterThan(la.x);
    expect(lb.y).toBe(la.y);
    const [ba, bb] = layoutFlowchart(chart('graph BT\nA-->B'));
    expect(bb.y).toBeLessThan(ba.y);
  });
});

describe('flowchartToShapes', () => {
  const script = 'graph TD\nA[Start] --> B{Ok?}\nB -->|yes| C((Done))';
  const group = flowchartToShapes(chart(script), script, options());
  const inner = group.shapes;
  // the node groups' bodies and words, the connectors and edge labels
  const flat: Shape[] = inner.flatMap((s) => (s.cmd === 'composite' ? s.shapes : [s]));
  const nodes = inner.filter((s): s is CompositeShape => s.cmd === 'composite');

  it('one composite keeping the script, valid by the model’s rules, centred where asked', () => {
    expect(group.cmd).toBe('composite');
    expect(diagramScript(group)).toBe(script);
    expect(checkShape(group).message).toBeUndefined();
    const box = boxOf(group);
    expect(box.x + box.w / 2).toBeCloseTo(500, 0);
    expect(box.y + box.h / 2).toBeCloseTo(400, 0);
    expect(new Set(inner.map((s) => s.id)).size).toBe(inner.length);
  });

  it('a rectangle, a diamond (closed pen stroke), a circle, each grouped with its centred words, and arrows attached to the nodes', () => {
    expect(nodes).toHaveLength(3);
    expect(nodes.map((n) => n.shapes.map((s) => s.cmd))).toEqual([
      ['filledRectangle', 'text'],
      ['pen', 'text'],
      ['filledCircle', 'text'],
    ]);
    const kinds = flat.map((s) => s.cmd);
    expect(kinds.filter((k) => k === 'filledRectangle')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'filledCircle')).toHaveLength(1);
    const pen = flat.find((s) => s.cmd === 'pen') as PenShape;
    expect(pen.points.slice(0, 2)).toEqual(pen.points.slice(-2));
    const texts = flat.filter((s) => s.cmd === 'text').map((s) => (s as Extract<Shape, { cmd: 'text' }>).value);
    expect(texts).toEqual(['Start', 'Ok?', 'Done', 'yes']);
    const arrows = inner.filter((s): s is LineShape => s.cmd === 'arrow');
    expect(arrows).toHaveLength(2);
    const rectangle = flat.find((s) => s.cmd === 'filledRectangle')!;
    expect(arrows[0].start).toBe(nodes[0].id);
    expect(arrows[0].end).toBe(nodes[1].id);
    // the arrow starts on the rectangle's bottom edge (below it in TD)
    const rb = boxOf(rectangle);
    expect(arrows[0].points[1]).toBeCloseTo(rb.y + rb.h, 0);
    const svg = boardToSvg([group]);
    expect(svg).toContain('Start');
  });

  it('free arrows without the connector-lines policy', () => {
    const free = flowchartToShapes(chart(script), script, options(false));
    expect(free.shapes.filter((s) => s.cmd === 'arrow').every((s) => !(s as LineShape).start && !(s as LineShape).end)).toBe(true);
  });
});

describe('the editor: add, update, undo, and a moved node keeps its arrow', () => {
  it('adds one selected group in one command; Update replaces it in one commandSet; undo restores', () => {
    const h = harness({ policies: [POLICY.connectorLines] });
    const added = addDiagram(h.editor, 'graph LR\nA-->B')!;
    expect(h.sent).toHaveLength(1);
    expect(h.editor.selection).toEqual([added.id]);
    expect(selectedDiagram(h.editor)?.id).toBe(added.id);
    expect(addDiagram(h.editor, '')).toBeNull();

    const updated = updateDiagram(h.editor, added.id, 'graph LR\nA-->B-->C')! as CompositeShape;
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1].cmd).toBe('commandSet');
    expect(h.editor.doc.has(added.id)).toBe(false);
    expect(updated.shapes.filter((s) => s.cmd === 'arrow')).toHaveLength(2);
    expect(boxOf(updated).x + boxOf(updated).w / 2).toBeCloseTo(boxOf(added).x + boxOf(added).w / 2, 0);
    h.editor.undo();
    expect(h.editor.doc.has(added.id)).toBe(true);
    expect(h.editor.doc.has(updated.id)).toBe(false);
  });

  it('ungrouped, dragging a node re-routes its connector', () => {
    const h = harness({ policies: [POLICY.connectorLines] });
    const group = addDiagram(h.editor, 'graph LR\nA[One]-->B[Two]') as CompositeShape;
    ungroupSelection(h.editor);
    const node = group.shapes.find((s) => s.cmd === 'composite')!;
    const arrow = group.shapes.find((s) => s.cmd === 'arrow') as LineShape;
    const before = (h.editor.doc.get(arrow.id) as LineShape).points;
    const b = boxOf(node);
    // grab the node (body and words move as one) and drag it 200 down
    h.drag([b.x + 4, b.y + 4], [b.x + 4, b.y + 204]);
    const after = (h.editor.doc.get(arrow.id) as LineShape).points;
    expect(boxOf(h.editor.doc.get(node.id)!).y).toBeCloseTo(b.y + 200, 0);
    expect(after[1]).toBeGreaterThan(before[1] + 50);
    const words = (h.editor.doc.get(node.id) as CompositeShape).shapes.find((s) => s.cmd === 'text')!;
    expect(boxOf(words).y).toBeGreaterThan(b.y + 200);
  });
});
