/**
 * Board history (board.md §2 "Board history" panel, §3 "Activity entry", §9): turning the board's
 * stored commands into entries a person reads — who did what, in words, grouped by day — and the
 * one-hour restore rule. Pure: the server reads the commands (platform/boards/history.ts) and hands
 * them here with the members' names; the panel (sdk/ui/history-panel.tsx) shows the entries.
 *
 * Rules (docs/board-screen.md "Board history"):
 *  - an entry is one command, or several consecutive commands of the same member and the same
 *    action (nobody's command in between, each FOLD_SPAN_MS or less after the previous) folded into
 *    one: 'Ana moved 3 shapes';
 *  - restore is offered for a removal (a `remove`, or a commandSet of removes) made within the last
 *    RESTORE_WINDOW_MS whose shapes are not back; a clear is not offered (its author undoes it with
 *    Ctrl+Z, and a whole board re-added as one command could exceed the command size cap).
 */
import type { Command, Shape, ShapeKind } from '../model';

/** board.md §9: history reads the last 1000 commands. */
export const HISTORY_WINDOW = 1000;
/** board.md §9: restore only for removals within the last hour. */
export const RESTORE_WINDOW_MS = 60 * 60 * 1000;
/** Commands of one member and one action at most this far apart fold into one entry. */
export const FOLD_SPAN_MS = 2 * 60 * 1000;

/** board.md §3 Activity entry: id, date, day, name, description, restore (and what the panel needs besides). */
export interface HistoryEntry {
  /** the client id of the entry's latest command */
  id: string;
  /** when the latest command was stored (ISO 8601, the server's clock) */
  date: string;
  /** the day of `date` in the viewer's time zone, 'YYYY-MM-DD' */
  day: string;
  /** the member's name as the board shows it */
  name: string;
  /** the member's key on the board (public: never a guest's secret) */
  uid: string;
  /** who did what, in words: 'Ana moved 3 shapes' */
  description: string;
  /** whether the panel offers Restore */
  restore: boolean;
  /** how many commands the entry folds */
  count: number;
  /** with `restore`: the removed shapes as they were just before the removal (re-added by Restore) */
  shapes?: Shape[];
}

/** A stored command and when the server stored it (ms since the epoch). */
export interface HistoryItem {
  command: Command;
  at: number;
}

export interface HistoryOptions {
  /** now (ms): the one-hour rule is measured from it */
  now: number;
  /** a member's name from their key */
  nameOf: (uid: string) => string;
  /** minutes to add to UTC for the viewer's local time (−Date#getTimezoneOffset()); 0: UTC */
  utcOffsetMinutes?: number;
  /** a shape's kind when known (adds in the window tell it; anything else says 'shape') */
  kindOf?: (id: string) => ShapeKind | undefined;
  /**
   * For a removal within the hour: the shapes it removed that are not back, as they were just
   * before it (empty or undefined: nothing to restore). Not called when the viewer cannot restore.
   */
  removedShapes?: (command: Command) => Shape[] | undefined;
  /** whether the viewer may restore at all (edit rights) */
  canRestore?: boolean;
}

export type HistoryAction =
  'add' | 'move' | 'resize' | 'rotate' | 'change' | 'remove' | 'lock' | 'unlock' | 'front' | 'back' | 'clear' | 'undo' | 'redo';

/** What one command did: the action and the shapes it did it to (adds: with their kinds). */
export interface CommandAction {
  action: HistoryAction;
  ids: string[];
  /** kinds of the shapes an add brought */
  kinds: Map<string, ShapeKind>;
  /** undo/redo: the command it undid or redid */
  ref?: string;
}

const NOUNS: Record<ShapeKind, [string, string]> = {
  pen: ['drawing', 'drawings'],
  highlighter: ['highlight', 'highlights'],
  line: ['line', 'lines'],
  arrow: ['arrow', 'arrows'],
  rectangle: ['rectangle', 'rectangles'],
  filledRectangle: ['rectangle', 'rectangles'],
  circle: ['circle', 'circles'],
  filledCircle: ['circle', 'circles'],
  text: ['text', 'texts'],
  stickyNote: ['sticky note', 'sticky notes'],
  image: ['image', 'images'],
  frame: ['frame', 'frames'],
  comment: ['comment', 'comments'],
  composite: ['group', 'groups'],
  link: ['link', 'links'],
  table: ['table', 'tables'],
};

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** 'a sticky note', '3 sticky notes', 'a shape', '2 shapes' (mixed or unknown kinds say 'shape'). */
export function shapesPhrase(count: number, kinds: ReadonlyArray<ShapeKind | undefined>): string {
  const nouns = new Set(kinds.map((k) => (k && NOUNS[k] ? NOUNS[k][0] : undefined)));
  const one = nouns.size === 1 && !nouns.has(undefined) ? [...nouns][0]! : 'shape';
  if (count <= 1) return article(one);
  const many = one === 'shape' ? 'shapes' : Object.values(NOUNS).find(([s]) => s === one)![1];
  return `${count} ${many}`;
}

