import { Figures } from '../../../ui';
import type { TitleValueRow } from '../statistics-api';
import { formatValue } from './format';
import type { ViewProps } from './view';

/** title-value rows: labelled figures side by side, each in its unit (a count, bytes, a duration, a percent). */
export function TitleValueView({ rows }: ViewProps<TitleValueRow>) {
  return (
    <div className="a-stat__tiles">
      <Figures items={rows.map((r) => ({ label: r.title, value: formatValue(r.value, r.unit) }))} />
    </div>
  );
}
