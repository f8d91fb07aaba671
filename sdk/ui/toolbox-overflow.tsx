/**
 * The toolbox's fit (docs/board-screen.md "Toolbox"): when the board is too short for every tool,
 * the toolbox keeps the first ones in the spec's order and puts the rest in a 'More tools' popover
 * at its end, as Excalidraw's "More tools" and tldraw's overflow do. ArrowUp/ArrowDown (Home/End)
 * move between the toolbar's buttons; in the popover the arrows move, Enter picks a tool, Escape
 * gives the focus back to the 'More tools' button.
 */
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import type { Editor } from '../editor/editor';
import type { Action } from '../actions/registry';
import { runAction } from './editor-hooks';
import { BoardIcon } from './icons';
import { Popover } from './popover';
import { shortcutOf } from './tooltip';

/** The toolbar's gap, and a tool button's height plus that gap (board.css .tb-toolbox), in px. */
const GAP = 2;
export const TOOL_SLOT = 40 + GAP;
/** The toolbox's padding, top and bottom (board.css .tb-toolbox), in px. */
const PADDING = 12;
/** Room the toolbox keeps below itself on the board (board.css .tb-toolbox bottom). */
const BOTTOM = 12;

/** How the tools are laid out: rows per column, columns (1 or 2), how many tools show before 'More tools'. */
export interface ToolLayout {
  rows: number;
  columns: number;
  shown: number;
}

/**
 * The tools' layout in `available` px of height after `reserved` px (the style button): one
 * column when every tool fits, else two columns (tools in the spec's order down the first, then
 * the second), else two full columns whose last slot is 'More tools' holding the rest.
 */
export function toolLayout(count: number, available: number, reserved: number): ToolLayout {
  const rows = Math.max(1, Math.floor((available - PADDING - reserved + GAP) / TOOL_SLOT));
  if (count <= rows) return { rows: count, columns: 1, shown: count };
  if (count <= 2 * rows) return { rows: Math.ceil(count / 2), columns: 2, shown: count };
  return { rows, columns: 2, shown: 2 * rows - 1 };
}

/**
 * The height the toolbox may take on its board (its top to the board's bottom less the margin),
 * kept up to date as the board resizes; the callback goes on the toolbox's `ref`.
 */
export function useToolboxRoom(): [number, (el: HTMLElement | null) => void] {
  const [room, setRoom] = useState(Infinity);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const board = el?.offsetParent as HTMLElement | null | undefined;
    if (!el || !board) return;
    const measure = () => setRoom(board.clientHeight - (parseFloat(getComputedStyle(el).top) || 0) - BOTTOM);
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(board);
  }, []);
  return [room, ref];
}

/**
 * Moving the focus in the toolbar (WAI-ARIA toolbar): ArrowUp/ArrowDown to the previous/next
 * button in the spec's order, ArrowLeft/ArrowRight to the other column, Home/End. Read before a
 * button's own keys, so ArrowDown on a popover button moves on (Enter and Space open it).
 */
export function onToolbarKeys(e: KeyboardEvent<HTMLElement>, rows: number, columns: number): void {
  const bar = e.currentTarget;
  const buttons = Array.from(bar.querySelectorAll<HTMLElement>('button')).filter((b) => !b.closest('[role="menu"]'));
  const at = buttons.indexOf(e.target as HTMLElement);
  if (at < 0) return;
  const across = columns > 1 ? rows : 0;
  const keys: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 };
  if (across) Object.assign(keys, { ArrowRight: Math.min(at + across, buttons.length - 1), ArrowLeft: Math.max(at - across, 0) });
  const go = keys[e.key];
  if (go === undefined) return;
  e.preventDefault();
  e.stopPropagation();
  buttons[(go + buttons.length) % buttons.length]?.focus();
}

/** 'More tools': the tools that do not fit, as menu items; the button shows as pressed when one of them is the current tool. */
export function MoreTools({ editor, tools, current }: { editor: Editor; tools: readonly Action[]; current: string }) {
  const active = tools.find((a) => a.id === current);
  return (
    <Popover
      label="More tools"
      title={active ? `More tools (${active.label})` : 'More tools'}
      placement="right"
      className="tb-more-tools"
      buttonClassName={active ? 'tb-btn tb-btn--active' : 'tb-btn'}
      button={<BoardIcon name={active ? active.id : 'more'} />}
    >
      {(close) =>
        tools.map((a) => (
          <button
            key={a.id}
            type="button"
            role="menuitemradio"
            aria-checked={a.id === current}
            className="tb-item"
            aria-label={a.label}
            aria-keyshortcuts={shortcutOf(editor, a.id) ?? undefined}
            data-tool={a.id}
            onClick={() => {
              close();
              runAction(editor, a.id);
            }}
          >
            <BoardIcon name={a.id} />
            <span>{a.label}</span>
            {shortcutOf(editor, a.id) && <span className="tb-item__keys">{shortcutOf(editor, a.id)}</span>}
          </button>
        ))
      }
    </Popover>
  );
}
