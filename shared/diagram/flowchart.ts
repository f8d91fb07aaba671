/**
 * Diagrams from a text script (board.md §1, §2 "diagram text-script dialog", issue 34 item 2): a
 * Mermaid flowchart becomes native board shapes. Pure: parse a subset of Mermaid's flowchart
 * syntax, lay the nodes out in layers (longest path from the roots, back edges of cycles left out,
 * nodes of a layer in order of appearance), and build the shapes — a filled rectangle per box
 * node, a filled circle for ((text)), a diamond drawn as a closed pen stroke for {text}, each
 * grouped with its words (a centred text) so a node moves as one, and every edge as a connector
 * (an arrow or line attached to its two node groups, so moving a node moves the arrow) with its
 * label as a text — all in ONE composite whose metadata keeps the script (metadata.script), so
 * Update reopens it. Ungrouping the diagram (Ctrl+Shift+G) leaves the node groups and connectors.
 *
 * The subset: `graph|flowchart TD|TB|LR|RL|BT`; nodes `A`, `A[text]`, `A(text)`, `A((text))`,
 * `A{text}`, `A>text]` (text may be "quoted"; `<br>` breaks a line); edges `-->`, `---`, `-.->`,
 * `==>`, with `|label|` or `-- label -->` (also `-. label .->`, `== label ==>`); chains
 * `A --> B --> C`; `&` between nodes; statements split by newlines and `;`; `%%` comments. Lines
 * of other flowchart statements (classDef, style, click, subgraph/end, direction) are ignored.
 */
import { DEFAULT_FONT } from '../constants';
import { routeConnector, type Anchor } from '../geometry/connectors';
import { measureText } from '../geometry/text';
import type { CompositeShape, LineShape, Shape } from '../model';

export type FlowDirection = 'TD' | 'LR' | 'RL' | 'BT';
export type NodeShape = 'rect' | 'round' | 'circle' | 'diamond' | 'flag';

export interface FlowNode {
  id: string;
  label: string;
  shape: NodeShape;
}
export interface FlowEdge {
  from: string;
  to: string;
  label?: string;
  /** '-->' arrow, '---' open line, '-.->' dotted arrow, '==>' thick arrow */
  kind: 'arrow' | 'line' | 'dotted' | 'thick';
}
export interface Flowchart {
  direction: FlowDirection;
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export type ParseResult = { ok: true; chart: Flowchart } | { ok: false; error: string };

/** The longest script a diagram keeps (it is stored in the group's metadata, at most 4096 characters of JSON). */
export const DIAGRAM_SCRIPT_MAX = 3500;
/** The most nodes a diagram may have (a group holds at most 1000 shapes). */
export const DIAGRAM_NODES_MAX = 200;

const HEADER = /^(?:graph|flowchart)(?:\s+(TD|TB|LR|RL|BT))?$/i;
const OTHER_KINDS =
  /^(sequenceDiagram|classDiagram(?:-v2)?|stateDiagram(?:-v2)?|erDiagram|journey|gantt|pie|gitGraph|mindmap|timeline|quadrantChart|requirementDiagram|C4Context|sankey-beta|xychart-beta|block-beta)\b/;
const IGNORED = /^(classDef|class|style|linkStyle|click|subgraph|end|direction|accTitle|accDescr)\b/;

const ID = /^[\p{L}\p{N}_]+/u;
// opening bracket → closing bracket and shape (longest openings first)
const BRACKETS: Array<[string, string, NodeShape]> = [
  ['((', '))', 'circle'],
  ['[', ']', 'rect'],
  ['(', ')', 'round'],
  ['{', '}', 'diamond'],
  ['>', ']', 'flag'],
];
// an edge: a plain one with an optional |label|, or one with its label inside
const EDGE = /^\s*(?:(-->|---|-\.->|==>)\s*(?:\|([^|]*)\|)?|--\s*([^\s>-][^>]*?)\s*-->|-\.\s*(.+?)\s*\.->|==\s*([^=>].*?)\s*==>)\s*/;

const edgeKind = (op: string): FlowEdge['kind'] =>
  op === '---' ? 'line' : op === '-.->' || op.startsWith('-.') ? 'dotted' : op.startsWith('==') ? 'thick' : 'arrow';

const cleanLabel = (raw: string): string => {
  let t = raw.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) t = t.slice(1, -1);
  return t
    .replace(/<br\s*\/?>/gi, '\n')
    .split('\n')
    .map((l) => l.trim())
    .join('\n');
};

