/**
 * Tables (board.md §2 Tabular Data, §3 table content, §5): adding one from the dialog, updating
 * one, and the table tool — a table's cells edited in place. A double click with the select tool
 * on a cell opens the shared text editor over that cell (kind 'tableCell'); Tab / Shift+Tab,
 * Enter and the arrows at the text's edge move to the next cell without sending anything; Escape,
 * a click elsewhere or leaving the field sends the whole session as ONE propertyModifier of the
 * table's grid (only the cells this session changed are merged into the table as it is then, so
 * others' edits of other cells stay) and goes back to the select tool. A double click on the
 * table's frame (its outer edge) opens the Update dialog instead.
 */
import type { Command, Shape, TableShape } from '../../shared/model';
import { DEFAULT_FONT } from '../../shared/constants';
import { cellAt, cellRect, tableDimensions, tableLayout } from '../../shared/geometry';
import { clipCell, mergeCellEdits, newTableSize, resizeGrid, updatedTableSize, type Grid } from '../../shared/table';
import type { Editor } from '../editor/editor';
import type { TextEditEnd } from '../editor/text-editor';
import type { ToolName } from '../editor/types';
import type { Tool } from './tool';
import { rightTrim } from './text';

/** A double click this close to a table's outer edge (screen px) is on its frame: the Update dialog. */
export const TABLE_FRAME_BAND = 6;

export const isTable = (s: Shape | undefined | null): s is TableShape => s?.cmd === 'table';

/** The one selected table an editor may change (normal, not locked or private), or null. */
export function selectedTable(editor: Editor): TableShape | null {
  if (editor.selection.length !== 1 || !editor.canEdit()) return null;
  const s = editor.doc.get(editor.selection[0]);
  return isTable(s) && editor.selectionType(s) === 'normal' ? s : null;
}

/** Adds a table showing `grid` at the centre of the view as one command (one undo), and selects it. */
export function addTable(editor: Editor, grid: Grid, border: boolean): TableShape {
  const { w, h, colWidths } = newTableSize(grid);
  const c = editor.toBoard(editor.viewport.width / 2, editor.viewport.height / 2);
  const opacity = editor.style.opacity;
  const shape: TableShape = {
    ...editor.shapeBase('table'),
    cmd: 'table',
    x: Math.round(c.x - w / 2),
    y: Math.round(c.y - h / 2),
    w,
    h,
    table: grid,
    border,
    ...(colWidths ? { colWidths } : {}),
    ...(opacity !== 10 ? { opacity } : {}),
  };
  editor.execute({ cmd: 'table', shape });
  editor.setTool('select');
  editor.select([shape.id]);
  return shape;
}

/**
 * Gives table `id` the grid and border flag of the Update dialog as ONE command: the grid, border
 * and column widths, and (a commandSet with a sizeModifier) the new size when rows or columns were
 * added or removed — rows keep their height and columns their width. False when nothing changed.
 */
export function updateTable(editor: Editor, id: string, grid: Grid, border: boolean): boolean {
  const shape = editor.doc.get(id);
  if (!isTable(shape) || !editor.canEdit()) return false;
  const size = updatedTableSize(shape, grid);
  const props: Array<{ name: string; value: unknown }> = [];
  if (JSON.stringify(grid) !== JSON.stringify(shape.table)) props.push({ name: 'table', value: grid });
  if (border !== shape.border) props.push({ name: 'border', value: border });
  if (JSON.stringify(size.colWidths ?? null) !== JSON.stringify(shape.colWidths ?? null))
    props.push({ name: 'colWidths', value: size.colWidths ?? null });
  const commands: Command[] = [];
  if (props.length) commands.push(editor.build({ cmd: 'propertyModifier', shapes: [id], props }));
  if (Math.abs(size.w - shape.w) > 0.01 || Math.abs(size.h - shape.h) > 0.01)
    commands.push(editor.build({ cmd: 'sizeModifier', shapes: [id], w: size.w, h: size.h }));
  if (!commands.length) return false;
  if (commands.length === 1) {
    const { id: _i, uid: _u, timestamp: _t, status: _s, ...rest } = commands[0];
    editor.execute(rest as Parameters<Editor['execute']>[0]);
  } else editor.execute({ cmd: 'commandSet', commands });
  return true;
}

/** Whether board point `p` lies on the table's frame: within TABLE_FRAME_BAND screen px of its outer edge. */
export function onTableFrame(editor: Editor, shape: TableShape, p: { x: number; y: number }): boolean {
  const b = tableLayout(shape).box;
  const band = TABLE_FRAME_BAND / editor.viewport.scale;
  const inside = p.x > b.x + band && p.x < b.x + b.w - band && p.y > b.y + band && p.y < b.y + b.h - band;
  return !inside;
}

