/**
 * `npm run admin -- grant someone@example.com` (also `revoke <email>`, `list`): makes an account an
 * operator (platform role Admin) from the command line, with the platform's own configuration
 * (platform/config.ts: DATABASE_URL, or the embedded PGlite under DATA_DIR). With the embedded
 * database, stop the platform first: PGlite is one process's database (docs/operations.md).
 */
import path from 'node:path';
import { runAdminCommand } from '../platform/admin/cli';
import { ConfigError, loadConfig, type Config } from '../platform/config';
import { migrate, openDb } from '../platform/db/index';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`admin: the configuration is not valid.\n${err.message}`);
  process.exit(78);
}
const db = openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata') });
let code = 1;
try {
  await migrate(db);
  code = await runAdminCommand(db, process.argv.slice(2), (line) => console.log(line));
} catch (err) {
  console.error(`admin: ${(err as Error).message}`);
} finally {
  await db.destroy();
}
process.exit(code);
