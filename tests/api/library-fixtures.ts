import { insertBoard, touchMember } from '../../platform/boards/repo';
import { ensureDefaultWorkspace, type WorkspaceRow } from '../../platform/workspaces/repo';
import type { TestPlatform } from '../helpers/platform';
import { signedIn, type Who } from './boards-fixtures';

/**
 * Library test fixtures: users whose plan holds the board-list policies (team: backup-boards;
 * the beta-tester role: tag-boards), their default workspace, and boards made straight in the
 * database with chosen names, tags, visit and change times (for sort and filter checks).
 */
export async function librarian(p: TestPlatform, name = 'Libby'): Promise<Who & { workspace: WorkspaceRow }> {
  const who = await signedIn(p, { plan: 'team', name });
  await p.db.raw(`update users set roles = '{beta-tester}' where id = ?`, [who.user!.id]);
  const workspace = await ensureDefaultWorkspace(p.db, who.user!.id);
  return Object.assign(who, { workspace });
}

export interface Made {
  id: string;
  code: string;
  name: string;
}

/** A board in `workspaceId` owned by `ownerId`, with tags and optional visit/change times. */
export async function madeBoard(
  p: TestPlatform,
  input: {
    workspaceId: string;
    ownerId: string;
    name: string;
    tags?: string[];
    visitedBy?: string;
    visitedAt?: Date;
    changedAt?: Date;
    changedBy?: string;
    createdAt?: Date;
  },
): Promise<Made> {
  const board = await insertBoard(p.db, {
    name: input.name,
    workspaceId: input.workspaceId,
    ownerId: input.ownerId,
    ownerUid: input.ownerId,
  });
  if (input.tags?.length || input.createdAt) {
    const tags = `{${(input.tags ?? []).map((t) => `"${t}"`).join(',')}}`;
    await p.db.raw('update boards set tags = ?::text[], created_at = coalesce(?, created_at) where id = ?', [
      tags,
      input.createdAt ?? null,
      board.id,
    ]);
  }
  if (input.visitedBy) {
    await touchMember(p.db, board.id, { uid: input.visitedBy, userId: input.visitedBy });
    if (input.visitedAt)
      await p.db('board_members').where({ board_id: board.id, uid: input.visitedBy }).update({ updated_at: input.visitedAt });
  }
  if (input.changedAt)
    await p.db('board_library').insert({ board_id: board.id, changed_at: input.changedAt, changed_by: input.changedBy ?? 'someone-else' });
  return { id: board.id, code: board.code, name: board.name };
}

/** Polls until `probe` answers something truthy (background work: thumbnails). */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, stepMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
