import { useId, useImperativeHandle, useState, type ReactNode, type Ref } from 'react';
import { useInRouterContext } from 'react-router';
import { Button } from '../button';
import { errorText, reportFailure } from '../http';
import { Icon, PathIcon } from '../icons';
import { MESSAGES } from '../messages';
import { Modal } from '../modal';
import { Pager } from './pager';
import { fetchCsv, saveBlob } from './query';
import { useGridStyles } from './styles';
import type {
  Column,
  CsvDownload,
  DataGridHandle,
  FetchPage,
  QuickFilterOption,
  RowAction,
  RowActionContext,
  RowDetail,
  Sort,
} from './types';
import { useUrlListState } from './url-state';
import { useList, type ListQueryState, type ListStateStore, type UseListOptions } from './use-list';

/** The grids' fixed texts (backoffice.md §2: 'No records'). */
export const GRID_TEXTS = {
  noRecords: 'No records',
  loading: 'Loading records',
  search: 'Search',
  quickFilter: 'Show',
  details: 'Details',
  actions: 'Actions',
  csv: 'Download CSV',
} as const;

export const GRID_PAGE_SIZE = 10;
export const DETAIL_WIDTH = 700;

export interface DataGridProps<Row> {
  /** the table's name: its caption (visually hidden unless showCaption) and the pager's label */
  label: string;
  showCaption?: boolean;
  columns: Array<Column<Row>>;
  /** one page for a list query: listFetcher(url) for a platform list, or any function */
  fetch: FetchPage<Row>;
  /** a row's stable key: a field name or a function */
  rowKey: keyof Row | ((row: Row) => string | number);
  /** how a row is named in its buttons' accessible names and the detail title (default: its first column) */
  rowLabel?: (row: Row) => string;
  /** rows per page (default 10; panel board list 30) */
  pageSize?: number;
  initialPage?: number;
  initialFilter?: string;
  initialSort?: Sort;
  /** the list's quick filters; the first is chosen unless initialQuickFilter says otherwise */
  quickFilters?: QuickFilterOption[];
  initialQuickFilter?: string;
  /** typed filters of the list (e.g. { Days: 7 }); a change goes back to page 1 */
  extraQuery?: UseListOptions['extra'];
  /** show the text filter (default true) */
  filterable?: boolean;
  filterLabel?: string;
  filterPlaceholder?: string;
  filterDelay?: number;
  actions?: Array<RowAction<Row>>;
  detail?: RowDetail<Row>;
  csv?: CsvDownload;
  /** more controls at the toolbar's end (e.g. an Invite button) */
  toolbar?: ReactNode;
  /** what an empty list says (default 'No records') */
  emptyText?: ReactNode;
  /** reload() from outside, e.g. after a form added a row */
  handle?: Ref<DataGridHandle>;
  className?: string;
  /**
   * Page, sort, quick filter and text filter live in the URL's search parameters (page, sort,
   * dir, filter, q; url-state.ts), so back, reload and a shared link restore them. A second grid
   * on the same page names a prefix (`urlKey="pending"`: pending.page, pending.q …); `false`
   * keeps the state in the grid alone (a grid inside a dialog). Outside a router the state is the
   * grid's alone.
   */
  urlKey?: string | false;
}

const DOWNLOAD_ICON = 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3';
const SEARCH_ICON = 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35';

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'none') return <PathIcon d="m8 9 4-4 4 4M16 15l-4 4-4-4" size={14} aria-hidden="true" opacity={0.55} />;
  return <PathIcon d={state === 'ascending' ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} size={14} aria-hidden="true" />;
}

/**
 * The one grid of panel and admin (docs/architecture.md "DataGrid"): columns declared once,
 * the one list protocol underneath (Take/Skip/Orders/Filter/QuickFilter → totalCount/data),
 * 10 rows and a pager of up to 10 page numbers, 'No records', skeleton rows while loading,
 * a debounced text filter, quick filters, sortable headers, row actions, a detail dialog and
 * an optional CSV download. A filter, quick-filter or sort change goes back to page 1;
 * failures go to the toast layer. Inside a router, page, sort and filters are kept in the URL
 * (`urlKey`).
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  // fixed for the grid's life: a grid does not move in or out of a router
  const routed = useInRouterContext() && props.urlKey !== false;
  return routed ? <UrlDataGrid {...props} /> : <GridView {...props} />;
}

/** The state a grid starts from, and what the URL may name. */
function defaultsOf<Row>(props: DataGridProps<Row>): ListQueryState {
  const quick = props.quickFilters;
  return {
    page: Math.max(1, props.initialPage ?? 1),
    filter: (props.initialFilter ?? '').trim(),
    quickFilter: quick?.length ? (props.initialQuickFilter ?? quick[0]!.value) : undefined,
    sort: props.initialSort ?? null,
  };
}

