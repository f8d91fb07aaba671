/**
 * Every shape kind of the board, registered once. Adding a kind = one module + one line.
 */
import { registerShape, type ShapeModule } from './registry';
import { pen, highlighter } from './pen';
import { line, arrow } from './line';
import { rectangle, filledRectangle } from './rectangle';
import { circle, filledCircle } from './circle';
import { text } from './text';
import { stickyNote } from './stickyNote';
import { image } from './image';
import { frame } from './frame';
import { comment } from './comment';
import { table } from './table';
import { composite } from './group';
import { link } from './link';

export const SHAPE_MODULES = [
  pen,
  highlighter,
  line,
  arrow,
  rectangle,
  filledRectangle,
  circle,
  filledCircle,
  text,
  stickyNote,
  image,
  frame,
  comment,
  table,
  composite,
  link,
] as unknown as ShapeModule[];

for (const m of SHAPE_MODULES) registerShape(m);

export * from './registry';
export type { TwoObject } from './two-helpers';
