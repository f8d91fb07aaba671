import { boxOf, boundsOf, unionRects, type Rect } from '../../shared/geometry';
import type { Editor } from '../editor/editor';
import { shapeModuleOf } from '../shapes';
import type { BoardPointer, ToolName } from '../editor/types';
import { executeAll } from '../tools/select/context';
import { mapBox, normalizeAngle } from '../tools/select/handles';
import type { Action } from './registry';

/**
 * The board without a pointer (issue 32 item 1; docs/accessibility.md "Keys on the board"):
 * Enter places the chosen tool's shape, or opens the selected text for editing; Alt+arrows resize
 * the selection, Ctrl+Alt+Left/Right rotate it; Shift+F10 or the Menu key opens the context menu.
 */

/**
 * How the keyboard places each tool's shape: a drag of this size (board units at 100%) from the
 * place chosen, or a click there (the tool then does what a click does: a sticky note or a text
 * opened for typing, a comment, the table dialog). Tools not listed (pen, eraser, pan…) draw freehand.
 */
export const KEYBOARD_PLACING: Partial<Record<ToolName, { w: number; h: number } | 'click'>> = {
  rectangle: { w: 160, h: 100 },
  filledRectangle: { w: 160, h: 100 },
  circle: { w: 120, h: 120 },
  filledCircle: { w: 120, h: 120 },
  line: { w: 160, h: 0 },
  arrow: { w: 160, h: 0 },
  frame: { w: 480, h: 320 },
  stickyNote: 'click',
  text: 'click',
  comment: 'click',
  table: 'click',
};

/** Alt+arrow resizes by this much (board units), Alt+Shift+arrow by 1. */
export const KEY_RESIZE_STEP = 10;
/** Ctrl+Alt+Left/Right rotate by this many degrees. */
export const KEY_ROTATE_STEP = 15;
/** The room a click-placed shape is given (board units): it is clicked in its middle. */
const CLICK_ROOM = 240;
/** Room left between the selection and a shape placed beside it. */
const BESIDE_GAP = 40;

const selectionBox = (editor: Editor): Rect | undefined =>
  unionRects(editor.selection.map((id) => editor.doc.get(id)).flatMap((s) => (s ? [boxOf(s)] : [])));

/** Where a placed shape goes: right of the selection, else the middle of the view. */
function placeFor(editor: Editor, w: number, h: number): { x: number; y: number } {
  const beside = unionRects(editor.selection.map((id) => editor.doc.get(id)).flatMap((s) => (s ? [boundsOf(s)] : [])));
  if (beside) return { x: beside.x + beside.w + BESIDE_GAP, y: beside.y + beside.h / 2 - h / 2 };
  const view = editor.viewport.visibleRect();
  return { x: view.x + view.w / 2 - w / 2, y: view.y + view.h / 2 - h / 2 };
}

function pointer(editor: Editor, phase: BoardPointer['phase'], x: number, y: number): BoardPointer {
  const s = editor.viewport.toScreen(x, y);
  return {
    phase,
    x,
    y,
    sx: s.x,
    sy: s.y,
    button: 0,
    shift: false,
    ctrl: false,
    alt: false,
    meta: false,
    pointerType: 'mouse',
    clicks: 1,
    time: Date.now(),
  };
}

/** Places the current tool's shape as its pointer gesture would; the new shape ends selected. */
export function placeWithKeyboard(editor: Editor): boolean {
  const tool = editor.tool$.value;
  const how = KEYBOARD_PLACING[tool];
  if (!how) return false;
  const before = new Set(editor.doc.ordered().map((s) => s.id));
  if (how === 'click') {
    // a click in the middle of a room of CLICK_ROOM × CLICK_ROOM (a sticky note is centred on it)
    const at = placeFor(editor, CLICK_ROOM, CLICK_ROOM);
    editor.pointer(pointer(editor, 'Started', at.x + CLICK_ROOM / 2, at.y + CLICK_ROOM / 2));
    editor.pointer(pointer(editor, 'Completed', at.x + CLICK_ROOM / 2, at.y + CLICK_ROOM / 2));
  } else {
    const at = placeFor(editor, how.w, how.h);
    editor.pointer(pointer(editor, 'Started', at.x, at.y));
    editor.pointer(pointer(editor, 'Inprogress', at.x + how.w / 2, at.y + how.h / 2));
    editor.pointer(pointer(editor, 'Completed', at.x + how.w, at.y + how.h));
  }
  const added = editor.doc.ordered().filter((s) => !before.has(s.id));
  if (added.length && how !== 'click') {
    editor.setTool('select');
    editor.select(added.map((s) => s.id));
  }
  return true;
}

/** Enter on one selected shape with words: opens them for typing (what a double click does). */
function editSelected(editor: Editor): boolean {
  if (editor.selection.length !== 1 || editor.tool$.value !== 'select') return false;
  const shape = editor.doc.get(editor.selection[0]);
  const tool = shape && shapeModuleOf(shape)?.editTool;
  if (!shape || !tool) return false;
  const b = boxOf(shape);
  editor.setTool(tool, { edit: shape.id, at: { x: b.x + b.w / 2, y: b.y + b.h / 2 } });
  return true;
}