/** The cell a move leads to, staying put at the table's ends. */
export function nextCell(at: { row: number; col: number }, how: TextEditEnd, rows: number, cols: number): { row: number; col: number } {
  const { row, col } = at;
  const index = row * cols + col;
  const to = (i: number) => ({ row: Math.floor(i / cols), col: i % cols });
  switch (how) {
    case 'tab':
      return index + 1 < rows * cols ? to(index + 1) : at;
    case 'shiftTab':
      return index > 0 ? to(index - 1) : at;
    case 'up':
      return { row: Math.max(0, row - 1), col };
    case 'down':
      return { row: Math.min(rows - 1, row + 1), col };
    case 'left':
      return { row, col: Math.max(0, col - 1) };
    case 'right':
      return { row, col: Math.min(cols - 1, col + 1) };
    default:
      return at;
  }
}

interface Session {
  id: string;
  /** the grid when the session began (squared), and as edited so far */
  original: Grid;
  working: Grid;
  row: number;
  col: number;
}

const MOVES = new Set<TextEditEnd>(['tab', 'shiftTab', 'up', 'down', 'left', 'right']);

export function createTableTool(): Tool {
  let session: Session | null = null;
  /** the tool a double click came from: back to it once the edit is done */
  let returnTo: ToolName | null = null;

  const open = (editor: Editor) => {
    const s = session;
    const shape = s && editor.doc.get(s.id);
    if (!s || !isTable(shape)) return finish(editor);
    const shown: TableShape = { ...shape, table: s.working };
    const layout = tableLayout(shown);
    const cell = cellRect(layout, s.row, s.col);
    // the table shows this session's edits; the cell under the editor is left blank
    const blanked = s.working.map((r, i) => (i === s.row ? r.map((v, j) => (j === s.col ? '' : v)) : r));
    editor.scene.setOverrides([[s.id, { ...shown, table: blanked }]]);
    editor.textEditor.open(
      {
        kind: 'tableCell',
        x: cell.x,
        y: cell.y,
        w: cell.w,
        h: cell.h,
        value: s.working[s.row][s.col],
        placeholder: '',
        color: '#000000',
        font: DEFAULT_FONT,
        fontSize: layout.fontSize,
        align: layout.align,
        background: '#ffffff',
        padding: layout.padding,
        label: `Table cell, row ${s.row + 1}, column ${s.col + 1}`,
      },
      (value, how) => ended(editor, value, how),
    );
  };

  const ended = (editor: Editor, value: string, how: TextEditEnd) => {
    if (!session) return;
    session.working[session.row][session.col] = clipCell(rightTrim(value));
    if (MOVES.has(how)) {
      const { rows, cols } = tableDimensions(session.working);
      Object.assign(session, nextCell(session, how, rows, cols));
      open(editor);
      return;
    }
    finish(editor);
  };

  /** Sends the session's edits (one command, when something changed) and goes back to the tool it came from. */
  const finish = (editor: Editor) => {
    const s = session;
    session = null;
    if (s) {
      editor.scene.clearOverride(s.id);
      const current = editor.doc.get(s.id);
      if (isTable(current) && editor.canEdit()) {
        const merged = mergeCellEdits(current.table, s.original, s.working);
        if (JSON.stringify(merged) !== JSON.stringify(current.table))
          editor.execute({ cmd: 'propertyModifier', shapes: [s.id], props: [{ name: 'table', value: merged }] });
      }
    }
    if (returnTo) {
      const back = returnTo;
      returnTo = null;
      editor.setTool(back);
    }
  };

  /** Opens the editor on the cell of `shape` at `p` (its first cell without a point). */
  const begin = (editor: Editor, shape: TableShape, p?: { x: number; y: number }) => {
    const { rows, cols } = tableDimensions(shape.table);
    if (!rows || !cols) return;
    const grid = resizeGrid(shape.table, rows, cols);
    const at = (p && cellAt(shape, p)) ?? { row: 0, col: 0 };
    session = { id: shape.id, original: grid, working: grid.map((r) => [...r]), ...at };
    open(editor);
  };

  return {
    name: 'table',
    cursor: 'text',
    pointer(e, editor) {
      if (e.phase !== 'Started' || e.button !== 0 || session) return;
      // with the tool on (the embed API can choose it): a click on a table edits that cell, elsewhere asks for a new table
      const hit = editor.scene.hit({ x: e.x, y: e.y }, 0, (s) => isTable(s) && editor.selectionType(s) === 'normal');
      if (isTable(hit)) begin(editor, hit, e);
      else editor.ui$.next({ kind: 'table' });
    },
    activate(editor, options) {
      const s = options?.edit ? editor.doc.get(options.edit) : undefined;
      if (!isTable(s) || editor.selectionType(s) !== 'normal') return;
      returnTo = editor.previousTool ?? 'select';
      if (options?.at && onTableFrame(editor, s, options.at)) {
        // the frame: the Update dialog, back on the tool the double click came from
        editor.ui$.next({ kind: 'tableUpdate' });
        const back = returnTo;
        returnTo = null;
        editor.setTool(back);
        return;
      }
      begin(editor, s, options?.at);
    },
    deactivate(editor) {
      returnTo = null;
      if (editor.textEditor.active && editor.textEditor.session$.value?.request.kind === 'tableCell') editor.textEditor.end('apply');
      else if (session) finish(editor);
    },
  };
}
