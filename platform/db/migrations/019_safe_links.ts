import type { Knex } from 'knex';

/**
 * Link schemes (issue 26, docs/security.md "Link schemes"): a shape's `link` is http, https or
 * mailto from now on. Links stored before — raw `javascript:`, `data:`, `vbscript:` and any other
 * scheme, relative URLs — reach embeds, exports and API clients as they are, so they are dropped
 * where the board's history keeps shapes:
 *  - commands (payload): the shape an add or replace carries, shapes nested in composites and
 *    link shapes, the shapes of an undo/redo's or clear's effect, sub-commands of a commandSet,
 *    and a propertyModifier's `link` prop (its value becomes null: "remove the link");
 *  - snapshots (state): their shapes and the commands of their undo info.
 * A shape's unsafe `link` is removed from it (the field is optional). A link that is safe once its
 * surrounding whitespace is trimmed is kept, trimmed. Nothing else is changed (a shape's metadata
 * keeps whatever keys it has). `down` cannot bring dropped links back and does nothing.
 *
 * Migrations are frozen (docs/architecture.md): isSafeLink below is a FROZEN COPY of
 * shared/links.ts as it was when this migration shipped. Do not change it to follow the live code,
 * and do not import live code here.
 */
export async function up(knex: Knex): Promise<void> {
  await rewrite(knex, 'commands', 'payload', (payload) => cleanCommand(payload as StoredCommand));
  await rewrite(knex, 'snapshots', 'state', (state) => cleanSnapshot(state as StoredSnapshot));
}

export async function down(): Promise<void> {
  // the links dropped are not kept anywhere: nothing to restore
}

/** Rows read per page (keyset on the primary key). */
const PAGE = 500;

/** Rewrites the rows of `table` whose `column` mentions a link, page by page; only changed rows are written. */
async function rewrite(
  knex: Knex,
  table: 'commands' | 'snapshots',
  column: 'payload' | 'state',
  clean: (value: Json) => Json,
): Promise<void> {
  let after: { board_id: string; seq: string } | null = null;
  for (;;) {
    const q = knex(table)
      .select('board_id', knex.raw('seq::text as seq'), knex.raw(`${column}::text as v`))
      .whereRaw(`strpos(${column}::text, '"link"') > 0`)
      .orderBy([{ column: 'board_id' }, { column: 'seq' }])
      .limit(PAGE);
    if (after) q.andWhereRaw('(board_id, seq) > (?::uuid, ?::bigint)', [after.board_id, after.seq]);
    const rows: Array<{ board_id: string; seq: string; v: string }> = await q;
    for (const row of rows) {
      const before = JSON.parse(row.v) as Json;
      const next = clean(before);
      const text = JSON.stringify(next);
      if (text !== JSON.stringify(before))
        await knex(table)
          .where({ board_id: row.board_id, seq: row.seq })
          .update({ [column]: text });
    }
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { board_id: last.board_id, seq: last.seq };
  }
}

// Stored rows are handled as plain JSON: the live Command, Shape and BoardSnapshot types may change.
type Json = Record<string, unknown>;
type StoredShape = Json & { link?: unknown; shapes?: unknown };
type StoredCommand = Json & { shape?: unknown; commands?: unknown; effect?: unknown; props?: unknown };
type StoredSnapshot = Json & { shapes?: unknown; undo?: unknown };

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A stored link as it may stay: itself when safe, trimmed when that makes it safe, else undefined (dropped). */
function keptLink(value: string): string | undefined {
  if (value === '' || isSafeLink(value)) return value;
  const trimmed = value.trim();
  return isSafeLink(trimmed) ? trimmed : undefined;
}

/** A shape without an unsafe link (nested shapes too). */
function cleanShape(shape: unknown): unknown {
  if (!isObject(shape)) return shape;
  const next: StoredShape = { ...shape };
  if (typeof next.link === 'string') {
    const kept = keptLink(next.link);
    if (kept === undefined) delete next.link;
    else next.link = kept;
  } else if (next.link !== undefined && next.link !== null) {
    delete next.link;
  }
  if (Array.isArray(next.shapes)) next.shapes = next.shapes.map(cleanShape);
  return next;
}

/** A command without unsafe links: its shape, sub-commands, effect shapes and `link` props. */
function cleanCommand(command: unknown): Json {
  if (!isObject(command)) return command as Json;
  const next: StoredCommand = { ...command };
  if (next.shape !== undefined) next.shape = cleanShape(next.shape);
  if (Array.isArray(next.commands)) next.commands = next.commands.map(cleanCommand);
  if (isObject(next.effect) && Array.isArray(next.effect.shapes))
    next.effect = { ...next.effect, shapes: next.effect.shapes.map(cleanShape) };
  if (Array.isArray(next.props)) {
    next.props = next.props.map((p: unknown) => {
      if (!isObject(p) || p.name !== 'link' || p.value === null || p.value === undefined) return p;
      const kept = typeof p.value === 'string' ? keptLink(p.value) : undefined;
      return kept === p.value ? p : { ...p, value: kept ?? null };
    });
  }
  return next;
}

/** A snapshot without unsafe links: its shapes and its undo info's commands. */
function cleanSnapshot(state: StoredSnapshot): Json {
  if (!isObject(state)) return state;
  const next: StoredSnapshot = { ...state };
  if (Array.isArray(next.shapes)) next.shapes = next.shapes.map(cleanShape);
  if (isObject(next.undo) && Array.isArray(next.undo.commands))
    next.undo = { ...next.undo, commands: next.undo.commands.map(cleanCommand) };
  return next;
}

// ---------------------------------------------------------------------------------------------
// Frozen copy of shared/links.ts isSafeLink.

const FORBIDDEN_CHARS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/** True when `url` is a link a shape may carry: http://, https:// or mailto:. */
function isSafeLink(url: unknown): boolean {
  if (typeof url !== 'string' || url === '' || FORBIDDEN_CHARS.test(url)) return false;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'mailto') return url.length > 'mailto:'.length;
  if (scheme !== 'http' && scheme !== 'https') return false;
  if (!/^https?:\/\/[^/\\]/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
