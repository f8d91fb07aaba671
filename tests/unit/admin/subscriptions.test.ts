import { describe, expect, it } from 'vitest';
import { invoiceTitle } from '../../../admin/invoices/invoice-detail';
import { parseAmount } from '../../../admin/subscriptions/api';
import { statusText } from '../../../admin/subscriptions/subscription-detail';
import { quantityOf } from '../../../admin/subscriptions/subscription-form';
import { cycleOf } from '../../../platform/admin/subscriptions/service';

/** The operators' subscription screens' pure pieces (docs/backoffice.md "Subscriptions and invoices"). */
describe('subscriptions screens', () => {
  it('reads a credit in dollars as minor units, refusing what is not an amount above 0', () => {
    expect(parseAmount('5')).toBe(500);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount(' 12,05 ')).toBe(1205);
    for (const bad of ['', '0', '0.00', '-3', '1.234', 'ten', '1e3']) expect(parseAmount(bad), bad).toBeNull();
  });

  it('takes a quantity of 1 to 1000 whole seats', () => {
    expect(quantityOf('1')).toBe(1);
    expect(quantityOf('1000')).toBe(1000);
    for (const bad of ['0', '1001', '1.5', '', 'x']) expect(quantityOf(bad), bad).toBeNull();
  });

  it("notes an Active subscription's grace validity as the spec words it", () => {
    expect(statusText({ status: 'Active', isValid: true })).toBe('Active and valid (grace)');
    expect(statusText({ status: 'Active', isValid: false })).toBe('Active but invalid (grace)');
    expect(statusText({ status: 'Expired', isValid: false })).toBe('Expired');
  });

  it('titles an invoice by its type', () => {
    expect(invoiceTitle({ type: 'Charge', number: 'INV-000001' })).toBe('Invoice INV-000001');
    expect(invoiceTitle({ type: 'Credit Note', number: 'CN-000001' })).toBe('Credit Note CN-000001');
  });

  it('reads a billing cycle as a name or as the spec’s code', () => {
    expect(cycleOf('Quarterly')).toBe('Quarterly');
    expect(cycleOf(2)).toBe('Monthly');
    expect(cycleOf('3')).toBe('Quarterly');
    expect(cycleOf(undefined)).toBeUndefined();
  });
});