/** Statements of the script: front matter and comments dropped, split at newlines and `;`, blank ones left out. */
function statements(script: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  const lines = script.split(/\r?\n/);
  // Mermaid's front matter (title, config): a first line of `---` up to the next `---`
  const matter = lines[0]?.trim() === '---' ? lines.findIndex((l, n) => n > 0 && l.trim() === '---') : -1;
  lines.forEach((raw, i) => {
    if (i <= matter) return;
    const line = raw.replace(/%%.*$/, '');
    for (const part of line.split(';')) {
      const text = part.trim();
      if (text) out.push({ text, line: i + 1 });
    }
  });
  return out;
}

/** Parses a flowchart script: the chart, or the first problem found (with its line). */
export function parseFlowchart(script: string): ParseResult {
  if (!script.trim()) return { ok: false, error: 'Type the diagram’s text.' };
  if (script.length > DIAGRAM_SCRIPT_MAX) return { ok: false, error: `The script is too long (at most ${DIAGRAM_SCRIPT_MAX} characters).` };
  const list = statements(script);
  const head = list.shift()!;
  const header = HEADER.exec(head.text);
  if (!header) {
    if (OTHER_KINDS.test(head.text))
      return { ok: false, error: `Line ${head.line}: only flowcharts (graph or flowchart) can be drawn on the board.` };
    return { ok: false, error: `Line ${head.line}: a flowchart starts with “flowchart TD” or “graph LR”.` };
  }
  const dir = (header[1] ?? 'TD').toUpperCase();
  const direction: FlowDirection = dir === 'TB' ? 'TD' : (dir as FlowDirection);
  const nodes = new Map<string, FlowNode>();
  const edges: FlowEdge[] = [];

  /** Reads `A`, `A[text]`, … at the start of `s`: the node and the rest, or an error. */
  const readNode = (s: string, line: number): { id: string; rest: string } | { error: string } => {
    const m = ID.exec(s);
    if (!m) return { error: `Line ${line}: a node name is expected at “${s.slice(0, 20)}”.` };
    const id = m[0];
    let rest = s.slice(id.length);
    let label: string | undefined;
    let shape: NodeShape = 'rect';
    const open = BRACKETS.find(([o]) => rest.startsWith(o));
    if (open) {
      const [o, c, kind] = open;
      const body = rest.slice(o.length);
      // a quoted label may hold the closing bracket
      const quoted = /^\s*"[^"]*"\s*/.exec(body);
      const end = quoted ? body.indexOf(c, quoted[0].length) : body.indexOf(c);
      if (end < 0) return { error: `Line ${line}: “${o}” after ${id} is not closed with “${c}”.` };
      label = cleanLabel(body.slice(0, end));
      shape = kind;
      rest = body.slice(end + c.length);
    }
    const known = nodes.get(id);
    if (!known) {
      if (nodes.size >= DIAGRAM_NODES_MAX) return { error: `Too many nodes (at most ${DIAGRAM_NODES_MAX}).` };
      nodes.set(id, { id, label: label ?? id, shape });
    } else if (label !== undefined) Object.assign(known, { label, shape });
    return { id, rest: rest.trimStart() };
  };

  /** Reads `A & B & C`. */
  const readGroup = (s: string, line: number): { ids: string[]; rest: string } | { error: string } => {
    const ids: string[] = [];
    let rest = s;
    for (;;) {
      const n = readNode(rest, line);
      if ('error' in n) return n;
      ids.push(n.id);
      rest = n.rest;
      const amp = /^&\s*/.exec(rest);
      if (!amp) return { ids, rest };
      rest = rest.slice(amp[0].length);
    }
  };

  for (const { text, line } of list) {
    if (IGNORED.test(text)) continue;
    let g = readGroup(text, line);
    if ('error' in g) return { ok: false, error: g.error };
    let rest = g.rest;
    while (rest) {
      const e = EDGE.exec(rest);
      if (!e) return { ok: false, error: `Line ${line}: an arrow (-->, ---, -.->, ==>) is expected at “${rest.slice(0, 20)}”.` };
      const op = e[1] ?? (e[3] !== undefined ? '-->' : e[4] !== undefined ? '-.->' : '==>');
      const rawLabel = e[2] ?? e[3] ?? e[4] ?? e[5];
      const label = rawLabel !== undefined ? cleanLabel(rawLabel) : '';
      const from = g.ids;
      const next = readGroup(rest.slice(e[0].length), line);
      if ('error' in next) return { ok: false, error: next.error };
      for (const a of from) for (const b of next.ids) edges.push({ from: a, to: b, kind: edgeKind(op), ...(label ? { label } : {}) });
      g = next;
      rest = next.rest;
    }
  }
  if (!nodes.size) return { ok: false, error: 'The flowchart has no nodes yet.' };
  return { ok: true, chart: { direction, nodes: [...nodes.values()], edges } };
}

