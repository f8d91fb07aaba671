import { useCallback, useEffect, useRef, useState } from 'react';
import { reportFailure } from '../http';
import { toListQuery } from './query';
import type { FetchPage, ListQuery, Sort } from './types';

export const FILTER_DELAY_MS = 300;

export interface UseListOptions {
  pageSize: number;
  initialPage?: number;
  initialFilter?: string;
  initialQuickFilter?: string;
  initialSort?: Sort | null;
  /** typed filters sent with every request; a change goes back to page 1 */
  extra?: Record<string, string | number | boolean | string[] | undefined>;
  /** ms between the last keystroke and the request (default 300) */
  filterDelay?: number;
  /** the list field a column key sorts by */
  sortField?: (key: string) => string;
}

export interface ListState<Row> {
  page: number;
  pageCount: number;
  pageSize: number;
  rows: Row[];
  totalCount: number;
  /** a request is in flight */
  loading: boolean;
  /** true until the first answer */
  initial: boolean;
  /** the last request's failure (null when it succeeded) */
  error: unknown;
  /** what the filter box shows (applied after the debounce) */
  filterText: string;
  /** the filter the rows answer */
  filter: string;
  quickFilter?: string;
  sort: Sort | null;
  setPage(page: number): void;
  setFilterText(text: string): void;
  /** applies the typed filter now (Enter) */
  applyFilter(): void;
  setQuickFilter(value: string): void;
  /** sorts by a column: ascending first, then flips */
  toggleSort(key: string): void;
  reload(): void;
  /** the query of the current state without paging (for CSV) */
  query(): Omit<ListQuery, 'Take' | 'Skip'>;
}

const isAbort = (err: unknown) => (err as Error)?.name === 'AbortError';


/**
 * The state of one paged list: page, debounced text filter, quick filter, sort, and the page
 * of rows the fetch function answered. A filter, quick-filter, sort or typed-filter change goes
 * back to page 1; an answer for an older state is dropped (and its request aborted); when the
 * list shrank under the current page (rows removed elsewhere) the last page is fetched instead.
 */
export function useList<Row>(fetchPage: FetchPage<Row>, options: UseListOptions): ListState<Row> {
  const { pageSize, filterDelay = FILTER_DELAY_MS } = options;
  const [page, setPageState] = useState(Math.max(1, options.initialPage ?? 1));
  const [filterText, setFilterText] = useState(options.initialFilter ?? '');
  const [filter, setFilter] = useState((options.initialFilter ?? '').trim());
  const [quickFilter, setQuickFilterState] = useState(options.initialQuickFilter);
  const [sort, setSort] = useState<Sort | null>(options.initialSort ?? null);
  const [tick, setTick] = useState(0);
  const [answer, setAnswer] = useState<{ rows: Row[]; totalCount: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const sortFieldRef = useRef(options.sortField);
  sortFieldRef.current = options.sortField;

  // typed filters: compared by value, so an inline object does not refetch on every render
  const extraKey = JSON.stringify(options.extra ?? {});
  const [seenExtra, setSeenExtra] = useState(extraKey);
  if (seenExtra !== extraKey) {
    setSeenExtra(extraKey);
    setPageState(1);
  }

  const buildQuery = useCallback(
    (forPage: number): ListQuery =>
      toListQuery({
        page: forPage,
        pageSize,
        filter,
        quickFilter,
        sort: sort && { field: sortFieldRef.current?.(sort.key) ?? sort.key, desc: sort.desc },
        extra: JSON.parse(extraKey) as UseListOptions['extra'],
      }),
    [pageSize, filter, quickFilter, sort, extraKey],
  );

  // the text filter applies after a pause in typing
  useEffect(() => {
    const text = filterText.trim();
    if (text === filter) return;
    const timer = setTimeout(() => {
      setFilter(text);
      setPageState(1);
    }, filterDelay);
    return () => clearTimeout(timer);
  }, [filterText, filter, filterDelay]);

  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    setLoading(true);
    fetchRef.current(buildQuery(page), controller.signal).then(
      (result) => {
        if (!live) return;
        const totalCount = Math.max(0, Number(result.totalCount) || 0);
        const lastPage = Math.max(1, Math.ceil(totalCount / pageSize));
        if (page > lastPage) {
          setPageState(lastPage);
          return;
        }
        setAnswer({ rows: result.data ?? [], totalCount });
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (!live || isAbort(err)) return;
        setError(err);
        setLoading(false);
        reportFailure(err);
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [buildQuery, page, pageSize, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const totalCount = answer?.totalCount ?? 0;
  return {
    page,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    pageSize,
    rows: answer?.rows ?? [],
    totalCount,
    loading,
    initial: answer === null && error === null,
    error,
    filterText,
    filter,
    quickFilter,
    sort,
    setPage: (next) => setPageState(Math.max(1, Math.floor(next))),
    setFilterText,
    applyFilter: () => {
      const text = filterText.trim();
      if (text !== filter) {
        setFilter(text);
        setPageState(1);
      }
    },
    setQuickFilter: (value) => {
      if (value === quickFilter) return;
      setQuickFilterState(value);
      setPageState(1);
    },
    toggleSort: (key) => {
      setSort((current) => (current?.key === key ? { key, desc: !current.desc } : { key, desc: false }));
      setPageState(1);
    },
    reload,
    query: () => {
      const { Take: _take, Skip: _skip, ...rest } = buildQuery(1);
      return rest;
    },
  };
}
