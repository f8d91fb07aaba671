import type { CatalogueParameter, StatisticEntry } from '../statistics-api';

/**
 * The statistic blocks' texts and order (backoffice.md §2 Dashboard "Statistic blocks", §9 day
 * filters). A block the server declares that is not named here still shows, after these, under a
 * heading made from its name: a statistic added on the server needs no work here.
 */

/** The blocks in the order the dashboard shows them, with their headings (platform DASHBOARD_BLOCKS). */
export const BLOCK_TITLES: Record<string, string> = {
  engagement: 'Engagement',
  boards: 'Boards',
  others: 'Others',
  users: 'Users',
  performance: 'Performance',
  frequency: 'Boards frequency',
  feedback: 'Feedback',
  templates: 'Templates',
  extensions: 'Extensions',
  'top-features': 'Top features',
  'client-sessions': 'Latest client sessions',
  countries: 'Countries',
  content: 'Content',
  commands: 'Commands',
  'core-actions': 'Core actions',
};

/**
 * Blocks whose name-count rows are the parts of one whole, drawn as one stacked bar of shares
 * (backoffice.md §2 "feedback percentages (positive, neutral, negative)"); any other name-count
 * list is a ranked bar list.
 */
export const SHARE_BLOCKS: ReadonlySet<string> = new Set(['feedback']);

/** Blocks that span the whole width (a time series reads better wide). */
export const WIDE_BLOCKS: ReadonlySet<string> = new Set(['engagement']);

export const STATISTIC_TEXTS = {
  loading: 'Loading…',
  empty: 'No records',
  failed: 'The figures could not be read.',
  retry: 'Try again',
  showTable: 'Show table',
  hideTable: 'Hide table',
  all: 'All',
} as const;

/** 'client-sessions' → 'Client sessions' (a block the dashboard has no title for). */
export const titleOf = (block: string): string =>
  BLOCK_TITLES[block] ?? (block.charAt(0).toUpperCase() + block.slice(1)).replace(/-/g, ' ');

/** The blocks of a catalogue in the dashboard's order, each with its entries in the server's order. */
export function blocksOf(entries: StatisticEntry[]): Array<{ block: string; entries: StatisticEntry[] }> {
  const known = Object.keys(BLOCK_TITLES);
  const names: string[] = [...new Set(entries.map((e) => e.block))];
  const rank = (b: string) => (known.includes(b) ? known.indexOf(b) : known.length + names.indexOf(b));
  return names.sort((a, b) => rank(a) - rank(b)).map((block) => ({ block, entries: entries.filter((e) => e.block === block) }));
}

/** The filters' labels (the spec's parameter names: Days, Take, Type, type, country, userType). */
const PARAMETER_LABELS: Record<string, string> = {
  Days: 'Period',
  userType: 'User type',
  country: 'Country',
  type: 'Users',
  Type: 'Type',
};
export const parameterLabel = (name: string): string =>
  PARAMETER_LABELS[name] ?? (name.charAt(0).toUpperCase() + name.slice(1)).replace(/([a-z])([A-Z])/g, '$1 $2');

/** How a value of a fixed set reads in its select (Days 0 is All, backoffice.md §9). */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  Days: { '0': 'All', '1': 'Last day', '7': 'Last 7 days', '30': 'Last 30 days' },
  type: { All: 'All', Reg: 'Registered' },
};
export const valueLabel = (parameter: string, value: number | string): string => VALUE_LABELS[parameter]?.[String(value)] ?? String(value);

/**
 * Which parameters get a control: a fixed set of values is a select; a text parameter (its default
 * a text or none) is a text box; a number without fixed values (Take: 20 rows, §9) keeps its default.
 */
export function filterKind(p: CatalogueParameter): 'select' | 'text' | null {
  if (p.values?.length) return 'select';
  if (typeof p.default === 'number') return null;
  return 'text';
}
