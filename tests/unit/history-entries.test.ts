/**
 * Board history in words (shared/history): who did what, folding, day grouping and the one-hour
 * restore rule (board.md §3 Activity entry, §9).
 */
import { describe, expect, it } from 'vitest';
import type { Command, Shape } from '../../shared/model';
import {
  buildHistory,
  dayHeading,
  FOLD_SPAN_MS,
  groupByDay,
  RESTORE_WINDOW_MS,
  shapesPhrase,
  type HistoryItem,
  type HistoryOptions,
} from '../../shared/history';

const NOW = Date.parse('2026-11-28T12:00:00Z');
let seq = 0;
const names: Record<string, string> = { ana: 'Ana', ben: 'Ben' };

function item(command: Partial<Command> & { cmd: string; uid: string }, at: number): HistoryItem {
  seq++;
  return { command: { id: `c${seq}`, status: 'normal', timestamp: at, seq, ...command } as Command, at };
}
const rect = (id: string): Shape => ({
  id,
  cmd: 'rectangle',
  uid: 'ana',
  timestamp: 0,
  x: 0,
  y: 0,
  w: 10,
  h: 10,
  stroke: '#000',
  lineWidth: 2,
});
const sticky = (id: string): Shape =>
  ({
    id,
    cmd: 'stickyNote',
    uid: 'ana',
    timestamp: 0,
    text: '',
    x: 0,
    y: 0,
    w: 100,
    h: 100,
    color: '#feff9c',
    size: 'S',
    fontSize: 35,
  }) as Shape;
const addOf = (uid: string, shape: Shape, at: number) => item({ cmd: shape.cmd, uid, shape } as never, at);
const moveOf = (uid: string, ids: string[], at: number) =>
  item({ cmd: 'reposition', uid, shapePositions: ids.map((shape) => ({ shape, x: 5, y: 5 })) } as never, at);
const removeOf = (uid: string, ids: string[], at: number) => item({ cmd: 'remove', uid, shapes: ids } as never, at);

const opts = (extra: Partial<HistoryOptions> = {}): HistoryOptions => ({ now: NOW, nameOf: (uid) => names[uid] ?? 'Guest', ...extra });

describe('entries in words', () => {
  it('describes adds, moves, removals, undos and clears, newest first', () => {
    const t = NOW - 30 * 60_000;
    const items = [
      addOf('ana', sticky('s1'), t),
      addOf('ben', rect('r1'), t + 10_000),
      moveOf('ana', ['s1', 'r1', 'r2'], t + 20_000),
      removeOf('ben', ['r1', 's1'], t + 30_000),
      item({ cmd: 'undo', uid: 'ana', ref: 'c3' } as never, t + 40_000),
      item({ cmd: 'clear', uid: 'ana' } as never, t + 50_000),
    ];
    const entries = buildHistory(items, opts());
    expect(entries.map((e) => e.description)).toEqual([
      'Ana cleared the board',
      'Ana undid moving 3 shapes',
      'Ben removed 2 shapes',
      'Ana moved 3 shapes',
      'Ben added a rectangle',
      'Ana added a sticky note',
    ]);
    expect(entries[0]).toMatchObject({ id: 'c6', name: 'Ana', uid: 'ana', day: '2026-11-28', restore: false, count: 1 });
    expect(entries[0]!.date).toBe(new Date(t + 50_000).toISOString());
  });

  it('folds consecutive commands of one member and one action within the span, and no further', () => {
    const t = NOW - 50 * 60_000;
    const items = [
      moveOf('ben', ['b'], t),
      moveOf('ana', ['a'], t + 1000),
      moveOf('ana', ['a', 'c'], t + 2000),
      moveOf('ana', ['d'], t + 3000),
      moveOf('ben', ['b'], t + 3500), // another member in between ends Ana's fold
      moveOf('ana', ['e'], t + 3600),
      addOf('ana', sticky('s1'), t + 4000),
      addOf('ana', sticky('s2'), t + 5000),
      addOf('ana', sticky('s3'), t + 5000 + FOLD_SPAN_MS + 1), // too far after the last: a new entry
    ];
    const entries = buildHistory(items, opts());
    expect(entries.map((e) => [e.description, e.count])).toEqual([
      ['Ana added a sticky note', 1],
      ['Ana added 2 sticky notes', 2],
      ['Ana moved a shape', 1],
      ['Ben moved a shape', 1],
      ['Ana moved 3 shapes', 3],
      ['Ben moved a shape', 1],
    ]);
  });

  it('says shapes for mixed kinds and an for vowels', () => {
    expect(shapesPhrase(2, ['rectangle', 'stickyNote'])).toBe('2 shapes');
    expect(shapesPhrase(1, ['image'])).toBe('an image');
    expect(shapesPhrase(3, ['filledRectangle', 'rectangle', 'rectangle'])).toBe('3 rectangles');
    expect(shapesPhrase(1, [undefined])).toBe('a shape');
  });

  it('a commandSet says what its parts did', () => {
    const set = item(
      {
        cmd: 'commandSet',
        uid: 'ana',
        commands: [
          { id: 'x1', uid: 'ana', status: 'normal', timestamp: 0, cmd: 'rectangle', shape: rect('q1') },
          { id: 'x2', uid: 'ana', status: 'normal', timestamp: 0, cmd: 'rectangle', shape: rect('q2') },
        ],
      } as never,
      NOW - 1000,
    );
    expect(buildHistory([set], opts())[0]!.description).toBe('Ana added 2 rectangles');
  });
});

