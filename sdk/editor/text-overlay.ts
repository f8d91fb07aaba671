import { BehaviorSubject } from 'rxjs';
import { FRAME_TITLE_MAX, LINE_HEIGHT, STICKY_MARGIN } from '../../shared/constants';
import type { Viewport } from '../engine/viewport';
import type { TextEditEnd, TextEditorHost, TextEditRequest, TextEditSession } from './text-editor';
import { themedInk } from '../engine/theme';

/**
 * The DOM text editor: a textarea placed over the board where the text or sticky note sits,
 * scaled with the zoom. Tab (sticky notes) and Escape finish it here (Escape as 'escape'); a click on the board
 * outside it is turned into 'apply' by the editor. A table cell's ends with the move a key asks for
 * (`cellMove`); it and a frame title apply when the field loses the focus.
 */
export class DomTextEditor implements TextEditorHost {
  readonly session$ = new BehaviorSubject<TextEditSession | null>(null);
  private area: HTMLTextAreaElement | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly viewport: Viewport,
  ) {}

  get active(): boolean {
    return this.session$.value !== null;
  }

  open(request: TextEditRequest, onEnd: (value: string, how: TextEditEnd) => void): void {
    if (this.active) this.end('apply');
    const area = document.createElement('textarea');
    area.dataset.tabulaText = request.kind;
    area.value = request.value;
    area.placeholder = request.placeholder;
    area.spellcheck = false;
    area.setAttribute(
      'aria-label',
      request.label ?? (request.kind === 'stickyNote' ? 'Sticky note text' : request.kind === 'frame' ? 'Frame title' : 'Text'),
    );
    area.setAttribute('wrap', request.kind === 'stickyNote' ? 'soft' : 'off');
    // a frame title: one line of at most 56 characters; Enter applies, leaving the field applies
    if (request.kind === 'frame') area.maxLength = FRAME_TITLE_MAX;
    if (request.kind === 'frame' || request.kind === 'tableCell')
      area.addEventListener('blur', () => this.area === area && this.end('apply'));
    area.addEventListener('keydown', (e) => {
      e.stopPropagation();
      const move = request.kind === 'tableCell' ? cellMove(e, area) : null;
      if (move) {
        e.preventDefault();
        this.end(move);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        this.end('escape');
      } else if (e.key === 'Enter' && request.kind === 'frame') {
        e.preventDefault();
        this.end('apply');
      } else if (e.key === 'Tab') {
        e.preventDefault();
        this.end(request.kind === 'stickyNote' ? 'tab' : 'apply');
      }
    });
    area.addEventListener('keyup', (e) => e.stopPropagation());
    area.addEventListener('input', () => (request.kind === 'tableCell' ? this.layout() : this.autosize()));
    area.addEventListener('pointerdown', (e) => e.stopPropagation());
    this.area = area;
    this.session$.next({ request: { ...request }, onEnd });
    this.container.appendChild(area);
    this.layout();
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  }

  update(partial: Partial<TextEditRequest>): void {
    const s = this.session$.value;
    if (!s) return;
    this.session$.next({ ...s, request: { ...s.request, ...partial } });
    this.layout();
  }

  value(): string {
    return this.area?.value ?? '';
  }

  end(how: TextEditEnd = 'apply'): void {
    const s = this.session$.value;
    if (!s) return;
    const value = this.value();
    this.remove();
    s.onEnd(value, how);
  }

  close(): void {
    this.remove();
  }

  reposition(): void {
    this.layout();
  }

  destroy(): void {
    this.remove();
  }

  private remove(): void {
    const area = this.area;
    this.area = null;
    area?.remove();
    if (this.session$.value) this.session$.next(null);
  }

  private layout(): void {
    const s = this.session$.value;
    const area = this.area;
    if (!s || !area) return;
    const r = s.request;
    const k = this.viewport.scale;
    const p = this.viewport.toScreen(r.x, r.y);
    const sticky = r.kind === 'stickyNote';
    const boxed = sticky || r.kind === 'frame' || r.kind === 'tableCell';
    Object.assign(area.style, {
      position: 'absolute',
      left: `${p.x}px`,
      top: `${p.y}px`,
      margin: '0',
      border: 'none',
      outline: sticky ? 'none' : '1px dashed #2f80ed',
      resize: 'none',
      overflow: 'hidden',
      zIndex: '5',
      boxSizing: 'border-box',
      lineHeight: '1.3',
      fontFamily: `"${r.font}", sans-serif`,
      fontSize: `${r.fontSize * k}px`,
      // a text on the dark canvas: the default ink shows light while typing, as it is drawn (sdk/engine/theme.ts)
      color: r.kind === 'text' && this.container.closest('[data-theme="dark"]') ? (themedInk(r.color) ?? r.color) : r.color,
      textAlign: r.align,
      background: sticky ? (r.background ?? '#feff9c') : 'transparent',
      padding: sticky ? `${STICKY_MARGIN * k}px` : '0',
      whiteSpace: sticky ? 'pre-wrap' : 'pre',
    } satisfies Partial<CSSStyleDeclaration>);
    if (r.kind === 'frame')
      Object.assign(area.style, {
        background: '#ffffff',
        outline: '1px solid #2f80ed',
        lineHeight: `${(r.h ?? 20) * k}px`,
        padding: '0 2px',
      });
    if (r.kind === 'tableCell') {
      // the lines centred vertically in the cell, as the canvas draws them
      const lines = area.value.split('\n').length;
      const top = Math.max(0, ((r.h ?? 0) - lines * r.fontSize * LINE_HEIGHT) / 2);
      Object.assign(area.style, {
        background: r.background ?? '#ffffff',
        outline: '2px solid #2f80ed',
        padding: `${top * k}px ${(r.padding ?? 0) * k}px 0`,
      });
    }
    if (boxed) {
      area.style.width = `${(r.w ?? 170) * k}px`;
      area.style.height = `${(r.h ?? 170) * k}px`;
    } else this.autosize();
  }

  /** Text boxes grow with their content. */
  private autosize(): void {
    const s = this.session$.value;
    const area = this.area;
    if (!s || !area || s.request.kind !== 'text') return;
    area.style.width = '0px';
    area.style.height = '0px';
    const minW = s.request.fontSize * this.viewport.scale * 6;
    area.style.width = `${Math.max(minW, area.scrollWidth + 4)}px`;
    area.style.height = `${area.scrollHeight}px`;
  }
}

/**
 * The move a key asks of a table cell's editor, or null when the key stays in the field: Tab and
 * Shift+Tab, Enter (Shift+Enter is a line break), and an arrow that would leave the text (up on its
 * first line, down on its last, left at its start, right at its end).
 */
function cellMove(e: KeyboardEvent, area: HTMLTextAreaElement): TextEditEnd | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const { value, selectionStart: start, selectionEnd: end } = area;
  const caret = start === end;
  switch (e.key) {
    case 'Tab':
      return e.shiftKey ? 'shiftTab' : 'tab';
    case 'Enter':
      return e.shiftKey ? null : 'down';
    case 'ArrowUp':
      return caret && !e.shiftKey && !value.slice(0, start).includes('\n') ? 'up' : null;
    case 'ArrowDown':
      return caret && !e.shiftKey && !value.slice(end).includes('\n') ? 'down' : null;
    case 'ArrowLeft':
      return caret && !e.shiftKey && start === 0 ? 'left' : null;
    case 'ArrowRight':
      return caret && !e.shiftKey && end === value.length ? 'right' : null;
    default:
      return null;
  }
}
