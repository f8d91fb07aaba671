import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { MESSAGES } from '../../shared/messages';
import { WORKSPACE_MESSAGES, type WorkspaceRole } from '../../shared/workspace-roles';
import type { Actor } from '../core/actor';
import * as repo from './repo';
import type { WorkspaceRow } from './repo';

/**
 * The workspace a reference names (its id, its altId, or 'default') and the asker's role in it.
 * Kept apart from ./service.ts, which uses the boards domain, so that what ./api.ts publishes
 * does not reach back into boards (whose access uses workspaces: a cycle).
 */
/** The signed-in user behind the actor (a developer app's participant is no Tabula user: 403). */
export function userIdOf(actor: Actor | null): string {
  if (!actor) throw Boom.unauthorized('Missing authentication');
  if (!actor.userId) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  return actor.userId;
}

/** The workspace named by `ref` and the asker's role in it; 404 when it is not theirs to see. */
export async function resolveWorkspace(
  app: Pick<ServerApplicationState, 'db'>,
  actor: Actor | null,
  ref: string,
): Promise<{ workspace: WorkspaceRow; role: WorkspaceRole; userId: string }> {
  const userId = userIdOf(actor);
  const workspace = await repo.findWorkspaceByRef(app.db, userId, ref);
  const role = workspace ? await repo.workspaceRoleOf(app.db, workspace, userId) : null;
  if (!workspace || !role) throw Boom.notFound(WORKSPACE_MESSAGES.notFound);
  return { workspace, role, userId };
}
