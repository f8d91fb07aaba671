import { useMemo, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  confirm,
  DataGrid,
  formatBytes,
  formatDate,
  HttpError,
  toast,
  type Column,
  type FetchPage,
  type ListQuery,
  type RowAction,
} from '../../ui';
import { memoryList, people, PEOPLE_QUICK_FILTERS, select, toCsvText, type Person } from './data-grid.data';

interface DemoProps {
  /** how many people the in-memory list holds */
  count: number;
  /** ms before each answer (Infinity: never) */
  latency?: number;
  pageSize?: number;
  initialPage?: number;
  initialFilter?: string;
  quickFilters?: boolean;
  /** row actions (Remove, Make admin), a detail dialog and the CSV download */
  withDetail?: boolean;
  /** every request fails with this 400 message */
  failWith?: string;
  /** sees every list query the grid sends */
  onQuery?: (query: ListQuery) => void;
  /** the table's name (default 'Workspace members') */
  label?: string;
  /** DataGrid urlKey: the prefix of its URL parameters */
  urlKey?: string;
  /** the address the router stories open (InTheUrl, TwoInTheUrl) */
  url?: string;
}

const COLUMNS: Array<Column<Person>> = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'role', label: 'Role', sortable: true },
  { key: 'active', label: 'Status', render: (p) => (p.active ? 'Active' : 'Inactive') },
  { key: 'storage', label: 'Storage', sortable: true, align: 'end', render: (p) => formatBytes(p.storage) },
  { key: 'joined', label: 'Joined', sortable: true, render: (p) => formatDate(p.joined, { timeZone: 'UTC' }) },
];

/** A member list as a workspace screen would declare it, over an in-memory list. */
function PeopleGrid({
  count,
  latency = 120,
  pageSize,
  initialPage,
  initialFilter,
  quickFilters = true,
  withDetail = false,
  failWith,
  onQuery,
  label = 'Workspace members',
  urlKey,
}: DemoProps) {
  // each story (and each test) gets its own rows, so a removal does not leak into another
  const [rows] = useState(() => people(count));
  const fetch = useMemo<FetchPage<Person>>(() => {
    const answer: FetchPage<Person> = failWith
      ? () => Promise.reject(new HttpError(400, { message: failWith, errors: {} }, failWith))
      : memoryList(rows, latency);
    return (query, signal) => {
      onQuery?.(query);
      return answer(query, signal);
    };
  }, [rows, latency, failWith, onQuery]);
  const actions: Array<RowAction<Person>> = [
    {
      label: 'Make admin',
      hidden: (p) => p.role !== 'Member',
      onClick: (p, { reload }) => {
        p.role = 'Admin';
        toast.success(`${p.name} is now an admin.`);
        reload();
      },
    },
    {
      label: 'Remove',
      icon: 'trash',
      danger: true,
      hidden: (p) => p.role === 'Owner',
      onClick: async (p, { reload }) => {
        if (!(await confirm({ message: `Remove ${p.name} from this workspace?`, danger: true }))) return;
        rows.splice(rows.indexOf(p), 1);
        reload();
      },
    },
  ];
  return (
    <div style={{ padding: 24, maxWidth: 1100 }}>
      <DataGrid<Person>
        label={label}
        urlKey={urlKey}
        showCaption
        columns={COLUMNS}
        fetch={fetch}
        rowKey="id"
        rowLabel={(p) => p.name}
        pageSize={pageSize}
        initialPage={initialPage}
        initialFilter={initialFilter}
        quickFilters={quickFilters ? PEOPLE_QUICK_FILTERS : undefined}
        actions={withDetail ? actions : undefined}
        detail={withDetail ? { title: (p) => p.name } : undefined}
        csv={withDetail ? { filename: 'members.csv', fetch: async (query) => toCsvText(select(rows, query)) } : undefined}
      />
    </div>
  );
}

/** The address bar of a story in a memory router, with the browser's Back. */
function AddressBar() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <p style={{ padding: '0 24px', display: 'flex', gap: 12, alignItems: 'center' }}>
      <output aria-label="Address">{location.pathname + location.search}</output>
      <button type="button" className="t-btn t-btn--secondary t-btn--sm" onClick={() => navigate(-1)}>
        Back
      </button>
    </p>
  );
}

/** Grids at `url` in a memory router (as in the apps), under an address bar with Back. */
function Routed({ url, children }: { url: string; children: ReactNode }) {
  // one router per address: the grids keep their state in it (not remade when the children change)
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          {
            path: '*',
            element: (
              <>
                <AddressBar />
                {children}
              </>
            ),
          },
        ],
        { initialEntries: [url] },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [url],
  );
  return <RouterProvider router={router} />;
}

/**
 * The one grid (docs/architecture.md "DataGrid"): 10 a page, a pager of up to 10 page numbers,
 * 'No records', skeleton rows while loading, a debounced text filter, quick filters, sortable
 * headers, row actions and a detail dialog, on the one list protocol.
 */
const meta = {
  title: 'UI/DataGrid',
  component: PeopleGrid,
  args: { count: 47 },
} satisfies Meta<typeof PeopleGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list has no rows: 'No records', no pager. */
export const Empty: Story = { args: { count: 0 } };

/** The first answer has not come: skeleton rows, the table marked busy. */
export const Loading: Story = { args: { latency: Number.POSITIVE_INFINITY } };

/** 47 rows, 10 a page, opened on page 3 (rows 21–30). */
export const Paged: Story = { args: { initialPage: 3 } };

/** Opened with a text filter ('ada': 5 of 47) and the quick filters All / Active / Inactive. */
export const Filtered: Story = { args: { initialFilter: 'ada' } };

/** Row actions (Make admin, Remove with a confirm), a detail dialog per row, CSV download. */
export const WithDetail: Story = { args: { withDetail: true } };

/** 250 rows on page 15: the pager shows 10 page numbers around the current one. */
export const ManyPages: Story = { args: { count: 250, initialPage: 15 } };

/** The list answers 400: the message goes to the toast layer, the grid offers Retry. */
export const Failing: Story = { args: { failWith: 'Filter must be at most 200 characters' } };

/**
 * In an app (inside a router) the grid keeps page, sort, quick filter and text filter in the URL
 * (page, sort, dir, filter, q): Back restores the state before a change, and opening the same
 * address shows the same rows. Defaults are left out of the address.
 */
export const InTheUrl: Story = {
  args: { url: '/members' },
  render: ({ url, ...args }) => (
    <Routed url={url ?? '/members'}>
      <PeopleGrid {...args} />
    </Routed>
  ),
};

/** Two grids on one page: the second names a prefix (urlKey 'others': others.page, others.q …). */
export const TwoInTheUrl: Story = {
  args: { url: '/members' },
  render: ({ url, ...args }) => (
    <Routed url={url ?? '/members'}>
      <PeopleGrid {...args} />
      <PeopleGrid {...args} label="Other members" urlKey="others" />
    </Routed>
  ),
};
