/**
 * Proration for mid-cycle changes (issue 16): a period is priced by its segments, each the
 * full-period price of the configuration in force from its start. After every change the cycle's
 * projected cost is the exact used part plus the new configuration to the period's end, rounded
 * ONCE (BigInt arithmetic); the change is charged (or credited) the difference of two projections.
 * So charges telescope: the first invoice plus every change's charge or credit equals the price of
 * what was used over the cycle, to the cent, however many changes happen — an upgrade charges the
 * difference for the remaining time, a downgrade creates credit.
 */
import { roundDiv } from './money';

export interface Period {
  /** ms since the epoch */
  start: number;
  end: number;
}

export interface Segment {
  /** when this configuration took effect (ms); the first segment starts at the period start */
  from: number;
  /** the configuration's price for a full period, minor units */
  price: number;
}

const clamp = (t: number, period: Period) => Math.min(Math.max(t, period.start), period.end);

/** Σ price × length of each segment (the last running to the period end), in minor-unit·ms. */
function weighted(period: Period, segments: readonly Segment[]): bigint {
  let sum = 0n;
  segments.forEach((s, i) => {
    const from = clamp(s.from, period);
    const to = i + 1 < segments.length ? clamp(segments[i + 1]!.from, period) : period.end;
    sum += BigInt(s.price) * BigInt(Math.max(0, to - from));
  });
  return sum;
}

/** The cycle's cost if the configuration in force now runs to the period's end, minor units. */
export function projectedCost(period: Period, segments: readonly Segment[]): number {
  const length = period.end - period.start;
  if (length <= 0) throw new RangeError('projectedCost: empty period');
  if (!segments.length) return 0;
  return Number(roundDiv(weighted(period, segments), BigInt(length)));
}

export interface Change {
  /** positive: to charge now; negative: credit (a credit note) */
  amount: number;
  /** the segments after the change */
  segments: Segment[];
  /** what the new configuration costs for the rest of the period, and the old one's unused part (display lines) */
  remainingNew: number;
  unusedOld: number;
}

/**
 * A change at `at` to a configuration whose full-period price is `newPrice`. A change before the
 * last segment's start is refused (history is never rewritten).
 */
export function prorateChange(period: Period, segments: readonly Segment[], at: number, newPrice: number): Change {
  const when = clamp(at, period);
  const last = segments[segments.length - 1];
  if (last && when < last.from) throw new RangeError('prorateChange: a change cannot precede the last one');
  const before = projectedCost(period, segments);
  const kept = segments.filter((s) => s.from < when);
  const next = [...kept, { from: when, price: newPrice }];
  const after = projectedCost(period, next);
  const length = BigInt(period.end - period.start);
  const remaining = BigInt(period.end - when);
  const remainingNew = Number(roundDiv(BigInt(newPrice) * remaining, length));
  const amount = after - before;
  return { amount, segments: next, remainingNew, unusedOld: remainingNew - amount };
}

/** Whole days left in the period at `now` (rounded up; 0 once it ended). */
export function remainingDays(periodEnd: number, now: number): number {
  return Math.max(0, Math.ceil((periodEnd - now) / 86_400_000));
}
