import { useEffect, useRef, useState } from 'react';
import { Field, SelectField } from '../../../ui';
import type { CatalogueParameter, StatisticEntry, StatisticQuery } from '../statistics-api';
import { filterKind, parameterLabel, valueLabel } from './texts';

/** How long a typed filter (country) waits before it is asked (ms). */
export const TEXT_FILTER_DELAY_MS = 400;

/** A parameter with a control, and whether the block's entries share it (one control for them all). */
export interface Filter {
  parameter: CatalogueParameter;
  kind: 'select' | 'text';
  /** the entries it applies to */
  entries: string[];
}

/**
 * The filters of a block: a parameter with the same name and values in every entry that has it is
 * one control for the block (engagement: user type and country for the daily and the monthly
 * table); any other has a control in its entry.
 */
export function filtersOf(entries: StatisticEntry[]): { block: Filter[]; entry: Record<string, Filter[]> } {
  const block: Filter[] = [];
  const entry: Record<string, Filter[]> = Object.fromEntries(entries.map((e) => [e.name, []]));
  const names = [...new Set(entries.flatMap((e) => e.parameters.map((p) => p.name)))];
  for (const name of names) {
    const having = entries.filter((e) => e.parameters.some((p) => p.name === name));
    const params = having.map((e) => e.parameters.find((p) => p.name === name)!);
    const kind = filterKind(params[0]!);
    if (!kind) continue;
    const same = params.every(
      (p) => JSON.stringify([p.values ?? null, p.default]) === JSON.stringify([params[0]!.values ?? null, params[0]!.default]),
    );
    if (same && having.length > 1) block.push({ parameter: params[0]!, kind, entries: having.map((e) => e.name) });
    else having.forEach((e, i) => entry[e.name]!.push({ parameter: params[i]!, kind: filterKind(params[i]!) ?? kind, entries: [e.name] }));
  }
  return { block, entry };
}

/** The values a filter starts from (its parameter's default; a text without one is empty). */
export const initialValue = (f: Filter): string => (f.parameter.default === null ? '' : String(f.parameter.default));

/** What an entry is asked with: its filters' values, a number as a number, an empty text left out. */
export function queryOf(filters: Filter[], values: Record<string, string>): StatisticQuery {
  const query: StatisticQuery = {};
  for (const f of filters) {
    const value = (values[f.parameter.name] ?? initialValue(f)).trim();
    if (value === '') continue;
    query[f.parameter.name] =
      typeof f.parameter.default === 'number' || typeof f.parameter.values?.[0] === 'number' ? Number(value) : value;
  }
  return query;
}

/** The filter controls: a select of the parameter's values, or a text box applied after a pause in typing. */
export function Filters({
  filters,
  values,
  onChange,
  label,
}: {
  filters: Filter[];
  values: Record<string, string>;
  onChange(name: string, value: string): void;
  label: string;
}) {
  if (!filters.length) return null;
  return (
    <div className="a-stat__filters" role="group" aria-label={label}>
      {filters.map((f) =>
        f.kind === 'select' ? (
          <SelectField
            key={f.parameter.name}
            label={parameterLabel(f.parameter.name)}
            value={values[f.parameter.name] ?? initialValue(f)}
            onChange={(e) => onChange(f.parameter.name, e.target.value)}
            options={(f.parameter.values ?? []).map((v) => ({ value: String(v), label: valueLabel(f.parameter.name, v) }))}
            fieldClassName="a-stat__filter"
          />
        ) : (
          <TextFilter
            key={f.parameter.name}
            filter={f}
            value={values[f.parameter.name] ?? initialValue(f)}
            onChange={(v) => onChange(f.parameter.name, v)}
          />
        ),
      )}
    </div>
  );
}

function TextFilter({ filter, value, onChange }: { filter: Filter; value: string; onChange(value: string): void }) {
  const [text, setText] = useState(value);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => changed.current(text), TEXT_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <Field
      label={parameterLabel(filter.parameter.name)}
      type="search"
      value={text}
      placeholder="Any"
      onChange={(e) => setText(e.target.value)}
      fieldClassName="a-stat__filter a-stat__filter--text"
    />
  );
}
