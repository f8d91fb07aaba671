/**
 * The plan an account works under (board.md §6 "Policies by plan"). An account without a plan of
 * its own (the free plan, 'essential') gets the operator's default plan, DEFAULT_PLAN
 * (docs/configuration.md): a self-hosted install with no payment gateway sets it to 'team' or
 * 'teamplus' so its own people reach the plan-gated features. A plan set on the account (by
 * billing, or an operator) always wins.
 */
export const FREE_PLAN = 'essential';

export function planOf(user: { plan?: string | null }, defaultPlan: string): string {
  return user.plan && user.plan !== FREE_PLAN ? user.plan : defaultPlan || FREE_PLAN;
}

/**
 * How many workspaces an account may own (the qty claim; board.md §6: anything but 1 gives the
 * multi-workspace policy). An account with a quantity of its own (bought, or set by an operator)
 * keeps it; the others get the operator's DEFAULT_WORKSPACES (docs/configuration.md, default 1).
 */
export function qtyOf(user: { qty?: number | null }, defaultWorkspaces: number): number {
  return user.qty && user.qty !== 1 ? user.qty : Math.max(1, defaultWorkspaces || 1);
}
