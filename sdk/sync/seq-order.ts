import type { Command } from '../../shared/model';

/**
 * Applies remote commands in the board's sequence order (ARCHITECTURE.md "server-sequenced
 * log"). `lastSeq` is the highest seq with nothing missing below it; commands past a gap wait
 * until the gap is filled (the caller fetches it). Own commands confirmed by the server fill
 * their seq without being applied again.
 */
export class SeqOrder {
  lastSeq = 0;
  private waiting = new Map<number, Command | null>();

  constructor(private readonly apply: (command: Command) => void) {}

  reset(lastSeq: number): void {
    this.lastSeq = lastSeq;
    for (const seq of [...this.waiting.keys()]) if (seq <= lastSeq) this.waiting.delete(seq);
    this.drain();
  }

  /** A remote command (apply it when its turn comes) or, with `null`, an own confirmed seq. */
  accept(seq: number, command: Command | null): void {
    if (seq <= this.lastSeq || this.waiting.has(seq)) return;
    this.waiting.set(seq, command);
    this.drain();
  }

  /** true when commands are waiting behind a missing seq */
  hasGap(): boolean {
    return this.waiting.size > 0;
  }

  private drain(): void {
    while (this.waiting.has(this.lastSeq + 1)) {
      const next = this.waiting.get(this.lastSeq + 1) ?? null;
      this.waiting.delete(this.lastSeq + 1);
      this.lastSeq += 1;
      if (next) this.apply(next);
    }
  }
}
