import type { Knex } from 'knex';
import type { Db } from '../db/index';
import type { TemplateFile } from '../../shared/templates/types';

type Conn = Db | Knex.Transaction;

/** A built-in template's row (templates). */
export interface TemplateRow {
  name: string;
  title: string;
  summary: string;
  group_name: string;
  position: number;
  has_parameters: boolean;
  content: TemplateFile;
  content_hash: string;
  created_at: Date;
  updated_at: Date;
  thumbnail: Buffer | null;
  thumbnail_hash: string | null;
}

/** A custom template's row (custom_templates). */
export interface CustomTemplateRow {
  name: string;
  owner_id: string;
  workspace_id: string | null;
  title: string;
  shared: boolean;
  shapes: unknown[];
  width: number;
  height: number;
  thumbnail: Buffer | null;
  thumbnail_key: string;
  created_at: Date;
}

const LIST_COLUMNS = [
  'name',
  'title',
  'summary',
  'group_name',
  'position',
  'has_parameters',
  'created_at',
  'content_hash',
  'thumbnail_hash',
];

/** The built-in templates (without their content and thumbnail), in library order. */
export function listTemplates(db: Conn): Promise<Array<Omit<TemplateRow, 'content' | 'thumbnail'> & { tags: string[] | null }>> {
  return db('templates')
    .select(...LIST_COLUMNS, db.raw("content->'tags' as tags"))
    .orderBy([{ column: 'position' }, { column: 'name' }]);
}

export function findTemplate(db: Conn, name: string): Promise<TemplateRow | undefined> {
  return db<TemplateRow>('templates').where({ name }).first();
}

/** The library hash last installed (null: never). */
export async function installedHash(db: Conn): Promise<string | null> {
  const row = await db('template_library').where({ id: 1 }).first('hash');
  return (row?.hash as string | undefined) ?? null;
}

/**
 * Installs the library in one transaction: templates upserted (a changed file's thumbnail
 * cleared), those no longer in the library removed, the hash recorded. On PostgreSQL a
 * transaction-scoped advisory lock makes concurrent installs (several nodes at boot) run one
 * after the other; the second finds the hash installed and changes nothing.
 */
export async function installTemplates(
  db: Db,
  hash: string,
  templates: ReadonlyArray<{ file: TemplateFile; hash: string }>,
  opts: { force?: boolean } = {},
): Promise<{ installed: number; updated: number; removed: number; unchanged: boolean }> {
  return db.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('tabula:templates-install'))");
    if (!opts.force && (await installedHash(trx)) === hash) return { installed: 0, updated: 0, removed: 0, unchanged: true };
    const existing = new Map(
      ((await trx('templates').select('name', 'content_hash')) as Array<{ name: string; content_hash: string }>).map((r) => [
        r.name,
        r.content_hash,
      ]),
    );
    let installed = 0;
    let updated = 0;
    for (const [position, { file, hash: fileHash }] of templates.entries()) {
      const row = {
        name: file.name,
        title: file.title,
        summary: file.summary,
        group_name: file.group,
        position,
        has_parameters: !!file.parameters && Object.keys(file.parameters.properties ?? {}).length > 0,
        content: JSON.stringify(file),
        content_hash: fileHash,
      };
      const before = existing.get(file.name);
      if (before === undefined) {
        await trx('templates').insert(row);
        installed++;
      } else if (before !== fileHash) {
        await trx('templates')
          .where({ name: file.name })
          .update({ ...row, updated_at: trx.fn.now(), thumbnail: null, thumbnail_hash: null });
        updated++;
      } else {
        await trx('templates').where({ name: file.name }).update({ position });
      }
    }
    const keep = templates.map((t) => t.file.name);
    const removed = (
      (await trx('templates')
        .whereNotIn('name', keep.length ? keep : [''])
        .delete()
        .returning('name')) as unknown[]
    ).length;
    await trx.raw(
      `insert into template_library (id, hash, installed_at) values (1, ?, now())
       on conflict (id) do update set hash = excluded.hash, installed_at = excluded.installed_at`,
      [hash],
    );
    return { installed, updated, removed, unchanged: false };
  });
}

/** Stores a built-in template's drawn thumbnail for its content hash (kept only if the content is still that). */
export async function storeTemplateThumbnail(db: Conn, name: string, contentHash: string, png: Buffer): Promise<void> {
  await db('templates').where({ name, content_hash: contentHash }).update({ thumbnail: png, thumbnail_hash: contentHash });
}

/** Clears every built-in thumbnail (rebuild). */
export async function clearTemplateThumbnails(db: Conn): Promise<number> {
  return ((await db('templates').update({ thumbnail: null, thumbnail_hash: null }).returning('name')) as unknown[]).length;
}

/* ---------------- custom templates ---------------- */

export function findCustomTemplate(db: Conn, name: string): Promise<CustomTemplateRow | undefined> {
  return db<CustomTemplateRow>('custom_templates').where({ name }).first();
}

/** The custom templates `userId` sees in workspace `workspaceId`: their own there and those shared with it. */
export function listCustomTemplates(
  db: Conn,
  userId: string,
  workspaceId: string,
): Promise<Array<Pick<CustomTemplateRow, 'name' | 'title' | 'owner_id' | 'shared' | 'thumbnail_key' | 'workspace_id'>>> {
  return db('custom_templates')
    .select('name', 'title', 'owner_id', 'shared', 'thumbnail_key', 'workspace_id')
    .where({ workspace_id: workspaceId })
    .andWhere((q) => void q.where({ owner_id: userId }).orWhere({ shared: true }))
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'name' }]);
}

export async function insertCustomTemplate(db: Conn, row: Omit<CustomTemplateRow, 'created_at'>): Promise<void> {
  await db('custom_templates').insert({ ...row, shapes: JSON.stringify(row.shapes) });
}

export async function deleteCustomTemplate(db: Conn, name: string): Promise<void> {
  await db('custom_templates').where({ name }).delete();
}

/* ---------------- uses ---------------- */

export async function recordUse(
  db: Conn,
  use: { name: string; type: number; title: string; boardId: string | null; uid: string },
): Promise<void> {
  await db('template_uses').insert({
    template_name: use.name,
    template_type: use.type,
    title: use.title,
    board_id: use.boardId,
    uid: use.uid,
  });
}
