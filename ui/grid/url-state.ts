import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Sort } from './types';
import type { ListQueryState, ListStateStore } from './use-list';

/**
 * A grid's query state in the URL's search parameters (docs/architecture.md "How to add a grid"),
 * so back, reload and a shared link show the same page, order and filters:
 *
 *   page=2            the page (1-based)
 *   sort=name&dir=desc  the sorted column's key; dir=desc when descending (absent: ascending)
 *   filter=inactive   the quick filter
 *   q=ada             the text filter
 *
 * A value equal to the grid's default (its initialPage, initialSort, first quick filter,
 * initialFilter) is left out. Two grids on one page take a prefix each (`urlKey`):
 * `pending.page=2`. A value the grid cannot use (an unknown column or quick filter, a page that
 * is not a positive integer) reads as the default.
 */
export const GRID_PARAMS = { page: 'page', sort: 'sort', dir: 'dir', quickFilter: 'filter', filter: 'q' } as const;

/** What a grid accepts from the URL. */
export interface GridParamRules {
  /** keys of the sortable columns */
  sortKeys: readonly string[];
  /** values of the quick filters (none: no quick filter) */
  quickFilters?: readonly string[];
}

const paramName = (name: string, urlKey?: string) => (urlKey ? `${urlKey}.${name}` : name);

const sameSort = (a: Sort | null | undefined, b: Sort | null | undefined) =>
  (a?.key ?? null) === (b?.key ?? null) && Boolean(a?.desc) === Boolean(b?.desc);

/** The grid state the search parameters describe (defaults for what they leave out). */
export function readGridParams(params: URLSearchParams, defaults: ListQueryState, rules: GridParamRules, urlKey?: string): ListQueryState {
  const get = (name: string) => params.get(paramName(name, urlKey));
  const state: ListQueryState = { ...defaults };
  const page = get(GRID_PARAMS.page);
  if (page !== null && /^[1-9]\d{0,8}$/.test(page)) state.page = Number(page);
  const filter = get(GRID_PARAMS.filter);
  if (filter !== null) state.filter = filter.trim();
  const quick = get(GRID_PARAMS.quickFilter);
  if (quick !== null && rules.quickFilters?.includes(quick)) state.quickFilter = quick;
  const sort = get(GRID_PARAMS.sort);
  if (sort !== null && rules.sortKeys.includes(sort)) state.sort = { key: sort, desc: get(GRID_PARAMS.dir) === 'desc' };
  return state;
}

/** The search parameters with the grid's state written in (defaults left out); other parameters are kept. */
export function writeGridParams(
  params: URLSearchParams,
  state: ListQueryState,
  defaults: ListQueryState,
  urlKey?: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) =>
    value === null ? next.delete(paramName(name, urlKey)) : next.set(paramName(name, urlKey), value);
  put(GRID_PARAMS.page, state.page === defaults.page ? null : String(state.page));
  put(GRID_PARAMS.filter, state.filter === defaults.filter ? null : state.filter);
  put(GRID_PARAMS.quickFilter, state.quickFilter === undefined || state.quickFilter === defaults.quickFilter ? null : state.quickFilter);
  const custom = state.sort && !sameSort(state.sort, defaults.sort) ? state.sort : null;
  put(GRID_PARAMS.sort, custom ? custom.key : null);
  put(GRID_PARAMS.dir, custom?.desc ? 'desc' : null);
  return next;
}

/**
 * A grid's state kept in the URL (react-router's search parameters) for useList's `store`.
 * A change pushes a history entry (back restores the state before it), except corrections
 * (`replace`) and a text filter typed on: while the last entry written was the text filter's and
 * the URL has not changed since, the next one replaces it, so a search is one entry, not one per
 * pause in typing.
 */
export function useUrlListState(defaults: ListQueryState, rules: GridParamRules, urlKey?: string): ListStateStore {
  const [params, setParams] = useSearchParams();
  // inline defaults and rules (a new object each render) must not give a new state each render
  const defaultsKey = JSON.stringify(defaults);
  const rulesKey = JSON.stringify(rules);
  const search = params.toString();
  const state = useMemo(
    () =>
      readGridParams(
        new URLSearchParams(search),
        JSON.parse(defaultsKey) as ListQueryState,
        JSON.parse(rulesKey) as GridParamRules,
        urlKey,
      ),
    [search, defaultsKey, rulesKey, urlKey],
  );
  /** the search the last text-filter change wrote */
  const typed = useRef<string | null>(null);
  return useMemo<ListStateStore>(
    () => ({
      state,
      set(change, how = {}) {
        const current = new URLSearchParams(search);
        const next = writeGridParams(current, { ...state, ...change }, JSON.parse(defaultsKey) as ListQueryState, urlKey);
        const text = next.toString();
        if (text === search) return;
        const replace = Boolean(how.replace) || (Boolean(how.typing) && typed.current === search);
        typed.current = how.typing ? text : null;
        setParams(next, { replace, preventScrollReset: true });
      },
    }),
    [state, search, defaultsKey, urlKey, setParams],
  );
}
