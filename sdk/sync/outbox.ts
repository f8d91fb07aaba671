import type { Command } from '../../shared/model';

/**
 * The commands a board has not yet confirmed, kept in memory and mirrored to localStorage
 * under one key per board, so a reload during an outage loses nothing (they are resent by id,
 * which the server treats idempotently). Storage failures (private mode, quota) only cost the
 * persistence, never the in-memory queue.
 */
export class Outbox {
  private items: Command[];
  private readonly key: string;

  constructor(
    boardCode: string,
    private readonly storage: Storage | null = defaultStorage(),
  ) {
    this.key = `tabula.outbox.${boardCode}`;
    this.items = this.read();
  }

  /** Unconfirmed commands, oldest first. */
  all(): readonly Command[] {
    return this.items;
  }

  get size(): number {
    return this.items.length;
  }

  head(): Command | undefined {
    return this.items[0];
  }

  has(id: string): boolean {
    return this.items.some((c) => c.id === id);
  }

  add(command: Command): void {
    if (this.has(command.id)) return;
    this.items.push(command);
    this.write();
  }

  remove(id: string): void {
    const before = this.items.length;
    this.items = this.items.filter((c) => c.id !== id);
    if (this.items.length !== before) this.write();
  }

  private read(): Command[] {
    try {
      const raw = this.storage?.getItem(this.key);
      const parsed = raw ? (JSON.parse(raw) as unknown) : [];
      return Array.isArray(parsed) ? (parsed as Command[]).filter((c) => c && typeof c.id === 'string') : [];
    } catch {
      return [];
    }
  }

  private write(): void {
    try {
      if (this.items.length) this.storage?.setItem(this.key, JSON.stringify(this.items));
      else this.storage?.removeItem(this.key);
    } catch {
      /* quota or disabled storage: the in-memory queue still holds the commands */
    }
  }
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
