import { BehaviorSubject } from 'rxjs';
import type { TextAlign } from '../../shared/model';

/**
 * In-place text editing (board.md §4 "Text and sticky editing"). Tools ask the host to open
 * an editor over the board; the DOM host (sdk/editor/text-overlay.ts) shows a textarea, the
 * headless host lets tests type and finish. The host never builds commands: it hands the
 * final value back to the tool.
 */
/**
 * How an edit ended: applied (click outside, tool switch), Tab (sticky: next note), Escape (applied; a new empty sticky is
 * dropped); a table cell also ends by moving: Tab / Shift+Tab ('tab' / 'shiftTab'), Enter ('down') and the arrows at the text's edge.
 */
export type TextEditEnd = 'apply' | 'tab' | 'escape' | 'shiftTab' | 'up' | 'down' | 'left' | 'right';

export interface TextEditRequest {
  /**
   * 'frame': a frame's title (one line, at most FRAME_TITLE_MAX; Enter applies, Escape cancels); 'tableCell': one
   * cell of a table (its box; Tab, Shift+Tab, Enter and the arrows at the text's edge move, leaving the field applies)
   */
  kind: 'text' | 'stickyNote' | 'frame' | 'tableCell';
  /** board coordinates of the box's top-left */
  x: number;
  y: number;
  /** sticky notes: the note size; frames: the title strip; text: undefined (grows with the content) */
  w?: number;
  h?: number;
  value: string;
  placeholder: string;
  color: string;
  font: string;
  fontSize: number;
  align: TextAlign;
  /** sticky note colour; a table cell's background */
  background?: string;
  /** space between the box's sides and the text, board units (a table cell's) */
  padding?: number;
  /** the field's accessible name, when the kind's own is not enough (a table cell's row and column) */
  label?: string;
}

export interface TextEditSession {
  request: TextEditRequest;
  onEnd: (value: string, how: TextEditEnd) => void;
}

export interface TextEditorHost {
  /** the open session, if any */
  readonly session$: BehaviorSubject<TextEditSession | null>;
  open(request: TextEditRequest, onEnd: (value: string, how: TextEditEnd) => void): void;
  /** Restyles the open editor (sticky colour or size changed while editing). */
  update(partial: Partial<TextEditRequest>): void;
  /** The text currently typed. */
  value(): string;
  /** Finishes the open session, calling its onEnd. */
  end(how?: TextEditEnd): void;
  /** Closes without calling back (tool switched away after handling it). */
  close(): void;
  readonly active: boolean;
  /** re-place the editor after the viewport moved */
  reposition?(): void;
  destroy?(): void;
}

/** A text editor without DOM: tests and scripts set the value and end the session. */
export class HeadlessTextEditor implements TextEditorHost {
  readonly session$ = new BehaviorSubject<TextEditSession | null>(null);
  private text = '';

  get active(): boolean {
    return this.session$.value !== null;
  }

  open(request: TextEditRequest, onEnd: (value: string, how: TextEditEnd) => void): void {
    if (this.active) this.end('apply');
    this.text = request.value;
    this.session$.next({ request: { ...request }, onEnd });
  }

  update(partial: Partial<TextEditRequest>): void {
    const s = this.session$.value;
    if (s) this.session$.next({ ...s, request: { ...s.request, ...partial } });
  }

  /** Replaces the typed text (what a user typing would do). */
  type(value: string): void {
    this.text = value;
  }

  value(): string {
    return this.text;
  }

  end(how: TextEditEnd = 'apply'): void {
    const s = this.session$.value;
    if (!s) return;
    this.session$.next(null);
    s.onEnd(this.text, how);
  }

  close(): void {
    this.session$.next(null);
  }
}
