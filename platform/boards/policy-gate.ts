import Boom from '@hapi/boom';
import type { Command } from '../../shared/model';
import { MESSAGES } from '../../shared/messages';
import { commandPolicyNeeds, POLICY, type PolicyRequirement } from '../../shared/policies';
import { boardPolicies } from '../../shared/workspace-roles';
import type { Actor } from '../core/actor';
import { unpluggedExtensions } from '../workspaces/api';
import type { BoardAccess, BoardApp } from './access';

/** The 403 text of a command the plan does not allow (the board's 403 alert, board.md §6). */
export const PLAN_REFUSAL = MESSAGES.unauthorizedAccess;

/**
 * The server side of the plan policies (board.md §6 "Policies by plan").
 *
 * Whose plan: the sender's (their token's plan claim), less the extensions the board's workspace
 * unplugged — exactly what joinBoard answers as `claims.policies` (boards/service describeBoard),
 * so the server refuses what the SDK hides and nothing else. A guest has no plan.
 */
export async function boardPoliciesFor(app: BoardApp, access: BoardAccess, actor: Actor, unplugged?: readonly string[]): Promise<string[]> {
  const off = unplugged ?? (access.workspace ? await unpluggedExtensions(app.db, access.workspace.id) : []);
  return boardPolicies(actor.claims ?? {}, off);
}

/**
 * A command using a feature these policies do not allow is refused with 403, nothing stored.
 * What a command needs is one table in shared/policies.ts (commandPolicyNeeds: frames,
 * comments, highlighter, line type, connectors, rotation, tags, links, protect).
 */
export async function checkCommandPolicies(app: BoardApp, access: BoardAccess, actor: Actor, command: Command): Promise<void> {
  const needs = commandPolicyNeeds(command);
  // most commands (strokes, moves, edits) need no policy: nothing is read for them
  if (!needs.length) return;
  const policies = new Set(await boardPoliciesFor(app, access, actor));
  const missing = needs.find((n) => !allows(policies, n.needs));
  if (missing) throw refusal(missing.feature, missing.needs);
}

/** Turning private mode on needs the private-mode policy (turning it off never does). */
export async function checkConfigPolicies(
  app: BoardApp,
  access: BoardAccess,
  actor: Actor,
  patch: { privateMode?: { type: number } | null },
): Promise<void> {
  if (!patch.privateMode || patch.privateMode.type === 0) return;
  const policies = new Set(await boardPoliciesFor(app, access, actor));
  if (!policies.has(POLICY.privateMode)) throw refusal('private mode', [POLICY.privateMode]);
}

const allows = (policies: ReadonlySet<string>, needs: PolicyRequirement) => needs.some((p) => policies.has(p));

/** 403 'Unauthorized access', naming the feature and the policies that would allow it. */
function refusal(feature: string, needs: PolicyRequirement): Boom.Boom {
  return Boom.forbidden(PLAN_REFUSAL, { feature, policies: [...needs] });
}