/** Each node's layer: the longest path to it from a root, the edges closing a cycle left out. */
export function layerNodes(chart: Flowchart): Map<string, number> {
  const order = chart.nodes.map((n) => n.id);
  const out = new Map<string, string[]>(order.map((id) => [id, []]));
  for (const e of chart.edges) if (e.from !== e.to) out.get(e.from)!.push(e.to);
  // depth-first from each node in order of appearance: an edge to a node on the stack is a back edge
  const state = new Map<string, 1 | 2>();
  const forward = new Map<string, string[]>(order.map((id) => [id, []]));
  const post: string[] = [];
  const visit = (id: string) => {
    state.set(id, 1);
    for (const to of out.get(id)!) {
      const s = state.get(to);
      if (s === 1) continue; // back edge
      forward.get(id)!.push(to);
      if (!s) visit(to);
    }
    state.set(id, 2);
    post.push(id);
  };
  for (const id of order) if (!state.has(id)) visit(id);
  const layer = new Map<string, number>(order.map((id) => [id, 0]));
  for (const id of post.reverse()) for (const to of forward.get(id)!) layer.set(to, Math.max(layer.get(to)!, layer.get(id)! + 1));
  return layer;
}

export interface PlacedNode extends FlowNode {
  /** centre and size, board units, the chart's top-left at 0, 0 */
  x: number;
  y: number;
  w: number;
  h: number;
}

export const NODE_FONT_SIZE = 16;
const LABEL_FONT_SIZE = 14;
const LAYER_GAP = 70;
const SIBLING_GAP = 50;

function nodeSize(n: FlowNode): { w: number; h: number } {
  const m = measureText(n.label, NODE_FONT_SIZE);
  if (n.shape === 'circle') {
    const d = Math.max(80, Math.ceil(Math.hypot(m.w, m.h)) + 16);
    return { w: d, h: d };
  }
  if (n.shape === 'diamond') return { w: Math.max(140, Math.ceil(m.w * 1.6) + 40), h: Math.max(90, Math.ceil(m.h * 2) + 30) };
  return { w: Math.max(120, Math.ceil(m.w) + 40), h: Math.max(60, Math.ceil(m.h) + 30) };
}

/** Places the nodes: layers along the direction, a layer's nodes side by side (centred) in order of appearance. */
export function layoutFlowchart(chart: Flowchart): PlacedNode[] {
  const layer = layerNodes(chart);
  const vertical = chart.direction === 'TD' || chart.direction === 'BT';
  const count = Math.max(...layer.values()) + 1;
  const layers: FlowNode[][] = Array.from({ length: count }, () => []);
  for (const n of chart.nodes) layers[layer.get(n.id)!].push(n);
  const sized = layers.map((l) => l.map((n) => ({ n, ...nodeSize(n) })));
  // along: the layer axis (y for TD); across: the siblings' axis
  const depth = sized.map((l) => Math.max(0, ...l.map((s) => (vertical ? s.h : s.w))));
  const widths = sized.map((l) => l.reduce((sum, s) => sum + (vertical ? s.w : s.h), 0) + SIBLING_GAP * Math.max(0, l.length - 1));
  const widest = Math.max(...widths);
  const placed: PlacedNode[] = [];
  let along = 0;
  sized.forEach((l, i) => {
    let across = (widest - widths[i]) / 2;
    const mid = along + depth[i] / 2;
    for (const s of l) {
      const size = vertical ? s.w : s.h;
      const centre = across + size / 2;
      placed.push({ ...s.n, w: s.w, h: s.h, x: vertical ? centre : mid, y: vertical ? mid : centre });
      across += size + SIBLING_GAP;
    }
    along += depth[i] + LAYER_GAP;
  });
  // BT and RL: the layers run the other way
  const total = along - LAYER_GAP;
  if (chart.direction === 'BT') for (const p of placed) p.y = total - p.y;
  if (chart.direction === 'RL') for (const p of placed) p.x = total - p.x;
  // order of the chart's nodes
  const byId = new Map(placed.map((p) => [p.id, p]));
  return chart.nodes.map((n) => byId.get(n.id)!);
}

export interface DiagramStyle {
  stroke: string;
  fill: string;
  text: string;
  line: string;
  lineWidth: number;
}
export const DIAGRAM_STYLE: DiagramStyle = { stroke: '#3c4a5c', fill: '#e8f0fe', text: '#000000', line: '#434343', lineWidth: 2 };

