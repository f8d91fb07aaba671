import type { Command, StickyNoteShape, StickySize } from '../../shared/model';
import { DEFAULT_FONT, STICKY_DEFAULT_ALIGN, PASTED_STICKY_GAP, STICKY_FONT, STICKY_SIZES, TEXT_PLACEHOLDER } from '../../shared/constants';
import { fitStickyFont } from '../../shared/geometry';
import type { Editor } from '../editor/editor';
import type { Tool } from './tool';
import { rightTrim } from './text';
import type { TextEditEnd } from '../editor/text-editor';
import type { ToolName } from '../editor/types';

interface Editing {
  original: StickyNoteShape | null;
  x: number;
  y: number;
  color: string;
  size: StickySize;
}

/**
 * Sticky note (board.md §4): a click creates a note or edits the one under it. Tab applies and
 * opens a new note to the right; clicking outside applies; unchanged text restores the old
 * text; colour, size and text changes go out as ONE commandSet. The font starts at 35 and
 * shrinks to 5 to fit (line height 130 %). Escape applies too, but a new note left empty is not
 * added. A note opened by a double click with the select tool returns to that tool when done.
 */
export function createStickyNoteTool(): Tool {
  let editing: Editing | null = null;
  /** the tool a double click came from: back to it once the edit is done */
  let returnTo: ToolName | null = null;

  const open = (editor: Editor, note: Editing) => {
    editing = note;
    const { w, h } = STICKY_SIZES[note.size];
    const o = note.original;
    if (o) editor.scene.setOverrides([[o.id, null]]);
    editor.textEditor.open(
      {
        kind: 'stickyNote',
        x: note.x,
        y: note.y,
        w: o?.w ?? w,
        h: o?.h ?? h,
        value: o?.text ?? '',
        placeholder: TEXT_PLACEHOLDER,
        color: '#000000',
        font: DEFAULT_FONT,
        fontSize: o?.fontSize || STICKY_FONT.start,
        align: o?.align ?? STICKY_DEFAULT_ALIGN,
        background: note.color,
      },
      (value, how) => finish(editor, note, value, how),
    );
  };

  const finish = (editor: Editor, note: Editing, raw: string, how: TextEditEnd) => {
    editing = null;
    const text = rightTrim(raw);
    const o = note.original;
    const dims = o && note.size === o.size ? { w: o.w, h: o.h } : STICKY_SIZES[note.size];
    if (o) {
      editor.scene.clearOverride(o.id);
      if (editor.doc.get(o.id)) {
        const commands: Command[] = [];
        const sizeChanged = note.size !== o.size;
        if (note.color !== o.color) commands.push(editor.build({ cmd: 'colorModifier', shapes: [o.id], color: note.color }));
        if (sizeChanged) {
          commands.push(editor.build({ cmd: 'sizeModifier', shapes: [o.id], w: dims.w, h: dims.h }));
          commands.push(editor.build({ cmd: 'propertyModifier', shapes: [o.id], props: [{ name: 'size', value: note.size }] }));
        }
        if (text !== o.text) commands.push(editor.build({ cmd: 'textModifier', shape: o.id, value: text }));
        if (sizeChanged || text !== o.text) {
          const fontSize = fitStickyFont(text, dims.w, dims.h).fontSize;
          if (fontSize !== o.fontSize) commands.push(editor.build({ cmd: 'stickyNoteModifier', shape: o.id, fontSize }));
        }
        if (commands.length) editor.execute({ cmd: 'commandSet', commands });
      }
    } else if (how !== 'escape' || text) {
      const shape: StickyNoteShape = {
        ...editor.shapeBase('stickyNote'),
        cmd: 'stickyNote',
        text,
        x: note.x,
        y: note.y,
        w: dims.w,
        h: dims.h,
        color: note.color,
        size: note.size,
        fontSize: fitStickyFont(text, dims.w, dims.h).fontSize,
      };
      editor.execute({ cmd: 'stickyNote', shape });
    }
    if (how === 'tab') {
      open(editor, { original: null, x: note.x + dims.w + PASTED_STICKY_GAP, y: note.y, color: note.color, size: note.size });
    } else if (returnTo) {
      const back = returnTo;
      returnTo = null;
      editor.setTool(back);
    }
  };

  return {
    name: 'stickyNote',
    cursor: 'crosshair',
    pointer(e, editor) {
      if (e.phase !== 'Started' || e.button !== 0) return;
      const hit = editor.scene.hit({ x: e.x, y: e.y }, 0, (s) => s.cmd === 'stickyNote' && editor.selectionType(s) === 'normal') as
        StickyNoteShape | undefined;
      if (hit) {
        open(editor, { original: hit, x: hit.x, y: hit.y, color: hit.color, size: hit.size });
        return;
      }
      const size = editor.style.stickySize;
      const { w, h } = STICKY_SIZES[size];
      open(editor, { original: null, x: e.x - w / 2, y: e.y - h / 2, color: editor.style.stickyColor, size });
    },
    activate(editor, options) {
      const s = options?.edit ? editor.doc.get(options.edit) : undefined;
      if (s && s.cmd === 'stickyNote') {
        returnTo = editor.previousTool ?? 'select';
        open(editor, { original: s, x: s.x, y: s.y, color: s.color, size: s.size });
      }
    },
    deactivate(editor) {
      returnTo = null;
      if (editor.textEditor.active && editor.textEditor.session$.value?.request.kind === 'stickyNote') editor.textEditor.end('apply');
      editing = null;
    },
    key(e, editor) {
      if (e.key === 'Tab' && editing && editor.textEditor.active) {
        e.preventDefault?.();
        editor.textEditor.end('tab');
        return true;
      }
      return false;
    },
    styleChanged(editor, changed) {
      if (!editing || !editor.textEditor.active) return;
      if (changed.stickyColor) {
        editing.color = changed.stickyColor;
        editor.textEditor.update({ background: changed.stickyColor });
      }
      if (changed.stickySize) {
        editing.size = changed.stickySize;
        const { w, h } = STICKY_SIZES[changed.stickySize];
        editor.textEditor.update({ w, h });
      }
    },
  };
}
