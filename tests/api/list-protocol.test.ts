/**
 * The one list protocol (platform/core/list.ts) against a real database: paging, the default
 * and requested orders, the text filter, quick filters, a typed extra filter, CSV through the
 * Accept header (capped), and bad paging input as a 400 in the error envelope. The list is
 * declared over the users table and served by a route registered for this test only.
 */
import Joi from 'joi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerList, listQuery, type ListDeclaration } from '../../platform/core/list';
import { insertUser, updateUser } from '../../platform/users/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

interface Row {
  name: string;
  username: string;
  plan: string;
  createdDate: Date;
}

const people: ListDeclaration<Row, { name: string; username: string; plan: string; createdDate: string }> = {
  name: 'People',
  fields: { name: 'display_name', username: 'username', plan: 'plan', createdDate: 'created_at' },
  sortable: ['name', 'username', 'createdDate'],
  searchable: ['name', 'username'],
  quickFilters: { all: null, team: (q) => void q.where('plan', 'team'), free: (q) => void q.where('plan', 'essential') },
  filters: { Prefix: { schema: Joi.string().max(10), apply: (q, value: string) => void q.where('display_name', 'like', `${value}%`) } },
  defaultOrder: 'name',
  csvMax: 7,
  toItem: (r) => ({ name: r.name, username: r.username, plan: r.plan, createdDate: new Date(r.createdDate).toISOString() }),
};

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform();
  p.server.route({
    method: 'GET',
    path: '/test/people',
    options: { auth: false, validate: { query: listQuery(people) } },
    handler: (request, h) => answerList(people, p.db('users').where('username', 'like', '%@list.example'), request, h),
  });
  for (let i = 0; i < 25; i++) {
    const n = String(i).padStart(2, '0');
    const user = await insertUser(p.db, {
      username: `person${n}@list.example`,
      passwordHash: null,
      displayName: `${i % 2 ? 'Odd' : 'Even'} ${n}`,
    });
    if (i % 5 === 0) await updateUser(p.db, user.id, { plan: 'team' });
  }
  await insertUser(p.db, { username: 'outsider@elsewhere.example', passwordHash: null, displayName: 'Even 99' });
});
afterAll(() => p.stop());

const get = async (query: string, headers: Record<string, string> = {}) => {
  const res = await p.server.inject({ method: 'GET', url: `/test/people${query}`, headers });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.toString().startsWith('application/json') ? JSON.parse(res.payload) : res.payload,
    headers: res.headers,
  };
};

describe('the list protocol', () => {
  it('answers the first page (10 by default) in the default order with the total of the base query', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(body.totalCount).toBe(25);
    expect(body.data).toHaveLength(10);
    expect(body.data.map((d: { name: string }) => d.name)).toEqual([
      'Even 00',
      'Even 02',
      'Even 04',
      'Even 06',
      'Even 08',
      'Even 10',
      'Even 12',
      'Even 14',
      'Even 16',
      'Even 18',
    ]);
  });

  it('pages with Take and Skip, and sorts by several Orders with Desc', async () => {
    const { body } = await get('?Take=3&Skip=2&Orders=username%20Desc');
    expect(body.totalCount).toBe(25);
    expect(body.data.map((d: { username: string }) => d.username)).toEqual([
      'person22@list.example',
      'person21@list.example',
      'person20@list.example',
    ]);
    const two = await get('?Take=2&Orders=name%20Desc&Orders=username');
    expect(two.body.data.map((d: { name: string }) => d.name)).toEqual(['Odd 23', 'Odd 21']);
    expect((await get('?Skip=30')).body).toEqual({ totalCount: 25, data: [] });
  });

  it('filters by text over the searchable fields (case-insensitive, % and _ taken literally) and by quick filter', async () => {
    const odd = await get('?Filter=odd%201&Take=100');
    expect(odd.body.totalCount).toBe(5);
    expect(odd.body.data.every((d: { name: string }) => d.name.startsWith('Odd 1'))).toBe(true);
    expect((await get('?Filter=PERSON07')).body.data.map((d: { name: string }) => d.name)).toEqual(['Odd 07']);
    expect((await get('?Filter=%25')).body.totalCount).toBe(0);
    const team = await get('?QuickFilter=team&Take=100');
    expect(team.body.totalCount).toBe(5);
    expect(team.body.data.map((d: { plan: string }) => d.plan)).toEqual(Array(5).fill('team'));
    expect((await get('?QuickFilter=free&Filter=Even')).body.totalCount).toBe(10);
    expect((await get('?Prefix=Odd&QuickFilter=team')).body.totalCount).toBe(2);
  });

  it('downloads the same rows as CSV with Accept: text/csv, capped at the list size', async () => {
    const res = await get('?QuickFilter=all&Orders=username%20Desc&Take=2', { accept: 'text/csv' });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain('People.csv');
    const lines = String(res.body).trim().split('\n');
    expect(lines[0]).toBe('name,username,plan,createdDate');
    expect(lines).toHaveLength(1 + 7);
    expect(lines[1]).toMatch(/^Even 24,person24@list\.example,essential,\d{4}-/);
  });

  it('refuses bad paging input with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?Skip=-1', 'Skip'],
      ['?Take=0', 'Take'],
      ['?Take=101', 'Take'],
      ['?Take=ten', 'Take'],
      ['?Orders=password_hash', 'Orders'],
      ['?Orders=name%20Sideways', 'Orders'],
      ['?QuickFilter=everyone', 'QuickFilter'],
      ['?Prefix=waytoolongforthis', 'Prefix'],
    ] as const) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toEqual(expect.any(String));
      expect(
        Object.keys(res.body.errors ?? {}).some((k) => k.startsWith(field)),
        `${query} → ${JSON.stringify(res.body.errors)}`,
      ).toBe(true);
    }
  });
});
