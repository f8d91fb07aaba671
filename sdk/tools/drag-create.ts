import type { Shape, ShapeKind } from '../../shared/model';
import type { Editor } from '../editor/editor';
import type { BoardPointer, ToolName } from '../editor/types';
import type { Tool } from './tool';

export interface Point {
  x: number;
  y: number;
}

export interface DragCreate<K extends ShapeKind & ToolName, S extends Shape> {
  name: K;
  /** The draft on 'Started' (left button), from the editor's style. */
  begin(e: BoardPointer, editor: Editor): S;
  /** The draft after the pointer moved to `e` (each move and the release). */
  update(draft: S, start: Point, e: BoardPointer): S;
  /** On release: whether the pointer moved enough to add the shape. */
  keep(draft: S, start: Point, e: BoardPointer): boolean;
}

/**
 * The drag-to-create skeleton of the shape tools (board.md §4): the start point and a draft on
 * 'Started', the draft previewed while 'Inprogress', added on 'Completed' only if kept.
 */
export function createDragTool<K extends ShapeKind & ToolName, S extends Shape>(spec: DragCreate<K, S>): Tool {
  let start: Point | null = null;
  let draft: S | null = null;
  return {
    name: spec.name,
    cursor: 'crosshair',
    pointer(e, editor) {
      if (e.phase === 'Started') {
        if (e.button !== 0) return;
        start = { x: e.x, y: e.y };
        draft = spec.begin(e, editor);
        return;
      }
      if (!start || !draft) return;
      draft = spec.update(draft, start, e);
      if (e.phase === 'Inprogress') {
        editor.scene.setPreview([draft]);
        return;
      }
      const shape = draft;
      const from = start;
      start = null;
      draft = null;
      editor.scene.setPreview([]);
      if (spec.keep(shape, from, e)) editor.execute({ cmd: spec.name, shape });
    },
    deactivate(editor) {
      start = null;
      draft = null;
      editor.scene.setPreview([]);
    },
  };
}
