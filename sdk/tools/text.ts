import type { TextShape } from '../../shared/model';
import { LINE_HEIGHT, TEXT_PLACEHOLDER } from '../../shared/constants';
import type { Editor } from '../editor/editor';
import type { ToolName } from '../editor/types';
import type { Tool } from './tool';

/** Text is right-trimmed before saving (board.md §4). */
export const rightTrim = (value: string): string => value.replace(/\s+$/u, '');

/**
 * Text (board.md §4 "Text and sticky editing"): a click creates a text box or edits the text
 * shape under it. On finishing: an existing shape with empty text is removed, changed text
 * yields a textModifier, a new non-empty text is added as a new shape. A text opened by a double
 * click with the select tool returns to that tool when done.
 */
export function createTextTool(): Tool {
  /** the tool a double click came from: back to it once the edit is done */
  let returnTo: ToolName | null = null;

  const open = (editor: Editor, shape: TextShape | null, at?: { x: number; y: number }) => {
    const style = editor.style;
    const x = shape ? shape.x : at!.x;
    const y = shape ? shape.y : at!.y - (style.fontSize * LINE_HEIGHT) / 2;
    if (shape) editor.scene.setOverrides([[shape.id, null]]);
    editor.textEditor.open(
      {
        kind: 'text',
        x,
        y,
        value: shape?.value ?? '',
        placeholder: TEXT_PLACEHOLDER,
        color: shape?.color ?? style.color,
        font: shape?.font ?? style.font,
        fontSize: shape?.size ?? style.fontSize,
        align: shape?.align ?? style.align,
      },
      (value) => finish(editor, shape, x, y, value),
    );
  };

  const finish = (editor: Editor, original: TextShape | null, x: number, y: number, raw: string) => {
    save(editor, original, x, y, raw);
    if (returnTo) {
      const back = returnTo;
      returnTo = null;
      editor.setTool(back);
    }
  };

  const save = (editor: Editor, original: TextShape | null, x: number, y: number, raw: string) => {
    const value = rightTrim(raw);
    if (original) {
      editor.scene.clearOverride(original.id);
      if (!editor.doc.get(original.id)) return;
      if (!value) editor.execute({ cmd: 'remove', shapes: [original.id] });
      else if (value !== original.value) editor.execute({ cmd: 'textModifier', shape: original.id, value });
      return;
    }
    if (!value) return;
    const style = editor.style;
    const shape: TextShape = {
      ...editor.shapeBase('text'),
      cmd: 'text',
      value,
      x,
      y,
      color: style.color,
      font: style.font,
      size: style.fontSize,
      align: style.align,
      ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
    };
    editor.execute({ cmd: 'text', shape });
  };

  return {
    name: 'text',
    cursor: 'text',
    pointer(e, editor) {
      if (e.phase !== 'Started' || e.button !== 0) return;
      const hit = editor.scene.hit(
        { x: e.x, y: e.y },
        4 / editor.viewport.scale,
        (s) => s.cmd === 'text' && editor.selectionType(s) === 'normal',
      );
      open(editor, (hit as TextShape | undefined) ?? null, { x: e.x, y: e.y });
    },
    activate(editor, options) {
      const s = options?.edit ? editor.doc.get(options.edit) : undefined;
      if (s && s.cmd === 'text') {
        returnTo = editor.previousTool ?? 'select';
        open(editor, s);
      }
    },
    deactivate(editor) {
      returnTo = null;
      if (editor.textEditor.active && editor.textEditor.session$.value?.request.kind === 'text') editor.textEditor.end('apply');
    },
    styleChanged(editor, changed) {
      if (editor.textEditor.session$.value?.request.kind !== 'text') return;
      const p: Record<string, unknown> = {};
      if (changed.color) p.color = changed.color;
      if (changed.font) p.font = changed.font;
      if (changed.fontSize) p.fontSize = changed.fontSize;
      if (changed.align) p.align = changed.align;
      if (Object.keys(p).length) editor.textEditor.update(p);
    },
  };
}
