import type { Editor } from '../editor/editor';
import type { BoardPointer, EditorStyle, KeyInput, ToolName } from '../editor/types';

/**
 * One tool of the toolbox. The editor feeds it the pointer stream (Started → Inprogress* →
 * Completed, board.md §4) in board coordinates; the tool shows transient state through the
 * scene (preview, overrides, overlay) and turns the gesture into commands with
 * `editor.execute` when it completes.
 */
export interface Tool {
  readonly name: ToolName;
  /** CSS cursor over the canvas */
  readonly cursor: string;
  pointer(e: BoardPointer, editor: Editor): void;
  /** A key while the tool is active; return true when consumed. */
  key?(e: KeyInput, editor: Editor): boolean;
  /** Called when the tool becomes active; `edit` is a shape to open for editing (double click). */
  activate?(editor: Editor, options?: ToolOptions): void;
  /** Called when another tool takes over: finish or drop whatever is in progress. */
  deactivate?(editor: Editor): void;
  /** The style changed while the tool is active (e.g. a sticky's colour while editing it). */
  styleChanged?(editor: Editor, changed: Partial<EditorStyle>): void;
}

export interface ToolOptions {
  /** open this shape for editing (text, sticky note) */
  edit?: string;
  /** where the double click that opened it was, board coordinates (a table: which cell, or its frame) */
  at?: { x: number; y: number };
}

/** Screen pixels → board units at the current zoom. */
export const px = (editor: Editor, pixels: number): number => pixels / editor.viewport.scale;

/** Pointer moved far enough (in screen px) from a start to count as a drag. */
export function moved(a: { sx: number; sy: number }, b: { sx: number; sy: number }, threshold = 0): boolean {
  return Math.hypot(b.sx - a.sx, b.sy - a.sy) > threshold;
}
