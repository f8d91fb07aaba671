import { describe, expect, it } from 'vitest';
import { etherPaymentData, formatEther, isTxHash, parseEtherRate, weiForCents, WEI_PER_ETHER } from '../../../shared/billing/ether';

/** The Ether quote's arithmetic (docs/billing.md "Ether"): cents at a fixed USD rate to wei, rounded up. */
describe('ether quotes', () => {
  it('parses the rate as a positive decimal with up to 8 decimals', () => {
    expect(parseEtherRate('2000')).toBe(2000n * 10n ** 8n);
    expect(parseEtherRate(' 3150.25 ')).toBe(315025000000n);
    for (const bad of ['', '0', '0.0', '-1', '1e3', 'abc', '1.123456789', undefined, null]) expect(parseEtherRate(bad)).toBeNull();
  });

  it('converts cents to wei exactly when it divides, rounded up otherwise', () => {
    expect(weiForCents(800, '2000')).toBe(4_000_000_000_000_000n);
    expect(weiForCents(200_000, '2000')).toBe(WEI_PER_ETHER);
    expect(weiForCents(0, '2000')).toBe(0n);
    // $1.00 at $3000/ETH = 1/3000 ETH = 333333333333333.33… wei → rounded up
    expect(weiForCents(100, '3000')).toBe(333_333_333_333_334n);
    // never less than the invoice: the wei are worth at least the cents
    for (const [cents, rate] of [
      [1, '3150.25'],
      [999, '1234.56789'],
      [123_456, '0.5'],
    ] as const) {
      const wei = weiForCents(cents, rate);
      const scaled = parseEtherRate(rate)!;
      expect(wei * 100n * scaled >= BigInt(cents) * WEI_PER_ETHER * 10n ** 8n).toBe(true);
      expect((wei - 1n) * 100n * scaled < BigInt(cents) * WEI_PER_ETHER * 10n ** 8n).toBe(true);
    }
    expect(() => weiForCents(100, 'x')).toThrow();
    expect(() => weiForCents(-1, '2000')).toThrow();
  });

  it('shows ether for people and names the order in the data', () => {
    expect(formatEther(4_000_000_000_000_000n)).toBe('0.004 ETH');
    expect(formatEther(WEI_PER_ETHER * 2n)).toBe('2 ETH');
    expect(formatEther(333_333_333_333_334n)).toBe('0.00033334 ETH');
    expect(etherPaymentData('ord_a')).toBe(`0x${Buffer.from('tabula:ord_a').toString('hex')}`);
    expect(isTxHash(`0x${'a'.repeat(64)}`)).toBe(true);
    expect(isTxHash('0x12')).toBe(false);
  });
});
