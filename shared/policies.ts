/**
 * Plan policies (board.md §6 "Policies by plan"): which features a user's token claims
 * unlock. Pure table + functions; the server checks them before accepting a command or a
 * call, the SDK hides what is not allowed.
 */

import { POLICY, type PolicyName, type PolicyRequirement } from './policy-names';
import type { Shape } from './model';
import { innerShapes, kindPolicyNeeds } from './geometry/registry';
import { PICKED_LINE_TYPES } from './geometry/line';

export { POLICY, POLICY_NAMES, type PolicyName, type PolicyRequirement } from './policy-names';

export const PLANS = ['beta-tester', 'team', 'teamplus', 'white-label-api', 'early_access'] as const;
export type Plan = (typeof PLANS)[number];

export const BETA_TESTER_POLICIES: readonly PolicyName[] = [
  POLICY.pasteLink,
  POLICY.dynamicBackground,
  POLICY.appAutomation,
  POLICY.customTemplates,
  POLICY.tagBoards,
  POLICY.attachLink,
];
export const TEAM_POLICIES: readonly PolicyName[] = [
  POLICY.highlighterToolbox,
  POLICY.lineType,
  POLICY.connectorLines,
  POLICY.autoArrange,
  POLICY.comments,
  POLICY.frames,
  POLICY.cursors,
  POLICY.boardHistory,
  POLICY.attention,
  POLICY.facilitatorRole,
  POLICY.exportSvg,
  POLICY.findPalette,
  POLICY.tagShapes,
  POLICY.arrangeShapes,
  POLICY.protectedLock,
  POLICY.customColors,
  POLICY.filterSelected,
  POLICY.snapToObject,
  POLICY.privateMode,
  POLICY.rotateShapes,
  POLICY.backupBoards,
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

/* ---------------- command-level policies (board.md §6): what a command needs ---------------- */

interface ShapeLike {
  cmd?: unknown;
  // read by the kinds' own rows (shared/geometry/<kind>.ts `policies`) and their nested shapes
  type?: unknown;
  start?: unknown;
  end?: unknown;
  shapes?: unknown;
  rotation?: unknown;
  tags?: unknown;
  link?: unknown;
  protectedBy?: unknown;
}
interface CommandLike extends ShapeLike {
  shape?: ShapeLike;
  commands?: unknown;
  protect?: unknown;
  props?: unknown;
}

const ROTATE: PolicyRequirement = [POLICY.rotateShapes, POLICY.rotationHandle];
const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const nonEmptyList = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : present(v));

/**
 * The shape table: which content of a shape of any kind needs which policy. One row per feature,
 * checked by the server (platform/boards/policy-gate.ts). What a kind's own shapes need (frames,
 * comments, the highlighter, line types, connector lines) is that kind's `policies` in its module
 * (shared/geometry/<kind>.ts), read through the registry (kindPolicyNeeds) before these rows.
 */
export const SHAPE_POLICY_RULES: ReadonlyArray<{ feature: string; needs: PolicyRequirement; when: (shape: ShapeLike) => boolean }> = [
  { feature: 'rotate shapes', needs: ROTATE, when: (s) => typeof s.rotation === 'number' && s.rotation % 360 !== 0 },
  { feature: 'tag shapes', needs: [POLICY.tagShapes], when: (s) => nonEmptyList(s.tags) },
  { feature: 'attach link', needs: [POLICY.attachLink], when: (s) => present(s.link) },
  { feature: 'protected lock', needs: [POLICY.protectedLock], when: (s) => present(s.protectedBy) },
];

/**
 * The property table: which value set by a propertyModifier needs which policy (the same
 * features as SHAPE_POLICY_RULES, reached by editing an existing shape).
 */
export const PROPERTY_POLICY_RULES: Readonly<
  Record<string, { feature: string; needs: PolicyRequirement; when: (value: unknown) => boolean }>
