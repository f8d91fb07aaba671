import type { Knex } from 'knex';

/**
 * Jobs (docs/operations.md "Jobs"; platform/core/jobs/): one mechanism for every scheduled and
 * one-off job, run once across nodes.
 *  - jobs: one row per scheduled job (upserted by every node that runs jobs, at its start). A node
 *    claims a due job with one UPDATE … WHERE next_run_at <= now() AND running_since IS NULL …
 *    RETURNING: only one node wins. `heartbeat_at` is refreshed while the job runs; a claim whose
 *    heartbeat is older than the runner's stale limit (its node died) is taken over.
 *  - job_runs: every run, scheduled or an operator's action, with its timings, its node, who
 *    asked, its result (jsonb) or error. At most one run of a name is `running` at a time (a
 *    partial unique index), so an action asked on two nodes at once runs once.
 *  - workspaces.storage_bytes / storage_at: a workspace's storage as the last recalculation found
 *    it (POST /api/admin/storage/recalc, like users.storage_bytes).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.string('name', 80).primary();
    t.integer('every_ms').notNullable();
    t.timestamp('next_run_at', { useTz: true }).notNullable();
    /** set while a node runs the job (its claim); null when idle */
    t.timestamp('running_since', { useTz: true }).nullable();
    t.timestamp('heartbeat_at', { useTz: true }).nullable();
    /** the node holding the claim, or the last one that held it */
    t.string('node', 200).nullable();
  });

  await knex.schema.createTable('job_runs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('name', 80).notNullable();
    t.string('kind', 20).notNullable();
    t.string('state', 20).notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.integer('duration_ms').nullable();
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('node', 200).notNullable();
    t.uuid('requested_by').nullable().references('users.id').onDelete('SET NULL');
    t.jsonb('result').nullable();
    t.text('error').nullable();
  });
  await knex.raw("alter table job_runs add constraint job_runs_kind check (kind in ('scheduled', 'action'))");
  await knex.raw("alter table job_runs add constraint job_runs_state check (state in ('running', 'finished', 'failed'))");
  await knex.raw("create unique index job_runs_one_running on job_runs (name) where state = 'running'");
  await knex.raw('create index job_runs_started on job_runs (started_at desc)');

  await knex.schema.alterTable('workspaces', (t) => {
    t.bigInteger('storage_bytes').notNullable().defaultTo(0);
    t.timestamp('storage_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workspaces', (t) => {
    t.dropColumn('storage_at');
    t.dropColumn('storage_bytes');
  });
  await knex.schema.dropTableIfExists('job_runs');
  await knex.schema.dropTableIfExists('jobs');
}
