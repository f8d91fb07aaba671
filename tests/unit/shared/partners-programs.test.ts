/** Partner programmes as data: transitions, reasons, the overall status (docs/billing.md "Partners"). */
import { describe, expect, it } from 'vitest';
import { checkTransition, isActiveStatus, nextStatuses, partnerStatus, programOf, PROGRAMS } from '../../../shared/partners/programs';

const reseller = programOf('Reseller')!;

describe('partner programmes', () => {
  it('are data: code, name, commission, enroll status and transitions', () => {
    expect(PROGRAMS.map((p) => [p.code, p.commission.basisPoints])).toEqual([
      ['Reseller', 2000],
      ['Referral', 1000],
    ]);
    expect(reseller.enrollStatus).toBe('UnderReview');
    expect(programOf('Nope')).toBeUndefined();
  });

  it('answers the next statuses of each status (none when not enrolled or unknown)', () => {
    expect(nextStatuses(reseller, 'UnderReview')).toEqual(['Active', 'Rejected']);
    expect(nextStatuses('Reseller', 'Active')).toEqual(['Suspended', 'Terminated']);
    expect(nextStatuses(reseller, 'Suspended')).toEqual(['Active', 'Terminated']);
    expect(nextStatuses(reseller, 'Rejected')).toEqual(['UnderReview']);
    expect(nextStatuses(reseller, 'Terminated')).toEqual([]);
    expect(nextStatuses(reseller, null)).toEqual([]);
    expect(nextStatuses('Unknown', 'Active')).toEqual([]);
    expect(nextStatuses(reseller, 'Bogus')).toEqual([]);
  });

  it('allows only a next status, and a reject only with a reason', () => {
    expect(checkTransition(reseller, 'UnderReview', 'Active')).toEqual({ ok: true });
    expect(checkTransition(reseller, 'UnderReview', 'Suspended')).toMatchObject({ ok: false, field: 'state' });
    expect(checkTransition(reseller, 'UnderReview', 'Rejected', '  ')).toMatchObject({ ok: false, field: 'reason' });
    expect(checkTransition(reseller, 'UnderReview', 'Rejected', 'Incomplete company details')).toEqual({ ok: true });
    expect(checkTransition(reseller, null, 'Active')).toMatchObject({ ok: false, field: 'program' });
    expect(checkTransition(reseller, 'Terminated', 'Active')).toMatchObject({ ok: false, field: 'state' });
  });

  it('counts a type active only when Active, and summarises a partner by its most advanced status', () => {
    expect(isActiveStatus('Active')).toBe(true);
    expect(isActiveStatus('UnderReview')).toBe(false);
    expect(partnerStatus(['Rejected', 'Active'])).toBe('Active');
    expect(partnerStatus([null, 'UnderReview'])).toBe('UnderReview');
    expect(partnerStatus([null, null])).toBe('None');
  });
});
