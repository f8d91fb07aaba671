import type { LineShape, LineType } from '../../shared/model';
import { snapAngle } from '../../shared/geometry';
import { POLICY } from '../../shared/policies';
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
  const dx = e.x - start.x, dy = e.y - start.y;
  return e.shift ? snapAngle(dx, dy) : { dx, dy };
}

/** Line and arrow: drag from start to end; Shift snaps the angle to 5°; added only if the pointer moved. */
export function createLineTool(kind: 'line' | 'arrow'): Tool {
  return createDragTool({
    name: kind,
    begin(e, editor): LineShape {
      const style = editor.style;
      return {
        ...editor.shapeBase(kind), cmd: kind, points: [e.x, e.y, e.x, e.y], color: style.color, lineWidth: style.lineWidth,
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
