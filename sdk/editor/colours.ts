import { BehaviorSubject, distinctUntilChanged, filter, map, type Observable, type Subscription } from 'rxjs';
import { addCustomColour, customColourValues, mergeCustomColours, type CustomColour } from '../../shared/colours';

/** Where a signed-in user's custom colours are kept (the board's SyncClient). */
export interface ColourStore {
  /** false for guests (roaming users): their colours are not saved (board.md §6) */
  readonly signedIn: boolean;
  /** PUT /api/users/configs {config:{colors}} with the whole list */
  save(colors: string[]): Promise<void>;
}

/**
 * The custom colours offered on this board (board.md §3, §6; docs/board-screen.md "Custom colours"):
 * the signed-in user's saved userConfig.colors plus the ones added on this page. Shapes store the
 * #RRGGBB value itself, so a custom colour reaches every member with the shape.
 */
export class CustomColours {
  readonly list$ = new BehaviorSubject<readonly CustomColour[]>([]);
  store: ColourStore | null = null;

  /** True when added colours are saved for the user (signed in), false for a guest. */
  get saved(): boolean {
    return Boolean(this.store?.signedIn);
  }

  /** Offers the saved colours (userConfig.colors on join). */
  load(saved: readonly unknown[] | undefined): void {
    const next = mergeCustomColours(this.list$.value, saved);
    if (next !== this.list$.value) this.list$.next(next);
  }

  /** Adds a colour with the next id (from 100) and saves the list for a signed-in user; a failed save rejects, the colour stays on this page. */
  async add(hex: string): Promise<void> {
    const before = this.list$.value;
    const next = addCustomColour(before, hex);
    if (next === before) return;
    this.list$.next(next);
    if (this.store?.signedIn) await this.store.save(customColourValues(next));
  }
}

interface ColourSync {
  readonly signedIn: boolean;
  readonly board$: Observable<{ userConfig?: Record<string, unknown> | null } | null>;
  request<T>(method: 'PUT', path: string, body: Record<string, unknown>): Promise<T>;
}

/** Connects a board's custom colours to its SyncClient: saved colours come with every join, added ones are saved. */
export function bindCustomColours(colours: CustomColours, sync: ColourSync): Subscription {
  colours.store = {
    get signedIn() {
      return sync.signedIn;
    },
    async save(colors) {
      await sync.request('PUT', '/api/users/configs', { config: { colors } });
    },
  };
  return sync.board$
    .pipe(
      filter(Boolean),
      map((b) => (Array.isArray(b.userConfig?.colors) ? (b.userConfig.colors as unknown[]) : [])),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    )
    .subscribe((saved) => colours.load(saved));
}
