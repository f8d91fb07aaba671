import type { Knex } from 'knex';
import * as m001 from './001_accounts';
import * as m004 from './004_clients';
import * as m002 from './002_boards';
import * as m003 from './003_logs';
import * as m005 from './005_activity';
import * as m006 from './006_identity';
import * as m007 from './007_invitations';
import * as m008 from './008_sessions';
import * as m009 from './009_workspaces';
import * as m010 from './010_library';
import * as m011 from './011_admin';
import * as m012 from './012_billing';
import * as m013 from './013_workspace_fonts';
import * as m014 from './014_notifications';
import * as m015 from './015_audits';
import * as m016 from './016_user_config';
import * as m017 from './017_billing_settlements';
import * as m018 from './018_announcements';
import * as m019 from './019_safe_links';
import * as m020 from './020_session_ids';
import * as m021 from './021_assets';
import * as m022 from './022_member_names';
import * as m023 from './023_assets_outlive_boards';
import * as m024 from './024_usage';
import * as m025 from './025_jobs';
import * as m026 from './026_untitled_boards';
import * as m027 from './027_templates';
import * as m028 from './028_partners';

/**
 * Migrations are plain modules listed here in order (no file-system scanning, so they
 * work the same under tsx, vitest and a bundle). Add a domain's migration by appending it.
 */
const migrations: Array<[string, { up(k: Knex): Promise<void>; down(k: Knex): Promise<void> }]> = [
  ['001_accounts', m001],
  ['004_clients', m004],
  ['002_boards', m002],
  ['003_logs', m003],
  ['005_activity', m005],
  ['006_identity', m006],
  ['007_invitations', m007],
  ['008_sessions', m008],
  ['009_workspaces', m009],
  ['010_library', m010],
  ['011_admin', m011],
  ['012_billing', m012],
  ['013_workspace_fonts', m013],
  ['014_notifications', m014],
  ['015_audits', m015],
  ['016_user_config', m016],
  ['017_billing_settlements', m017],
  ['018_announcements', m018],
  ['019_safe_links', m019],
  ['020_session_ids', m020],
  ['021_assets', m021],
  ['022_member_names', m022],
  ['023_assets_outlive_boards', m023],
  ['024_usage', m024],
  ['025_jobs', m025],
  ['026_untitled_boards', m026],
  ['027_templates', m027],
  ['028_partners', m028],
];

export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return migrations.map(([name]) => name);
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    const found = migrations.find(([n]) => n === name);
    if (!found) throw new Error(`unknown migration ${name}`);
    return found[1];
  },
};
