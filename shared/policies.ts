/**
 * Plan policies (board.md §6 "Policies by plan"): which features a user's token claims
 * unlock. Pure table + functions; the server checks them before accepting a command or a
 * call, the SDK hides what is not allowed.
 */

/** Every policy name. The `app-*` and short names are the flags the product uses. */
export const POLICY = {
  // beta-tester
  pasteLink: 'paste-link',
  dynamicBackground: 'dynamic-background',
  appAutomation: 'app-automation',
  customTemplates: 'custom-templates',
  tagBoards: 'tag-boards',
  attachLink: 'attach-link',
  // team and teamplus
  highlighterToolbox: 'highlighter-toolbox',
  lineType: 'line-linetype',
  connectorLines: 'connector-lines',
  autoArrange: 'auto-arrange',
  comments: 'app-comment',
  frames: 'app-frame',
  cursors: 'app-cursors',
  boardHistory: 'app-board-history',
  attention: 'app-attention',
  facilitatorRole: 'facilitator-role',
  exportSvg: 'export-svg',
  findPalette: 'find-palette',
  tagShapes: 'tag-shapes',
  arrangeShapes: 'arrange-shapes',
  protectedLock: 'protected-lock',
  customColors: 'custom-colors',
  filterSelected: 'filter-selected',
  snapToObject: 'snap-to-object',
  privateMode: 'private-mode',
  rotateShapes: 'rotate-shapes',
  backupBoards: 'backup-boards',
  // teamplus
  sharedTemplates: 'shared-templates',
  // white-label-api plan with a client claim
  apiWhiteLabel: 'api-white-label',
  // qty claim ≠ 1
  multiWorkspace: 'multi-workspace',
  // early_access plan: the rotation handle
  rotationHandle: 'rotation-handle',
} as const;
export type PolicyName = (typeof POLICY)[keyof typeof POLICY];
export const POLICY_NAMES: readonly PolicyName[] = Object.values(POLICY);

export const PLANS = ['beta-tester', 'team', 'teamplus', 'white-label-api', 'early_access'] as const;
export type Plan = (typeof PLANS)[number];

export const BETA_TESTER_POLICIES: readonly PolicyName[] = [
  POLICY.pasteLink, POLICY.dynamicBackground, POLICY.appAutomation, POLICY.customTemplates, POLICY.tagBoards, POLICY.attachLink,
];
export const TEAM_POLICIES: readonly PolicyName[] = [
  POLICY.highlighterToolbox, POLICY.lineType, POLICY.connectorLines, POLICY.autoArrange, POLICY.comments, POLICY.frames,
  POLICY.cursors, POLICY.boardHistory, POLICY.attention, POLICY.facilitatorRole, POLICY.exportSvg, POLICY.findPalette,
  POLICY.tagShapes, POLICY.arrangeShapes, POLICY.protectedLock, POLICY.customColors, POLICY.filterSelected,
  POLICY.snapToObject, POLICY.privateMode, POLICY.rotateShapes, POLICY.backupBoards,
  // panel.md §6: "team and teamplus plans, or beta-tester role" enable tag-boards (board.md §6 lists it under beta-tester)
  POLICY.tagBoards,
];
export const TEAMPLUS_POLICIES: readonly PolicyName[] = [...TEAM_POLICIES, POLICY.sharedTemplates];

export interface PolicyClaims {
  /** the plan claim: one plan or several */
  plan?: string | readonly string[] | null;
  /** the role claim (may hold 'beta-tester') */
  role?: string | readonly string[] | null;
  /** the quantity claim (workspaces); anything but 1 gives multi-workspace */
  qty?: number | string | null;
  /** the client claim (embedding client) */
  client?: string | null;
}

const list = (v: string | readonly string[] | null | undefined): string[] => (v == null ? [] : typeof v === 'string' ? [v] : [...v]);

export function policiesOf(claims: PolicyClaims): Set<PolicyName> {
  const plans = new Set(list(claims.plan));
  const roles = new Set(list(claims.role));
  const out = new Set<PolicyName>();
  const addAll = (names: readonly PolicyName[]) => names.forEach((n) => out.add(n));
  if (plans.has('beta-tester') || roles.has('beta-tester')) addAll(BETA_TESTER_POLICIES);
  if (plans.has('team')) addAll(TEAM_POLICIES);
  if (plans.has('teamplus')) addAll(TEAMPLUS_POLICIES);
  if (plans.has('white-label-api') && claims.client) out.add(POLICY.apiWhiteLabel);
  if (claims.qty != null && claims.qty !== '' && Number(claims.qty) !== 1) out.add(POLICY.multiWorkspace);
  if (plans.has('early_access')) out.add(POLICY.rotationHandle);
  return out;
}

export function hasPolicy(claims: PolicyClaims | Set<PolicyName>, policy: PolicyName): boolean {
  return (claims instanceof Set ? claims : policiesOf(claims)).has(policy);
}
