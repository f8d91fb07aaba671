import type { Knex } from 'knex';

/** The assets table (migration 021_assets): who uploaded what to which board. */
export interface AssetRow {
  id: string;
  board_id: string;
  uploader_id: string | null;
  uploader_uid: string | null;
  name: string;
  mime: string;
  bytes: string | number;
  width: number;
  height: number;
  pages: number;
  sha256: string;
  created_at: Date;
}

type Conn = Knex | Knex.Transaction;

export async function insertAsset(db: Conn, row: Omit<AssetRow, 'id' | 'created_at'> & { id: string }): Promise<AssetRow> {
  const [stored] = await db('assets').insert(row).returning('*');
  return stored as AssetRow;
}

export async function findAsset(db: Conn, id: string): Promise<AssetRow | undefined> {
  return (await db('assets').where({ id }).first()) as AssetRow | undefined;
}

/** The bytes a board's assets take (every variant), for storage accounting. */
export async function boardAssetBytes(db: Conn, boardId: string): Promise<number> {
  const row = (await db('assets').where({ board_id: boardId }).first(db.raw('coalesce(sum(bytes), 0)::bigint as bytes'))) as {
    bytes: string | number;
  };
  return Number(row.bytes);
}