/** The words of an action on `what`: past tense ('moved 3 shapes') and gerund ('moving 3 shapes'). */
function phrase(action: HistoryAction, what: string, gerund: boolean): string {
  const v = (past: string, ing: string) => (gerund ? ing : past);
  switch (action) {
    case 'add':
      return `${v('added', 'adding')} ${what}`;
    case 'move':
      return `${v('moved', 'moving')} ${what}`;
    case 'resize':
      return `${v('resized', 'resizing')} ${what}`;
    case 'rotate':
      return `${v('rotated', 'rotating')} ${what}`;
    case 'change':
      return `${v('changed', 'changing')} ${what}`;
    case 'remove':
      return `${v('removed', 'removing')} ${what}`;
    case 'lock':
      return `${v('locked', 'locking')} ${what}`;
    case 'unlock':
      return `${v('unlocked', 'unlocking')} ${what}`;
    case 'front':
      return `${v('brought', 'bringing')} ${what} to the front`;
    case 'back':
      return `${v('sent', 'sending')} ${what} to the back`;
    case 'clear':
      return v('cleared the board', 'clearing the board');
    default:
      return `${v('changed', 'changing')} ${what}`;
  }
}

const isAdd = (c: Command): c is Extract<Command, { shape: Shape }> & { cmd: ShapeKind } =>
  c.cmd in NOUNS && !!(c as { shape?: Shape }).shape;

/** The ids a removal took: a remove's shapes, or the removes of a commandSet (empty: not a removal). */
export function removedIds(c: Command): string[] {
  if (c.cmd === 'remove') return [...new Set(c.shapes ?? [])];
  if (c.cmd === 'commandSet') return [...new Set((c.commands ?? []).flatMap((s) => removedIds(s)))];
  return [];
}

/** What a command did (a commandSet: its parts' common action, or 'change'). */
export function actionOf(c: Command): CommandAction {
  const kinds = new Map<string, ShapeKind>();
  if (isAdd(c)) {
    kinds.set(c.shape.id, c.cmd);
    return { action: 'add', ids: [c.shape.id], kinds };
  }
  switch (c.cmd) {
    case 'reposition':
      return { action: 'move', ids: [...new Set((c.shapePositions ?? []).map((p) => p.shape))], kinds };
    case 'sizeModifier':
      return { action: 'resize', ids: [...new Set(c.shapes ?? [])], kinds };
    case 'propertyModifier': {
      const rotation = (c.props ?? []).length > 0 && (c.props ?? []).every((p) => p.name === 'rotation');
      return { action: rotation ? 'rotate' : 'change', ids: [...new Set(c.shapes ?? [])], kinds };
    }
    case 'remove':
      return { action: 'remove', ids: [...new Set(c.shapes ?? [])], kinds };
    case 'lock':
      return { action: c.locked ? 'lock' : 'unlock', ids: [...new Set(c.shapes ?? [])], kinds };
    case 'changeOrder':
      return { action: c.order === 'back' ? 'back' : 'front', ids: [...new Set(c.shapes ?? [])], kinds };
    case 'clear':
      return { action: 'clear', ids: [], kinds };
    case 'undo':
      return { action: c.type === 'redo' ? 'redo' : 'undo', ids: [], kinds, ref: c.ref };
    case 'textModifier':
    case 'stickyNoteModifier':
    case 'pageModifier':
      return { action: 'change', ids: [c.shape], kinds };
    case 'replace':
      return { action: 'change', ids: c.shape ? [c.shape.id] : [], kinds };
    case 'fontModifier':
    case 'fontSizeModifier':
    case 'colorModifier':
      return { action: 'change', ids: [...new Set(c.shapes ?? [])], kinds };
    case 'commandSet': {
      const parts = (c.commands ?? []).map(actionOf);
      const ids = new Set<string>();
      for (const p of parts) {
        for (const id of p.ids) ids.add(id);
        for (const [id, k] of p.kinds) kinds.set(id, k);
      }
      const actions = new Set(parts.map((p) => p.action));
      const action: HistoryAction = actions.size === 1 ? [...actions][0]! : 'change';
      return { action: action === 'undo' || action === 'redo' || action === 'clear' ? 'change' : action, ids: [...ids], kinds };
    }
  }
  return { action: 'change', ids: [], kinds };
}

