import './preview';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { people, select } from '../../stories/ui/data-grid.data';
import { listQuery } from '../../platform/core/list';
import { fetchCsv, formatBytes, listFetcher, toListQuery, type ListQuery } from '../../ui';
import * as gridStories from '../../stories/ui/data-grid.stories';

const { Empty, Loading, Paged, Filtered, WithDetail, ManyPages, Failing, InTheUrl, TwoInTheUrl } = composeStories(gridStories);
const ALL = people(47);
vi.setConfig({ testTimeout: 30_000 });

const table = () => screen.getByRole('table', { name: 'Workspace members' });
/** The names in the body's rows, once the rows (not skeletons) are there. */
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const currentPage = () =>
  screen.getByRole('navigation', { name: 'Workspace members pages' }).querySelector('[aria-current="page"]')?.textContent;
const loaded = () => waitFor(() => expect(table().getAttribute('aria-busy')).toBeNull());
const namesOf = (rows: typeof ALL) => rows.map((p) => p.name);

afterEach(() => vi.restoreAllMocks());

describe('DataGrid', () => {
  it('shows skeleton rows while the first page loads, in a table marked busy', async () => {
    render(<Loading />);
    const grid = await screen.findByRole('table', { name: 'Workspace members' });
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(grid.querySelectorAll('tbody .t-grid__skeleton').length).toBeGreaterThan(0);
    expect(grid.querySelector('tbody tr')!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByText('No records')).toBeNull();
    expect(screen.getByText('Loading records')).toBeTruthy();
  });

  it("says 'No records' when the list is empty, with no pager", async () => {
    render(<Empty />);
    expect(await screen.findByRole('cell', { name: 'No records' })).toBeTruthy();
    expect(table().querySelector('.t-grid__skeleton')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Workspace members pages' })).toBeNull();
  });

  it('pages: 10 rows a page, clicking page 2 shows rows 11–20 and marks it current', async () => {
    const user = userEvent.setup();
    render(<Paged />);
    await loaded();
    // opened on page 3
    expect(currentPage()).toBe('3');
    expect(names()).toEqual(namesOf(ALL.slice(20, 30)));
    const pager = screen.getByRole('navigation', { name: 'Workspace members pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);

    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(names()).toEqual(namesOf(ALL.slice(10, 20))));
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('11–20 of 47')).toBeTruthy();

    // the last page holds the remaining 7; Next is then marked disabled and does nothing
    await user.click(within(pager).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(names()).toEqual(namesOf(ALL.slice(40, 47))));
    const next = within(pager).getByRole('button', { name: 'Next page' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    expect(currentPage()).toBe('5');
  });

  it('the pager works from the keyboard: Previous with Enter, a page number with Space', async () => {
    const user = userEvent.setup();
    render(<Paged />);
    await loaded();
    screen.getByRole('button', { name: 'Previous page' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(namesOf(ALL.slice(10, 20))));
    expect(currentPage()).toBe('2');
    // focus stays on the button that was pressed
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous page' }));
    screen.getByRole('button', { name: 'Page 4' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(names()).toEqual(namesOf(ALL.slice(30, 40))));
  });

  it('shows at most 10 page numbers, around the current page', async () => {
    render(<ManyPages />);
    await loaded();
    const pager = screen.getByRole('navigation', { name: 'Workspace members pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
    expect(currentPage()).toBe('15');
    expect(screen.getByText('141–150 of 250')).toBeTruthy();
  });

  it('a page past the end (the list shrank) shows the last page instead of an empty one', async () => {
    render(<Paged initialPage={9} />);
    await waitFor(() => expect(names()).toEqual(namesOf(ALL.slice(40, 47))));
    expect(currentPage()).toBe('5');
    expect(screen.queryByText('No records')).toBeNull();
  });

  it('typing in the filter goes back to page 1 with fewer rows', async () => {
    const user = userEvent.setup();
    render(<Paged />);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentPage()).toBe('2'));

    // 'admin' matches the 11 admins: two pages, so a page that did not reset would show the 11th
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'admin');
    const admins = ALL.filter((p) => p.role === 'Admin');
    expect(admins.length).toBe(11);
    await waitFor(() => expect(names()).toEqual(namesOf(admins.slice(0, 10))));
    expect(currentPage()).toBe('1');
    expect(screen.getByText('1–10 of 11')).toBeTruthy();
  });

  it('the filter is debounced: typing a word sends one request, not one per key', async () => {
    const user = userEvent.setup();
    const queries: ListQuery[] = [];
    render(<Paged onQuery={(q) => queries.push(q)} />);
    await loaded();
    expect(queries.map((q) => q.Filter)).toEqual([undefined]);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'admin');
    await waitFor(() => expect(screen.getByText('1–10 of 11')).toBeTruthy());
    expect(queries.map((q) => q.Filter)).toEqual([undefined, 'admin']);
    expect(queries[1]).toMatchObject({ Take: 10, Skip: 0, QuickFilter: 'all' });
  });

  it('opens filtered; the quick filter narrows the rows, goes back to page 1 and shows which is on', async () => {
    const user = userEvent.setup();
    render(<Filtered />);
    await loaded();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ada');
    expect(names()).toEqual(['Ada 01', 'Ada 11', 'Ada 21', 'Ada 31', 'Ada 41']);

    const quick = screen.getByRole('group', { name: 'Show' });
    expect(within(quick).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(quick).getByRole('button', { name: 'Inactive' }));
    // inactive: every third person
    await waitFor(() => expect(names()).toEqual(['Ada 21']));
    expect(within(quick).getByRole('button', { name: 'Inactive' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(quick).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');

    // clearing the text filter: all inactive people (15), first page
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    const inactive = ALL.filter((p) => !p.active);
    await waitFor(() => expect(names()).toEqual(namesOf(inactive.slice(0, 10))));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(names()).toEqual(namesOf(inactive.slice(10))));
    await user.click(within(quick).getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(names()).toEqual(namesOf(ALL.filter((p) => p.active).slice(0, 10))));
    expect(currentPage()).toBe('1');
  });

  it('clicking a sortable header sorts, flips on the second click, sets aria-sort and goes back to page 1', async () => {
    const user = userEvent.setup();
    render(<Paged />);
    await loaded();
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    // a column that does not sort has no button and no aria-sort
    const status = screen.getByRole('columnheader', { name: 'Status' });
    expect(status.getAttribute('aria-sort')).toBeNull();
    expect(within(status).queryByRole('button')).toBeNull();

    const byName = [...ALL].sort((a, b) => a.name.localeCompare(b.name));
    await user.click(within(header).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(names()).toEqual(namesOf(byName.slice(0, 10))));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(currentPage()).toBe('1');

    await user.click(within(header).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(names()).toEqual(namesOf([...byName].reverse().slice(0, 10))));
    expect(header.getAttribute('aria-sort')).toBe('descending');

    // another column takes over the sort
    await user.click(screen.getByRole('button', { name: /Storage/ }));
    const byStorage = [...ALL].sort((a, b) => a.storage - b.storage);
    await waitFor(() => expect(names()).toEqual(namesOf(byStorage.slice(0, 10))));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Storage/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it("opens a row's detail in a dialog that keeps the focus, and closes it with Escape", async () => {
    const user = userEvent.setup();
    render(<WithDetail />);
    await loaded();
    const opener = screen.getByRole('button', { name: 'Details: Grace 02' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Grace 02' });
    expect(dialog.style.width).toBe('700px');
    // every column, formatted as in the grid
    expect(within(dialog).getByText('grace02@example.com')).toBeTruthy();
    expect(within(dialog).getByText(formatBytes(ALL[1]!.storage))).toBeTruthy();
    expect(within(dialog).getByText('Jan 7, 2026')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // focus goes back to the button that opened it
    expect(document.activeElement).toBe(opener);
  });

  it('row actions: named per row, hidden where they do not apply, and the grid reloads after them', async () => {
    const user = userEvent.setup();
    render(<WithDetail />);
    await loaded();
    // the Owner cannot be removed or promoted; an Admin cannot be made admin again
    expect(screen.queryByRole('button', { name: 'Remove: Ada 01' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make admin: Ada 01' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make admin: Edsger 04' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove: Edsger 04' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Make admin: Grace 02' }));
    expect(await screen.findByText('Grace 02 is now an admin.')).toBeTruthy();
    // after the reload Grace's row is back, without 'Make admin'
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Remove: Grace 02' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Make admin: Grace 02' })).toBeNull();
    });

    await user.click(screen.getByRole('button', { name: 'Remove: Alan 03' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(names()).toEqual(namesOf([...ALL.slice(0, 2), ...ALL.slice(3, 11)])));
    expect(screen.getByText('1–10 of 46')).toBeTruthy();
  });

  it('downloads the filtered, sorted rows as CSV', async () => {
    const user = userEvent.setup();
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:members';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(<WithDetail />);
    await loaded();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ken');
    await waitFor(() => expect(names()).toEqual(['Ken 07', 'Ken 17', 'Ken 27', 'Ken 37', 'Ken 47']));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(names()[0]).toBe('Ken 47'));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['members.csv']));
    const text = await saved!.text();
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('id,name,email,role,active,storage,joined');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(namesOf(select(ALL, { Filter: 'ken', Orders: ['name Desc'] })));
  });

  it('a failing list shows its message as an error toast and offers Retry', async () => {
    render(<Failing />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Filter must be at most 200 characters');
    expect(within(table()).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('No records')).toBeNull();
  });
});

describe('DataGrid in the URL', () => {
  const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
  const searchbox = (name = 'Search') => screen.getAllByRole('searchbox', { name })[0] as HTMLInputElement;
  const pressed = () =>
    within(screen.getAllByRole('group', { name: 'Show' })[0]!)
      .getAllByRole('button')
      .find((b) => b.getAttribute('aria-pressed') === 'true')?.textContent;
  const nameSort = () => screen.getAllByRole('columnheader', { name: /Name/ })[0]!.getAttribute('aria-sort');

  it('keeps page, sort, quick filter and text filter in the URL; Back restores, the same URL opens the same state', async () => {
    const user = userEvent.setup();
    const queries: ListQuery[] = [];
    const { unmount } = render(<InTheUrl onQuery={(q) => queries.push(q)} />);
    await loaded();
    expect(address()).toBe('/members');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(names()).toEqual(namesOf(ALL.slice(10, 20))));
    expect(address()).toBe('/members?page=2');

    // a sort goes back to page 1: the default page is left out
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(address()).toBe('/members?sort=name'));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(address()).toBe('/members?sort=name&dir=desc'));

    await user.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'Inactive' }));
    await waitFor(() => expect(address()).toBe('/members?sort=name&dir=desc&filter=inactive'));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(address()).toBe('/members?sort=name&dir=desc&filter=inactive&page=2'));

    // typing: one history entry for the search, however many pauses; the page goes back to 1
    await user.type(searchbox(), 'a');
    await waitFor(() => expect(address()).toBe('/members?sort=name&dir=desc&filter=inactive&q=a'));
    await user.type(searchbox(), 'd');
    await waitFor(() => expect(address()).toBe('/members?sort=name&dir=desc&filter=inactive&q=ad'));
    const expected = select(ALL, { Filter: 'ad', QuickFilter: 'inactive', Orders: ['name Desc'] });
    await waitFor(() => expect(names()).toEqual(namesOf(expected.slice(0, 10))));
    expect(queries.at(-1)).toMatchObject({ Take: 10, Skip: 0, Filter: 'ad', QuickFilter: 'inactive', Orders: ['name Desc'] });

    // Back: the state before the search (page 2 of the inactive, by name descending), box emptied
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toBe('/members?sort=name&dir=desc&filter=inactive&page=2'));
    const inactive = select(ALL, { QuickFilter: 'inactive', Orders: ['name Desc'] });
    await waitFor(() => expect(names()).toEqual(namesOf(inactive.slice(10, 20))));
    expect(searchbox().value).toBe('');
    expect(currentPage()).toBe('2');
    // and again: page 1
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toBe('/members?sort=name&dir=desc&filter=inactive'));
    await waitFor(() => expect(names()).toEqual(namesOf(inactive.slice(0, 10))));
    expect(pressed()).toBe('Inactive');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toBe('/members?sort=name&dir=desc'));
    expect(pressed()).toBe('All');
    expect(nameSort()).toBe('descending');
    unmount();

    // the same address in a new render (a reload, a shared link) shows the same state
    render(<InTheUrl url="/members?sort=name&dir=desc&filter=inactive&q=a&page=2" />);
    const shared = select(ALL, { Filter: 'a', QuickFilter: 'inactive', Orders: ['name Desc'] });
    expect(shared.length).toBe(15);
    await waitFor(() => expect(names()).toEqual(namesOf(shared.slice(10, 20))));
    expect(searchbox().value).toBe('a');
    expect(pressed()).toBe('Inactive');
    expect(nameSort()).toBe('descending');
    expect(currentPage()).toBe('2');
    cleanup();

    render(<InTheUrl url="/members?page=3&sort=storage" />);
    const byStorage = [...ALL].sort((a, b) => a.storage - b.storage);
    await waitFor(() => expect(names()).toEqual(namesOf(byStorage.slice(20, 30))));
    expect(currentPage()).toBe('3');
    expect(screen.getByRole('columnheader', { name: /Storage/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('ignores what the grid cannot use, and a page past the end becomes the last page in the URL', async () => {
    render(<InTheUrl url="/members?page=9&sort=status&filter=nobody&q=%20ken%20&other=kept" />);
    // 'status' does not sort and 'nobody' is no quick filter: the defaults; 'ken' matches 5 (one page)
    await waitFor(() => expect(names()).toEqual(['Ken 07', 'Ken 17', 'Ken 27', 'Ken 37', 'Ken 47']));
    // the correction to the last page writes what the grid shows: the rest is cleaned out, other parameters kept
    await waitFor(() => expect(address()).toBe('/members?q=ken&other=kept'));
    expect(pressed()).toBe('All');
    expect(nameSort()).toBe('none');
  });

  it('two grids on one page keep their own parameters (urlKey)', async () => {
    const user = userEvent.setup();
    render(<TwoInTheUrl />);
    const other = () => screen.getByRole('table', { name: 'Other members' });
    await waitFor(() => expect(other().getAttribute('aria-busy')).toBeNull());
    await loaded();
    await user.click(within(screen.getByRole('navigation', { name: 'Other members pages' })).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(address()).toBe('/members?others.page=3'));
    await user.click(within(screen.getByRole('navigation', { name: 'Workspace members pages' })).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(address()).toBe('/members?others.page=3&page=2'));
    await user.type(screen.getAllByRole('searchbox', { name: 'Search' })[1]!, 'ken');
    await waitFor(() => expect(address()).toBe('/members?page=2&others.q=ken'));
    await waitFor(() => expect(names()).toEqual(namesOf(ALL.slice(10, 20))));
    // the other grid's filtered page arrives after the URL changes (its request is debounced)
    await waitFor(() =>
      expect(
        within(other())
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
      ).toEqual(['Ken 07', 'Ken 17', 'Ken 27', 'Ken 37', 'Ken 47']),
    );
  });
});

describe('list protocol (client side)', () => {
  // a list as a platform route declares it (platform/core/list.ts)
  const declaration = {
    name: 'Members',
    fields: { name: 'name', email: 'email', createdDate: 'created_at' },
    sortable: ['name', 'createdDate'],
    searchable: ['name', 'email'],
    quickFilters: { all: null, active: null },
    defaultOrder: 'createdDate Desc',
    toItem: (row: unknown) => row,
  };
  /** The query values of a URL as hapi hands them to joi (a repeated key becomes an array). */
  const queryOf = (url: string) => {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of new URL(url, 'http://localhost').searchParams) out[k] = k in out ? ([] as string[]).concat(out[k]!, v) : v;
    return out;
  };

  it("listFetcher sends the grid state as Take/Skip/Orders/Filter/QuickFilter the platform's schema accepts", async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, headers: init.headers as Record<string, string> });
        const csv = (init.headers as Record<string, string>).accept === 'text/csv';
        return csv
          ? new Response('name\nAda\n', { headers: { 'content-type': 'text/csv' } })
          : new Response(JSON.stringify({ totalCount: 31, data: [{ name: 'Ada' }] }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    try {
      const query = toListQuery({
        page: 3,
        pageSize: 10,
        filter: '  ada ',
        quickFilter: 'active',
        sort: { field: 'createdDate', desc: true },
        extra: { Days: 7 },
      });
      const page = await listFetcher<{ name: string }>('/api/workspaces/default/members')(query);
      expect(page).toEqual({ totalCount: 31, data: [{ name: 'Ada' }] });
      const sent = queryOf(calls[0]!.url);
      expect(new URL(calls[0]!.url, 'http://localhost').pathname).toBe('/api/workspaces/default/members');
      expect(sent).toEqual({ Take: '10', Skip: '20', Orders: 'createdDate Desc', Filter: 'ada', QuickFilter: 'active', Days: '7' });
      const { error, value } = listQuery(declaration).validate(sent);
      expect(error).toBeUndefined();
      expect(value).toMatchObject({ Take: 10, Skip: 20, Filter: 'ada', QuickFilter: 'active' });

      // no filter, no sort: neither is sent, and page 1 skips nothing
      await listFetcher('/api/x')(toListQuery({ page: 1, pageSize: 10, filter: '   ' }));
      expect(queryOf(calls[1]!.url)).toEqual({ Take: '10', Skip: '0' });

      // CSV: the same filters and order, no paging, Accept: text/csv
      const { Take: _t, Skip: _s, ...rest } = query;
      expect(await fetchCsv('/api/workspaces/default/members', rest)).toBe('name\nAda\n');
      expect(calls[2]!.headers.accept).toBe('text/csv');
      const csvQuery = queryOf(calls[2]!.url);
      expect(csvQuery).toEqual({ Orders: 'createdDate Desc', Filter: 'ada', QuickFilter: 'active', Days: '7' });
      expect(listQuery(declaration).validate(csvQuery).error).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
