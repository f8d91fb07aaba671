import type { Knex } from 'knex';
import { writeAudit } from './audit/repo';
import { OPERATOR_ROLE } from './operator';
import { findUserByUsername, setRole } from './roles';

/**
 * `npm run admin -- <command>` (scripts/admin.ts; docs/operations.md "Operators"):
 *   grant <email>   the account becomes an operator (platform role Admin)
 *   revoke <email>  it no longer is
 *   list            the operators
 * Answers the exit code; lines go to `out`. Every change is written to the audit trail as 'cli'.
 */
export const ADMIN_USAGE = 'usage: npm run admin -- grant <email> | revoke <email> | list';

export async function runAdminCommand(db: Knex, args: string[], out: (line: string) => void): Promise<number> {
  const [command, email] = args;
  if (command === 'list' && !email) {
    const rows = (await db('users')
      .whereRaw('? = any(roles)', [OPERATOR_ROLE])
      .orderBy('username')
      .select('username', 'is_active')) as Array<{ username: string; is_active: boolean }>;
    if (rows.length === 0) out('no operators');
    for (const r of rows) out(`${r.username}${r.is_active ? '' : ' (deactivated)'}`);
    return 0;
  }
  if ((command !== 'grant' && command !== 'revoke') || !email || args.length !== 2) {
    out(ADMIN_USAGE);
    return 2;
  }
  const user = await findUserByUsername(db, email);
  if (!user) {
    out(`no account with the address ${email.trim().toLowerCase()} (sign up first, or use ADMIN_EMAILS)`);
    return 1;
  }
  const granted = command === 'grant';
  if (user.roles.includes(OPERATOR_ROLE) === granted) {
    out(`${user.username} ${granted ? 'is already' : 'is not'} an operator`);
    return 0;
  }
  await setRole(db, user.id, OPERATOR_ROLE, granted);
  await writeAudit(db, {
    actorId: null,
    actorName: 'cli',
    action: granted ? 'role.grant' : 'role.revoke',
    targetType: 'user',
    targetId: user.id,
    details: { role: OPERATOR_ROLE },
  });
  out(`${user.username} ${granted ? 'is now' : 'is no longer'} an operator`);
  return 0;
}