/** The day of an instant in a time zone `offset` minutes east of UTC, 'YYYY-MM-DD'. */
export function dayOf(at: number, offsetMinutes = 0): string {
  return new Date(at + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The one-hour rule: a removal stored at `at` may be restored at `now`. */
export function withinRestoreWindow(at: number, now: number): boolean {
  return now - at <= RESTORE_WINDOW_MS && at <= now + 60_000;
}

interface Group {
  /** creation order */
  index: number;
  uid: string;
  action: HistoryAction;
  items: HistoryItem[];
  ids: string[];
  kinds: Map<string, ShapeKind>;
  refs: string[];
}

/**
 * The entries of a window of the log, newest first. `items` may come in any order (they are
 * sorted by seq, else by time). Hidden commands must already be left out (private mode).
 */
export function buildHistory(items: readonly HistoryItem[], opts: HistoryOptions): HistoryEntry[] {
  const sorted = [...items].sort((a, b) => (a.command.seq ?? 0) - (b.command.seq ?? 0) || a.at - b.at);
  const byId = new Map(sorted.map((i) => [i.command.id, i.command] as const));
  const kindsInWindow = new Map<string, ShapeKind>();
  for (const i of sorted) for (const [id, k] of actionOf(i.command).kinds) kindsInWindow.set(id, k);
  const kindOf = (id: string) => kindsInWindow.get(id) ?? opts.kindOf?.(id);

  const groups: Group[] = [];
  const lastOf = new Map<string, Group>();
  // a fold never reaches back across a clear
  let lastClear = -1;
  for (const item of sorted) {
    const a = actionOf(item.command);
    const uid = item.command.uid;
    const last = lastOf.get(uid);
    const foldable = a.action !== 'clear';
    if (
      last &&
      foldable &&
      last.action === a.action &&
      item.at - last.items[last.items.length - 1]!.at <= FOLD_SPAN_MS &&
      // consecutive: nobody's command in between (nor a clear)
      groups[groups.length - 1] === last &&
      last.index > lastClear
    ) {
      last.items.push(item);
      for (const id of a.ids) if (!last.ids.includes(id)) last.ids.push(id);
      for (const [id, k] of a.kinds) last.kinds.set(id, k);
      if (a.ref) last.refs.push(a.ref);
      continue;
    }
    const g: Group = {
      index: groups.length,
      uid,
      action: a.action,
      items: [item],
      ids: [...a.ids],
      kinds: new Map(a.kinds),
      refs: a.ref ? [a.ref] : [],
    };
    if (a.action === 'clear') lastClear = g.index;
    groups.push(g);
    lastOf.set(uid, g);
  }

  const describeRef = (ref: string): string | null => {
    const target = byId.get(ref);
    if (!target) return null;
    const a = actionOf(target);
    return phrase(a.action, shapesPhrase(a.ids.length, a.ids.map(kindOf)), true);
  };

  // a group is placed at its latest command (another member's entries may fall inside its span)
  const latestKey = (g: Group) => {
    const i = g.items[g.items.length - 1]!;
    return [i.command.seq ?? 0, i.at] as const;
  };
  groups.sort((a, b) => {
    const [sa, ta] = latestKey(a);
    const [sb, tb] = latestKey(b);
    return sa - sb || ta - tb;
  });
  const entries = groups.map((g): HistoryEntry => {
    const latest = g.items[g.items.length - 1]!;
    const name = opts.nameOf(g.uid);
    let words: string;
    if (g.action === 'undo' || g.action === 'redo') {
      const verb = g.action === 'undo' ? 'undid' : 'redid';
      const what = g.refs.length === 1 ? describeRef(g.refs[0]!) : null;
      words = `${verb} ${what ?? (g.refs.length > 1 ? `${g.refs.length} changes` : 'a change')}`;
    } else {
      words = phrase(
        g.action,
        shapesPhrase(
          g.ids.length,
          g.ids.map((id) => g.kinds.get(id) ?? kindOf(id)),
        ),
        false,
      );
    }
    const entry: HistoryEntry = {
      id: latest.command.id,
      date: new Date(latest.at).toISOString(),
      day: dayOf(latest.at, opts.utcOffsetMinutes ?? 0),
      name,
      uid: g.uid,
      description: `${name} ${words}`,
      restore: false,
      count: g.items.length,
    };
    const shapes = g.action === 'remove' ? restorableShapes(g, opts) : [];
    if (shapes.length) {
      entry.restore = true;
      entry.shapes = shapes;
    }
    return entry;
  });
  return entries.reverse();
}

/** The shapes Restore brings back for a group of removals (the one-hour rule, shapes not back), or none. */
function restorableShapes(g: Group, opts: HistoryOptions): Shape[] {
  if (!opts.canRestore || !opts.removedShapes) return [];
  // every removal of the entry within the hour: the entry is restored whole or not offered
  if (!g.items.every((i) => withinRestoreWindow(i.at, opts.now))) return [];
  const byId = new Map<string, Shape>();
  for (const i of g.items) {
    if (i.command.status === 'disabled') continue;
    for (const s of opts.removedShapes(i.command) ?? []) byId.set(s.id, s);
  }
  return [...byId.values()];
}

/** A day heading for the panel: 'Today', 'Yesterday', else the date in words ('Friday, 27 November 2026'). */
export function dayHeading(day: string, today: string): string {
  if (day === today) return 'Today';
  const t = Date.parse(`${today}T00:00:00Z`);
  const d = Date.parse(`${day}T00:00:00Z`);
  if (Number.isFinite(t) && Number.isFinite(d) && t - d === 86_400_000) return 'Yesterday';
  if (!Number.isFinite(d)) return day;
  return new Date(d).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Entries under their day headings, in the order given (newest first). */
export function groupByDay(entries: readonly HistoryEntry[]): Array<{ day: string; entries: HistoryEntry[] }> {
  const out: Array<{ day: string; entries: HistoryEntry[] }> = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    if (last && last.day === e.day) last.entries.push(e);
    else out.push({ day: e.day, entries: [e] });
  }
  return out;
}
