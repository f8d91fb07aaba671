/**
 * Operators' promo codes (backoffice.md §7 Promos; docs/billing.md "Promo codes for operators"):
 * the list with its quick filters, text filter, orders and Username; the save (24 zeros = new,
 * defaults, type-specific fields, type and code fixed after creation, status on edit); the usages.
 * Every call refuses non-operators. The redemption rules themselves: admin-promo-rules.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PROMO_ID, PROMO_TEXTS } from '../../platform/billing/promo-admin';
import { PROMO_CODE_FORMAT, PROMO_TEMPLATES, promoFromTemplate } from '../../shared/billing';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { api, customer } from './billing-fixtures';
import { call, type Who } from './boards-fixtures';

let p: TestPlatform;
let op: Who;
const save = (id: string, body: object) => call(p, op, 'POST', `/api/admin/promos/${id}`, body);
/** A saved promo as the dialog sends it back (the answer's read-only fields left out). */
const editable = ({ message: _m, redeemedTimes: _r, createdDate: _c, plan: _p, ...fields }: Record<string, unknown>) => fields;
const list = (query = '') => call(p, op, 'GET', `/api/admin/promos${query}`);

beforeAll(async () => {
  p = await startTestPlatform({ rateLimit: { max: 10_000, windowMs: 60_000 } });
  op = await operator(p);
});
afterAll(() => p?.stop());

describe('saving a promo', () => {
  it('creates with the 24-zero id: the §5 defaults, a generated code, the saved message', async () => {
    const res = await save(NEW_PROMO_ID, { id: NEW_PROMO_ID, name: 'Spring', percent: 25 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      message: 'data successfully saved.',
      name: 'Spring',
      type: 'Percent',
      percent: 25,
      percentDuration: 'Forever',
      expiresInDays: 0,
      maxRedemptions: 0,
      maxRedemptionsPerCustomer: 1,
      status: 'Active',
      redeemedTimes: 0,
      amount: null,
      duration: null,
    });
    expect(res.body.code).toMatch(PROMO_CODE_FORMAT);
  });

  it('creates from a template (Percent 100 Forever, per customer 1, unlimited, its days)', async () => {
    const vip = PROMO_TEMPLATES.find((t) => t.name === 'VIP')!;
    const res = await save(NEW_PROMO_ID, { ...promoFromTemplate(vip), code: 'wtvi-pvip-000001' });
    expect(res.body).toMatchObject({ code: 'WTVI-PVIP-000001', expiresInDays: 365, percent: 100, maxRedemptions: 0 });
  });

  it("asks for the type's own field, keeps only the type's fields, refuses a used code", async () => {
    for (const [type, field] of [
      ['Fixed', 'amount'],
      ['Percent', 'percent'],
      ['Subscription', 'duration'],
    ] as const) {
      const res = await save(NEW_PROMO_ID, { name: 'Missing', type, amount: null, percent: null, duration: null });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    const fixed = await save(NEW_PROMO_ID, {
      name: 'Ten off',
      type: 'Fixed',
      amount: 1000,
      percent: 50,
      duration: 30,
      code: 'WTFX-0000-000010',
    });
    expect(fixed.body).toMatchObject({ type: 'Fixed', amount: 1000, percent: null, percentDuration: null, duration: null });
    const taken = await save(NEW_PROMO_ID, { name: 'Again', percent: 10, code: 'wtfx-0000-000010' });
    expect([taken.status, taken.body.errors]).toEqual([400, { code: [PROMO_TEXTS.codeInUse] }]);
    const bad = await save(NEW_PROMO_ID, { name: '', percent: 101, maxRedemptions: -1, maxRedemptionsPerCustomer: 0, expiresInDays: -1 });
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'expiresInDays',
      'maxRedemptions',
      'maxRedemptionsPerCustomer',
      'name',
      'percent',
    ]);
    expect((await save('not-an-id', { name: 'x', percent: 1 })).status).toBe(400);
    expect((await save('00000000-0000-4000-8000-000000000000', { name: 'x', percent: 1 })).status).toBe(404);
  });

  it('edits: name, limits, status; the type and the code stay', async () => {
    const made = (await save(NEW_PROMO_ID, { name: 'Week', type: 'Subscription', duration: 7, code: 'WTWK-0000-000007' })).body;
    const edit = { ...editable(made), name: 'Two weeks', duration: 14, maxRedemptions: 5, status: 'Disabled' };
    const res = await save(made.id, edit);
    expect(res.body).toMatchObject({
      id: made.id,
      name: 'Two weeks',
      duration: 14,
      maxRedemptions: 5,
      status: 'Disabled',
      type: 'Subscription',
    });
    const retype = await save(made.id, { ...edit, type: 'Percent', percent: 10 });
    expect([retype.status, retype.body.errors]).toEqual([400, { type: [PROMO_TEXTS.typeFixed] }]);
    const recode = await save(made.id, { ...edit, code: 'WTWK-0000-000008' });
    expect([recode.status, recode.body.errors]).toEqual([400, { code: [PROMO_TEXTS.codeFixed] }]);
    expect((await save(made.id, { ...edit, status: 'Gone' })).body.errors.status).toBeDefined();
    expect((await p.db('promos').where({ id: made.id }).first()).type).toBe('Subscription');
  });

  it('keeps the older create call (POST /api/admin/promos)', async () => {
    const res = await call(p, op, 'POST', '/api/admin/promos', { name: 'Old path', type: 'Percent', percent: 100 });
    expect(res.status).toBe(200);
    expect(res.body.code).toMatch(PROMO_CODE_FORMAT);
  });
});

