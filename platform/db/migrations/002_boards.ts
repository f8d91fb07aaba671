import type { Knex } from 'knex';

/**
 * Boards (docs/architecture.md "Board service"): workspaces, boards with their per-board
 * sequence counter, members, the append-only command log with its shape index, snapshots,
 * chat messages and comment threads.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workspaces', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    /** short url-safe id shown in board urls (board.md §3 workspace {id, altId}) */
    t.string('alt_id', 32).notNullable().unique();
    t.string('name', 100).notNullable();
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    /** the account's default workspace (panel.md §9: default workspace id 'default') */
    t.boolean('is_default').notNullable().defaultTo(false);
    /** theme, maxUploadSize, zoomLimits, fonts (panel.md §3) */
    t.jsonb('config').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index workspaces_one_default on workspaces (owner_id) where is_default');

  await knex.schema.createTable('boards', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    /** unguessable, url-safe: 12 characters of base64url over 72 random bits */
    t.string('code', 32).notNullable().unique();
    t.string('name', 200).notNullable().defaultTo('new board');
    t.uuid('workspace_id').nullable().references('workspaces.id').onDelete('CASCADE');
    /** a signed-in owner … */
    t.uuid('owner_id').nullable().references('users.id').onDelete('CASCADE');
    /** … or a guest owner (roaming uid), until the guest signs in and the board is merged */
    t.string('owner_uid', 100).nullable();
    /** bg, bgColor, upload, privateMode {type, blurry}, viewport {x, y, w, h} */
    t.jsonb('board_config').notNullable().defaultTo('{}');
    t.timestamp('dispose_at', { useTz: true }).nullable();
    t.string('status', 20).notNullable().defaultTo('active');
    /** access of the owner's workspace members and of anyone with the link (board.md §3 Sharing) */
    t.string('workspace_level', 20).notNullable().defaultTo('Editor');
    t.string('link_level', 20).notNullable().defaultTo('Editor');
    /** the board's ordering point: the seq of the last accepted command */
    t.bigInteger('last_seq').notNullable().defaultTo(0);
    /** seq of the latest snapshot (0 = none) */
    t.bigInteger('snapshot_seq').notNullable().defaultTo(0);
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_session_at', { useTz: true }).nullable();
  });
  await knex.raw('create index boards_owner_uid on boards (owner_uid) where owner_uid is not null');
  await knex.raw('create index boards_owner_id on boards (owner_id)');
  await knex.raw('create index boards_workspace on boards (workspace_id)');
  await knex.raw('create index boards_dispose_at on boards (dispose_at) where dispose_at is not null');

  await knex.schema.createTable('board_members', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('board_id').notNullable().references('boards.id').onDelete('CASCADE');
    t.string('uid', 100).notNullable();
    t.uuid('user_id').nullable().references('users.id').onDelete('CASCADE');
    /** display name on this board (guests choose theirs; users default to their profile name) */
    t.string('name', 100).notNullable().defaultTo('');
    /** explicit role given by the owner; null = the workspace or link level applies */
    t.string('role', 20).nullable();
    /** 'Invited' until the member first opens the board, then 'Joined' */
    t.string('status', 20).notNullable().defaultTo('Joined');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['board_id', 'uid']);
  });
  await knex.raw('create index board_members_user on board_members (user_id) where user_id is not null');
  await knex.raw('create index board_members_uid on board_members (uid)');

  await knex.schema.createTable('commands', (t) => {
    t.uuid('board_id').notNullable().references('boards.id').onDelete('CASCADE');
    t.bigInteger('seq').notNullable();
    /** the client's command id: the idempotency key of a send */
    t.string('client_id', 100).notNullable();
    t.string('uid', 100).notNullable();
    t.string('kind', 40).notNullable();
    /** the whole command as accepted (with `effect` for undo/redo/clear), without seq */
    t.jsonb('payload').notNullable();
    t.string('status', 20).notNullable().defaultTo('normal');
    /** ids of the shapes the command touches ('*' + board id for board-wide commands such as clear) */
    t.specificType('shape_ids', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['board_id', 'seq']);
    t.unique(['board_id', 'client_id']);
  });
  /** shape id → the commands touching it: an undo reads a shape's history without scanning the board */
  await knex.raw('create index commands_shape_ids on commands using gin (shape_ids)');

  await knex.schema.createTable('snapshots', (t) => {
    t.uuid('board_id').notNullable().references('boards.id').onDelete('CASCADE');
    t.bigInteger('seq').notNullable();
    /** BoardDoc.snapshot() at seq */
    t.jsonb('state').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['board_id', 'seq']);
  });

  await knex.schema.createTable('chat_messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('board_id').notNullable().references('boards.id').onDelete('CASCADE');
    /** the sender's message id (retries store one message) */
    t.string('client_id', 100).notNullable();
    t.string('uid', 100).notNullable();
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('display_name', 100).notNullable().defaultTo('');
    t.text('message').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['board_id', 'client_id']);
  });
  await knex.raw('create index chat_messages_board_date on chat_messages (board_id, created_at)');

  await knex.schema.createTable('comment_threads', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('board_id').notNullable().references('boards.id').onDelete('CASCADE');
    /** the comment shape placed for this thread (set when its add command arrives) */
    t.string('shape_id', 100).nullable();
    t.string('created_by', 100).notNullable();
    t.boolean('resolved').notNullable().defaultTo(false);
    t.boolean('deleted').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index comment_threads_board on comment_threads (board_id)');
  await knex.raw('create index comment_threads_shape on comment_threads (board_id, shape_id) where shape_id is not null');

  await knex.schema.createTable('comments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('thread_id').notNullable().references('comment_threads.id').onDelete('CASCADE');
    t.string('author_uid', 100).notNullable();
    t.uuid('author_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('author_name', 100).notNullable().defaultTo('');
    t.text('message').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index comments_thread on comments (thread_id, created_at)');

  await knex.schema.createTable('comment_seen', (t) => {
    t.uuid('thread_id').notNullable().references('comment_threads.id').onDelete('CASCADE');
    t.string('uid', 100).notNullable();
    t.timestamp('seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['thread_id', 'uid']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'comment_seen',
    'comments',
    'comment_threads',
    'chat_messages',
    'snapshots',
    'commands',
    'board_members',
    'boards',
    'workspaces',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
