/**
 * The bookkeeping of decoded pictures (pure: no DOM, unit-tested in tests/unit/sdk/picture-cache.test.ts).
 *
 * A picture is decoded once per key (asset, variant, page and decoded width: sdk/assets/pictures.ts)
 * and shared by every image shape drawing it. Each drawing holds it (`hold`) while it is on screen
 * and lets go (`release`) when it leaves the view or draws another key; a picture nobody holds stays
 * decoded — a shape coming back draws it at once — until the decoded bytes of all pictures (w × h × 4)
 * pass the budget: then the pictures nobody holds are freed, the one let go of longest ago first. A
 * picture someone holds is never freed, so nothing on screen ever blanks.
 */

export interface Decoded {
  width: number;
  height: number;
}

/** The decoded bytes of a picture: 4 per pixel. */
export const decodedBytes = (p: Decoded): number => Math.max(1, Math.round(p.width)) * Math.max(1, Math.round(p.height)) * 4;

export interface PictureCacheOptions<T extends Decoded> {
  /** decoded bytes kept beyond what is held */
  budget: number;
  /** frees a picture's memory (ImageBitmap.close): called once, when no one holds it and the budget needs the room */
  free(picture: T, key: string): void;
  /** a picture decoded (its key is now ready) */
  ready?(picture: T, key: string): void;
}

type State = 'loading' | 'ready' | 'failed' | 'freed';

interface Entry<T> {
  key: string;
  state: State;
  picture: T | null;
  bytes: number;
  refs: number;
  done: Promise<T | null>;
}

/** One drawing's hold on a picture: `picture` once decoded, until `release`. */
export interface PictureHold<T> {
  readonly key: string;
  /** the decoded picture (null while it loads, after a failure, or once released) */
  readonly picture: T | null;
  readonly failed: boolean;
  /** settles with the picture (null when it failed or was released first) */
  readonly ready: Promise<T | null>;
  /** lets go of it (idempotent) */
  release(): void;
}

export class PictureCache<T extends Decoded> {
  private readonly entries = new Map<string, Entry<T>>();
  /** ready entries no one holds, let go of longest ago first */
  private readonly idle = new Set<Entry<T>>();
  private decoded = 0;

  constructor(private readonly options: PictureCacheOptions<T>) {}

  get budget(): number {
    return this.options.budget;
  }

  set budget(bytes: number) {
    this.options.budget = bytes;
    this.trim();
  }

  /**
   * Holds `key`'s picture, decoding it with `decode` unless it is decoded or decoding already;
   * `decode` may ask `wanted()` (whether anyone still holds it) before starting its work.
   */
  hold(key: string, decode: (wanted: () => boolean) => Promise<T>): PictureHold<T> {
    let entry = this.entries.get(key);
    if (!entry) entry = this.start(key, decode);
    entry.refs++;
    this.idle.delete(entry);
    const held = entry;
    let released = false;
    return {
      key,
      get picture() {
        return !released && held.state === 'ready' ? held.picture : null;
      },
      get failed() {
        return held.state === 'failed';
      },
      ready: held.done.then((p) => (released ? null : p)),
      release: () => {
        if (released) return;
        released = true;
        this.let(held);
      },
    };
  }

  /** The picture if it is decoded (held or not), without holding it: to draw it once, now. */
  peek(key: string): T | null {
    const entry = this.entries.get(key);
    return entry?.state === 'ready' ? entry.picture : null;
  }

  /** Decoded bytes of every picture kept (held or not). */
  get bytes(): number {
    return this.decoded;
  }

  /** Decoded bytes of the pictures someone holds. */
  get heldBytes(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.state === 'ready' && e.refs > 0) n += e.bytes;
    return n;
  }

  /** Pictures kept (decoded or decoding). */
  get size(): number {
    return this.entries.size;
  }

  /** How many hold `key` (tests and the bench). */
  refs(key: string): number {
    return this.entries.get(key)?.refs ?? 0;
  }

  /** Frees every picture no one holds. */
  drop(): void {
    for (const e of [...this.idle]) this.free(e);
  }

  private start(key: string, decode: (wanted: () => boolean) => Promise<T>): Entry<T> {
    const entry: Entry<T> = { key, state: 'loading', picture: null, bytes: 0, refs: 0, done: Promise.resolve(null) };
    this.entries.set(key, entry);
    let pending: Promise<T>;
    try {
      pending = decode(() => entry.refs > 0);
    } catch (err) {
      pending = Promise.reject(err);
    }
    entry.done = pending.then(
      (picture) => {
        if (entry.state !== 'loading') return null;
        entry.state = 'ready';
        entry.picture = picture;
        entry.bytes = decodedBytes(picture);
        this.decoded += entry.bytes;
        if (entry.refs === 0) this.idle.add(entry);
        this.options.ready?.(picture, key);
        this.trim();
        return entry.state === 'ready' ? picture : null;
      },
      () => {
        entry.state = 'failed';
        // a later hold tries again (the board may not have been joined yet)
        if (this.entries.get(key) === entry) this.entries.delete(key);
        return null;
      },
    );
    return entry;
  }

  private let(entry: Entry<T>): void {
    entry.refs = Math.max(0, entry.refs - 1);
    if (entry.refs > 0) return;
    if (entry.state === 'ready') {
      this.idle.add(entry);
      this.trim();
    }
  }

  /** Frees pictures no one holds, oldest first, until the decoded bytes fit the budget. */
  private trim(): void {
    for (const e of this.idle) {
      if (this.decoded <= this.options.budget) return;
      this.free(e);
    }
  }

  private free(entry: Entry<T>): void {
    this.idle.delete(entry);
    if (entry.state !== 'ready' || entry.refs > 0) return;
    const picture = entry.picture!;
    entry.state = 'freed';
    entry.picture = null;
    this.decoded -= entry.bytes;
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    this.options.free(picture, entry.key);
  }
}
