import type { Shape, Tag } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import { linkCardUrl } from '../../shared/geometry';
import type { Editor } from '../editor/editor';
import type { Action } from './registry';

/**
 * Tags, links and the selection filter (board.md §3 tags/link, §5 checks, §6 policies tag-shapes,
 * attach-link and filter-selected). The editors themselves are panels of the board screen
 * (sdk/ui/tags-editor.tsx, sdk/ui/link-editor.tsx); these actions open them or act directly.
 */

const selected = (editor: Editor): Shape[] =>
  editor.selection.map((id) => editor.doc.get(id)).filter((s): s is Shape => !!s && editor.selectionType(s) === 'normal');

/** board.md §5: a link passes a quick URL check — http or https with a host. */
export function isValidLink(text: string): boolean {
  const t = text.trim();
  if (!/^https?:\/\/\S+$/i.test(t)) return false;
  try {
    const u = new URL(t);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** board.md §5: a tag needs a non-empty key; the value is optional. Returns the clean tag or null. */
export function cleanTag(key: string, value: string): Tag | null {
  const k = key.trim();
  if (!k) return null;
  const v = value.trim();
  return v ? { key: k, value: v } : { key: k };
}

/** Adds a tag to the selection (a shape that already has the key keeps its own: duplicate keys are ignored). */
export function addTag(editor: Editor, tag: Tag): void {
  const ids = selected(editor)
    .filter((s) => !(s.tags ?? []).some((t) => t.key === tag.key))
    .map((s) => s.id);
  if (ids.length && editor.canEdit())
    editor.execute({ cmd: 'propertyModifier', shapes: ids, props: [{ name: 'tags', value: tag, type: 'add' }] });
}

/** Removes the tag with `key` from every selected shape that has it (one command). */
export function removeTag(editor: Editor, key: string): void {
  const shapes = selected(editor).filter((s) => (s.tags ?? []).some((t) => t.key === key));
  if (!shapes.length || !editor.canEdit()) return;
  const commands = shapes.map((s) => {
    const rest = (s.tags ?? []).filter((t) => t.key !== key);
    return editor.build({ cmd: 'propertyModifier', shapes: [s.id], props: [{ name: 'tags', value: rest.length ? rest : null }] });
  });
  if (commands.length === 1) {
    const { id: _i, uid: _u, timestamp: _t, status: _s, ...rest } = commands[0];
    editor.execute(rest as Parameters<Editor['execute']>[0]);
  } else editor.execute({ cmd: 'commandSet', commands });
}

/** The tags found on the selection, each key once (first value seen), in order. */
export function selectionTags(editor: Editor): Tag[] {
  const seen = new Map<string, Tag>();
  for (const s of selected(editor)) for (const t of s.tags ?? []) if (!seen.has(t.key)) seen.set(t.key, t);
  return [...seen.values()];
}

/** Narrows the selection to the shapes carrying the tag key (and value, when given). */
export function filterByTag(editor: Editor, tag: Tag): void {
  editor.select(
    editor.selection.filter((id) =>
      (editor.doc.get(id)?.tags ?? []).some((t) => t.key === tag.key && (tag.value === undefined || t.value === tag.value)),
    ),
  );
}

/** Narrows the selection to the shapes of one kind. */
export function filterByKind(editor: Editor, kind: string): void {
  editor.select(editor.selection.filter((id) => editor.doc.get(id)?.cmd === kind));
}

/** Sets (or with '' removes) the link of the selected shapes. */
export function setLink(editor: Editor, url: string): void {
  const ids = selected(editor).map((s) => s.id);
  const value = url.trim();
  if (!ids.length || !editor.canEdit() || (value && !isValidLink(value))) return;
  editor.execute({ cmd: 'propertyModifier', shapes: ids, props: [{ name: 'link', value: value || null }] });
}

/** The link of the selection when exactly one shape (locked or not) is selected and has one (a link card: its address). */
export function selectionLink(editor: Editor): string | null {
  if (editor.selection.length !== 1) return null;
  const s = editor.doc.get(editor.selection[0]);
  if (s?.link && isValidLink(s.link)) return s.link;
  const card = linkCardUrl(s);
  return card && isValidLink(card) ? card : null;
}

export const TAG_ACTIONS: Action[] = [
  {
    id: 'editTags',
    label: 'Tags',
    group: 'edit',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && editor.hasPolicy(POLICY.tagShapes) && selected(editor).length > 0,
    perform: ({ editor }) => editor.ui$.next({ kind: 'tags' }),
  },
  {
    id: 'editLink',
    label: 'Attach link',
    group: 'edit',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && editor.hasPolicy(POLICY.attachLink) && selected(editor).length > 0,
    perform: ({ editor }) => editor.ui$.next({ kind: 'link' }),
  },
  {
    id: 'openLink',
    label: 'Open link',
    group: 'view',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => selectionLink(editor) !== null,
    perform: ({ editor }) => {
      const url = selectionLink(editor);
      if (url && typeof window !== 'undefined') window.open(url, '_blank', 'noopener,noreferrer');
    },
  },
];