> = {
  rotation: { feature: 'rotate shapes', needs: ROTATE, when: (v) => typeof v === 'number' && v % 360 !== 0 },
  tags: { feature: 'tag shapes', needs: [POLICY.tagShapes], when: nonEmptyList },
  link: { feature: 'attach link', needs: [POLICY.attachLink], when: present },
  start: { feature: 'connector lines', needs: [POLICY.connectorLines], when: present },
  end: { feature: 'connector lines', needs: [POLICY.connectorLines], when: present },
  type: { feature: 'line type', needs: [POLICY.lineType], when: (v) => PICKED_LINE_TYPES.has(v as string) },
  resolved: { feature: 'comments', needs: [POLICY.comments], when: () => true },
};

/** The same for `type: 'hl'` (a pen turned highlighter). */
const HIGHLIGHTER_TYPE = { feature: 'highlighter', needs: [POLICY.highlighterToolbox] as PolicyRequirement };

/** Every shape inside a shape (the registry's innerShapes: composite and link shapes group others). */
function eachShape(shape: ShapeLike, visit: (s: ShapeLike) => void, depth = 0): void {
  visit(shape);
  const inner = depth < 8 ? innerShapes(shape as Shape) : [];
  if (Array.isArray(inner)) for (const s of inner) if (s && typeof s === 'object') eachShape(s as ShapeLike, visit, depth + 1);
}

/**
 * The policies a command needs (board.md §6 "Policies by plan"), one entry per feature it uses:
 * the shapes it adds or replaces (their kind's `policies`, then SHAPE_POLICY_RULES), the properties it sets
 * (PROPERTY_POLICY_RULES) and a lock that protects (protected-lock); a commandSet needs what
 * its sub-commands need. Moving, resizing, recolouring, removing, ordering and undo need none.
 */
export function commandPolicyNeeds(command: CommandLike, depth = 0): Array<{ feature: string; needs: PolicyRequirement }> {
  const out = new Map<string, PolicyRequirement>();
  const add = (feature: string, needs: PolicyRequirement) => out.set(feature, needs);
  if (command.cmd === 'commandSet') {
    if (depth < 8 && Array.isArray(command.commands))
      for (const sub of command.commands) for (const n of commandPolicyNeeds(sub as CommandLike, depth + 1)) add(n.feature, n.needs);
  } else if (command.cmd === 'lock') {
    if (command.protect === true) add('protected lock', [POLICY.protectedLock]);
  } else if (command.cmd === 'propertyModifier') {
    for (const prop of Array.isArray(command.props) ? (command.props as Array<{ name?: unknown; value?: unknown }>) : []) {
      if (prop?.name === 'type' && prop.value === 'hl') add(HIGHLIGHTER_TYPE.feature, HIGHLIGHTER_TYPE.needs);
      const rule =
        typeof prop?.name === 'string' && Object.hasOwn(PROPERTY_POLICY_RULES, prop.name) ? PROPERTY_POLICY_RULES[prop.name] : undefined;
      if (rule && rule.when(prop.value)) add(rule.feature, rule.needs);
    }
  } else if (command.shape && typeof command.shape === 'object') {
    // adding a shape (cmd = its kind) or replacing one
    eachShape(command.shape, (s) => {
      for (const n of kindPolicyNeeds(s as Shape)) add(n.feature, n.needs);
      for (const rule of SHAPE_POLICY_RULES) if (rule.when(s)) add(rule.feature, rule.needs);
    });
  }
  return [...out].map(([feature, needs]) => ({ feature, needs }));
}

/** The first feature of `command` that `policies` do not allow, or null when all are allowed. */
export function missingCommandPolicy(
  command: CommandLike,
  policies: ReadonlySet<string>,
): { feature: string; needs: PolicyRequirement } | null {
  return commandPolicyNeeds(command).find((n) => !n.needs.some((p) => policies.has(p))) ?? null;
}