describe('days', () => {
  it("groups by the viewer's local day, newest first, with Today and Yesterday", () => {
    const late = Date.parse('2026-11-27T23:30:00Z');
    const items = [addOf('ana', rect('a'), late), addOf('ben', rect('b'), NOW)];
    // UTC+1: 23:30 UTC on the 27th is already the 28th
    expect(buildHistory(items, opts({ utcOffsetMinutes: 60 })).map((e) => e.day)).toEqual(['2026-11-28', '2026-11-28']);
    const entries = buildHistory(items, opts());
    const days = groupByDay(entries);
    expect(days.map((d) => [d.day, d.entries.length])).toEqual([
      ['2026-11-28', 1],
      ['2026-11-27', 1],
    ]);
    expect(dayHeading('2026-11-28', '2026-11-28')).toBe('Today');
    expect(dayHeading('2026-11-27', '2026-11-28')).toBe('Yesterday');
    expect(dayHeading('2026-11-20', '2026-11-28')).toBe('Friday, 20 November 2026');
  });
});

describe('the one-hour restore rule', () => {
  const removedShapes = (c: Command) => ((c as { shapes?: string[] }).shapes ?? []).map(rect);

  it('offers Restore for a removal within the hour whose shapes are not back, with the shapes', () => {
    const e = buildHistory([removeOf('ana', ['r1', 'r2'], NOW - RESTORE_WINDOW_MS + 1000)], opts({ canRestore: true, removedShapes }));
    expect(e[0]).toMatchObject({ restore: true, description: 'Ana removed 2 shapes' });
    expect(e[0]!.shapes!.map((s) => s.id)).toEqual(['r1', 'r2']);
  });

  it('not after the hour, not when the shapes are back, not without edit rights, never for a clear', () => {
    const old = buildHistory([removeOf('ana', ['r1'], NOW - RESTORE_WINDOW_MS - 1000)], opts({ canRestore: true, removedShapes }));
    expect(old[0]).toMatchObject({ restore: false });
    expect(old[0]!.shapes).toBeUndefined();
    const back = buildHistory([removeOf('ana', ['r1'], NOW - 1000)], opts({ canRestore: true, removedShapes: () => [] }));
    expect(back[0]!.restore).toBe(false);
    const viewer = buildHistory([removeOf('ana', ['r1'], NOW - 1000)], opts({ canRestore: false, removedShapes }));
    expect(viewer[0]!.restore).toBe(false);
    const cleared = buildHistory([item({ cmd: 'clear', uid: 'ana' } as never, NOW - 1000)], opts({ canRestore: true, removedShapes }));
    expect(cleared[0]!.restore).toBe(false);
  });

  it('a folded removal restores all of its shapes, and only when all of it is within the hour', () => {
    const t = NOW - RESTORE_WINDOW_MS + 30_000;
    const inside = buildHistory([removeOf('ana', ['a'], t), removeOf('ana', ['b'], t + 10_000)], opts({ canRestore: true, removedShapes }));
    expect(inside).toHaveLength(1);
    expect(inside[0]!.shapes!.map((s) => s.id).sort()).toEqual(['a', 'b']);
    const straddling = buildHistory(
      [removeOf('ana', ['a'], t - 60_000), removeOf('ana', ['b'], t + 10_000)],
      opts({ canRestore: true, removedShapes }),
    );
    expect(straddling[0]!.restore).toBe(false);
  });
});
