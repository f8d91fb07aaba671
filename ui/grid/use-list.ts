import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { reportFailure } from '../http';
import { toListQuery } from './query';
import type { FetchPage, ListQuery, Sort } from './types';

export const FILTER_DELAY_MS = 300;

/** What a list is asked for, apart from its page size and typed filters. */
export interface ListQueryState {
  /** 1-based */
  page: number;
  /** the applied text filter, trimmed */
  filter: string;
  quickFilter?: string;
  sort: Sort | null;
}

/**
 * Where a list keeps its query state: in the component (the default) or elsewhere, e.g. the URL
 * (url-state.ts useUrlListState). `replace`: a correction, not a step back can return to (a page
 * past the end, a typed filter that changed); `typing`: a text-filter change.
 */
export interface ListStateStore {
  state: ListQueryState;
  set(change: Partial<ListQueryState>, how?: { replace?: boolean; typing?: boolean }): void;
}

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
  /** keep page, filters and sort there instead of in the component (the initial values are then its defaults) */
  store?: ListStateStore;
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
 * The state of one paged list: page, debounced text filter, quick filter, sort (kept in the
 * component, or in `options.store`, e.g. the URL), and the page of rows the fetch function
 * answered. A filter, quick-filter, sort or typed-filter change goes back to page 1; an answer for an older state is dropped (and its request aborted); when the
 * list shrank under the current page (rows removed elsewhere) the last page is fetched instead.
 */
export function useList<Row>(fetchPage: FetchPage<Row>, options: UseListOptions): ListState<Row> {
  const { pageSize, filterDelay = FILTER_DELAY_MS } = options;
  const [local, setLocal] = useState<ListQueryState>(() => ({
    page: Math.max(1, options.initialPage ?? 1),
    filter: (options.initialFilter ?? '').trim(),
    quickFilter: options.initialQuickFilter,
    sort: options.initialSort ?? null,
  }));
  const localStore: ListStateStore = { state: local, set: (change) => setLocal((current) => ({ ...current, ...change })) };
  const store = options.store ?? localStore;
  const { filter, quickFilter } = store.state;
  // the sort by value: a store that reads it afresh (the URL) gives a new object for the same sort
  const sortKey = store.state.sort?.key;
  const sortDesc = store.state.sort?.desc ?? false;
  const sort = useMemo<Sort | null>(() => (sortKey === undefined ? null : { key: sortKey, desc: sortDesc }), [sortKey, sortDesc]);

  // what the filter box shows: the initial text as given, then the applied filter when it changes
  // from elsewhere (back, forward) — not when it is the box's own text arriving, which may be
  // behind what is being typed
  const [filterText, setFilterText] = useState(() =>
    filter === (options.initialFilter ?? '').trim() ? (options.initialFilter ?? '') : filter,
  );
  const [seenFilter, setSeenFilter] = useState(filter);
  /** the filter this list last applied from the box */
  const typedFilter = useRef<string | null>(null);
  if (seenFilter !== filter) {
    setSeenFilter(filter);
    if (filter !== typedFilter.current) {
      typedFilter.current = null;
      if (filterText.trim() !== filter) setFilterText(filter);
    }
  }

  const [tick, setTick] = useState(0);
  const [answer, setAnswer] = useState<{ rows: Row[]; totalCount: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const sortFieldRef = useRef(options.sortField);
  sortFieldRef.current = options.sortField;
  const storeRef = useRef(store);
  storeRef.current = store;

  // typed filters: compared by value, so an inline object does not refetch on every render; a
  // change goes back to page 1 (shown at once, written to the store after the render)
  const extraKey = JSON.stringify(options.extra ?? {});
  const [seenExtra, setSeenExtra] = useState(extraKey);
  const [backToFirst, setBackToFirst] = useState(false);
  if (seenExtra !== extraKey) {
    setSeenExtra(extraKey);
    if (store.state.page !== 1) setBackToFirst(true);
  }
  if (backToFirst && store.state.page === 1) setBackToFirst(false);
  const page = backToFirst ? 1 : store.state.page;
  useEffect(() => {
    if (backToFirst) storeRef.current.set({ page: 1 }, { replace: true });
  }, [backToFirst]);

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
      typedFilter.current = text;
      storeRef.current.set({ filter: text, page: 1 }, { typing: true });
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
          storeRef.current.set({ page: lastPage }, { replace: true });
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
    setPage: (next) => {
      setBackToFirst(false);
      store.set({ page: Math.max(1, Math.floor(next)) });
    },
    setFilterText,
    applyFilter: () => {
      const text = filterText.trim();
      if (text === filter) return;
      typedFilter.current = text;
      store.set({ filter: text, page: 1 }, { typing: true });
    },
    setQuickFilter: (value) => {
      if (value === quickFilter) return;
      store.set({ quickFilter: value, page: 1 });
    },
    toggleSort: (key) => {
      store.set({ sort: sort?.key === key ? { key, desc: !sort.desc } : { key, desc: false }, page: 1 });
    },
    reload,
    query: () => {
      const { Take: _take, Skip: _skip, ...rest } = buildQuery(1);
      return rest;
    },
  };
}
