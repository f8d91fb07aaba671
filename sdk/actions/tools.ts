import { DEFAULT_KEY_BINDINGS } from '../../shared/constants';
import type { ToolName } from '../editor/types';
import { POLICY } from '../../shared/policies';
import type { Action } from './registry';

const TOOL_LABELS: Record<ToolName, string> = {
  select: 'Select',
  pan: 'Pan',
  pen: 'Pen',
  highlighter: 'Highlighter',
  eraser: 'Eraser',
  line: 'Line',
  arrow: 'Arrow',
  rectangle: 'Rectangle',
  filledRectangle: 'Filled rectangle',
  circle: 'Circle',
  filledCircle: 'Filled circle',
  text: 'Text',
  stickyNote: 'Sticky note',
  comment: 'Comment',
  frame: 'Frame',
};

/** Tools that need a plan policy besides edit_board (board.md §6). */
const TOOL_POLICY: Partial<Record<ToolName, string>> = {
  highlighter: POLICY.highlighterToolbox,
  comment: POLICY.comments,
  frame: POLICY.frames,
};

function toolAction(tool: ToolName): Action {
  const key = DEFAULT_KEY_BINDINGS[tool];
  return {
    id: tool,
    label: TOOL_LABELS[tool],
    group: 'tools',
    defaultKeys: key ? [key] : [],
    mutable: true,
    enabled: ({ editor }) => editor.toolAllowed(tool),
    perform: ({ editor }) => editor.setTool(tool),
  };
}

export const TOOL_ACTIONS: Action[] = [
  ...(
    [
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
      'frame',
      'comment',
    ] as ToolName[]
  ).map(toolAction),
  {
    id: 'previousTool',
    label: 'Previous tool',
    group: 'tools',
    defaultKeys: [DEFAULT_KEY_BINDINGS.previousTool],
    enabled: ({ editor }) => editor.previousTool !== null,
    perform: ({ editor }) => editor.usePreviousTool(),
  },
];

export { TOOL_LABELS, TOOL_POLICY };
