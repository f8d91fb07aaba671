/**
 * The Tabular Data dialog (board.md §2 "Tabular Data (Add/Update)", §5, §9): rows and columns
 * (1 to 50), the border flag and an editable preview of the grid. Pasting tab- or comma-separated
 * text (a spreadsheet's copy, a CSV file's lines) into a cell fills the grid from that cell and
 * grows it as needed; typing in a cell changes it. While the table is invalid the spec's text
 * 'Table is empty or borderless' shows and Add/Update is disabled. Add places the table at the
 * view's centre (one command, one undo); Update changes the selected table (one command).
 * Shrinking keeps what was typed in the cells it hides until the dialog closes.
 */
import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { TABLE_LIMITS } from '../../shared/constants';
import { tableDimensions } from '../../shared/geometry';
import { clipCell, isTabularText, isTableSize, parseTabular, pasteIntoGrid, resizeGrid, tableProblem, type Grid } from '../../shared/table';
import { Checkbox } from '../../ui/checkbox';
import { Modal } from '../../ui/modal';
import type { Editor } from '../editor/editor';
import { addTable, selectedTable, updateTable } from '../tools/table';

/** A new table's grid before anything is typed. */
const NEW_SIZE = { rows: 3, cols: 3 };

/** A typed count, or null unless it is a whole number from 1 to 50. */
const countOf = (text: string): number | null => {
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  return isTableSize(n) ? n : null;
};

export function TableDialog({ editor, mode, onClose }: { editor: Editor; mode: 'add' | 'update'; onClose: () => void }) {
  // Update: the selected table as the dialog opened (the dialog closes if there is none)
  const [target] = useState(() => (mode === 'update' ? selectedTable(editor) : null));
  const start = useMemo(() => {
    if (!target) return { grid: resizeGrid([], NEW_SIZE.rows, NEW_SIZE.cols), border: true };
    const { rows, cols } = tableDimensions(target.table);
    return { grid: resizeGrid(target.table, rows, cols), border: target.border };
  }, [target]);
  const [data, setData] = useState<Grid>(start.grid);
  const [rowsText, setRowsText] = useState(String(start.grid.length));
  const [colsText, setColsText] = useState(String(start.grid[0]?.length ?? NEW_SIZE.cols));
  const [border, setBorder] = useState(start.border);
  // the last valid counts: the grid keeps its shape while a count is being typed
  const [size, setSize] = useState({ rows: start.grid.length, cols: start.grid[0]?.length ?? NEW_SIZE.cols });
  const gridRef = useRef<HTMLTableElement>(null);
  const missing = mode === 'update' && !target;
  useEffect(() => {
    if (missing) onClose();
  }, [missing, onClose]);
  if (missing) return null;

  const grid = resizeGrid(data, size.rows, size.cols);
  const countsValid = countOf(rowsText) !== null && countOf(colsText) !== null;
  const problem = tableProblem(grid, border);
  const valid = countsValid && !problem;

  const setCount = (which: 'rows' | 'cols', text: string) => {
    (which === 'rows' ? setRowsText : setColsText)(text);
    const n = countOf(text);
    if (n !== null) setSize((s) => ({ ...s, [which]: n }));
  };

  /** Writes one cell, keeping the cells hidden by a smaller size. */
  const setCell = (row: number, col: number, value: string) => {
    const dims = tableDimensions(data);
    const next = resizeGrid(data, Math.max(dims.rows, row + 1), Math.max(dims.cols, col + 1));
    next[row][col] = clipCell(value);
    setData(next);
  };

  const paste = (e: ClipboardEvent<HTMLTextAreaElement>, row: number, col: number) => {
    const text = e.clipboardData.getData('text/plain');
    if (!isTabularText(text)) return;
    e.preventDefault();
    const filled = pasteIntoGrid(grid, parseTabular(text), row, col);
    const dims = tableDimensions(filled);
    setData(filled);
    setSize(dims);
    setRowsText(String(dims.rows));
    setColsText(String(dims.cols));
  };

  /** Enter in a cell goes to the cell below (as in a spreadsheet); Shift+Enter is a line break in the cell. */
  const cellKey = (e: KeyboardEvent<HTMLTextAreaElement>, row: number, col: number) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    e.preventDefault();
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${Math.min(row + 1, size.rows - 1)}:${col}"]`)?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    if (target) updateTable(editor, target.id, grid, border);
    else addTable(editor, grid, border);
    onClose();
  };

  const title = 'Tabular Data';
  return (
    <Modal open title={title} width={640} onClose={onClose}>
      <form onSubmit={submit} aria-label={title} className="tb-tabular" noValidate>
        <div className="tb-tabular__counts">
          {(['rows', 'cols'] as const).map((which) => (
            <label key={which} className="tb-tabular__count">
              <span>{which === 'rows' ? 'Rows' : 'Columns'}</span>
              <input
                className="t-input"
                type="number"
                min={TABLE_LIMITS.min}
                max={TABLE_LIMITS.max}
                step={1}
                inputMode="numeric"
                value={which === 'rows' ? rowsText : colsText}
                aria-invalid={countOf(which === 'rows' ? rowsText : colsText) === null || undefined}
                aria-describedby={countsValid ? undefined : 'tb-tabular-counts'}
                onChange={(e) => setCount(which, e.target.value)}
              />
            </label>
          ))}
          <Checkbox label="Border" checked={border} onChange={(e) => setBorder(e.target.checked)} />
        </div>
        {!countsValid && (
          <p id="tb-tabular-counts" className="tb-settings__error" role="alert">
            Rows and columns: {TABLE_LIMITS.min} to {TABLE_LIMITS.max}
          </p>
        )}
        <p className="tb-tabular__hint">Paste tab- or comma-separated text into a cell to fill the table from there.</p>
        <div className="tb-tabular__grid">
          <table ref={gridRef} aria-label="Table cells" className={border ? 'tb-tabular__table--border' : undefined}>
            <tbody>
              {grid.map((cells, r) => (
                <tr key={r}>
                  {cells.map((value, c) => (
                    <td key={c}>
                      <textarea
                        className="tb-tabular__cell"
                        rows={1}
                        spellCheck={false}
                        data-cell={`${r}:${c}`}
                        aria-label={`Row ${r + 1}, column ${c + 1}`}
                        value={value}
                        onChange={(e) => setCell(r, c, e.target.value)}
                        onPaste={(e) => paste(e, r, c)}
                        onKeyDown={(e) => cellKey(e, r, c)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {problem && (
          <p className="tb-settings__error" role="alert">
            {problem}
          </p>
        )}
        <div className="tb-dialog-actions">
          <button type="button" className="t-btn t-btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="t-btn t-btn--primary" disabled={!valid}>
            {target ? 'Update' : 'Add'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
