import type { Knex } from 'knex';

/**
 * Workspaces (docs/architecture.md "Workspaces"):
 *  - workspace_members: who besides the owner belongs to a workspace and with which role (Admin,
 *    Member, ClientAdmin). The owner is NOT a row here: `workspaces.owner_id` is the one source of
 *    the Owner role (no two places to keep in step); member lists add the owner to the rows.
 *  - workspace_invitations: an invitation by e-mail (role Admin or Member), accepted through the
 *    link's token by a signed-in account with that address. Only the token's SHA-256 is stored;
 *    one live invitation per (workspace, e-mail); accepted and revoked rows stay for the record.
 *  - workspace_extensions: a workspace's choice for a board app-* feature; no row = plugged.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workspace_members', (t) => {
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    /** Admin, Member or ClientAdmin (never Owner) */
    t.string('role', 20).notNullable();
    t.uuid('invited_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['workspace_id', 'user_id']);
  });
  await knex.raw('create index workspace_members_user on workspace_members (user_id)');
  await knex.raw("alter table workspace_members add constraint workspace_members_role check (role in ('Admin', 'Member', 'ClientAdmin'))");

  await knex.schema.createTable('workspace_invitations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    /** trimmed, lower-cased */
    t.string('email', 320).notNullable();
    t.string('role', 20).notNullable();
    t.uuid('invited_by').nullable().references('users.id').onDelete('SET NULL');
    t.string('token_hash', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true }).nullable();
    t.uuid('accepted_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('revoked_at', { useTz: true }).nullable();
  });
  await knex.raw('create unique index workspace_invitations_token on workspace_invitations (token_hash)');
  await knex.raw(
    'create unique index workspace_invitations_live on workspace_invitations (workspace_id, email) where accepted_at is null and revoked_at is null',
  );
  await knex.raw("alter table workspace_invitations add constraint workspace_invitations_role check (role in ('Admin', 'Member'))");

  await knex.schema.createTable('workspace_extensions', (t) => {
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    /** shared/workspace-roles EXTENSIONS: app-comment, app-frame, … */
    t.string('extension_id', 60).notNullable();
    t.boolean('plugged').notNullable();
    t.uuid('updated_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['workspace_id', 'extension_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['workspace_extensions', 'workspace_invitations', 'workspace_members']) await knex.schema.dropTableIfExists(table);
}
