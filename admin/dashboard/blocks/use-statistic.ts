import { useCallback, useEffect, useState } from 'react';
import { useDashboardApi } from '../api';
import type { StatisticEntry, StatisticQuery, StatisticRow } from '../statistics-api';

export interface StatisticState {
  /** the last rows read (kept while other parameters are being read) */
  rows: StatisticRow[] | null;
  loading: boolean;
  error: unknown;
  retry(): void;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** A statistic's rows for these parameter values, read again when they change (an older answer is dropped). */
export function useStatistic(entry: StatisticEntry, query: StatisticQuery): StatisticState {
  const api = useDashboardApi();
  const key = JSON.stringify(query);
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<Omit<StatisticState, 'retry'>>({ rows: null, loading: true, error: null });
  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api.statistic(entry, JSON.parse(key) as StatisticQuery, controller.signal).then(
      (answer) => live && setState({ rows: Array.isArray(answer.data) ? answer.data : [], loading: false, error: null }),
      (err: unknown) => {
        if (!live || isAbort(err)) return;
        setState({ rows: null, loading: false, error: err });
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [api, entry, key, tick]);
  const retry = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, retry };
}