function resizeSelection(editor: Editor, dw: number, dh: number): void {
  const handles = editor.scene.overlay$.value.handles;
  const box = selectionBox(editor);
  if (!handles?.resize || !box) return;
  const to = { x: box.x, y: box.y, w: Math.max(4, box.w + dw), h: Math.max(4, box.h + dh) };
  executeAll(
    editor,
    editor.selection.flatMap((id) => {
      const s = editor.doc.get(id);
      if (!s) return [];
      const b = mapBox(boxOf(s), box, to);
      return [editor.build({ cmd: 'sizeModifier', shapes: [id], w: b.w, h: b.h, x: b.x, y: b.y })];
    }),
  );
}

function rotateSelection(editor: Editor, delta: number): void {
  if (!editor.scene.overlay$.value.handles?.rotate) return;
  executeAll(
    editor,
    editor.selection.flatMap((id) => {
      const s = editor.doc.get(id);
      return s
        ? [
            editor.build({
              cmd: 'propertyModifier',
              shapes: [id],
              props: [{ name: 'rotation', value: normalizeAngle((s.rotation ?? 0) + delta) }],
            }),
          ]
        : [];
    }),
  );
}

/**
 * Whether the key was pressed on the canvas itself (a key event without a target — the embed API,
 * tests — counts as the canvas): on a button, a menu, the shapes list or the page around the board,
 * Enter and the other keys here belong to that control.
 */
export function onCanvas(ctx: Parameters<Action['enabled']>[0]): boolean {
  const event = ctx.event as (KeyboardEvent & { composedPath?: () => EventTarget[] }) | undefined;
  const target = (event?.composedPath?.()[0] ?? event?.target) as Element | null | undefined;
  if (!target || !(target as Element).matches) return true;
  return target.matches('[data-tabula-editor]');
}
const canEdit: Action['enabled'] = (ctx) => ctx.editor.canEdit() && onCanvas(ctx);
const hasSelection: Action['enabled'] = (ctx) => canEdit(ctx) && ctx.editor.selection.length > 0;

const resizeActions: Action[] = (
  [
    ['Right', 1, 0, 'wider'],
    ['Left', -1, 0, 'narrower'],
    ['Down', 0, 1, 'taller'],
    ['Up', 0, -1, 'shorter'],
  ] as const
).flatMap(([dir, w, h, word]) => [
  {
    id: `resize${dir}`,
    label: `Make ${word}`,
    group: 'edit' as const,
    defaultKeys: [`Alt+Arrow${dir}`],
    mutable: false,
    repeat: true,
    enabled: hasSelection,
    perform: ({ editor }) => resizeSelection(editor, w * KEY_RESIZE_STEP, h * KEY_RESIZE_STEP),
  },
  {
    id: `resize${dir}Fine`,
    label: `Make ${word} by 1 px`,
    group: 'edit' as const,
    defaultKeys: [`Alt+Shift+Arrow${dir}`],
    mutable: false,
    repeat: true,
    enabled: hasSelection,
    perform: ({ editor }) => resizeSelection(editor, w, h),
  },
]);

export const KEYBOARD_ACTIONS: Action[] = [
  {
    id: 'placeOrEdit',
    label: 'Place the tool’s shape, or edit the selected text',
    group: 'edit',
    defaultKeys: ['Enter'],
    mutable: false,
    enabled: canEdit,
    perform: ({ editor }) => void (placeWithKeyboard(editor) || editSelected(editor)),
  },
  ...resizeActions,
  {
    id: 'rotateClockwise',
    label: `Rotate ${KEY_ROTATE_STEP}° clockwise`,
    group: 'edit',
    defaultKeys: ['Ctrl+Alt+ArrowRight'],
    mutable: false,
    repeat: true,
    enabled: hasSelection,
    perform: ({ editor }) => rotateSelection(editor, KEY_ROTATE_STEP),
  },
  {
    id: 'rotateCounterClockwise',
    label: `Rotate ${KEY_ROTATE_STEP}° counter-clockwise`,
    group: 'edit',
    defaultKeys: ['Ctrl+Alt+ArrowLeft'],
    mutable: false,
    repeat: true,
    enabled: hasSelection,
    perform: ({ editor }) => rotateSelection(editor, -KEY_ROTATE_STEP),
  },
  {
    id: 'contextMenu',
    label: 'Open the context menu',
    group: 'edit',
    defaultKeys: ['Shift+F10', 'ContextMenu'],
    mutable: false,
    enabled: onCanvas,
    perform: ({ editor }) => {
      const box = selectionBox(editor);
      const view = editor.viewport.visibleRect();
      const x = box ? box.x + box.w / 2 : view.x + view.w / 2;
      const y = box ? box.y + box.h / 2 : view.y + view.h / 2;
      const s = editor.viewport.toScreen(x, y);
      editor.contextMenu$.next({ x, y, sx: s.x, sy: s.y, shapeId: editor.selection[0] ?? null });
    },
  },
];
