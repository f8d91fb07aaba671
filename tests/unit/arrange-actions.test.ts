import { describe, expect, it } from 'vitest';
import { harness } from './sdk/helpers';
import { POLICY } from '../../shared/policies';
import { MESSAGES } from '../../shared/messages';
import { findActions, findShapes } from '../../sdk/actions/find';
import { addTag, cleanTag, filterByKind, filterByTag, isValidLink, removeTag, selectionTags } from '../../sdk/actions/tags';
import type { RectangleShape, Shape } from '../../shared/model';

/** The editing actions on a headless editor: one command per operation, gates and refusals. */
const TEAM = [POLICY.arrangeShapes, POLICY.autoArrange, POLICY.protectedLock, POLICY.tagShapes, POLICY.findPalette, POLICY.filterSelected];
const rect = (id: string, x: number, y: number, extra: Partial<RectangleShape> = {}): RectangleShape => ({
  id,
  cmd: 'filledRectangle',
  uid: 'me',
  timestamp: 1,
  x,
  y,
  w: 50,
  h: 40,
  stroke: '#000000',
  lineWidth: 2,
  fill: '#000000',
  ...extra,
});

function setup(options: Parameters<typeof harness>[0] = {}) {
  const h = harness({ policies: TEAM, ...options });
  h.editor.load({ shapes: [rect('a', 0, 0), rect('b', 100, 60), rect('c', 300, 20)] } as never, []);
  return h;
}
const run = (h: ReturnType<typeof harness>, id: string) => {
  const a = h.editor.actions.get(id)!;
  expect(a.enabled({ editor: h.editor })).toBe(true);
  a.perform({ editor: h.editor });
};
const get = (h: ReturnType<typeof harness>, id: string) => h.editor.doc.get(id) as Shape & { x: number; y: number };

describe('align / distribute / arrange actions', () => {
  it('align sends one reposition command and one undo restores the layout', () => {
    const h = setup();
    h.editor.select(['a', 'b', 'c']);
    run(h, 'alignTop');
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.cmd).toBe('reposition');
    expect([get(h, 'a').y, get(h, 'b').y, get(h, 'c').y]).toEqual([0, 0, 0]);
    h.editor.undo();
    expect([get(h, 'a').y, get(h, 'b').y, get(h, 'c').y]).toEqual([0, 60, 20]);
  });

  it('minimums and policies gate the actions; locked shapes stay put', () => {
    const h = setup();
    h.editor.select(['a', 'b']);
    expect(h.editor.actions.get('alignLeft')!.enabled({ editor: h.editor })).toBe(true);
    expect(h.editor.actions.get('distributeHorizontally')!.enabled({ editor: h.editor })).toBe(false);
    expect(h.editor.actions.get('arrangeGrid')!.enabled({ editor: h.editor })).toBe(true);
    const plain = setup({ policies: [] });
    plain.editor.select(['a', 'b', 'c']);
    expect(plain.editor.actions.get('alignLeft')!.enabled({ editor: plain.editor })).toBe(false);
    expect(plain.editor.actions.get('arrangeGrid')!.enabled({ editor: plain.editor })).toBe(false);
  });
});

