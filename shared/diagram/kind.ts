/**
 * Which way a diagram's text script goes (issue 34 item 2, docs/performance.md "Mermaid"): a
 * flowchart (`flowchart …` or `graph …`) is parsed by our own code and becomes native board
 * shapes (./flowchart.ts); every other Mermaid kind (sequenceDiagram, classDiagram, gantt, pie,
 * mindmap …) is drawn in the browser by the `mermaid` package, loaded only then, and stored as a
 * picture. Mermaid's own front matter (`---` … `---`), `%%{init}%%` directives and `%%` comments
 * before the first statement are skipped to find the kind's keyword. Pure.
 */

export type DiagramKind = 'empty' | 'flowchart' | 'mermaid' | 'unknown';

/**
 * The first words of Mermaid's other kinds (mermaid 11's detectors match them as prefixes, so
 * `stateDiagram-v2`, `xychart-beta`, `C4Container` … are in). A header that names none of them is
 * 'unknown' and loads nothing: a half-typed `flow` must not fetch Mermaid.
 */
const MERMAID_KINDS =
  /^(?:sequenceDiagram|classDiagram|stateDiagram|erDiagram|journey|gantt|pie|gitGraph|mindmap|timeline|quadrantChart|requirement|C4(?:Context|Container|Component|Dynamic|Deployment)|sankey|xychart|block|packet|kanban|architecture|radar|treemap|info|ishikawa|cynefin|eventmodeling|railroad|swimlane|treeView|venn|wardley)/;

/** What the dialog says of a script whose first line names no kind it knows. */
export const UNKNOWN_KIND =
  'Start with the diagram’s kind: flowchart, sequenceDiagram, classDiagram, stateDiagram-v2, erDiagram, gantt, pie, mindmap, timeline, journey …';

/** The first statement of a script: what names its kind ('' when there is none). */
export function diagramHeader(script: string): string {
  const lines = script.split(/\r?\n/);
  let i = 0;
  // front matter: a first line of `---` up to the next `---`
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, n) => n > 0 && l.trim() === '---');
    i = end < 0 ? lines.length : end + 1;
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!.replace(/%%\{[\s\S]*?\}%%/g, '').trim();
    if (!line || line.startsWith('%%')) continue;
    return line.split(';')[0]!.trim();
  }
  return '';
}

/** The kind of a script: blank, a flowchart (drawn as native shapes), another Mermaid kind (a picture) or none known. */
export function diagramKind(script: string): DiagramKind {
  const header = diagramHeader(script);
  if (!header) return 'empty';
  if (/^(?:graph|flowchart)(?:\s|$)/i.test(header)) return 'flowchart';
  return MERMAID_KINDS.test(header) ? 'mermaid' : 'unknown';
}

/**
 * The SVG Mermaid drew, with a size of its own: Mermaid answers `width="100%"` and a max-width
 * style, which an <img> or the server's rasteriser cannot size. The root gets its viewBox's width
 * and height (rounded up) instead, and a white sheet under the drawing (inline style: Mermaid's
 * stylesheet cannot repaint it); null when the root has no usable viewBox.
 */
export function sizedSvg(svg: string): { svg: string; width: number; height: number } | null {
  const open = /<svg\b[^>]*>/i.exec(svg);
  if (!open) return null;
  const tag = open[0];
  const box = /\bviewBox\s*=\s*["']\s*([-\d.eE]+)[\s,]+([-\d.eE]+)[\s,]+([\d.eE]+)[\s,]+([\d.eE]+)\s*["']/.exec(tag);
  if (!box) return null;
  const width = Math.ceil(Number(box[3]));
  const height = Math.ceil(Number(box[4]));
  if (!(width > 0 && height > 0)) return null;
  const sized = tag
    .replace(/\s(?:width|height)\s*=\s*("[^"]*"|'[^']*')/gi, '')
    .replace(/\sstyle\s*=\s*("[^"]*"|'[^']*')/i, (_, v: string) => {
      const rest = v
        .slice(1, -1)
        .split(';')
        .filter((d) => d.trim() && !/^\s*max-width\s*:/i.test(d))
        .join(';');
      return rest ? ` style="${rest}"` : '';
    })
    .replace(/^<svg\b/i, `<svg width="${width}" height="${height}"`);
  // on white: the board draws a picture over a grey placeholder, which a transparent one lets through
  const paper = `<rect x="${box[1]}" y="${box[2]}" width="${box[3]}" height="${box[4]}" style="fill:#ffffff;stroke:none"/>`;
  return { svg: svg.slice(0, open.index) + sized + paper + svg.slice(open.index + tag.length), width, height };
}
