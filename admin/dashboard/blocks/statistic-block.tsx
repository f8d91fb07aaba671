import { useCallback, useId, useMemo, useState } from 'react';
import { Alert, Button, errorText, Spinner } from '../../../ui';
import type { StatisticEntry } from '../statistics-api';
import { StatisticDownloads } from './downloads';
import { Filters, filtersOf, initialValue, queryOf, type Filter } from './filters';
import { STATISTIC_TEXTS, titleOf, WIDE_BLOCKS } from './texts';
import { useStatistic } from './use-statistic';
import { VIEWS } from './views';

/**
 * A dashboard block (backoffice.md §2 "Statistic blocks"): its heading, its filters (made from the
 * entries' parameters), and each entry drawn by the view of its row kind, with its loading, empty
 * ('No records') and error states. A block of several entries names each with a sub-heading.
 */
export function StatisticBlock({ block, entries }: { block: string; entries: StatisticEntry[] }) {
  const headingId = useId();
  const filters = useMemo(() => filtersOf(entries), [entries]);
  const [values, setValues] = useState<Record<string, string>>(() => {
    const all = [
      ...filters.block,
      ...Object.entries(filters.entry).flatMap(([name, fs]) => fs.map((f) => ({ ...f, key: `${name}:${f.parameter.name}` }))),
    ];
    return Object.fromEntries(all.map((f) => ['key' in f ? f.key : f.parameter.name, initialValue(f)]));
  });
  const setValue = useCallback((key: string, value: string) => setValues((v) => ({ ...v, [key]: value })), []);
  const title = titleOf(block);
  return (
    <section
      className={`a-dash__block a-stat${WIDE_BLOCKS.has(block) ? ' a-stat--wide' : ''}`}
      aria-labelledby={headingId}
      data-block={block}
    >
      <div className="a-stat__head">
        <h2 id={headingId} className="a-dash__title">
          {title}
        </h2>
        <Filters filters={filters.block} values={values} onChange={setValue} label={`${title} filters`} />
      </div>
      {entries.map((entry) => (
        <StatisticPart
          key={entry.name}
          entry={entry}
          block={block}
          named={entries.length > 1}
          blockFilters={filters.block.filter((f) => f.entries.includes(entry.name))}
          ownFilters={filters.entry[entry.name] ?? []}
          values={values}
          setValue={setValue}
        />
      ))}
    </section>
  );
}

function StatisticPart({
  entry,
  block,
  named,
  blockFilters,
  ownFilters,
  values,
  setValue,
}: {
  entry: StatisticEntry;
  block: string;
  named: boolean;
  blockFilters: Filter[];
  ownFilters: Filter[];
  values: Record<string, string>;
  setValue(key: string, value: string): void;
}) {
  const own = useMemo(
    () => Object.fromEntries(ownFilters.map((f) => [f.parameter.name, values[`${entry.name}:${f.parameter.name}`] ?? initialValue(f)])),
    [ownFilters, values, entry.name],
  );
  const query = useMemo(() => ({ ...queryOf(blockFilters, values), ...queryOf(ownFilters, own) }), [blockFilters, ownFilters, values, own]);
  const setOwn = useCallback((name: string, value: string) => setValue(`${entry.name}:${name}`, value), [entry.name, setValue]);
  const state = useStatistic(entry, query);
  const View = VIEWS[entry.rows];
  if (!View) return null;
  const label = named ? entry.title : titleOf(block);
  return (
    <div className="a-stat__part" aria-busy={state.loading || undefined}>
      {named ? <h3 className="a-stat__subtitle">{entry.title}</h3> : null}
      <div className="a-stat__bar">
        <p className="a-stat__description">{entry.description}</p>
        <Filters filters={ownFilters} values={own} onChange={setOwn} label={`${label} filters`} />
        {state.loading && state.rows ? <Spinner size={16} /> : null}
        <StatisticDownloads entry={entry} query={query} label={label} />
      </div>
      {state.error ? (
        <Alert type="error">
          <span>
            {STATISTIC_TEXTS.failed} {errorText(state.error)}
          </span>{' '}
          <Button variant="secondary" size="sm" onClick={state.retry} aria-label={`${STATISTIC_TEXTS.retry}: ${label}`}>
            {STATISTIC_TEXTS.retry}
          </Button>
        </Alert>
      ) : state.rows === null ? (
        <p className="a-stat__state" role="status">
          <Spinner size={16} /> {STATISTIC_TEXTS.loading}
        </p>
      ) : state.rows.length === 0 ? (
        <p className="a-stat__state">{STATISTIC_TEXTS.empty}</p>
      ) : (
        <div className={state.loading ? 'a-stat__view a-stat__view--stale' : 'a-stat__view'}>
          <View entry={entry} block={block} rows={state.rows as never[]} />
        </div>
      )}
    </div>
  );
}
