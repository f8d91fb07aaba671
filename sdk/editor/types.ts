import type { LineType, StickySize, TextAlign } from '../../shared/model';
import {
  DEFAULT_COLOR,
  DEFAULT_FONT,
  DEFAULT_FONT_SIZE,
  DEFAULT_TEXT_ALIGN,
  LINE_WIDTH,
  OPACITY,
  STICKY_DEFAULT_COLOR,
  STICKY_DEFAULT_SIZE,
} from '../../shared/constants';

/** The tools of the board editor (board.md §4 "Tools"). */
export const TOOL_NAMES = [
  'select',
  'pan',
  'pen',
  'highlighter',
  'eraser',
  'line',
  'arrow',
  'rectangle',
  'filledRectangle',
  'circle',
  'filledCircle',
  'text',
  'stickyNote',
  'comment',
  'frame',
  'table',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];
export const isToolName = (v: unknown): v is ToolName => typeof v === 'string' && (TOOL_NAMES as readonly string[]).includes(v);

/** The drawing style new shapes take (the property menus edit it). */
export interface EditorStyle {
  /** #RRGGBB stroke/text colour */
  color: string;
  /** 1–9 */
  lineWidth: number;
  /** tenths, 1–10 */
  opacity: number;
  font: string;
  fontSize: number;
  align: TextAlign;
  stickyColor: string;
  stickySize: StickySize;
  lineType: LineType;
}

export const DEFAULT_STYLE: EditorStyle = {
  color: DEFAULT_COLOR,
  lineWidth: LINE_WIDTH.default,
  opacity: OPACITY.default,
  font: DEFAULT_FONT,
  fontSize: DEFAULT_FONT_SIZE,
  align: DEFAULT_TEXT_ALIGN,
  stickyColor: STICKY_DEFAULT_COLOR,
  stickySize: STICKY_DEFAULT_SIZE,
  lineType: 'line',
};

/** What the current user may do: role claims and the plan's policies (board.md §6). */
export interface EditorPermissions {
  role: string;
  permissions: string[];
  policies: Set<string>;
}

export interface EditorOptions {
  /** the element the canvas fills; omit (or use `headless`) to run without a DOM */
  container: HTMLElement;
  uid: string;
  permissions: () => EditorPermissions;
  background?: string;
  /** no canvas, no DOM listeners: the editor's logic only (unit tests, server-side use) */
  headless?: boolean;
  /** private mode: others' shapes are hidden from users who are not Owner or Facilitator */
  privateMode?: () => boolean;
}

/* ---------------- pointer input (board.md §4 "Pointer interaction") ---------------- */

export type PointerPhase = 'Started' | 'Inprogress' | 'Completed';

/** One pointer event as tools see it: board coordinates plus screen coordinates and modifiers. */
export interface BoardPointer {
  phase: PointerPhase;
  /** board coordinates */
  x: number;
  y: number;
  /** screen (container) coordinates */
  sx: number;
  sy: number;
  /** 0 primary, 1 middle, 2 secondary */
  button: number;
  shift: boolean;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
  pointerType: 'mouse' | 'pen' | 'touch';
  /** consecutive clicks at the same place (2 = double click) */
  clicks: number;
  time: number;
}

/** A key event as the editor reads it (DOM KeyboardEvent fits). */
export interface KeyInput {
  key: string;
  code: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  repeat?: boolean;
  preventDefault?: () => void;
  target?: unknown;
}
