import { formatDateTime, type Column, type QuickFilterOption } from '../../ui';
import type { BoardRow } from '../api';

/** backoffice.md §4: 1 active, 2 disabled, 3 marked for deletion. */
export const BOARD_STATUS: Record<number, string> = { 1: 'Active', 2: 'Disabled', 3: 'Marked for deletion' };

export const BOARD_QUICK_FILTERS: QuickFilterOption[] = [
  'all',
  'asset',
  'ctoday',
  'utoday',
  'cyesterday',
  'uyesterday',
  'client',
  'withuser',
  'removal-candidate',
  'disposable',
  'Inactive',
].map((value) => ({ value, label: value }));

/** The grid shows what fits a 1280 px screen with its actions; commands, share, client and assets are in the View dialog. */
export const BOARD_COLUMNS: Array<Column<BoardRow>> = [
  { key: 'name', label: 'Name', render: (b) => b.name || b.code },
  { key: 'ownerUsername', label: 'Owner', render: (b) => b.ownerUsername ?? b.owner ?? '' },
  {
    key: 'status',
    label: 'Status',
    render: (b) => <span className={`a-status a-status--${b.status}`}>{BOARD_STATUS[b.status] ?? b.status}</span>,
  },
  { key: 'membersCount', label: 'Members', align: 'end' },
  { key: 'createdDate', label: 'Created', sortable: true, sortField: 'CreatedDate', render: (b) => formatDateTime(b.createdDate) },
  {
    key: 'lastSession',
    label: 'Last session',
    sortable: true,
    sortField: 'LastSession',
    render: (b) => (b.lastSession ? formatDateTime(b.lastSession) : '—'),
  },
];
