import { accessTokenFor } from '../../platform/accounts/tokens';
import { updateUser } from '../../platform/users/repo';
import type { TestPlatform } from '../helpers/platform';
import { signedIn, type Who } from './boards-fixtures';

/**
 * Back-office fixtures: an operator is a signed-in user whose users.roles holds 'admin' (the
 * scope is read from the database on every operator request, so the token's claims do not matter).
 */
export async function operator(p: TestPlatform, opts: { name?: string } = {}): Promise<Who> {
  const who = await signedIn(p, { name: opts.name ?? 'Opal Operator' });
  const user = await updateUser(p.db, who.user!.id, { roles: ['admin'] });
  return { ...who, user, token: accessTokenFor(p.config, user) };
}

/** A path of the route table with its parameters filled in. */
export const fillPath = (path: string, value = '00000000-0000-4000-8000-000000000000'): string =>
  path.replace(/\{(\w+)\*?\}/g, () => value);
