/**
 * The toolbox: one module per tool. Each editor gets its own instances (tools keep the state
 * of the gesture in progress).
 */
import type { ToolName } from '../editor/types';
import type { Tool } from './tool';
import { createSelectTool } from './select';
import { createPanTool } from './pan';
import { createPenTool } from './pen';
import { createEraserTool } from './eraser';
import { createLineTool } from './line';
import { createRectangleTool } from './rectangle';
import { createCircleTool } from './circle';
import { createTextTool } from './text';
import { createStickyNoteTool } from './stickyNote';
import { createCommentTool } from './comment';
import { createFrameTool } from './frame';
import { createTableTool } from './table';

export function createTools(): Record<ToolName, Tool> {
  return {
    select: createSelectTool(),
    pan: createPanTool(),
    pen: createPenTool('pen'),
    highlighter: createPenTool('highlighter'),
    eraser: createEraserTool(),
    line: createLineTool('line'),
    arrow: createLineTool('arrow'),
    rectangle: createRectangleTool('rectangle'),
    filledRectangle: createRectangleTool('filledRectangle'),
    circle: createCircleTool('circle'),
    filledCircle: createCircleTool('filledCircle'),
    text: createTextTool(),
    stickyNote: createStickyNoteTool(),
    comment: createCommentTool(),
    frame: createFrameTool(),
    table: createTableTool(),
  };
}

export type { Tool, ToolOptions } from './tool';