function UrlDataGrid<Row>(props: DataGridProps<Row>) {
  const rules = {
    sortKeys: props.columns.filter((c) => c.sortable).map((c) => c.key),
    quickFilters: props.quickFilters?.map((q) => q.value),
  };
  const store = useUrlListState(defaultsOf(props), rules, props.urlKey || undefined);
  return <GridView {...props} store={store} />;
}

function GridView<Row>(props: DataGridProps<Row> & { store?: ListStateStore }) {
  useGridStyles();
  const { label, columns, rowKey, pageSize = GRID_PAGE_SIZE, quickFilters, actions, detail, csv, filterable = true } = props;
  const filterId = useId();
  const defaults = defaultsOf(props);
  const list = useList<Row>(props.fetch, {
    pageSize,
    initialPage: defaults.page,
    initialFilter: props.initialFilter,
    initialSort: defaults.sort,
    initialQuickFilter: defaults.quickFilter,
    extra: props.extraQuery,
    filterDelay: props.filterDelay,
    sortField: (key) => columns.find((c) => c.key === key)?.sortField ?? key,
    store: props.store,
  });
  const [detailRow, setDetailRow] = useState<Row | null>(null);
  const [downloading, setDownloading] = useState(false);
  const context: RowActionContext = { reload: list.reload };
  useImperativeHandle(props.handle, () => ({ reload: list.reload }), [list.reload]);

  const keyOf = (row: Row, index: number): string | number => {
    const key = typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as unknown);
    return typeof key === 'string' || typeof key === 'number' ? key : index;
  };
  const nameOf = (row: Row): string => {
    if (props.rowLabel) return props.rowLabel(row);
    const first = columns[0];
    return first ? String(cellText((row as Record<string, unknown>)[first.key]) ?? '') : '';
  };
  const renderCell = (column: Column<Row>, row: Row): ReactNode =>
    column.render ? column.render(row) : cellText((row as Record<string, unknown>)[column.key]);

  const hasActions = Boolean(actions?.length || detail);
  const span = columns.length + (hasActions ? 1 : 0);
  const skeletonRows = Math.max(1, Math.min(pageSize, list.rows.length || pageSize, 10));

  const download = async () => {
    if (!csv) return;
    setDownloading(true);
    try {
      const content = csv.fetch ? await csv.fetch(list.query()) : csv.path ? await fetchCsv(csv.path, list.query()) : '';
      saveBlob(content, csv.filename);
    } catch (err) {
      reportFailure(err);
    } finally {
      setDownloading(false);
    }
  };

  const first = list.totalCount === 0 ? 0 : (list.page - 1) * pageSize + 1;
  const last = Math.min(list.totalCount, (list.page - 1) * pageSize + list.rows.length);

  let body: ReactNode;
  if (list.loading) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={`skeleton-${i}`} className="t-grid__skeleton-row" aria-hidden="true">
        {Array.from({ length: span }, (_, j) => (
          <td key={j}>
            <span className="t-grid__skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (list.error) {
    body = (
      <tr>
        <td colSpan={span} className="t-grid__failed">
          {errorText(list.error)}
          <Button variant="secondary" size="sm" onClick={list.reload}>
            {MESSAGES.retry}
          </Button>
        </td>
      </tr>
    );
  } else if (list.rows.length === 0) {
    body = (
      <tr>
        <td colSpan={span} className="t-grid__empty">
          {props.emptyText ?? GRID_TEXTS.noRecords}
        </td>
      </tr>
    );
  } else {
    body = list.rows.map((row, index) => {
      const name = nameOf(row);
      return (
        <tr key={keyOf(row, index)}>
          {columns.map((column) => (
            <td key={column.key} data-align={column.align}>
              {renderCell(column, row)}
            </td>
          ))}
          {hasActions && (
            <td data-align="end">
              <div className="t-grid__actions">
                {detail && (
                  <button
                    type="button"
                    className="t-grid__action"
                    aria-label={`${detail.label ?? GRID_TEXTS.details}: ${name}`}
                    onClick={() => setDetailRow(row)}
                  >
                    {detail.label ?? GRID_TEXTS.details}
                  </button>
                )}
                {actions
                  ?.filter((action) => !action.hidden?.(row))
                  .map((action) => (
                    <button
                      key={action.label}
                      type="button"
                      className={[
                        't-grid__action',
                        action.danger && 't-grid__action--danger',
                        action.iconOnly && action.icon && 't-grid__action--icon',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-label={`${action.label}: ${name}`}
                      title={action.iconOnly ? action.label : undefined}
                      disabled={action.disabled?.(row)}
                      onClick={() => {
                        Promise.resolve()
                          .then(() => action.onClick(row, context))
                          .catch(reportFailure);
                      }}
                    >
                      {action.icon && <Icon name={action.icon} size={15} aria-hidden="true" />}
                      {!(action.iconOnly && action.icon) && action.label}
                    </button>
                  ))}
              </div>
            </td>
          )}
        </tr>
      );
    });
  }

  const ariaSort = (column: Column<Row>): 'ascending' | 'descending' | 'none' | undefined => {
    if (!column.sortable) return undefined;
    if (list.sort?.key !== column.key) return 'none';
    return list.sort.desc ? 'descending' : 'ascending';
  };

  const showToolbar = filterable || Boolean(quickFilters?.length) || Boolean(csv) || Boolean(props.toolbar);
  return (
    <div className={['t-grid', props.className].filter(Boolean).join(' ')}>
      {showToolbar && (
        <div className="t-grid__toolbar">
          {filterable && (
            <div className="t-grid__search">
              <PathIcon d={SEARCH_ICON} size={16} aria-hidden="true" />
              <label htmlFor={filterId} className="t-sr-only">
                {props.filterLabel ?? GRID_TEXTS.search}
              </label>
              <input
                id={filterId}
                type="search"
                className="t-input"
                value={list.filterText}
                placeholder={props.filterPlaceholder ?? `${GRID_TEXTS.search}…`}
                autoComplete="off"
                onChange={(e) => list.setFilterText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') list.applyFilter();
                }}
              />
            </div>
          )}
          {quickFilters && quickFilters.length > 0 && quickFilters.length <= 5 && (
            <div className="t-grid__quick" role="group" aria-label={GRID_TEXTS.quickFilter}>
              {quickFilters.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={list.quickFilter === option.value}
                  onClick={() => list.setQuickFilter(option.value)}
                >
                  {option.label}
                </button>
              ))}
            </div>
          )}
          {quickFilters && quickFilters.length > 5 && (
            <select
              className="t-input t-grid__quick-select"
              aria-label={GRID_TEXTS.quickFilter}
              value={list.quickFilter}
              onChange={(e) => list.setQuickFilter(e.target.value)}
            >
              {quickFilters.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
          {(csv || props.toolbar) && (
            <div className="t-grid__tools">
              {props.toolbar}
              {csv && (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={downloading}
                  icon={<PathIcon d={DOWNLOAD_ICON} size={16} aria-hidden="true" />}
                  onClick={download}
                >
                  {csv.label ?? GRID_TEXTS.csv}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
      {/* focusable so a table wider than a narrow embed scrolls from the keyboard */}
      <div className="t-grid__scroll" role="region" aria-label={label} tabIndex={0}>
        <table className="t-grid__table" aria-busy={list.loading || undefined}>
          <caption className={props.showCaption ? 't-grid__caption' : 't-sr-only'}>{label}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sort = ariaSort(column);
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sort}
                    data-align={column.align}
                    style={column.width !== undefined ? { width: column.width } : undefined}
                  >
                    {column.sortable ? (
                      <button type="button" className="t-grid__sort" onClick={() => list.toggleSort(column.key)}>
                        {column.label}
                        <SortIcon state={sort ?? 'none'} />
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
              {hasActions && (
                <th scope="col" data-align="end">
                  <span className="t-sr-only">{GRID_TEXTS.actions}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <div className="t-grid__footer">
        <span className="t-grid__summary" aria-live="polite">
          {list.loading ? (
            <span className="t-sr-only">{GRID_TEXTS.loading}</span>
          ) : list.totalCount > 0 ? (
            `${first}–${last} of ${list.totalCount}`
          ) : (
            ''
          )}
        </span>
        <Pager page={list.page} pageCount={list.pageCount} onPage={list.setPage} label={`${label} pages`} />
      </div>
      {detail && (
        <Modal
          open={detailRow !== null}
          title={detailRow === null ? '' : (detail.title?.(detailRow) ?? nameOf(detailRow))}
          width={detail.width ?? DETAIL_WIDTH}
          onClose={() => setDetailRow(null)}
        >
          {detailRow !== null &&
            (detail.render ? (
              detail.render(detailRow, context)
            ) : (
              <dl className="t-grid__detail">
                {columns
                  .filter((column) => !column.hideInDetail)
                  .map((column) => (
                    <div key={column.key} style={{ display: 'contents' }}>
                      <dt>{column.label}</dt>
                      <dd>{renderCell(column, detailRow)}</dd>
                    </div>
                  ))}
              </dl>
            ))}
        </Modal>
      )}
    </div>
  );
}