export interface DiagramOptions {
  /** a new shape id */
  newId: () => string;
  uid: string;
  timestamp: number;
  /** the diagram's centre on the board */
  at: { x: number; y: number };
  /** attach the arrows to the nodes (the connector-lines policy); false: free arrows where they would be */
  attach: boolean;
  style?: Partial<DiagramStyle>;
  /** the opacity of the shapes (tenths), absent: opaque */
  opacity?: number;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/** The board shapes of a chart: one composite (metadata.script = `script`) holding the nodes, their words and the connectors. */
export function flowchartToShapes(chart: Flowchart, script: string, o: DiagramOptions): CompositeShape {
  const style = { ...DIAGRAM_STYLE, ...o.style };
  const placed = layoutFlowchart(chart);
  const minX = Math.min(...placed.map((p) => p.x - p.w / 2));
  const minY = Math.min(...placed.map((p) => p.y - p.h / 2));
  const maxX = Math.max(...placed.map((p) => p.x + p.w / 2));
  const maxY = Math.max(...placed.map((p) => p.y + p.h / 2));
  const dx = o.at.x - (minX + maxX) / 2;
  const dy = o.at.y - (minY + maxY) / 2;
  const base = <K extends Shape['cmd']>(cmd: K) => ({
    id: o.newId(),
    cmd,
    uid: o.uid,
    timestamp: o.timestamp,
    ...(o.opacity && o.opacity !== 10 ? { opacity: o.opacity } : {}),
  });
  const nodes: Shape[] = [];
  const words: Shape[] = [];
  const anchors = new Map<string, { id: string; anchor: Anchor }>();

  for (const p of placed) {
    const cx = r2(p.x + dx),
      cy = r2(p.y + dy);
    const box = { x: r2(cx - p.w / 2), y: r2(cy - p.h / 2), w: p.w, h: p.h };
    let shape: Shape;
    if (p.shape === 'circle') {
      shape = { ...base('filledCircle'), x: cx, y: cy, r: p.w / 2, stroke: style.stroke, lineWidth: style.lineWidth, fill: style.fill };
    } else if (p.shape === 'diamond') {
      const hw = p.w / 2,
        hh = p.h / 2;
      shape = {
        ...base('pen'),
        points: [cx, cy - hh, cx + hw, cy, cx, cy + hh, cx - hw, cy, cx, cy - hh].map(r2),
        color: style.stroke,
        lineWidth: style.lineWidth,
        type: 'pen',
      };
    } else {
      shape = { ...base('filledRectangle'), ...box, stroke: style.stroke, lineWidth: style.lineWidth, fill: style.fill };
    }
    // a node is its body and its words grouped, so it moves as one; connectors attach to that group
    // (anchored on its box, as the editor's followers re-route them)
    const inner = p.label.trim() ? [shape, centredText(base('text'), p.label, cx, cy, NODE_FONT_SIZE, style.text)] : [shape];
    const node: CompositeShape = { ...base('composite'), cmd: 'composite', shapes: inner, metadata: { node: p.id } };
    nodes.push(node);
    anchors.set(p.id, { id: node.id, anchor: { box } });
  }

  const connectors: Shape[] = [];
  for (const e of chart.edges) {
    const a = anchors.get(e.from)!,
      b = anchors.get(e.to)!;
    const ca = { x: a.anchor.box.x + a.anchor.box.w / 2, y: a.anchor.box.y + a.anchor.box.h / 2 };
    const cb = { x: b.anchor.box.x + b.anchor.box.w / 2, y: b.anchor.box.y + b.anchor.box.h / 2 };
    const self = e.from === e.to;
    const points = self
      ? [ca.x, a.anchor.box.y, ca.x + a.anchor.box.w / 2 + 30, a.anchor.box.y - 30]
      : routeConnector([ca.x, ca.y, cb.x, cb.y], a.anchor, b.anchor);
    const line: LineShape = {
      ...base(e.kind === 'line' ? 'line' : 'arrow'),
      cmd: e.kind === 'line' ? 'line' : 'arrow',
      points,
      color: style.line,
      lineWidth: e.kind === 'thick' ? style.lineWidth * 2 : style.lineWidth,
      type: e.kind === 'line' ? 'line' : 'arrow',
      ...(o.attach && !self ? { start: a.id, end: b.id } : {}),
    };
    connectors.push(line);
    if (e.label) {
      const mx = (points[0] + points[points.length - 2]) / 2,
        my = (points[1] + points[points.length - 1]) / 2;
      words.push(centredText(base('text'), e.label, mx, my, LABEL_FONT_SIZE, style.text));
    }
  }
  return { ...base('composite'), cmd: 'composite', shapes: [...connectors, ...nodes, ...words], metadata: { script } };
}

function centredText(
  b: { id: string; uid: string; timestamp: number; opacity?: number },
  value: string,
  cx: number,
  cy: number,
  size: number,
  color: string,
): Shape {
  const m = measureText(value, size);
  return { ...b, cmd: 'text', value, x: r2(cx - m.w / 2), y: r2(cy - m.h / 2), color, font: DEFAULT_FONT, size, align: 'center' };
}

export { diagramScript } from './script';
