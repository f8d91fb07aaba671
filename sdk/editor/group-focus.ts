/**
 * Entering a group (docs/board-screen.md "Entering a group"; Miro, tldraw and Figma do the same):
 * a double click on a selected group enters it and the child under the pointer becomes the
 * focused shape (outlined; the group stays the selection); a click inside picks another child of
 * the same level, a double click on a focused group goes one level deeper, and a double click or
 * Enter on a focused shape with words edits them in place; Escape goes back one level and then
 * leaves. Dragging moves only the focused shape; every change is ONE `replace` of the top group
 * (shared/geometry/group-edit.ts re-routes the connectors inside), so one undo takes it back and
 * other members see it. Works for every group (composite or link), diagrams included.
 */
import type { Shape } from '../../shared/model';
import { boundsOf, innerShapes, kindGeometry, translateShape, type Point, type Rect } from '../../shared/geometry';
import { childAt, drawnAtPath, pointAtPath, replaceAtPath, shapeAtPath, vectorAtPath } from '../../shared/geometry/group-edit';
import type { Editor } from './editor';

interface Focus {
  root: string;
  /** the ids from the root's child down to the focused shape (never empty) */
  path: string[];
}

const focus = new WeakMap<Editor, Focus>();
const watched = new WeakSet<Editor>();

/** The entered group and the focused shape's path, while the group is the only selection and the path leads somewhere. */
export function groupFocus(editor: Editor): (Focus & { group: Shape; shape: Shape }) | null {
  const f = focus.get(editor);
  if (!f) return null;
  const group = editor.doc.get(f.root);
  const shape = group ? shapeAtPath(group, f.path) : null;
  if (!group || !shape || editor.selection.length !== 1 || editor.selection[0] !== f.root) {
    focus.delete(editor);
    return null;
  }
  return { ...f, group, shape };
}

function setFocus(editor: Editor, f: Focus | null): void {
  if (f) focus.set(editor, f);
  else focus.delete(editor);
  if (f && !watched.has(editor)) {
    watched.add(editor);
    // another selection leaves the group
    editor.selection$.subscribe((ids) => {
      const now = focus.get(editor);
      if (now && (ids.length !== 1 || ids[0] !== now.root)) focus.delete(editor);
    });
  }
  editor.refreshSelectionOverlay();
}

/** The focused shape's outline on the board (for the selection overlay), none outside a group. */
export function focusOutline(editor: Editor): Rect[] {
  const f = groupFocus(editor);
  const drawn = f && drawnAtPath(f.group, f.path);
  return drawn ? [boundsOf(drawn)] : [];
}

const editable = (editor: Editor, s: Shape) => editor.canEdit() && editor.selectionType(s) === 'normal';
const hasWords = (s: Shape) => !!kindGeometry(s.cmd)?.textField;

/**
 * A double click on `hit` (the top-level shape under the pointer) at board point `p`: enters a
 * selected group, goes deeper into a focused group, or edits a focused shape's words. True when handled.
 */
export function doubleClickInGroup(editor: Editor, hit: Shape, p: Point, tolerance: number): boolean {
  if (!editable(editor, hit) || !innerShapes(hit).length || !editor.selection.includes(hit.id)) return false;
  const f = groupFocus(editor);
  if (!f || f.root !== hit.id) {
    const child = childAt(hit, p, tolerance);
    if (!child) return false;
    setFocus(editor, { root: hit.id, path: [child.id] });
    return true;
  }
  const q = pointAtPath(f.group, f.path, p);
  const inner = innerShapes(f.shape).length ? childAt(f.shape, q, tolerance) : null;
  if (inner) setFocus(editor, { root: f.root, path: [...f.path, inner.id] });
  else if (hasWords(f.shape)) editWords(editor);
  return true;
}

/** A plain click at `p` inside the entered group: focuses the child under it on the focused shape's level. False when not inside. */
export function clickInGroup(editor: Editor, hitId: string | null, p: Point, tolerance: number): boolean {
  const f = groupFocus(editor);
  if (!f) return false;
  if (hitId !== f.root) {
    setFocus(editor, null);
    return false;
  }
  const parentPath = f.path.slice(0, -1);
  const parent = shapeAtPath(f.group, parentPath)!;
  const child = childAt(parent, parentPath.length ? pointAtPath(f.group, parentPath, p) : p, tolerance);
  if (child) setFocus(editor, { root: f.root, path: [...parentPath, child.id] });
  return true;
}

/** Escape inside a group: one level up, then out (the group stays selected). False when not inside. */
export function leaveGroupLevel(editor: Editor): boolean {
  const f = groupFocus(editor);
  if (!f) return false;
  setFocus(editor, f.path.length > 1 ? { root: f.root, path: f.path.slice(0, -1) } : null);
  return true;
}

/** Enter inside a group: edits the focused shape's words. False when it has none or nothing is focused. */
export function enterInGroup(editor: Editor): boolean {
  const f = groupFocus(editor);
  if (!f || !hasWords(f.shape) || !editable(editor, f.group)) return false;
  editWords(editor);
  return true;
}

/** The top group with the focused shape moved by a board vector (dx, dy), or null outside a group. */
export function movedInGroup(editor: Editor, dx: number, dy: number): Shape | null {
  const f = groupFocus(editor);
  if (!f) return null;
  const v = vectorAtPath(f.group, f.path, dx, dy);
  return replaceAtPath(f.group, f.path, translateShape(f.shape, v.x, v.y));
}

/** Opens the in-place text editor on the focused shape's words; applying sends one replace of the group. */
function editWords(editor: Editor): void {
  const f = groupFocus(editor)!;
  const field = kindGeometry(f.shape.cmd)!.textField!;
  const words = f.shape as unknown as Record<string, unknown>;
  const drawn = (drawnAtPath(f.group, f.path) ?? f.shape) as unknown as Record<string, unknown>;
  const box = boundsOf(drawnAtPath(f.group, f.path) ?? f.shape);
  const style = editor.style;
  const blank = replaceAtPath(f.group, f.path, { ...f.shape, [field]: '' } as Shape);
  if (blank) editor.scene.setOverrides([[f.root, blank]]);
  editor.textEditor.open(
    {
      kind: 'text',
      x: typeof drawn.x === 'number' ? drawn.x : box.x,
      y: typeof drawn.y === 'number' ? drawn.y : box.y,
      value: typeof words[field] === 'string' ? (words[field] as string) : '',
      placeholder: '',
      color: typeof words.color === 'string' ? words.color : style.color,
      font: typeof words.font === 'string' ? words.font : style.font,
      fontSize: typeof words.size === 'number' ? words.size : style.fontSize,
      align: words.align === 'left' || words.align === 'right' || words.align === 'center' ? words.align : style.align,
    },
    (value) => {
      editor.scene.clearOverride(f.root);
      const now = groupFocus(editor);
      if (!now || value === words[field]) return;
      const next = replaceAtPath(now.group, now.path, { ...now.shape, [field]: value } as Shape);
      if (next) editor.execute({ cmd: 'replace', shape: next });
    },
  );
}
