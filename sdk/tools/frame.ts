import type { FrameShape } from '../../shared/model';
import { DEFAULT_FONT, FRAME_DEFAULT_COLOR, FRAME_HEADER, FRAME_TITLE_MAX } from '../../shared/constants';
import { boundsOf, childrenOf } from '../../shared/geometry';
import { frameCapturedIds, nextFrameOrder } from '../../shared/geometry/frame';
import type { Editor } from '../editor/editor';
import type { BoardPointer } from '../editor/types';
import { dragBox } from './rectangle';
import { moved, px, type Tool } from './tool';

/** A press must travel this far (screen px) to draw a frame rather than click one. */
const DRAG_THRESHOLD = 3;

/** A frame title as saved: trimmed, at most 56 characters (board.md §5). */
export const frameTitle = (raw: string): string => raw.trim().slice(0, FRAME_TITLE_MAX).trim();

/**
 * Opens the inline title input over a frame's header strip (board.md §4 "Frames"): Enter or a
 * click elsewhere applies it (a textModifier), Escape cancels. The input's white strip covers the
 * title drawn on the canvas (an override would lift the frame above its children).
 */
export function editFrameTitle(editor: Editor, id: string): boolean {
  const f = editor.doc.get(id);
  if (f?.cmd !== 'frame' || !editor.canEdit() || editor.selectionType(f) !== 'normal') return false;
  editor.textEditor.open(
    {
      kind: 'frame',
      x: f.x,
      y: f.y - FRAME_HEADER,
      w: f.w,
      h: FRAME_HEADER,
      value: f.title,
      placeholder: 'Frame title',
      color: '#333333',
      font: DEFAULT_FONT,
      fontSize: 14,
      align: 'left',
    },
    (raw, how) => {
      const now = editor.doc.get(f.id);
      if (how === 'escape' || now?.cmd !== 'frame') return;
      const title = frameTitle(raw);
      if (title !== now.title) editor.execute({ cmd: 'textModifier', shape: f.id, value: title });
    },
  );
  return true;
}

/** The ids plus the children of the frames among them (a dragged frame shows its shapes coming along). */
export function withFrameChildren(editor: Editor, ids: readonly string[]): string[] {
  const out = new Set(ids);
  for (const id of ids) {
    const f = editor.doc.get(id);
    if (f) for (const child of childrenOf(f)) if (editor.doc.has(child)) out.add(child);
  }
  return [...out];
}

/**
 * The select tool's hook: a click on a frame's title strip, or a double click anywhere on a
 * frame, edits its title. True when it did.
 */
export function frameTitleClick(editor: Editor, id: string, at: BoardPointer): boolean {
  const f = editor.doc.get(id);
  if (f?.cmd !== 'frame') return false;
  const top = Math.min(f.y, f.y + f.h);
  if (at.clicks < 2 && at.y > top) return false;
  return editFrameTitle(editor, id);
}

/**
 * Frame (board.md §4 "Frames"): a drag draws a frame titled 'Frame N' (N = its order, the
 * highest existing order plus 1) whose children are the shapes it captures (2/3 of their bounds
 * inside, not frames or comments); a click on an existing frame edits its title.
 */
export function createFrameTool(): Tool {
  let press: { start: BoardPointer; hit: string | null; draft: FrameShape | null } | null = null;

  return {
    name: 'frame',
    cursor: 'crosshair',
    pointer(e, editor) {
      if (e.phase === 'Started') {
        if (e.button !== 0) return;
        const hit = editor.scene.pick({ x: e.x, y: e.y }, px(editor, 4), (s) => s.cmd === 'frame' && editor.selectionType(s) === 'normal');
        press = { start: e, hit: hit?.id ?? null, draft: null };
        return;
      }
      if (!press) return;
      const { start } = press;
      if (!press.draft && moved(start, e, DRAG_THRESHOLD)) {
        press.draft = {
          ...editor.shapeBase('frame'),
          cmd: 'frame',
          x: start.x,
          y: start.y,
          w: 0,
          h: 0,
          color: FRAME_DEFAULT_COLOR,
          title: '',
          order: 0,
          children: [],
        };
      }
      if (press.draft) press.draft = { ...press.draft, ...dragBox(start, e.x, e.y, e.shift) };
      if (e.phase === 'Inprogress') {
        // the preview is see-through: it is drawn above the shapes it will frame
        if (press.draft) editor.scene.setPreview([{ ...press.draft, opacity: 4 }]);
        return;
      }
      const { draft, hit } = press;
      press = null;
      editor.scene.setPreview([]);
      if (!draft) {
        if (hit) editFrameTitle(editor, hit);
        return;
      }
      if (draft.w <= 0 || draft.h <= 0) return;
      const shapes = editor.doc.ordered();
      const order = nextFrameOrder(shapes);
      const children = frameCapturedIds(
        draft,
        shapes.map((s) => ({ id: s.id, cmd: s.cmd, bounds: boundsOf(s) })),
      );
      editor.execute({ cmd: 'frame', shape: { ...draft, order, title: `Frame ${order}`, children } });
    },
    activate(editor, options) {
      if (options?.edit) editFrameTitle(editor, options.edit);
    },
    deactivate(editor) {
      press = null;
      editor.scene.setPreview([]);
      if (editor.textEditor.session$.value?.request.kind === 'frame') editor.textEditor.end('apply');
    },
  };
}
