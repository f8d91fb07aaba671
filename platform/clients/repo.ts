import type { Knex } from 'knex';
import type { Db } from '../db/index';

/** A row of `clients` (004_clients). */
export interface ClientRow {
  id: string;
  owner_id: string;
  app_name: string;
  client_id: string;
  secret_hash: string;
  secret_hint: string;
  allowed_origins: string[];
  is_active: boolean;
  terms_accepted_at: Date;
  created_at: Date;
  last_session_at: Date | null;
}

/** A row of `client_embed_origins`: one origin a client app's boards were embedded from. */
export interface EmbedOriginRow {
  client_id: string;
  origin: string;
  embeds: number;
  refusals: number;
  first_seen_at: Date;
  last_seen_at: Date;
}

type Conn = Db | Knex.Transaction;

export async function findClientByOwner(db: Conn, ownerId: string): Promise<ClientRow | undefined> {
  return db('clients').where({ owner_id: ownerId }).first();
}

export async function findClientById(db: Conn, id: string): Promise<ClientRow | undefined> {
  return db('clients').where({ id }).first();
}

export async function findClientByClientId(db: Conn, clientId: string): Promise<ClientRow | undefined> {
  return db('clients').where({ client_id: clientId }).first();
}

export async function insertClient(
  db: Conn,
  row: { ownerId: string; appName: string; clientId: string; secretHash: string; secretHint: string; allowedOrigins: string[] },
): Promise<ClientRow> {
  const [created] = await db('clients')
    .insert({
      owner_id: row.ownerId,
      app_name: row.appName,
      client_id: row.clientId,
      secret_hash: row.secretHash,
      secret_hint: row.secretHint,
      allowed_origins: row.allowedOrigins,
    })
    .returning('*');
  return created as ClientRow;
}

export async function updateClient(
  db: Conn,
  id: string,
  changes: Partial<Pick<ClientRow, 'app_name' | 'allowed_origins' | 'secret_hash' | 'secret_hint' | 'is_active' | 'terms_accepted_at'>>,
): Promise<ClientRow> {
  const [row] = await db('clients').where({ id }).update(changes).returning('*');
  return row as ClientRow;
}

export async function touchClientSession(db: Conn, id: string): Promise<void> {
  await db('clients').where({ id }).update({ last_session_at: db.fn.now() });
}

/** Counts one embed (or one refusal) from `origin` for the app. */
export async function recordEmbedOrigin(db: Conn, clientRowId: string, origin: string, refused: boolean): Promise<void> {
  const column = refused ? 'refusals' : 'embeds';
  await db('client_embed_origins')
    .insert({ client_id: clientRowId, origin, embeds: refused ? 0 : 1, refusals: refused ? 1 : 0 })
    .onConflict(['client_id', 'origin'])
    .merge({ [column]: db.raw(`client_embed_origins.${column} + 1`), last_seen_at: db.fn.now() });
}

/** The origins an app's boards were embedded from, most recent first (back-office detail). */
export async function listEmbedOrigins(db: Conn, clientRowId: string): Promise<EmbedOriginRow[]> {
  return db('client_embed_origins').where({ client_id: clientRowId }).orderBy('last_seen_at', 'desc').orderBy('origin');
}
