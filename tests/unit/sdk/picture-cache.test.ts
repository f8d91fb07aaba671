import { describe, expect, it } from 'vitest';
import { decodedBytes, PictureCache } from '../../../sdk/assets/picture-cache';

/** A picture of w × h px (a stand-in for an ImageBitmap), with its own id. */
interface Pic {
  width: number;
  height: number;
  id: string;
}

const MB = 1024 * 1024;
/** 512 × 512 px: 1 MB decoded */
const pic = (id: string): Pic => ({ width: 512, height: 512, id });

/** A cache whose decodes the test settles by hand. */
function setup(budget = 3 * MB) {
  const freed: string[] = [];
  const pending = new Map<string, { resolve: (p: Pic) => void; reject: (e: Error) => void }>();
  const decodes: string[] = [];
  const cache = new PictureCache<Pic>({ budget, free: (p) => freed.push(p.id) });
  const decode = (key: string) => () => {
    decodes.push(key);
    return new Promise<Pic>((resolve, reject) => pending.set(key, { resolve, reject }));
  };
  const settle = async (key: string) => {
    pending.get(key)!.resolve(pic(key));
    pending.delete(key);
    await new Promise((r) => setTimeout(r, 0));
  };
  const fail = async (key: string) => {
    pending.get(key)!.reject(new Error('broken'));
    pending.delete(key);
    await new Promise((r) => setTimeout(r, 0));
  };
  const hold = (key: string) => cache.hold(key, decode(key));
  return { cache, freed, decodes, settle, fail, hold };
}

describe('PictureCache (decoded pictures held by the drawings that draw them)', () => {
  it('decodes a key once for all its holders, and counts w × h × 4 bytes', async () => {
    const { cache, decodes, settle, hold } = setup();
    const a = hold('a');
    const b = hold('a');
    expect(decodes).toEqual(['a']);
    expect(a.picture).toBeNull();
    await settle('a');
    expect(a.picture?.id).toBe('a');
    expect(b.picture?.id).toBe('a');
    expect(await a.ready).toEqual(pic('a'));
    expect(cache.refs('a')).toBe(2);
    expect(cache.bytes).toBe(MB);
    expect(decodedBytes({ width: 3, height: 2 })).toBe(24);
  });

  it('never frees a picture someone holds, however far over the budget', async () => {
    const { cache, freed, settle, hold } = setup(2 * MB);
    const holds = ['a', 'b', 'c', 'd'].map(hold);
    for (const k of ['a', 'b', 'c', 'd']) await settle(k);
    expect(cache.bytes).toBe(4 * MB);
    expect(freed).toEqual([]);
    expect(holds.every((h) => h.picture)).toBe(true);
  });

  it('keeps pictures no one holds until the budget needs the room, then frees the one let go of longest ago first', async () => {
    const { cache, freed, settle, hold } = setup(3 * MB);
    const [a, b, c] = ['a', 'b', 'c'].map(hold);
    for (const k of ['a', 'b', 'c']) await settle(k);
    b!.release();
    a!.release();
    expect(freed).toEqual([]); // 3 MB: within the budget
    expect(cache.peek('a')?.id).toBe('a');
    hold('d');
    await settle('d'); // 4 MB: the oldest let go of (b) goes
    expect(freed).toEqual(['b']);
    expect(cache.peek('b')).toBeNull();
    expect(cache.bytes).toBe(3 * MB);
    c!.release();
    hold('e');
    await settle('e');
    expect(freed).toEqual(['b', 'a']);
    expect(cache.heldBytes).toBe(2 * MB); // d and e
  });

  it('a picture held again before it is freed is not freed, and not decoded again', async () => {
    const { cache, freed, decodes, settle, hold } = setup(1 * MB);
    const a = hold('a');
    await settle('a');
    a.release();
    const again = hold('a');
    expect(again.picture?.id).toBe('a');
    hold('b');
    await settle('b');
    expect(freed).toEqual([]);
    expect(decodes).toEqual(['a', 'b']);
    expect(cache.bytes).toBe(2 * MB);
  });

  it('a picture freed and wanted again is decoded again; a release is idempotent', async () => {
    const { cache, freed, decodes, settle, hold } = setup(0);
    const a = hold('a');
    await settle('a');
    a.release();
    a.release();
    expect(freed).toEqual(['a']);
    expect(a.picture).toBeNull();
    expect(cache.refs('a')).toBe(0);
    const b = hold('a');
    expect(decodes).toEqual(['a', 'a']);
    await settle('a');
    expect(b.picture?.id).toBe('a');
  });

  it('a picture let go of while it decodes is kept within the budget once decoded; its hold answers null', async () => {
    const { cache, freed, hold, settle } = setup(1 * MB);
    const a = hold('a');
    a.release();
    await settle('a');
    expect(await a.ready).toBeNull();
    expect(cache.peek('a')?.id).toBe('a');
    hold('b');
    await settle('b');
    expect(freed).toEqual(['a']);
  });

  it('decode may ask whether the picture is still wanted', async () => {
    const cache = new PictureCache<Pic>({ budget: MB, free: () => {} });
    let wanted: (() => boolean) | null = null;
    const h = cache.hold('a', (w) => {
      wanted = w;
      return new Promise<Pic>(() => {});
    });
    expect(wanted!()).toBe(true);
    h.release();
    expect(wanted!()).toBe(false);
  });

  it('a failure fails its holds and is forgotten: the next hold tries again', async () => {
    const { cache, decodes, fail, settle, hold } = setup();
    const a = hold('a');
    await fail('a');
    expect(a.failed).toBe(true);
    expect(a.picture).toBeNull();
    expect(await a.ready).toBeNull();
    expect(cache.size).toBe(0);
    const b = hold('a');
    await settle('a');
    expect(decodes).toEqual(['a', 'a']);
    expect(b.picture?.id).toBe('a');
  });

  it('a smaller budget frees at once what no one holds; drop frees them all', async () => {
    const { cache, freed, settle, hold } = setup(10 * MB);
    const holds = ['a', 'b', 'c'].map(hold);
    for (const k of ['a', 'b', 'c']) await settle(k);
    holds[0]!.release();
    holds[1]!.release();
    cache.budget = 2 * MB;
    expect(freed).toEqual(['a']);
    cache.drop();
    expect(freed).toEqual(['a', 'b']);
    expect(cache.bytes).toBe(MB);
  });
});
