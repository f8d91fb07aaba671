import './preview';
import { composeStories } from '@storybook/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as stories from '../../stories/admin/admin.stories';
import * as dashboardStories from '../../stories/admin/dashboard.stories';
import { SAMPLE_REPORTS } from '../../stories/admin/dashboard.data';
import { nextIndex } from '../../admin/log-viewer/keys';
import { ADMIN_NAV } from '../../panel/nav';
import { toasts$ } from '../../ui';

const S = composeStories(stories);
const D = composeStories(dashboardStories);

/** The grid's table once its first page is in (the stories' sample API answers at once). */
async function table(name: string) {
  const grid = await screen.findByRole('table', { name }, { timeout: 5000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return grid;
}
const headers = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());
const toastTexts = () => toasts$.getValue().map((t) => t.text);
/** The quick filters' values and labels, whether the grid shows them as buttons (≤ 5) or a select. */
function quick(): Array<[string, string]> {
  const select = screen.queryByRole('combobox', { name: 'Show' }) as HTMLSelectElement | null;
  if (select) return Array.from(select.options).map((o) => [o.value, o.text]);
  return within(screen.getByRole('group', { name: 'Show' }))
    .getAllByRole('button')
    .map((b) => [b.textContent ?? '', b.textContent ?? '']);
}
const quickValues = () => quick().map(([v]) => v);

describe('back-office screens (stories over the sample API)', () => {
  it('every admin link of the spec that has a screen is in the sidebar of an operator', async () => {
    render(<S.Users />);
    await table('Users');
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const path of [
      '/panel/dashboard',
      '/panel/admin-boards',
      '/panel/users',
      '/panel/clients',
      '/panel/feedbacks',
      '/panel/contacts',
      '/panel/outbox',
      '/panel/directory',
      '/panel/user-audit',
      '/panel/feature-audit',
      '/panel/perf-logs',
      '/panel/log-viewer',
    ]) {
      expect(hrefs).toContain(path);
    }
    // in the spec's order
    expect(hrefs).toEqual(ADMIN_NAV.map((n) => n.to).filter((to) => hrefs.includes(to)));
  });

  it('boards: quick filters, orders, View with the member grid and Toggle Disable, Insight with a chart, Delete confirm', async () => {
    render(<S.Boards />);
    const grid = await table('Boards');
    expect(headers(grid)).toEqual(expect.arrayContaining(['Name', 'Owner', 'Status', 'Members', 'Created', 'Last session']));
    expect(quickValues()).toEqual([
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
    ]);
    expect(within(grid).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(within(grid).getAllByRole('button', { name: /^View: / })[0]!);
    const dialog = await screen.findByRole('dialog', { name: /^Board / });
    expect(await within(dialog).findByRole('table', { name: /^Members of / })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Toggle Disable' }));
    await waitFor(() => expect(toastTexts()).toContain('data successfully saved.'));
    fireEvent.click((await within(dialog).findAllByRole('button', { name: /^Set owner: / }))[0]!);
    await waitFor(() => expect(toastTexts()).toContain('owner has been setted'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click((await within(grid).findAllByRole('button', { name: /^Insight: / }))[0]!);
    const insight = await screen.findByRole('dialog', { name: /^Insight: / });
    expect(await within(insight).findByRole('figure', { name: /^commands per day: 30 points/ })).toBeTruthy();
    expect(within(insight).getByRole('region', { name: 'members' })).toBeTruthy();
    fireEvent.click(within(insight).getByRole('button', { name: 'Close' }));
    fireEvent.click((await within(grid).findAllByRole('button', { name: /^Delete: / }))[0]!);
    expect(await screen.findByText('Your board will delete permanently, Are you sure?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toContain('has been delete'));
  });

  it('users: quick filters, find by text, View: toggles, roles, segments, direct message, storage', async () => {
    render(<S.Users />);
    const grid = await table('Users');
    expect(quickValues()).toEqual(['all', 'inactive', 'beta-tester', 'flagged']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'grace' } });
    await waitFor(() => expect(within(grid).getAllByRole('row').length).toBe(4), { timeout: 3000 });
    fireEvent.click(within(grid).getAllByRole('button', { name: /^View: grace/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: /^User grace/ });
    const flag = (await within(dialog).findByRole('checkbox', { name: 'Flag' })) as HTMLInputElement;
    for (const name of ['Active', 'Beta tester', 'admin', 'beta-tester', 'partner'])
      expect(within(dialog).getByRole('checkbox', { name })).toBeTruthy();
    fireEvent.click(flag);
    await waitFor(() => expect(toastTexts()).toContain('data successfully saved.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(toastTexts()).toContain('roles saved'));
    const template = within(dialog).getByLabelText('Template') as HTMLSelectElement;
    expect(Array.from(template.options).map((o) => o.value)).toEqual(['', 'account-deactivation-email']);
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toastTexts()).toContain('message sent'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recalculate storage' }));
    await waitFor(() => expect(toastTexts()).toContain('storage has been recalculated'));
  });

  it('feedbacks: tag filter, View with editable tags, Delete with Yes/No', async () => {
    render(<S.Feedbacks />);
    const grid = await table('Feedbacks');
    await waitFor(() =>
      expect(Array.from((screen.getByLabelText('Tag') as HTMLSelectElement).options).map((o) => o.text)).toEqual([
        'All',
        'bug',
        'export',
        'ux',
      ]),
    );
    fireEvent.click(within(grid).getAllByRole('button', { name: /^View: / })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    expect(await within(dialog).findByText(/Exporting a large board/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Tags')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click((await within(grid).findAllByRole('button', { name: /^Delete: / }))[0]!);
    expect(await screen.findByText('Feedback will delete permanently, Are you sure?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Feedback will delete permanently, Are you sure?')).toBeNull());
    expect(toastTexts()).not.toContain('has been delete');
  });

  it('contacts, clients, directory: grids with their columns and dialogs', async () => {
    const contacts = render(<S.Contacts />);
    expect(headers(await table('Contacts'))).toEqual(expect.arrayContaining(['Created', 'Name', 'Email', 'Type']));
    contacts.unmount();
    const clients = render(<S.Clients />);
    const grid = await table('Clients');
    expect(quick().map(([, label]) => label)).toEqual(['all', 'active']);
    fireEvent.click(within(grid).getAllByRole('button', { name: /^View: / })[0]!);
    expect(await screen.findByText('https://school.example.org')).toBeTruthy();
    clients.unmount();
    render(<S.Directory />);
    await table('Directories');
    fireEvent.click(screen.getByRole('button', { name: /Add directory/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New directory' });
    expect(within(dialog).getByLabelText('Content').tagName).toBe('TEXTAREA');
  });

  it('outbox: grid (to, subject, created, status), View shows the text with http(s) links only, no Resend without SMTP', async () => {
    const view = render(<S.Outbox />);
    const grid = await table('Outbox');
    expect(headers(grid)).toEqual(['To', 'Subject', 'Created', 'Status', 'Actions']);
    expect(quickValues()).toEqual(['All', 'Stored', 'Sending', 'Sent', 'Failed']);
    fireEvent.click(within(grid).getAllByRole('button', { name: /^View: Reset your Tabula password/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Reset your Tabula password' });
    const message = await within(dialog).findByRole('region', { name: 'Message text' });
    const link = within(message).getByRole('link', { name: /\/accounts\/reset-password\// });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/tabula\.example\.org\/accounts\/reset-password\//);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // the HTML body is never markup: its javascript: href is no link anywhere, its source shows as text
    const hrefs = within(dialog)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs.every((h) => /^https?:/.test(h ?? ''))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show HTML source' }));
    expect(within(dialog).getByLabelText('HTML source').textContent).toContain('javascript:alert(1)');
    expect(dialog.querySelector('body, script, iframe')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(within(dialog).getByText(/no SMTP_URL is configured/)).toBeTruthy();
    view.unmount();
    render(<S.OutboxWithSmtp />);
    const smtpGrid = await table('Outbox');
    fireEvent.click(within(smtpGrid).getAllByRole('button', { name: /^View: / })[0]!);
    const withSmtp = await screen.findByRole('dialog');
    fireEvent.click(await within(withSmtp).findByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(toastTexts()).toContain('mail sent'));
  });

  it('audits: user audit (CSV export, quick filters), feature audit, performance logs with the payload view', async () => {
    const ua = render(<S.UserAudit />);
    expect(headers(await table('User audit'))).toEqual(
      expect.arrayContaining(['Username', 'Country', 'Board', 'Type', 'Source', 'Attributes', 'Created']),
    );
    expect(screen.getByRole('button', { name: /Export to CSV/ })).toBeTruthy();
    expect(quickValues()).toEqual(['all', 'withSize', 'withTemplate', 'withFreq']);
    ua.unmount();
    const fa = render(<S.FeatureAudit />);
    expect(headers(await table('Feature audit'))).toEqual(expect.arrayContaining(['Context', 'Data', 'Username', 'Country', 'Created']));
    fa.unmount();
    const oa = render(<S.OperatorAudit />);
    const trail = await table('Operator audit');
    expect(headers(trail)).toEqual(expect.arrayContaining(['When', 'Operator', 'Action', 'Target', 'Details']));
    expect(quickValues()).toEqual(['All', 'Boards', 'Users', 'Roles']);
    expect(within(trail).getAllByText('board.disable').length).toBeGreaterThan(0);
    oa.unmount();
    render(<S.PerfLogs />);
    const grid = await table('Performance logs');
    expect(quickValues()).toEqual(['all', 'Join', 'Speed', 'SlowNetwork', 'ReportingMain', 'ReportingDefault', 'Socket', 'Error']);
    fireEvent.click(within(grid).getAllByRole('button', { name: /^View: / })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('duration')).toBeTruthy();
  });

  it('log viewer: default file, filters, keyboard navigation, colours, detail dialog', async () => {
    render(<S.LogViewer />);
    const list = await screen.findByRole('listbox', { name: 'Log entries' }, { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBe(40));
    expect((screen.getByLabelText('Log file') as HTMLSelectElement).value).toBe('ErrorLogs.log');
    expect(Array.from((screen.getByLabelText('Level') as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'All',
      'Fatal',
      'Error',
      'Warning',
      'Debug',
      'Info',
      'Trace',
    ]);
    expect(Array.from((screen.getByLabelText('Operator') as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Contains',
      'Not Contains',
    ]);
    const selected = () =>
      within(list)
        .getAllByRole('option')
        .findIndex((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected()).toBe(0);
    fireEvent.keyDown(list, { key: 'PageDown' });
    expect(selected()).toBe(10);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(selected()).toBe(11);
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()).toBe(39);
    fireEvent.keyDown(list, { key: 'PageUp' });
    expect(selected()).toBe(29);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected()).toBe(0);
    expect(list.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]!.id);
    const error = within(list)
      .getAllByRole('option')
      .find((o) => o.textContent?.includes('Error'))!;
    expect(error.className).toContain('a-log--error');
    expect(
      within(list)
        .getAllByRole('option')
        .find((o) => o.textContent?.includes('Warning'))!.className,
    ).toContain('a-log--warning');
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Info entry' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'Fatal' } });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .every((o) => o.textContent?.includes('Fatal')),
      ).toBe(true),
    );
  });

  it('keys: Home, End, arrows, PageUp/PageDown by 10, clamped', () => {
    expect(nextIndex('PageDown', 35, 40)).toBe(39);
    expect(nextIndex('PageUp', 4, 40)).toBe(0);
    expect(nextIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextIndex('ArrowUp', 0, 3)).toBe(0);
    expect(nextIndex('a', 0, 3)).toBeNull();
    expect(nextIndex('End', 0, 0)).toBeNull();
  });

  it('a signed-in user who is not an operator sees access denied on an admin path', async () => {
    render(<S.NotAnOperator />);
    expect(await screen.findByRole('heading', { name: 'Access denied' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
  });
});

describe('the dashboard (stories over an in-memory dashboard API)', () => {
  it("connections, next task, announcements: 5-2 fills start and duration, Set publishes, the server's errors show under the fields, Withdraw confirms", async () => {
    render(<D.Dashboard />);
    const grid = await table('Announcements list');
    expect(headers(grid)).toEqual(expect.arrayContaining(['Type', 'Message', 'Start', 'End', 'Duration (min)']));
    expect(within(grid).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
    const server = screen.getByRole('region', { name: 'Server' });
    expect(within(server).getByText('42')).toBeTruthy();
    expect(within(server).getByText(/^4 min \d+ s$/)).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Publish an announcement' });
    const type = within(form).getByLabelText('Type') as HTMLSelectElement;
    expect(Array.from(type.options).map((o) => [o.value, o.text])).toEqual([
      ['ScheduledMaintenance', 'Maintenance'],
      ['News', 'News'],
    ]);
    // no client-side validation: an empty form goes to the server, whose errors show under the fields
    fireEvent.click(within(form).getByRole('button', { name: 'Set' }));
    expect(await within(form).findByText('message is not allowed to be empty')).toBeTruthy();
    expect(within(form).getByText('start is required')).toBeTruthy();
    expect(within(form).getByText('end is required')).toBeTruthy();
    expect(within(form).getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');

    const start = within(form).getByLabelText('Start') as HTMLInputElement;
    expect(start.type).toBe('datetime-local');
    const before = Date.now();
    fireEvent.click(within(form).getByRole('button', { name: '5-2' }));
    const minutesAhead = (new Date(start.value).getTime() - before) / 60_000;
    expect(minutesAhead).toBeGreaterThan(3.9);
    expect(minutesAhead).toBeLessThanOrEqual(5);
    expect((within(form).getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('2');
    fireEvent.change(type, { target: { value: 'News' } });
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'Dark mode is here' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(toastTexts()).toContain('Announcement published.'));
    await waitFor(() => expect(within(grid).getAllByRole('row')[1]!.textContent).toContain('Dark mode is here'));
    expect(within(grid).getAllByRole('row')[1]!.textContent).toContain('News');

    fireEvent.click(within(grid).getAllByRole('button', { name: /^Withdraw: / })[0]!);
    expect(await screen.findByText('Withdraw this announcement? Open boards stop showing it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastTexts()).toContain('Announcement withdrawn.'));
    await waitFor(() => expect(within(grid).getAllByRole('row')[1]!.textContent).not.toContain('Dark mode is here'));
  });

  it('the reports list: each report with its title, description and two downloads named after it; a failed download is an error toast', async () => {
    render(<D.Dashboard />);
    const reports = await screen.findByRole('region', { name: 'Reports' }, { timeout: 5000 });
    await within(reports).findByRole('heading', { level: 3, name: 'Duplicate users' });
    const items = within(reports).getAllByRole('listitem');
    // the reports, then the statistics (tests/stories/admin-dashboard.test.tsx)
    expect(items.length).toBeGreaterThan(SAMPLE_REPORTS.length);
    for (const report of SAMPLE_REPORTS) {
      expect(within(reports).getByText(report.description)).toBeTruthy();
      expect(within(reports).getByRole('button', { name: `Download CSV: ${report.title}` })).toBeTruthy();
      expect(within(reports).getByRole('button', { name: `Download JSON: ${report.title}` })).toBeTruthy();
    }
    const csv = within(reports).getByRole('button', { name: 'Download CSV: Duplicate users' }) as HTMLButtonElement;
    fireEvent.click(csv);
    // busy while it downloads, then ready again
    await waitFor(() => expect(csv.getAttribute('aria-busy')).toBe('true'));
    await waitFor(() => expect(csv.disabled).toBe(false));
    fireEvent.click(within(reports).getByRole('button', { name: 'Download JSON: A report that fails' }));
    await waitFor(() => expect(toastTexts()).toContain('The report could not be computed.'));
  });

  it("an empty grid says 'No records'; a task due now shows Running", async () => {
    render(<D.NoAnnouncementsTaskRunning />);
    expect(await screen.findByText('No records', undefined, { timeout: 5000 })).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Server' })).findByText('Running')).toBeTruthy();
  });
});
