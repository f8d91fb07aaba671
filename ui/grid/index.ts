/** The one grid of panel and admin on the one list protocol (docs/architecture.md "DataGrid"). */
export { DataGrid, DETAIL_WIDTH, GRID_PAGE_SIZE, GRID_TEXTS, type DataGridProps } from './data-grid';
export { Pager, PAGER_LINKS, type PagerProps } from './pager';
export { fetchCsv, listFetcher, pageWindow, saveBlob, toListQuery, type GridState } from './query';
export { FILTER_DELAY_MS, useList, type ListQueryState, type ListState, type ListStateStore, type UseListOptions } from './use-list';
export { GRID_PARAMS, readGridParams, useUrlListState, writeGridParams, type GridParamRules } from './url-state';
export type {
  Column,
  CsvDownload,
  DataGridHandle,
  FetchPage,
  ListPage,
  ListQuery,
  QuickFilterOption,
  RowAction,
  RowActionContext,
  RowDetail,
  Sort,
} from './types';
