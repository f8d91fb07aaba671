import type { LineShape, LineType, Shape } from '../../shared/model';
import { boxOf, rectCenter, snapAngle } from '../../shared/geometry';
import { anchorOf, isConnectable, routeConnector, type Anchor } from '../../shared/geometry/connectors';
import { POLICY } from '../../shared/policies';
import type { Editor } from '../editor/editor';
import { connectorsOf } from '../editor/followers/connectors';
import type { BoardPointer } from '../editor/types';
import type { Tool } from './tool';
import { createDragTool, type Point } from './drag-create';

const ARROW_TYPES: readonly LineType[] = ['arrow', 'rarrow', 'double'];

/** The line type a new line or arrow gets from the style (line types need the plan's policy). */
export function lineTypeFor(kind: 'line' | 'arrow', styleType: LineType, lineTypesAllowed: boolean): LineType {
  if (kind === 'arrow') return lineTypesAllowed && ARROW_TYPES.includes(styleType) ? styleType : 'arrow';
  return lineTypesAllowed ? styleType : 'line';
}

/** From the start to the pointer; Shift snaps the angle to 5°. */
function lineDelta(start: Point, e: BoardPointer): { dx: number; dy: number } {
  const dx = e.x - start.x,
    dy = e.y - start.y;
  return e.shift ? snapAngle(dx, dy) : { dx, dy };
}

/** Line and arrow: drag from start to end; Shift snaps the angle to 5°; added only if the pointer moved. */
export function createLineTool(kind: 'line' | 'arrow'): Tool {
  return createDragTool({
    name: kind,
    begin(e, editor): LineShape {
      const style = editor.style;
      return {
        ...editor.shapeBase(kind),
        cmd: kind,
        points: [e.x, e.y, e.x, e.y],
        color: style.color,
        lineWidth: style.lineWidth,
        type: lineTypeFor(kind, style.lineType, editor.hasPolicy(POLICY.lineType)),
        ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
      };
    },
    update(draft, start, e) {
      const { dx, dy } = lineDelta(start, e);
      return { ...draft, points: [start.x, start.y, start.x + dx, start.y + dy] };
    },
    keep(_shape, start, e) {
      const { dx, dy } = lineDelta(start, e);
      return dx !== 0 || dy !== 0;
    },
  });
}

/* ---------------- connectors (board.md §4 "Selection": the connector handle, line ends) ---------------- */

/** The connector handle's distance right of the selection box, in screen px. */
export const CONNECTOR_OFFSET = 22;
const TARGET_TOLERANCE = 4;

/** The shape under p a connector end may attach to (not a line, frame, comment, private shape or `exclude`). */
export function connectTarget(editor: Editor, p: { x: number; y: number }, exclude: ReadonlyArray<string | undefined>): Shape | undefined {
  const ok = (s: Shape) => isConnectable(s) && !exclude.includes(s.id) && editor.selectionType(s) !== 'private';
  return editor.scene.pick(p, TARGET_TOLERANCE / editor.viewport.scale, ok);
}

function anchorFor(editor: Editor, id: string | undefined): Anchor | null {
  const s = id ? editor.scene.shape(id) : undefined;
  return s ? anchorOf(s, boxOf(s)) : null;
}

/** A new arrow from shape `from` for the connector handle (the style's colour, width and line type). */
export function connectorBase(editor: Editor, from: string): LineShape {
  const style = editor.style;
  const c = rectCenter(boxOf(editor.scene.shape(from)!));
  return {
    ...editor.shapeBase('arrow'),
    points: [c.x, c.y, c.x, c.y],
    color: style.color,
    lineWidth: style.lineWidth,
    type: lineTypeFor('arrow', style.lineType, editor.hasPolicy(POLICY.lineType)),
    start: from,
    ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
  };
}

/** The connector-handle arrow with its end at the pointer: attached to the shape there, else free. */
export function connectorTo(editor: Editor, draft: LineShape, e: BoardPointer): LineShape {
  const target = connectTarget(editor, e, [draft.start]);
  const { end: _end, ...rest } = draft;
  const points = routeConnector(
    [draft.points[0], draft.points[1], e.x, e.y],
    anchorFor(editor, draft.start),
    target ? anchorFor(editor, target.id) : null,
  );
  return { ...rest, points, ...(target ? { end: target.id } : {}) };
}

/**
 * A line with one end dragged to the pointer: Shift snaps the line's angle to 5° (from the other
 * end, or from its shape's centre when attached, so the routed line keeps the angle); over a shape
 * the end attaches to it (with the connector-lines policy), elsewhere it is free.
 */
export function lineWithEnd(editor: Editor, line: LineShape, which: 'start' | 'end', e: BoardPointer): LineShape {
  const n = line.points.length;
  const other = which === 'start' ? line.end : line.start;
  const fixedAt = which === 'start' ? n - 2 : 0;
  const otherAnchor = anchorFor(editor, other);
  const ref = otherAnchor ? rectCenter(otherAnchor.box) : { x: line.points[fixedAt], y: line.points[fixedAt + 1] };
  let p = { x: e.x, y: e.y };
  if (e.shift) {
    const d = snapAngle(e.x - ref.x, e.y - ref.y);
    p = { x: ref.x + d.dx, y: ref.y + d.dy };
  }
  const points = [...line.points];
  const at = which === 'start' ? 0 : n - 2;
  points[at] = p.x;
  points[at + 1] = p.y;
  const target = editor.hasPolicy(POLICY.connectorLines) ? connectTarget(editor, e, [line.id, other]) : undefined;
  const next: LineShape = { ...line, points };
  if (target) next[which] = target.id;
  else delete next[which];
  next.points = routeConnector(points, anchorFor(editor, next.start), anchorFor(editor, next.end));
  return next;
}

/**
 * While shapes are dragged, resized or rotated (scene overrides): the connectors attached to them,
 * re-routed to where the shapes are shown, as overrides too (the drop's command carries the same).
 */
export function connectorPreview(editor: Editor, moving: readonly string[]): Array<[string, Shape]> {
  const skip = new Set(moving);
  const out: Array<[string, Shape]> = [];
  for (const id of moving) {
    for (const lineId of connectorsOf(editor.doc, id)) {
      if (skip.has(lineId)) continue;
      skip.add(lineId);
      const l = editor.doc.get(lineId) as LineShape;
      out.push([lineId, { ...l, points: routeConnector(l.points, anchorFor(editor, l.start), anchorFor(editor, l.end)) }]);
    }
  }
  return out;
}
