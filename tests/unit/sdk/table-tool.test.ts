/**
 * The table tool (sdk/tools/table.ts) on a headless editor: a double click on a cell opens its
 * editor, Tab / Shift+Tab / Enter / arrows move between cells without sending, Escape sends the
 * session as one propertyModifier (merged with others' edits), a double click on the frame asks
 * for the Update dialog; the Table action asks for the Add dialog; adding and updating are one
 * command each; the alignment reaches texts, sticky notes and tables.
 */
import { describe, expect, it } from 'vitest';
import type { PropertyModifierCommand, Shape, TableShape } from '../../../shared/model';
import { addTable, nextCell, updateTable } from '../../../sdk/tools/table';
import { findShapes } from '../../../sdk/actions/find';
import type { EditorUiRequest } from '../../../sdk/editor/editor';
import { harness } from './helpers';

const grid = () => [
  ['a', 'b', 'c'],
  ['d', 'e', 'f'],
];
const table = (extra: Partial<TableShape> = {}): TableShape => ({
  id: 'tb',
  cmd: 'table',
  uid: 'me',
  timestamp: 1,
  x: 100,
  y: 100,
  w: 300,
  h: 60,
  table: grid(),
  border: true,
  ...extra,
});

function withTable() {
  const h = harness();
  h.editor.addShapes([table()]);
  // the server confirmed the add (others' commands come after it)
  h.editor.confirm(h.sent[0].id, 1);
  h.sent.length = 0;
  const ui: EditorUiRequest[] = [];
  h.editor.ui$.subscribe((r) => ui.push(r));
  // select it, then double click the cell in row 2, column 2 (board = screen at 100 %)
  h.click(250, 145);
  h.down(250, 145, { clicks: 2 });
  h.up(250, 145, { clicks: 2 });
  return { ...h, ui };
}

const tableOf = (h: ReturnType<typeof harness>) => h.editor.doc.get('tb') as TableShape;

describe('editing cells in place', () => {
  it('opens the cell, moves with Tab and the arrows, and sends one command on Escape', () => {
    const h = withTable();
    expect(h.editor.tool$.value).toBe('table');
    const session = () => h.text.session$.value!.request;
    expect(session()).toMatchObject({ kind: 'tableCell', value: 'e', x: 200, y: 130, w: 100, h: 30, label: 'Table cell, row 2, column 2' });
    h.text.type('E!');
    h.text.end('tab');
    expect(session()).toMatchObject({ value: 'f', x: 300 });
    h.text.type('F!');
    h.text.end('tab'); // the last cell: stays
    expect(session().value).toBe('F!');
    h.text.end('up');
    expect(session().value).toBe('c');
    h.text.end('shiftTab');
    expect(session().value).toBe('b');
    expect(h.sent).toHaveLength(0);
    h.text.type('B');
    h.text.end('escape');
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toMatchObject({
      cmd: 'propertyModifier',
      shapes: ['tb'],
      props: [
        {
          name: 'table',
          value: [
            ['a', 'B', 'c'],
            ['d', 'E!', 'F!'],
          ],
        },
      ],
    });
    expect(h.editor.tool$.value).toBe('select');
    // one undo takes the whole session back
    h.editor.undo();
    expect(tableOf(h).table).toEqual(grid());
  });

  it('keeps what others changed in other cells meanwhile, and sends nothing when nothing changed', () => {
    const h = withTable();
    h.text.type('mine');
    // bob changes another cell while the editor is open
    h.editor.applyRemote({
      id: 'c-bob',
      uid: 'bob',
      status: 'normal',
      timestamp: 2,
      seq: 5,
      cmd: 'propertyModifier',
      shapes: ['tb'],
      props: [{ name: 'table', value: [['bob', 'b', 'c'], grid()[1]] }],
    });
    h.text.end('apply');
    expect((h.sent[0] as PropertyModifierCommand).props[0].value).toEqual([
      ['bob', 'b', 'c'],
      ['d', 'mine', 'f'],
    ]);
    const again = withTable();
    again.text.end('escape');
    expect(again.sent).toHaveLength(0);
  });

  it('a double click on the frame asks for the Update dialog instead', () => {
    const h = harness();
    h.editor.addShapes([table()]);
    const ui: EditorUiRequest[] = [];
    h.editor.ui$.subscribe((r) => ui.push(r));
    h.click(250, 101);
    h.down(250, 101, { clicks: 2 });
    expect(ui).toEqual([{ kind: 'tableUpdate' }]);
    expect(h.editor.tool$.value).toBe('select');
    expect(h.text.active).toBe(false);
  });

  it('moves stay inside the table', () => {
    expect(nextCell({ row: 0, col: 2 }, 'tab', 2, 3)).toEqual({ row: 1, col: 0 });
    expect(nextCell({ row: 1, col: 0 }, 'shiftTab', 2, 3)).toEqual({ row: 0, col: 2 });
    expect(nextCell({ row: 0, col: 0 }, 'shiftTab', 2, 3)).toEqual({ row: 0, col: 0 });
    expect(nextCell({ row: 1, col: 1 }, 'down', 2, 3)).toEqual({ row: 1, col: 1 });
    expect(nextCell({ row: 1, col: 1 }, 'left', 2, 3)).toEqual({ row: 1, col: 0 });
  });
});

