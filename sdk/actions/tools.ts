import { DEFAULT_KEY_BINDINGS } from '../../shared/constants';
import type { ToolName } from '../editor/types';
import { POLICY } from '../../shared/policies';
import type { Action } from './registry';
import type { Editor } from '../editor/editor';
import { UPLOAD_EXTENSIONS } from '../../shared/constants';
import { pickFiles } from '../assets/picker';
import { uploadFiles } from '../assets/upload';

/** The browser's file picker for pictures and PDFs; what is chosen is uploaded onto the view. */
function pickUploads(editor: Editor): void {
  const uploader = editor.uploader;
  if (uploader) pickFiles({ accept: UPLOAD_EXTENSIONS, multiple: true }, (files) => void uploadFiles(editor, uploader, files));
}

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
  table: 'Table',
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
    // board.md §4: the upload tool opens the file picker; the pictures land on the view (sdk/assets/upload.ts)
    id: 'upload',
    label: 'Upload',
    group: 'tools',
    defaultKeys: [DEFAULT_KEY_BINDINGS.upload],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && !!editor.uploader && !editor.headless,
    perform: ({ editor }) => pickUploads(editor),
  },
  {
    // board.md §2, §5: the upload-via-URL dialog (sdk/ui/upload-url-dialog.tsx); in the main menu and the palette
    id: 'uploadUrl',
    label: 'Upload via URL',
    group: 'tools',
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && !!editor.uploader && !editor.headless,
    defaultKeys: [],
    perform: ({ editor }) => editor.ui$.next({ kind: 'uploadUrl' }),
  },
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
