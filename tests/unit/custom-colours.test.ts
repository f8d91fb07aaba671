import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  addCustomColour,
  customColourValues,
  hasColour,
  mergeCustomColours,
  nextCustomColourId,
  CUSTOM_COLOURS_MAX,
  type CustomColour,
} from '../../shared/colours';
import { CUSTOM_COLOR_FIRST_ID, PALETTE } from '../../shared/constants';
import { bindCustomColours, CustomColours } from '../../sdk/editor/colours';

describe('custom colour ids', () => {
  it('starts at 100 and counts up from the highest id', () => {
    expect(CUSTOM_COLOR_FIRST_ID).toBe(100);
    expect(nextCustomColourId([])).toBe(100);
    let list = addCustomColour([], '#123456');
    list = addCustomColour(list, '#ABCDEF');
    expect(list).toEqual([
      { id: 100, color: '#123456' },
      { id: 101, color: '#abcdef' },
    ]);
    expect(
      nextCustomColourId([
        { id: 107, color: '#010101' },
        { id: 100, color: '#020202' },
      ]),
    ).toBe(108);
  });

  it('refuses values that are not #RRGGBB, fixed palette colours and colours already added', () => {
    const list = addCustomColour([], '#123456');
    expect(addCustomColour(list, '123456')).toBe(list);
    expect(addCustomColour(list, '#12345')).toBe(list);
    expect(addCustomColour(list, '#12345g')).toBe(list);
    expect(addCustomColour(list, PALETTE[9]!.toUpperCase())).toBe(list);
    expect(addCustomColour(list, '#123456'.toUpperCase())).toBe(list);
    expect(hasColour(list, '#123456')).toBe(true);
    expect(hasColour(list, '#654321')).toBe(false);
  });

  it('keeps at most 100 colours (the userConfig limit)', () => {
    let list: readonly CustomColour[] = [];
    for (let i = 0; i < CUSTOM_COLOURS_MAX + 5; i++) list = addCustomColour(list, `#${(0x100000 + i).toString(16)}`);
    expect(list).toHaveLength(CUSTOM_COLOURS_MAX);
    expect(list.at(-1)!.id).toBe(100 + CUSTOM_COLOURS_MAX - 1);
  });
});

describe('merging saved colours', () => {
  it('gives saved colours ids in their saved order and drops bad or repeated values', () => {
    const list = mergeCustomColours([], ['#aa0000', 'red', '#AA0000', 42, '#00bb00', '#000000']);
    expect(list).toEqual([
      { id: 100, color: '#aa0000' },
      { id: 101, color: '#00bb00' },
    ]);
    expect(customColourValues(list)).toEqual(['#aa0000', '#00bb00']);
  });

  it("keeps this page's colours and their ids, appending saved ones after them", () => {
    const page = addCustomColour([], '#0a0b0c');
    const merged = mergeCustomColours(page, ['#aa0000', '#0a0b0c']);
    expect(merged).toEqual([
      { id: 100, color: '#0a0b0c' },
      { id: 101, color: '#aa0000' },
    ]);
    expect(mergeCustomColours(merged, undefined)).toBe(merged);
  });
});

describe('CustomColours on a board', () => {
  function fakeSync(signedIn: boolean, colors?: unknown[]) {
    const puts: unknown[] = [];
    return {
      puts,
      sync: {
        signedIn,
        board$: new BehaviorSubject<{ userConfig?: Record<string, unknown> | null } | null>(
          colors ? { userConfig: { colors } } : { userConfig: null },
        ),
        async request<T>(method: 'PUT', path: string, body: Record<string, unknown>): Promise<T> {
          puts.push({ method, path, body });
          return {} as T;
        },
      },
    };
  }

  it('loads the signed-in user’s saved colours on join and saves the whole list when one is added', async () => {
    const colours = new CustomColours();
    const { sync, puts } = fakeSync(true, ['#aa0000']);
    const sub = bindCustomColours(colours, sync);
    expect(colours.list$.value).toEqual([{ id: 100, color: '#aa0000' }]);
    expect(colours.saved).toBe(true);
    await colours.add('#00BB00');
    expect(colours.list$.value.map((c) => c.id)).toEqual([100, 101]);
    expect(puts).toEqual([{ method: 'PUT', path: '/api/users/configs', body: { config: { colors: ['#aa0000', '#00bb00'] } } }]);
    await colours.add('#00bb00');
    expect(puts).toHaveLength(1);
    sub.unsubscribe();
  });

  it('keeps a guest’s colours on the page only', async () => {
    const colours = new CustomColours();
    const { sync, puts } = fakeSync(false);
    bindCustomColours(colours, sync).unsubscribe();
    expect(colours.saved).toBe(false);
    await colours.add('#123456');
    expect(colours.list$.value).toEqual([{ id: 100, color: '#123456' }]);
    expect(puts).toEqual([]);
  });
});
