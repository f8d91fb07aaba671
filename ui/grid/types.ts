import type { ReactNode } from 'react';
import type { IconName } from '../icons';

/**
 * The client side of the one list protocol (backoffice.md §7 preamble, platform/core/list.ts):
 * a grid asks with `Take`, `Skip`, `Orders` (field, ' Desc' when descending), `Filter`,
 * `QuickFilter` and any typed filters of the list, and reads `{ totalCount, data }`.
 */
export interface ListQuery {
  Take: number;
  Skip: number;
  /** e.g. ['name'] or ['createdDate Desc']; absent means the list's default order */
  Orders?: string[];
  /** the text filter, trimmed; absent when empty */
  Filter?: string;
  /** the chosen quick filter; absent when the list declares none */
  QuickFilter?: string;
  /** typed filters beyond the protocol's (e.g. Days) */
  [filter: string]: string | number | boolean | string[] | undefined;
}

export interface ListPage<Row> {
  totalCount: number;
  data: Row[];
}

/** Fetches one page; `signal` aborts a request the grid no longer needs. */
export type FetchPage<Row> = (query: ListQuery, signal?: AbortSignal) => Promise<ListPage<Row>>;

/** One column, declared once: header, cell, sorting, and its line in the detail dialog. */
export interface Column<Row> {
  /** the row's field (and, unless sortField says otherwise, the name `Orders` sends) */
  key: string;
  /** the header text */
  label: string;
  /** the cell (default: the field's value as text) */
  render?: (row: Row) => ReactNode;
  /** a header button sorts by this column */
  sortable?: boolean;
  /** the list field `Orders` names when it is not `key` */
  sortField?: string;
  align?: 'start' | 'center' | 'end';
  /** CSS width of the column, e.g. 120 or '30%' */
  width?: number | string;
  /** leave this column out of the default detail view */
  hideInDetail?: boolean;
}

export interface Sort {
  /** a column key */
  key: string;
  desc: boolean;
}

export interface QuickFilterOption {
  /** what `QuickFilter` sends */
  value: string;
  label: string;
}

export interface RowActionContext {
  /** fetch the current page again (after a change the action made) */
  reload(): void;
}

/** A button in each row's actions cell; its accessible name is `${label}: ${rowLabel(row)}`. */
export interface RowAction<Row> {
  label: string;
  onClick: (row: Row, context: RowActionContext) => void | Promise<unknown>;
  icon?: IconName;
  /** show only the icon (the label stays the accessible name) */
  iconOnly?: boolean;
  danger?: boolean;
  /** leave the button out for this row (e.g. no 'Remove' on the owner) */
  hidden?: (row: Row) => boolean;
  disabled?: (row: Row) => boolean;
}

export interface RowDetail<Row> {
  /** the dialog's title (default rowLabel) */
  title?: (row: Row) => ReactNode;
  /** the dialog's body (default every column as a label/value list) */
  render?: (row: Row, context: RowActionContext) => ReactNode;
  /** the button that opens it (default 'Details') */
  label?: string;
  /** px; default 700 (backoffice.md §9) */
  width?: number;
}

export interface CsvDownload {
  /** the saved file's name, e.g. 'user-audit.csv' */
  filename: string;
  /** the list URL (GET with `Accept: text/csv` through ui/http.ts) */
  path?: string;
  /** or a function that gives the CSV for the current filters and order */
  fetch?: (query: Omit<ListQuery, 'Take' | 'Skip'>) => Promise<Blob | string>;
  /** the button text (default 'Download CSV') */
  label?: string;
}

export interface DataGridHandle {
  /** fetch the current page again */
  reload(): void;
}
