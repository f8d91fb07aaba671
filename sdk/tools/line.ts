import type { LineShape, LineType } from '../../shared/model';
import { snapAngle } from '../../shared/geometry';
import { POLICY } from '../../shared/policies';
import type { Tool } from './tool';

const ARROW_TYPES: readonly LineType[] = ['arrow', 'rarrow', 'double'];

/** The line type a new line or arrow gets from the style (line types need the plan's policy). */
export function lineTypeFor(kind: 'line' | 'arrow', styleType: LineType, lineTypesAllowed: boolean): LineType {
  if (kind === 'arrow') return lineTypesAllowed && ARROW_TYPES.includes(styleType) ? styleType : 'arrow';
  return lineTypesAllowed ? styleType : 'line';
}

/** Line and arrow: drag from start to end; Shift snaps the angle to 5°; added only if the pointer moved. */
export function createLineTool(kind: 'line' | 'arrow'): Tool {
  let start: { x: number; y: number } | null = null;
  let draft: LineShape | null = null;
  return {
    name: kind,
    cursor: 'crosshair',
    pointer(e, editor) {
      if (e.phase === 'Started') {
        if (e.button !== 0) return;
        start = { x: e.x, y: e.y };
        const style = editor.style;
        draft = {
          ...editor.shapeBase(kind), cmd: kind, points: [e.x, e.y, e.x, e.y], color: style.color, lineWidth: style.lineWidth,
          type: lineTypeFor(kind, style.lineType, editor.hasPolicy(POLICY.lineType)),
          ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
        };
        return;
      }
      if (!start || !draft) return;
      let dx = e.x - start.x, dy = e.y - start.y;
      if (e.shift) ({ dx, dy } = snapAngle(dx, dy));
      draft = { ...draft, points: [start.x, start.y, start.x + dx, start.y + dy] };
      if (e.phase === 'Inprogress') {
        editor.scene.setPreview([draft]);
        return;
      }
      const shape = draft;
      start = null;
      draft = null;
      editor.scene.setPreview([]);
      if (dx !== 0 || dy !== 0) editor.execute({ cmd: kind, shape });
    },
    deactivate(editor) {
      start = null;
      draft = null;
      editor.scene.setPreview([]);
    },
  };
}