describe('lock and protect actions', () => {
  it('lock toggles; protect sets protectedBy; unprotect keeps the lock in one command', () => {
    const h = setup();
    h.editor.select(['a']);
    run(h, 'toggleLock');
    expect(get(h, 'a').lock).toBe(true);
    run(h, 'toggleLock');
    expect(get(h, 'a').lock).toBe(false);
    run(h, 'toggleProtect');
    expect(get(h, 'a')).toMatchObject({ lock: true, protectedBy: 'me' });
    const before = h.sent.length;
    run(h, 'toggleProtect');
    expect(h.sent.length).toBe(before + 1);
    expect(get(h, 'a').lock).toBe(true);
    expect(get(h, 'a').protectedBy).toBeUndefined();
  });

  it("an editor who is not the protector gets 'Owner/Facilitator can unlock protected shapes'", () => {
    const h = harness({ uid: 'ed', role: 'Editor', policies: TEAM });
    h.editor.load({ shapes: [rect('p', 0, 0, { lock: true, protectedBy: 'owner' })] } as never, []);
    const notices: string[] = [];
    h.editor.notice$.subscribe((n) => notices.push(n.text));
    h.editor.select(['p']);
    run(h, 'toggleLock');
    expect(notices).toEqual([MESSAGES.unlockProtected]);
    expect(h.sent).toHaveLength(0);
    expect(get(h, 'p').lock).toBe(true);
    // protect needs the protected-lock policy
    const plain = harness({ policies: [] });
    plain.editor.load({ shapes: [rect('q', 0, 0)] } as never, []);
    plain.editor.select(['q']);
    expect(plain.editor.actions.get('toggleProtect')!.enabled({ editor: plain.editor })).toBe(false);
  });
});

describe('tags, links and find', () => {
  it('checks tags and links', () => {
    expect(cleanTag('  ', 'x')).toBeNull();
    expect(cleanTag(' k ', '')).toEqual({ key: 'k' });
    expect(cleanTag('k', ' v ')).toEqual({ key: 'k', value: 'v' });
    expect(isValidLink('https://example.com/a')).toBe(true);
    expect(isValidLink('http://x.io')).toBe(true);
    expect(isValidLink('ftp://example.com')).toBe(false);
    expect(isValidLink('javascript:alert(1)')).toBe(false);
    expect(isValidLink('example.com')).toBe(false);
  });

  it('adds a tag once per key, removes it, and filters the selection by tag or kind', () => {
    const h = setup();
    h.editor.select(['a']);
    addTag(h.editor, { key: 'status', value: 'done' });
    addTag(h.editor, { key: 'status', value: 'other' });
    expect(get(h, 'a').tags).toEqual([{ key: 'status', value: 'done' }]);
    expect(h.sent).toHaveLength(1);
    h.editor.select(['a', 'b', 'c']);
    expect(selectionTags(h.editor)).toEqual([{ key: 'status', value: 'done' }]);
    filterByTag(h.editor, { key: 'status' });
    expect(h.editor.selection).toEqual(['a']);
    removeTag(h.editor, 'status');
    expect(get(h, 'a').tags).toBeUndefined();
    h.editor.load({ shapes: [rect('a', 0, 0), { ...rect('b', 100, 0), cmd: 'rectangle' }] } as never, []);
    h.editor.select(['a', 'b']);
    filterByKind(h.editor, 'rectangle');
    expect(h.editor.selection).toEqual(['b']);
  });

  it('finds shapes by text and enabled actions by name', () => {
    const h = harness({ policies: TEAM });
    h.editor.load(
      {
        shapes: [
          {
            id: 's',
            cmd: 'stickyNote',
            uid: 'me',
            timestamp: 1,
            text: 'Quarterly goals',
            x: 0,
            y: 0,
            w: 200,
            h: 200,
            color: '#feff9c',
            size: 'M',
            fontSize: 35,
          },
          {
            id: 't',
            cmd: 'text',
            uid: 'me',
            timestamp: 1,
            value: 'Goals for Q3',
            x: 300,
            y: 0,
            color: '#000000',
            font: 'Open Sans',
            size: 16,
            align: 'left',
          },
          rect('r', 0, 300),
        ],
      } as never,
      [],
    );
    expect(findShapes(h.editor, 'GOALS').map((x) => x.shape.id)).toEqual(['s', 't']);
    expect(findShapes(h.editor, '  ')).toEqual([]);
    expect(findActions(h.editor, 'select all').map((a) => a.id)).toEqual(['selectAll']);
    // align needs a selection: not offered
    expect(findActions(h.editor, 'align')).toEqual([]);
  });
});
