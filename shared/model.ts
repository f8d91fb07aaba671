/**
 * The board's data model (board.md §3): shapes and commands. This file is the contract
 * between the platform (validation, log, snapshots) and the SDK (tools, rendering).
 * Pure types and constants only.
 */

export const SHAPE_KINDS = [
  'pen',
  'highlighter',
  'line',
  'arrow',
  'rectangle',
  'filledRectangle',
  'circle',
  'filledCircle',
  'text',
  'stickyNote',
  'image',
  'frame',
  'comment',
  'composite',
  'link',
  'table',
] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

export type LineType = 'line' | 'dashed' | 'dotted' | 'arrow' | 'rarrow' | 'double';
export type TextAlign = 'left' | 'center' | 'right';
export type StickySize = 'S' | 'M' | 'L' | 'SW' | 'MW' | 'LW';
export type CommandStatus = 'normal' | 'disabled';

export interface Tag {
  key: string;
  value?: string;
}

/** Fields every shape carries (board.md §3 "Shapes: Common"). */
export interface ShapeBase {
  id: string;
  cmd: ShapeKind;
  /** creator's user id (uid) */
  uid: string;
  timestamp: number;
  modifiedBy?: string;
  modifiedTimestamp?: number;
  status?: CommandStatus;
  metadata?: Record<string, unknown>;
  tags?: Tag[];
  /** degrees, clockwise, around the shape's bounds centre */
  rotation?: number;
  lock?: boolean;
  protectedBy?: string;
  link?: string;
  /** opacity in tenths, 1–10 (board.md §5) */
  opacity?: number;
  /**
   * Set only by the server, on another member's text or sticky note sent to a member the blurry
   * variant of private mode restricts: its words are replaced by BLURRED_TEXT (shared/permissions
   * blurredShape); the board draws it as a blurred block and never as text.
   */
  blurred?: true;
}

/** Points are flat pairs: [x0, y0, x1, y1, …] (compact on the wire and in snapshots). */
export interface PenShape extends ShapeBase {
  cmd: 'pen' | 'highlighter';
  points: number[];
  color: string;
  lineWidth: number;
  type: 'pen' | 'hl';
}
export interface RectangleShape extends ShapeBase {
  cmd: 'rectangle' | 'filledRectangle';
  x: number;
  y: number;
  w: number;
  h: number;
  stroke: string;
  lineWidth: number;
  fill?: string;
}
/** x, y is the centre. */
export interface CircleShape extends ShapeBase {
  cmd: 'circle' | 'filledCircle';
  x: number;
  y: number;
  r: number;
  stroke: string;
  lineWidth: number;
  fill?: string;
}
/** points: exactly two x/y pairs; start/end: connected shape ids (connectors). */
export interface LineShape extends ShapeBase {
  cmd: 'line' | 'arrow';
  points: number[];
  color: string;
  lineWidth: number;
  type: LineType;
  start?: string;
  end?: string;
}
export interface TextShape extends ShapeBase {
  cmd: 'text';
  value: string;
  x: number;
  y: number;
  color: string;
  font: string;
  size: number;
  align: TextAlign;
}
export interface StickyNoteShape extends ShapeBase {
  cmd: 'stickyNote';
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  color: string;
  size: StickySize;
  fontSize: number;
  /** text alignment (board.md §3); absent: left (§9 default alignment) */
  align?: TextAlign;
}
export interface ImageShape extends ShapeBase {
  cmd: 'image';
  x: number;
  y: number;
  w: number;
  h: number;
  url?: string;
  resource?: string;
  page?: { current: number; total: number };
}
export interface FrameShape extends ShapeBase {
  cmd: 'frame';
  x: number;
  y: number;
  w: number;
  h: number;
  color: string;
  title: string;
  order: number;
  children: string[];
}
export interface CommentShape extends ShapeBase {
  cmd: 'comment';
  x: number;
  y: number;
  threadId: string;
  color: number;
  resolved: boolean;
  unreadCount?: number;
  comments?: number;
}
export interface CompositeShape extends ShapeBase {
  cmd: 'composite';
  shapes: Shape[];
}
export interface LinkShape extends ShapeBase {
  cmd: 'link';
  url: string;
  shapes: Shape[];
  /**
   * A link card (a pasted URL, issue 34; shared/geometry/link.ts): its box and the page's preview
   * as the server's link-preview proxy found it (platform/links). Absent on a link that groups
   * shapes (`shapes` non-empty), which draws as its shapes.
   */
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  title?: string;
  description?: string;
  /** the site's name (og:site_name, else the host) */
  site?: string;
  /** the preview picture's address (http or https) */
  image?: string;
}
export interface TableShape extends ShapeBase {
  cmd: 'table';
  x: number;
  y: number;
  w: number;
  h: number;
  table: string[][];
  border: boolean;
  /** the cells' text alignment; absent: left (board.md §9) */
  align?: TextAlign;
  /**
   * relative column widths, one positive weight per column (a resize keeps them, so the columns
   * keep their proportions); absent, or not one per column: equal columns. Older tables have none.
   */
  colWidths?: number[];
}

