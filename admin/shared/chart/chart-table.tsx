import { useId, useState, type ReactNode } from 'react';

/**
 * A chart's readable alternative (docs/backoffice.md "Charts"): a table of the same figures. It is
 * in the page for screen readers at all times (visually hidden), and a "Show table" button shows it
 * to everyone — for reading exact figures, zooming or copying.
 */
export interface ChartTableColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  /** figures line up at the end */
  numeric?: boolean;
}

export const CHART_TABLE_TEXTS = { show: 'Show table', hide: 'Hide table' } as const;

export function ChartTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Array<ChartTableColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="a-chart-table">
      <button
        type="button"
        className="a-chart-table__toggle"
        aria-expanded={shown}
        aria-controls={id}
        aria-label={`${shown ? CHART_TABLE_TEXTS.hide : CHART_TABLE_TEXTS.show}: ${caption}`}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? CHART_TABLE_TEXTS.hide : CHART_TABLE_TEXTS.show}
      </button>
      <table id={id} className={shown ? 'a-chart-table__table' : 't-sr-only'}>
        <caption className="t-sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'a-num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c, j) =>
                j === 0 ? (
                  <th key={c.label} scope="row">
                    {c.value(row)}
                  </th>
                ) : (
                  <td key={c.label} className={c.numeric ? 'a-num' : undefined}>
                    {c.value(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