describe('the list', () => {
  it('quick filters, text filter, orders, paging', async () => {
    for (const [code, status] of [
      ['WTLA-0000-000001', 'Active'],
      ['WTLD-0000-000001', 'Disabled'],
      ['WTLR-0000-000001', 'Archived'],
    ]) {
      const made = await save(NEW_PROMO_ID, {
        name: `List ${status}`,
        percent: 5,
        code,
        comment: status === 'Archived' ? 'old campaign' : '',
      });
      if (status !== 'Active') await save(made.body.id, { ...editable(made.body), status });
    }
    const all = await list('?Filter=WTL');
    expect(all.body.totalCount).toBe(3);
    for (const [quick, status] of [
      ['active', 'Active'],
      ['disabled', 'Disabled'],
      ['archived', 'Archived'],
    ]) {
      const res = await list(`?QuickFilter=${quick}&Filter=WTL`);
      expect(res.body.data.map((x: { status: string }) => x.status)).toEqual([status]);
    }
    expect((await list('?Filter=old campaign')).body.data.map((x: { code: string }) => x.code)).toEqual(['WTLR-0000-000001']);
    const ordered = await list('?Filter=WTL&Orders=code Desc&Take=2&Skip=1');
    expect(ordered.body).toMatchObject({ totalCount: 3, data: [{ code: 'WTLD-0000-000001' }, { code: 'WTLA-0000-000001' }] });
    expect(ordered.body.data[0]).toMatchObject({ name: 'List Disabled', type: 'Percent', percent: 5, redeemedTimes: 0 });
    expect((await list('?QuickFilter=expired')).status).toBe(400);
    expect((await list('?Orders=secret')).status).toBe(400);
    expect((await list('?Take=0')).status).toBe(400);
  });
});

describe('usages', () => {
  it('lists who redeemed and when; Username keeps the promos that user redeemed', async () => {
    const made = (await save(NEW_PROMO_ID, { name: 'Usage', percent: 10, code: 'WTUS-0000-000001' })).body;
    const a = await customer(p, 'Ulla Usage');
    const b = await customer(p, 'Bert Usage');
    for (const who of [a, b]) expect((await api(p, who, 'POST', '/api/admin/promos/redeem', { code: made.code })).body.succeed).toBe(true);
    const res = await call(p, op, 'GET', `/api/admin/promos/${made.id}/usages`);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.data.map((u: { customer: string }) => u.customer).sort()).toEqual([a.user!.username, b.user!.username].sort());
    expect(Date.parse(res.body.data[0].redeemDate)).toBeGreaterThan(Date.now() - 60_000);
    const mine = await list(`?Username=${encodeURIComponent(a.user!.username.toUpperCase())}`);
    expect(mine.body.data.map((x: { code: string }) => x.code)).toEqual([made.code]);
    expect((await list(`?Filter=WTUS`)).body.data[0].redeemedTimes).toBe(2);
    expect((await call(p, op, 'GET', '/api/admin/promos/00000000-0000-4000-8000-000000000000/usages')).status).toBe(404);
    expect((await call(p, op, 'GET', `/api/admin/promos/${NEW_PROMO_ID}/usages`)).status).toBe(404);
  });
});

describe('who may call', () => {
  it('refuses users (403) and the signed-out (401) on every promo route', async () => {
    const user = await customer(p, 'Nosy User');
    const made = (await save(NEW_PROMO_ID, { name: 'Guarded', percent: 10 })).body;
    const calls: Array<[string, string, object?]> = [
      ['GET', '/api/admin/promos'],
      ['POST', `/api/admin/promos/${NEW_PROMO_ID}`, { name: 'x', percent: 1 }],
      ['POST', `/api/admin/promos/${made.id}`, { ...editable(made), status: 'Disabled' }],
      ['GET', `/api/admin/promos/${made.id}/usages`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(p, user, method, url, body)).status, url).toBe(403);
      expect((await call(p, null, method, url, body)).status, url).toBe(401);
    }
    expect((await p.db('promos').where({ id: made.id }).first()).status).toBe('Active');
  });
});
