import './preview';
import { composeStories } from '@storybook/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as dashboardStories from '../../stories/admin/dashboard.stories';
import { SAMPLE_REPORTS, SAMPLE_STATISTICS } from '../../stories/admin/dashboard.data';
import { blocksOf, titleOf } from '../../admin/dashboard/blocks/texts';
import { toasts$ } from '../../ui';

/**
 * The dashboard's statistic blocks, admin actions and job list (issue 30 item 3) over the stories'
 * in-memory API: every block of the catalogue drawn by its row kind with its table, the filters made
 * from the parameters, the loading, empty and error states, the actions' toasts. (The charts are
 * canvas: jsdom draws none, so what is checked is what a screen reader and the figures show.)
 */
const D = composeStories(dashboardStories);
const toastTexts = () => toasts$.getValue().map((t) => t.text);
const BLOCKS = blocksOf(SAMPLE_STATISTICS);
const region = (block: string) => screen.getByRole('region', { name: titleOf(block) });

/** The block's figures once read. */
async function ready(block: string) {
  const r = await screen.findByRole('region', { name: titleOf(block) }, { timeout: 5000 });
  await waitFor(() => expect(within(r).queryByText('Loading…')).toBeNull());
  return r;
}

describe('the dashboard’s statistic blocks', () => {
  it('every block of the catalogue, in the dashboard’s order, each entry drawn from its row kind with a table of its figures', async () => {
    render(<D.Dashboard />);
    for (const { block } of BLOCKS) await ready(block);
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
      .filter((t) => BLOCKS.some((b) => titleOf(b.block) === t));
    expect(headings).toEqual(BLOCKS.map((b) => titleOf(b.block)));
    // a chart's readable table (visually hidden until shown): one per entry that is not tiles
    for (const entry of SAMPLE_STATISTICS.filter((e) => e.rows !== 'title-value'))
      expect(within(region(entry.block)).getByRole('table', { name: entry.title })).toBeTruthy();
    // tiles: figures in their units (bytes Bytes…YB with 2 decimals, ms, seconds)
    const boards = region('boards');
    expect(within(boards).getByText('84.97 GB')).toBeTruthy();
    expect(within(region('core-actions')).getByText('21 min')).toBeTruthy();
    expect(within(region('performance')).getByText('1.14 s')).toBeTruthy();
  });

  it('boards frequency: bars with their percent of All, All as the figure above them', async () => {
    render(<D.Dashboard />);
    const frequency = await ready('frequency');
    expect(within(frequency).getByText('All: 4,800')).toBeTruthy();
    const table = within(frequency).getByRole('table', { name: 'Boards frequency' });
    const once = within(table).getByRole('row', { name: /^Once/ });
    expect(once.textContent).toContain('2,100');
    expect(once.textContent).toContain('43.8%');
    expect(within(table).queryByRole('row', { name: /^All/ })).toBeNull();
  });

  it('a day filter asks again and the figures change; the Days select offers All where the statistic does', async () => {
    render(<D.Dashboard />);
    const frequency = await ready('frequency');
    const period = within(frequency).getByLabelText('Period') as HTMLSelectElement;
    expect(Array.from(period.options).map((o) => [o.value, o.text])).toEqual([
      ['30', 'Last 30 days'],
      ['7', 'Last 7 days'],
      ['1', 'Last day'],
    ]);
    fireEvent.change(period, { target: { value: '7' } });
    expect(await within(frequency).findByText('All: 1,120')).toBeTruthy();
    const countries = await ready('countries');
    const all = within(countries).getByLabelText('Period') as HTMLSelectElement;
    expect(Array.from(all.options).map((o) => o.text)).toEqual(['Last 30 days', 'Last 7 days', 'Last day', 'All']);
    // Take keeps its default (20 rows): no control for it
    expect(within(countries).queryByLabelText('Take')).toBeNull();
  });

  it('feedback: one bar of shares, each with its percent; commands: registered and guests stacked', async () => {
    render(<D.Dashboard />);
    const feedback = await ready('feedback');
    const legend = within(feedback)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Days: All by default here (a quarter of sample figures)
    expect(legend).toEqual(['positive258 (64.2%)', 'neutral93 (23.1%)', 'negative51 (12.7%)']);
    const commands = await ready('commands');
    const draw = within(within(commands).getByRole('table', { name: 'Commands' })).getByRole('row', { name: /^draw/ });
    expect(Array.from(draw.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['5,400', '2,100', '7,500']);
  });

  it('engagement: one user type and country filter for the daily and the monthly table', async () => {
    render(<D.Dashboard />);
    const engagement = await ready('engagement');
    expect(within(engagement).getAllByLabelText('User type')).toHaveLength(1);
    expect(within(engagement).getAllByLabelText('Country')).toHaveLength(1);
    const daily = within(engagement).getByRole('table', { name: 'Daily engagement' });
    const newUsers = () => within(daily).getAllByRole('row')[1]!.querySelectorAll('td')[1]!.textContent;
    expect(newUsers()).not.toBe('0');
    fireEvent.change(within(engagement).getByLabelText('User type'), { target: { value: 'Guests' } });
    await waitFor(() => expect(newUsers()).toBe('0'));
    // the table on request
    const show = within(engagement).getByRole('button', { name: 'Show table: Daily engagement' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(daily.className).not.toContain('t-sr-only');
  });

  it('loading, empty and error states in every block', async () => {
    const loading = render(<D.StatisticsLoading />);
    for (const { block } of BLOCKS)
      expect((await within(await screen.findByRole('region', { name: titleOf(block) })).findAllByText('Loading…')).length).toBeGreaterThan(
        0,
      );
    loading.unmount();

    const empty = render(<D.StatisticsEmpty />);
    for (const { block } of BLOCKS) {
      const r = await ready(block);
      await waitFor(() => expect(within(r).getAllByText('No records').length).toBeGreaterThan(0));
    }
    empty.unmount();

    render(<D.StatisticsFailing />);
    const countries = await screen.findByRole('region', { name: 'Countries' });
    expect((await within(countries).findByRole('alert')).textContent).toContain('The statistic could not be computed.');
    expect(within(countries).getByRole('button', { name: 'Try again: Countries' })).toBeTruthy();
  });
});

describe('the dashboard’s admin actions and job list', () => {
  it('Rebuild indexes asks first, is busy while it runs, toasts the spec’s text; the job list follows the run', async () => {
    render(<D.Dashboard />);
    const actions = await screen.findByRole('region', { name: 'Admin actions' });
    const jobs = await within(actions).findByRole('table', { name: 'Jobs' });
    await waitFor(() => expect(within(jobs).getAllByRole('row')).toHaveLength(6));
    // rebuild and install templates (backoffice.md §2) are there too
    expect(
      within(actions)
        .getAllByRole('button', { name: /templates/i })
        .map((b) => b.textContent),
    ).toEqual(['Rebuild templates', 'Install templates']);

    const rebuild = within(actions).getByRole('button', { name: 'Rebuild indexes' }) as HTMLButtonElement;
    fireEvent.click(rebuild);
    expect(await screen.findByText(/^Rebuild the indexes of the busiest tables/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(rebuild.getAttribute('aria-busy')).toBe('true'));
    await waitFor(() => expect(toastTexts()).toContain('rebuild indexes sent'));
    // the new run on top, followed until it ends
    await waitFor(() => expect(within(jobs).getAllByRole('row')).toHaveLength(7));
    expect(within(jobs).getAllByRole('row')[1]!.textContent).toContain('sys-indexes');
    await waitFor(() => expect(within(jobs).getAllByRole('row')[1]!.textContent).toContain('Finished'), { timeout: 8000 });
  });

  it('Rebuild and install templates ask first and toast the spec’s texts', async () => {
    render(<D.Dashboard />);
    const actions = await screen.findByRole('region', { name: 'Admin actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Rebuild templates' }));
    expect(await screen.findByText(/^Rebuild the templates\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastTexts()).toContain('rebuild templates done'));
    const install = within(actions).getByRole('button', { name: 'Install templates' }) as HTMLButtonElement;
    await waitFor(() => expect(install.disabled).toBe(false));
    fireEvent.click(install);
    expect(await screen.findByText(/^Install the templates\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastTexts()).toContain('install templates done'));
  });

  it('Recalculate storage: one account without asking; an unknown id is the server’s error', async () => {
    render(<D.Dashboard />);
    const actions = await screen.findByRole('region', { name: 'Admin actions' });
    const id = within(actions).getByLabelText('User or workspace id');
    fireEvent.change(id, { target: { value: 'u1' } });
    fireEvent.click(within(actions).getByRole('button', { name: 'Recalculate storage' }));
    await waitFor(() => expect(toastTexts()).toContain('storage has been recalculated'));
    fireEvent.change(id, { target: { value: 'nobody' } });
    fireEvent.click(within(actions).getByRole('button', { name: 'Recalculate storage' }));
    await waitFor(() => expect(toastTexts()).toContain('user or workspace not found'));
    // every account: asked first
    fireEvent.change(id, { target: { value: '' } });
    fireEvent.click(within(actions).getByRole('button', { name: 'Recalculate storage' }));
    expect(await screen.findByText(/^Recalculate the storage of every account/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
  });

  it('the reports list offers the statistics as CSV and JSON too', async () => {
    render(<D.Dashboard />);
    const reports = await screen.findByRole('region', { name: 'Reports' });
    await within(reports).findByRole('heading', { level: 3, name: /^Countries/ });
    expect(within(reports).getAllByRole('listitem')).toHaveLength(SAMPLE_REPORTS.length + SAMPLE_STATISTICS.length);
    for (const s of SAMPLE_STATISTICS) {
      expect(within(reports).getByRole('button', { name: `Download CSV: ${s.title}` })).toBeTruthy();
      expect(within(reports).getByRole('button', { name: `Download JSON: ${s.title}` })).toBeTruthy();
    }
  });
});
