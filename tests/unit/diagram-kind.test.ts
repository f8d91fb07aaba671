import { describe, expect, it } from 'vitest';
import { diagramHeader, diagramKind, sizedSvg } from '../../shared/diagram/kind';
import { parseFlowchart } from '../../shared/diagram/flowchart';
import type { ImageShape } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import { addDiagram, selectedDiagram } from '../../sdk/editor/diagram';
import { addDiagramPicture, PICTURES_OFF, pictureSize } from '../../sdk/editor/diagram-picture';
import { harness } from './sdk/helpers';

/**
 * Which scripts become native shapes and which a Mermaid picture (shared/diagram/kind.ts), the
 * size Mermaid's SVG is given, and the picture's Add/Update on the board (sdk/editor/diagram-picture.ts).
 */
describe('diagram kind', () => {
  it('sends flowcharts (flowchart or graph, any direction) to the native shapes', () => {
    for (const s of ['flowchart TD\nA-->B', 'graph LR; A-->B', 'Flowchart\nA', 'graph', '  flowchart RL\n'])
      expect(diagramKind(s), s).toBe('flowchart');
  });

  it('sends the other Mermaid kinds to Mermaid', () => {
    const kinds = [
      'sequenceDiagram\nAlice->>Bob: Hi',
      'classDiagram\nA <|-- B',
      'stateDiagram-v2\n[*] --> Still',
      'erDiagram\nA ||--o{ B : has',
      'gantt\ntitle Plan',
      'pie title Pets\n"Dogs" : 3',
      'mindmap\n  root',
      'timeline\n  2020 : a',
      'journey\ntitle Day',
      'gitGraph\ncommit',
      'xychart-beta\n',
      'C4Context\n',
      'quadrantChart\n',
      'kanban\n',
    ];
    for (const s of kinds) expect(diagramKind(s), s).toBe('mermaid');
  });

  it('names nothing for blank text, and loads nothing for a first line it does not know (a half-typed kind)', () => {
    expect(diagramKind('')).toBe('empty');
    expect(diagramKind('  \n %% only a comment\n')).toBe('empty');
    for (const s of ['flow', 'seq', 'graphic A', 'hello world', 'flowchart-elk TD']) expect(diagramKind(s), s).toBe('unknown');
  });

  it('skips front matter, init directives and comments to find the kind', () => {
    const script = '---\ntitle: Order\n---\n%%{init: {"theme": "forest"}}%%\n%% who talks\nsequenceDiagram\nA->>B: go';
    expect(diagramHeader(script)).toBe('sequenceDiagram');
    expect(diagramKind(script)).toBe('mermaid');
    expect(diagramKind('---\ntitle: Flow\n---\nflowchart LR\nA-->B')).toBe('flowchart');
    expect(diagramKind('%%{init: {}}%% graph TD\nA')).toBe('flowchart');
  });

  it('lets the native parser read a flowchart with front matter', () => {
    const r = parseFlowchart('---\ntitle: Flow\n---\nflowchart LR\nA[One] --> B[Two]');
    expect(r.ok && r.chart.nodes.map((n) => n.label)).toEqual(['One', 'Two']);
  });
});

describe('sizedSvg', () => {
  it("gives Mermaid's 100%-wide root its viewBox's size, drops the max-width and lays a white sheet under it", () => {
    const svg =
      '<svg id="m1" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 450.5px; background-color: white;" viewBox="-50 -10 450.5 259.2" role="graphics-document"><g/></svg>';
    const out = sizedSvg(svg)!;
    expect(out.width).toBe(451);
    expect(out.height).toBe(260);
    expect(out.svg).toBe(
      '<svg width="451" height="260" id="m1" xmlns="http://www.w3.org/2000/svg" style=" background-color: white" viewBox="-50 -10 450.5 259.2" role="graphics-document"><rect x="-50" y="-10" width="450.5" height="259.2" style="fill:#ffffff;stroke:none"/><g/></svg>',
    );
  });

  it('answers null without a root or a usable viewBox', () => {
    expect(sizedSvg('<div></div>')).toBeNull();
    expect(sizedSvg('<svg width="10"></svg>')).toBeNull();
    expect(sizedSvg('<svg viewBox="0 0 0 10"></svg>')).toBeNull();
  });
});

describe('a Mermaid diagram as a picture on the board', () => {
  const stored: Array<{ script: string; svg: string }> = [];
  const withUploads = () => {
    const h = harness({ policies: [POLICY.connectorLines] });
    h.editor.viewport.resize(1000, 800);
    h.editor.uploader = {
      upload: () => Promise.reject(new Error('not here')),
      uploadUrl: () => Promise.reject(new Error('not here')),
      duplicateAssets: () => Promise.resolve([]),
      scriptPicture: (script, svg) => {
        stored.push({ script, svg });
        return Promise.resolve({ id: `asset-${stored.length}`, width: 400, height: 200 });
      },
      mermaidScript: '/static/sdk/tabula-mermaid.js',
    };
    return h;
  };
  const seq = 'sequenceDiagram\nA->>B: hi';

  it('lands as one image of the stored asset keeping its script, selected, and Update replaces it in one step', async () => {
    const h = withUploads();
    const added = (await addDiagramPicture(h.editor, seq, '<svg/>', { width: 400, height: 200 })) as ImageShape;
    expect(stored.at(-1)).toEqual({ script: seq, svg: '<svg/>' });
    expect(added).toMatchObject({ cmd: 'image', resource: `asset-${stored.length}`, metadata: { script: seq } });
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'image' });
    expect(selectedDiagram(h.editor)?.id).toBe(added.id);

    const next = `${seq}\nB->>A: back`;
    const updated = (await addDiagramPicture(h.editor, next, '<svg id="2"/>', { width: 400, height: 200 }, added.id)) as ImageShape;
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'commandSet' });
    expect(h.editor.doc.get(added.id)).toBeUndefined();
    expect(updated.metadata?.script).toBe(next);
    expect(updated.x + updated.w / 2).toBeCloseTo(added.x + added.w / 2, 0);
    expect(h.editor.selection).toEqual([updated.id]);
    h.editor.undo();
    expect(h.editor.doc.get(added.id)).toBeDefined();
    expect(h.editor.doc.get(updated.id)).toBeUndefined();
  });

  it("a flowchart's group updated to another kind becomes its picture", async () => {
    const h = withUploads();
    const group = addDiagram(h.editor, 'flowchart LR\nA --> B')!;
    const picture = await addDiagramPicture(h.editor, seq, '<svg/>', { width: 300, height: 100 }, group.id);
    expect(picture?.cmd).toBe('image');
    expect(h.editor.doc.get(group.id)).toBeUndefined();
  });

  it('is scaled down to 80 % of the view when larger', () => {
    const h = withUploads();
    const { width, height } = h.editor.viewport;
    const size = pictureSize(h.editor, { width: width * 2, height: height });
    expect(size.w).toBeCloseTo(width * 0.8, 0);
    expect(pictureSize(h.editor, { width: 100, height: 50 })).toEqual({ w: 100, h: 50 });
  });

  it('is refused with a reason on a board that takes no pictures', async () => {
    const h = harness();
    await expect(addDiagramPicture(h.editor, seq, '<svg/>', { width: 10, height: 10 })).rejects.toThrow(PICTURES_OFF);
  });
});