export type Shape =
  | PenShape
  | RectangleShape
  | CircleShape
  | LineShape
  | TextShape
  | StickyNoteShape
  | ImageShape
  | FrameShape
  | CommentShape
  | CompositeShape
  | LinkShape
  | TableShape;

export type ShapeOf<K extends ShapeKind> = Extract<Shape, { cmd: K }>;

/* ---------------- commands ---------------- */

export interface CommandBase {
  /** client command id (uuid): the idempotency key of a send */
  id: string;
  /** author's user id */
  uid: string;
  status: CommandStatus;
  timestamp: number;
  /** assigned by the server: the board's sequence number (absent until confirmed) */
  seq?: number;
}

/** Adding a shape: cmd is the shape's kind and `shape` the shape itself. */
export interface AddCommand extends CommandBase {
  cmd: ShapeKind;
  shape: Shape;
}
export interface PropertyModifierCommand extends CommandBase {
  cmd: 'propertyModifier';
  shapes: string[];
  props: Array<{ name: string; value: unknown; type?: 'add' }>;
}
export interface TextModifierCommand extends CommandBase {
  cmd: 'textModifier';
  shape: string;
  value: string;
}
export interface FontModifierCommand extends CommandBase {
  cmd: 'fontModifier';
  shapes: string[];
  font: string;
}
export interface FontSizeModifierCommand extends CommandBase {
  cmd: 'fontSizeModifier';
  shapes: string[];
  size: number;
}
export interface ColorModifierCommand extends CommandBase {
  cmd: 'colorModifier';
  shapes: string[];
  color?: string;
  stroke?: string;
  fill?: string;
}
/** Moves each listed shape by (x, y). */
export interface RepositionCommand extends CommandBase {
  cmd: 'reposition';
  shapePositions: Array<{ shape: string; x: number; y: number }>;
}
export interface StickyNoteModifierCommand extends CommandBase {
  cmd: 'stickyNoteModifier';
  shape: string;
  fontSize: number;
}
/** Gives the listed shapes new bounds (x, y optional: keep the top-left). */
export interface SizeModifierCommand extends CommandBase {
  cmd: 'sizeModifier';
  shapes: string[];
  w: number;
  h: number;
  x?: number;
  y?: number;
}
export interface CommandSetCommand extends CommandBase {
  cmd: 'commandSet';
  commands: Command[];
}
export interface RemoveCommand extends CommandBase {
  cmd: 'remove';
  shapes: string[];
}
/**
 * The authoritative post-state of the shapes an undo/redo (or clear) affects, computed by
 * the server from the full log when it appends the command (shared/reducer `computeEffect`).
 * `shapes`: the affected shapes that exist afterwards; `removed`: affected ids that do not;
 * `z`: layering keys of the listed shapes (see shared/reducer), so a restored shape
 * returns to its place in the z-order.
 */
export interface CommandEffect {
  shapes: Shape[];
  removed: string[];
  z?: Record<string, number>;
}
export interface ClearCommand extends CommandBase {
  cmd: 'clear';
  effect?: CommandEffect;
}
/** Undo disables the command `ref`; with type 'redo' it re-enables it. */
export interface UndoCommand extends CommandBase {
  cmd: 'undo';
  ref: string;
  type?: 'redo';
  effect?: CommandEffect;
}
export interface LockCommand extends CommandBase {
  cmd: 'lock';
  shapes: string[];
  locked: boolean;
  protect?: boolean;
}
export interface ChangeOrderCommand extends CommandBase {
  cmd: 'changeOrder';
  shapes: string[];
  order: 'front' | 'back';
}
export interface PageModifierCommand extends CommandBase {
  cmd: 'pageModifier';
  shape: string;
  page: number;
}
export interface ReplaceCommand extends CommandBase {
  cmd: 'replace';
  shape: Shape;
}

export type Command =
  | AddCommand
  | PropertyModifierCommand
  | TextModifierCommand
  | FontModifierCommand
  | FontSizeModifierCommand
  | ColorModifierCommand
  | RepositionCommand
  | StickyNoteModifierCommand
  | SizeModifierCommand
  | CommandSetCommand
  | RemoveCommand
  | ClearCommand
  | UndoCommand
  | LockCommand
  | ChangeOrderCommand
  | PageModifierCommand
  | ReplaceCommand;

export type CommandKind = Command['cmd'];
