/**
 * The plan catalogue (panel.md §3, §9; backoffice.md §3, §9; board.md §6): plans essential (free),
 * team and teamplus, the add-on white-label-api, billing cycles Monthly, Quarterly and
 * Semiannually (partner codes 2 monthly, 3 quarterly), and the default price list the migration
 * seeds (operators edit prices in the database later). Pure data.
 */
import { TEAM_POLICIES, TEAMPLUS_POLICIES, type PolicyName } from '../policies';
import { DEFAULT_CURRENCY } from './money';

export const FREE_PLAN = 'essential';
export const PLAN_CODES = ['essential', 'team', 'teamplus'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export const PAID_PLANS = ['team', 'teamplus'] as const satisfies readonly PlanCode[];
export const ADDON_CODES = ['white-label-api'] as const;
export type AddonCode = (typeof ADDON_CODES)[number];

export const BILLING_CYCLES = ['Monthly', 'Quarterly', 'Semiannually'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** Months one period of each cycle lasts. */
export const CYCLE_MONTHS: Record<BillingCycle, number> = { Monthly: 1, Quarterly: 3, Semiannually: 6 };
/** Billing cycle codes in partner data (panel.md §9, backoffice.md §3): 2 monthly, 3 quarterly. */
export const PARTNER_CYCLE_CODES: Record<number, BillingCycle> = { 2: 'Monthly', 3: 'Quarterly' };
export const cycleCodeOf = (cycle: BillingCycle): number | null => {
  const found = Object.entries(PARTNER_CYCLE_CODES).find(([, c]) => c === cycle);
  return found ? Number(found[0]) : null;
};

export const PAYMENT_METHODS = ['Card', 'Ether'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const isPlanCode = (v: unknown): v is PlanCode => typeof v === 'string' && (PLAN_CODES as readonly string[]).includes(v);
export const isAddonCode = (v: unknown): v is AddonCode => typeof v === 'string' && (ADDON_CODES as readonly string[]).includes(v);
export const isPaidPlan = (code: string): boolean => (PAID_PLANS as readonly string[]).includes(code);

/** Rank used to pick a user's best plan among their workspaces' subscriptions. */
export const PLAN_RANK: Record<PlanCode, number> = { essential: 0, team: 1, teamplus: 2 };

export interface CatalogItem {
  code: string;
  name: string;
  kind: 'plan' | 'addon';
  /** plans are priced per seat (quantity); add-ons per subscription */
  perSeat: boolean;
  features: readonly PolicyName[];
}

export const CATALOG: Record<PlanCode | AddonCode, CatalogItem> = {
  essential: { code: 'essential', name: 'Essential', kind: 'plan', perSeat: true, features: [] },
  team: { code: 'team', name: 'Team', kind: 'plan', perSeat: true, features: TEAM_POLICIES },
  teamplus: { code: 'teamplus', name: 'Team Plus', kind: 'plan', perSeat: true, features: TEAMPLUS_POLICIES },
  'white-label-api': { code: 'white-label-api', name: 'White-label API', kind: 'addon', perSeat: false, features: ['api-white-label'] },
};

/** price of one period of a cycle, minor units: code → cycle → amount */
export type PriceTable = Record<string, Record<BillingCycle, number>>;

/**
 * The seeded price list (ours: the spec gives no prices), USD cents per seat (plans) or per
 * subscription (add-ons); longer cycles are 5 % and 10 % cheaper per month.
 */
export const DEFAULT_PRICES: PriceTable = {
  essential: { Monthly: 0, Quarterly: 0, Semiannually: 0 },
  team: { Monthly: 800, Quarterly: 2280, Semiannually: 4320 },
  teamplus: { Monthly: 1200, Quarterly: 3420, Semiannually: 6480 },
  'white-label-api': { Monthly: 2000, Quarterly: 5700, Semiannually: 10800 },
};
export const DEFAULT_PRICE_CURRENCY = DEFAULT_CURRENCY;

/** What a subscription is made of; its price per period follows from a price table. */
export interface Configuration {
  plan: string;
  quantity: number;
  addons: readonly string[];
  cycle: BillingCycle;
}

export interface PriceLine {
  code: string;
  description: string;
  /** minor units for one period */
  amount: number;
}

/** The lines of one full period of a configuration (the plan × seats, then each add-on). */
export function periodLines(config: Configuration, prices: PriceTable): PriceLine[] {
  const plan = prices[config.plan]?.[config.cycle];
  if (plan === undefined) throw new RangeError(`no price for ${config.plan} ${config.cycle}`);
  const name = CATALOG[config.plan as PlanCode]?.name ?? config.plan;
  const lines: PriceLine[] = [
    {
      code: config.plan,
      description: `${name} × ${config.quantity} seat${config.quantity === 1 ? '' : 's'} (${config.cycle})`,
      amount: plan * config.quantity,
    },
  ];
  for (const addon of [...new Set(config.addons)].sort()) {
    const price = prices[addon]?.[config.cycle];
    if (price === undefined) throw new RangeError(`no price for ${addon} ${config.cycle}`);
    lines.push({ code: addon, description: `${CATALOG[addon as AddonCode]?.name ?? addon} (${config.cycle})`, amount: price });
  }
  return lines;
}

/** The price of one full period of a configuration, minor units. */
export const periodPrice = (config: Configuration, prices: PriceTable): number =>
  periodLines(config, prices).reduce((s, l) => s + l.amount, 0);

/** The end of a period that starts at `start` (calendar months, day clamped: Jan 31 + 1 month = Feb 28/29). */
export function addCycle(start: Date, cycle: BillingCycle, periods = 1): Date {
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + CYCLE_MONTHS[cycle] * periods);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