describe('adding and updating', () => {
  it('the Table action asks for the dialog; Add is one command at the view centre, selected', () => {
    const h = harness();
    const ui: EditorUiRequest[] = [];
    h.editor.ui$.subscribe((r) => ui.push(r));
    // headless editors have no dialogs: the action is off there
    expect(h.editor.actions.get('table')!.enabled({ editor: h.editor })).toBe(false);
    const shape = addTable(h.editor, grid(), false);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toMatchObject({ cmd: 'table', shape: { table: grid(), border: false, w: 240, h: 66 } });
    const c = h.editor.toBoard(h.editor.viewport.width / 2, h.editor.viewport.height / 2);
    expect(shape.x + shape.w / 2).toBeCloseTo(c.x, 0);
    expect(h.editor.selection).toEqual([shape.id]);
    h.editor.undo();
    expect(h.editor.getShapes()).toHaveLength(0);
  });

  it('Update is one command: the grid, border and widths, and the size when rows or columns change', () => {
    const h = harness();
    h.editor.addShapes([table()]);
    h.sent.length = 0;
    expect(updateTable(h.editor, 'tb', grid(), true)).toBe(false);
    updateTable(h.editor, 'tb', [...grid(), ['g', 'h', 'i']], false);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toMatchObject({ cmd: 'commandSet' });
    expect(tableOf(h)).toMatchObject({ h: 90, w: 300, border: false, table: [...grid(), ['g', 'h', 'i']] });
    h.editor.undo();
    expect(tableOf(h)).toMatchObject({ h: 60, border: true, table: grid() });
  });

  it('Ctrl+F finds a table by a cell; the notes export has its rows', () => {
    const h = harness();
    h.editor.addShapes([
      table({
        table: [
          ['Fruit', 'Qty'],
          ['Pears', '5'],
        ],
      }),
      table({ id: 't2', table: [['x']] }),
    ]);
    expect(findShapes(h.editor, 'pears').map((f) => f.shape.id)).toEqual(['tb']);
    expect(h.editor.exportNotes()).toBe('Fruit\tQty\nPears\t5\nx');
  });

  it('text alignment goes to texts, sticky notes and tables in one command', () => {
    const h = harness();
    const note = {
      id: 'n',
      cmd: 'stickyNote',
      uid: 'me',
      timestamp: 1,
      text: 'hi',
      x: 0,
      y: 0,
      w: 100,
      h: 100,
      color: '#feff9c',
      size: 'S',
      fontSize: 35,
    };
    h.editor.addShapes([table(), note as Shape]);
    h.editor.select(['tb', 'n']);
    h.sent.length = 0;
    h.editor.applyStyleToSelection({ align: 'center' });
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toMatchObject({ cmd: 'propertyModifier', shapes: ['tb', 'n'], props: [{ name: 'align', value: 'center' }] });
    expect(tableOf(h).align).toBe('center');
  });
});
