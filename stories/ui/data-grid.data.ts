import type { FetchPage, ListQuery } from '../../ui';

/**
 * Test data for the DataGrid stories: a list of people and an in-memory list that answers the
 * one list protocol as platform/core/list.ts does (Take, Skip, Orders with ' Desc', Filter as a
 * case-insensitive substring of the searchable fields, QuickFilter) with `{ totalCount, data }`.
 */
export interface Person {
  id: number;
  name: string;
  email: string;
  role: 'Owner' | 'Admin' | 'Member';
  active: boolean;
  storage: number;
  joined: string;
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Ken', 'Margaret', 'Linus', 'Radia'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `count` people: #1 is the Owner, every 4th an Admin, every 3rd inactive. */
export function people(count: number): Person[] {
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const first = FIRST[i % FIRST.length]!;
    return {
      id,
      name: `${first} ${pad(id)}`,
      email: `${first.toLowerCase()}${pad(id)}@example.com`,
      role: id === 1 ? 'Owner' : id % 4 === 0 ? 'Admin' : 'Member',
      active: id % 3 !== 0,
      storage: ((id * 2_654_435_761) % 2 ** 32) % 3_000_000_000,
      joined: new Date(Date.UTC(2026, 0, 1) + id * 86_400_000 * 3).toISOString(),
    };
  });
}

export const PEOPLE_QUICK_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const SEARCHABLE: Array<keyof Person> = ['name', 'email', 'role'];

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** The rows a query selects, in its order (all of them: paging is the caller's). */
export function select(rows: Person[], query: Omit<ListQuery, 'Take' | 'Skip'>): Person[] {
  const text = String(query.Filter ?? '')
    .trim()
    .toLowerCase();
  let out = rows.filter((row) => !text || SEARCHABLE.some((field) => String(row[field]).toLowerCase().includes(text)));
  if (query.QuickFilter === 'active') out = out.filter((row) => row.active);
  if (query.QuickFilter === 'inactive') out = out.filter((row) => !row.active);
  const orders = ((query.Orders as string[] | undefined) ?? []).map((o) => {
    const [field, dir] = o.split(' ');
    return { field: field as keyof Person, desc: dir === 'Desc' };
  });
  orders.push({ field: 'id', desc: false });
  return [...out].sort((a, b) => {
    for (const { field, desc } of orders) {
      const c = compare(a[field], b[field]);
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  });
}

/**
 * A fetch function over an in-memory array (which may change under it, e.g. a row removed),
 * answering after `latency` ms (never, when Infinity) and honouring the abort signal.
 */
export function memoryList(rows: Person[], latency = 120): FetchPage<Person> {
  return (query, signal) =>
    new Promise((resolve, reject) => {
      const answer = () => {
        const all = select(rows, query);
        resolve({ totalCount: all.length, data: all.slice(query.Skip, query.Skip + query.Take) });
      };
      const timer = Number.isFinite(latency) ? setTimeout(answer, latency) : undefined;
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
}

/** The CSV of what a query selects (header row, then one row per person). */
export function toCsvText(rows: Person[]): string {
  const head = ['id', 'name', 'email', 'role', 'active', 'storage', 'joined'];
  return [head.join(','), ...rows.map((r) => head.map((k) => String(r[k as keyof Person])).join(','))].join('\n') + '\n';
}
