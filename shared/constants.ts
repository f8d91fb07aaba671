/**
 * Limits and constants of the board (board.md §3, §4, §5, §9). One place for the
 * engine, the server and the panel: never repeat these numbers elsewhere.
 */

/* ---------------- product ---------------- */
export const PRODUCT_NAME = 'Tabula';
export const CLIENT_VERSION = '1.72.6';
/** A board with this name is a reserved placeholder (board.md §9). */
export const RESERVED_BOARD_NAME = 'new board';
export const TEXT_PLACEHOLDER = 'Type something';

/* ---------------- drawing ---------------- */
export const LINE_WIDTH = { min: 1, max: 9, default: 2 } as const;
/** Opacity in tenths (1–10); 10 is opaque. */
export const OPACITY = { min: 1, max: 10, default: 10 } as const;
export const COLOR_REGEX = /^#[0-9a-fA-F]{6}$/;
export const isColor = (value: unknown): value is string => typeof value === 'string' && COLOR_REGEX.test(value);
export const DEFAULT_COLOR = '#000000';

/** The 32 fixed palette colours (ids 1–32); custom colours get ids from 100 up. */
export const PALETTE: readonly string[] = [
  '#000000',
  '#434343',
  '#666666',
  '#999999',
  '#cccccc',
  '#efefef',
  '#f3f3f3',
  '#ffffff',
  '#980000',
  '#ff0000',
  '#ff9900',
  '#ffff00',
  '#00ff00',
  '#00ffff',
  '#4a86e8',
  '#0000ff',
  '#9900ff',
  '#ff00ff',
  '#e6b8af',
  '#f4cccc',
  '#fce5cd',
  '#fff2cc',
  '#d9ead3',
  '#d0e0e3',
  '#c9daf8',
  '#cfe2f3',
  '#d9d2e9',
  '#ead1dc',
  '#85200c',
  '#38761d',
  '#1155cc',
  '#741b47',
];
export const PALETTE_SIZE = 32;
export const CUSTOM_COLOR_FIRST_ID = 100;
/** Palette entries with their ids. */
export const PALETTE_COLORS: ReadonlyArray<{ id: number; color: string }> = PALETTE.map((color, i) => ({ id: i + 1, color }));

/** Highlighter: width is 4 × the line width, opacity 75 (percent). */
export const HIGHLIGHTER_WIDTH_FACTOR = 4;
export const HIGHLIGHTER_OPACITY = 75;
/** Eraser trail keeps up to 10 points. */
export const ERASER_TRAIL = 10;
/** Pen/highlighter stroke simplification tolerance (board.md §4). */
export const SMOOTHING_TOLERANCE = 0.6;
/** Shift snaps line angles to 5 degrees. */
export const ANGLE_SNAP_DEGREES = 5;
/** Snap to object: snap distance 6 px, guide extension 25. */
export const SNAP_DISTANCE = 6;
export const SNAP_GUIDE_EXTENSION = 25;
/** Arrow keys move the selection 1 px, Shift 10, Ctrl 20. */
export const ARROW_KEY_STEPS = { normal: 1, shift: 10, ctrl: 20 } as const;
export const LINE_TYPES = ['line', 'dashed', 'dotted', 'arrow', 'rarrow', 'double'] as const;
export const LINE_TYPE_LABELS: Record<(typeof LINE_TYPES)[number], string> = {
  line: 'Line',
  dashed: 'Dashed',
  dotted: 'Dotted',
  arrow: 'Right arrow',
  rarrow: 'Left arrow',
  double: 'Both arrows',
};
export const TOOLS = [
  'select',
  'pan',
  'pen',
  'highlighter',
  'line',
  'arrow',
  'circle',
  'filledCircle',
  'rectangle',
  'filledRectangle',
  'text',
  'stickyNote',
  'eraser',
  'frame',
  'templates',
  'upload',
] as const;
export type Tool = (typeof TOOLS)[number];

/* ---------------- text ---------------- */
export const FONTS = [
  'Open Sans',
  'Arial',
  'Courier Prime',
  'Caveat',
  'Tahoma',
  'Cabin Sketch',
  'Verdana',
  'Montserrat',
  'Georgia',
  'Comic Sans MS',
  'Times New Roman',
] as const;
/** Offered in addition to FONTS for Persian users. */
export const PERSIAN_FONT = 'Iran Sans';
export const FONT_SIZES = [12, 16, 20, 26, 30, 40, 50, 70, 100] as const;
export const DEFAULT_FONT = 'Open Sans';
export const DEFAULT_FONT_SIZE = 16;
export const DEFAULT_TEXT_ALIGN = 'left' as const;
/** Sticky notes are centred unless aligned otherwise (how every note was drawn before `align`; what Miro does). */
export const STICKY_DEFAULT_ALIGN = 'center' as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
/** Pure text measurement: a character is about 0.6 × the font size wide (shared/geometry/text). */
export const CHAR_WIDTH_FACTOR = 0.6;
/** Line height as a multiple of the font size (sticky notes: 130 %; text uses the same). */
export const LINE_HEIGHT = 1.3;

/* ---------------- sticky notes ---------------- */
/** 12 sticky colours; yellow is the default and the colour of pasted notes. */
export const STICKY_COLORS: ReadonlyArray<{ name: string; color: string }> = [
  { name: 'yellow', color: '#feff9c' },
  { name: 'orange', color: '#ffd59a' },
  { name: 'red', color: '#ffa8a8' },
  { name: 'pink', color: '#ffb3de' },
  { name: 'violet', color: '#d7b8ff' },
  { name: 'blue', color: '#a8d1ff' },
  { name: 'light blue', color: '#b5f0ff' },
  { name: 'teal', color: '#9ff0d8' },
  { name: 'green', color: '#c5f5a5' },
  { name: 'lime', color: '#e6f59a' },
  { name: 'gray', color: '#e3e3e3' },
  { name: 'white', color: '#ffffff' },
];
export const STICKY_DEFAULT_COLOR = '#feff9c';
export const PASTED_STICKY_COLOR = '#feff9c';
export const STICKY_SIZES = {
  S: { w: 100, h: 100 },
  M: { w: 170, h: 170 },
  L: { w: 270, h: 270 },
  SW: { w: 200, h: 100 },
  MW: { w: 340, h: 170 },
  LW: { w: 540, h: 270 },
} as const;
export const STICKY_DEFAULT_SIZE = 'M' as const;
export const STICKY_MARGIN = 4;
export const STICKY_FONT = { start: 35, min: 5 } as const;
export const STICKY_LINE_HEIGHT = 1.3;
/** Gap between pasted sticky notes. */
export const PASTED_STICKY_GAP = 10;

/* ---------------- frames ---------------- */
export const FRAME_THICKNESS = 4;
export const FRAME_HEADER = 20;
/** A shape is captured by a frame when at least 2/3 of it overlaps the frame. */
export const FRAME_OVERLAP = 2 / 3;
export const FRAME_TITLE_MAX = 56;
export const FRAME_DEFAULT_COLOR = '#cccccc';

/* ---------------- comments ---------------- */
export const COMMENT_MAX_LENGTH = 2000;
export const MENTION_LIMIT = 8;
/** Comment marker colours by number (board.md §3); default 6. */
export const COMMENT_COLORS: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6, string>> = {
  1: '#2141FA',
  2: '#FF8C00',
  3: '#DC3545',
  4: '#0C695D',
  5: '#845EC2',
  6: '#101010',
};
export const COMMENT_DEFAULT_COLOR = 6;
/** Size of a comment marker on the canvas (board units). */
export const COMMENT_MARKER_SIZE = 32;
/** Comment author names are truncated past 11 characters with an ellipsis. */
export const COMMENT_AUTHOR_MAX = 11;

/* ---------------- viewport ---------------- */
/** Zoom limits in percent. */
export const ZOOM = { min: 5, max: 600, default: 100 } as const;
/** Wheel zoom: scale changes by exp(±0.1) per wheel step ("10 percent of the exponential"). */
export const ZOOM_WHEEL_STEP = 0.1;
/** Animate-to (fit, zoom to shape) lasts 1000 ms with ease-out cubic. */
export const ZOOM_ANIMATE_MS = 1000;
/** Command palette zooms to the found shape at 3 × its rectangle. */
export const FIND_ZOOM_FACTOR = 3;
/** Two-finger touch: pan when the centre moved over 25 px, zoom when the distance changed over 15 px. */
export const TOUCH_PAN_THRESHOLD = 25;
export const TOUCH_ZOOM_THRESHOLD = 15;
export const LONG_TAP_MS = 500;
/** Border selection thickness is 5 / scale. */
export const SELECTION_BORDER = 5;

/* ---------------- backgrounds ---------------- */
export const BACKGROUNDS = [
  { name: 'none', label: 'None' },
  { name: 'dot', label: 'Dot' },
  { name: 'graph-paper', label: 'Graph paper' },
  { name: 'large-grid', label: 'Large grid' },
  { name: 'medium-grid', label: 'Medium grid' },
  { name: 'small-grid', label: 'Small grid' },
  { name: 'line', label: 'Line' },
] as const;
export type BackgroundName = (typeof BACKGROUNDS)[number]['name'];
/** A known background name (or its label), or a custom http(s) url (board.md §3, §5). */
export function isValidBackground(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (BACKGROUNDS.some((b) => b.name === value || b.label === value)) return true;
  return /^https?:\/\/\S+$/i.test(value);
}
/** The 10 background colour swatches of the settings dialog. */
export const BACKGROUND_COLORS: readonly string[] = [
  '#ffffff',
  '#f5f5f5',
  '#fff8e1',
  '#fce4ec',
  '#e8f5e9',
  '#e3f2fd',
  '#ede7f6',
  '#fffde7',
  '#eceff1',
  '#212121',
];

/* ---------------- realtime and network ---------------- */
export const HUB_RECONNECT_MS = 2000;
export const HUB_KEEPALIVE_MS = 60_000;
export const HUB_TIMEOUT_MS = 120_000;
/** Command sends retry at most 3 times, waiting 250 ms × the attempt number. */
export const SEND_RETRIES = 3;
export const SEND_RETRY_DELAY_MS = 250;
/** Collaborator cursors at most every 50 ms. */
export const CURSOR_THROTTLE_MS = 50;
export const LATENCY_THRESHOLD_MS = 150;
export const LATENCY_SAMPLES = 4;
export const SLOW_RESOURCE_MS = 10_000;
export const SLOW_RESOURCE_MAX_ENTRIES = 10;
/** Online member list shows at most 5 (latest timestamp first, then name). */
export const ONLINE_MEMBERS_MAX = 5;
/** HTTP interceptor logs network failures after 15 network, 15 aborted or 5 other failures. */
export const NETWORK_FAILURE_LOG_AFTER = { network: 15, aborted: 15, other: 5 } as const;
export const TOKEN_CACHE_CLEAR_MS = 1000;
export const RETRY_NOTICE_MS = 1000;
/**
 * The most bytes one request body (HTTP) or one websocket frame (hub) may carry: 4 MiB. A larger
 * body is a 413; a larger frame closes that socket (1009) before it is read (docs/security.md).
 */
export const PAYLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** Default cap of one command's JSON (BOARD_COMMAND_MAX_BYTES overrides it on a server). */
export const COMMAND_MAX_BYTES = 1024 * 1024;
/** Default cap of live shapes on one board (BOARD_MAX_SHAPES overrides it on a server). */
export const BOARD_MAX_SHAPES = 20_000;

/* ---------------- uploads and images ---------------- */
export const UPLOAD_MAX_BYTES = 10_000_000;
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'svg', 'pdf', 'webp', 'avif', 'avifs'] as const;
export const COMPRESSION = { min: 1, max: 100, default: 75 } as const;
/**
 * The board's image downsize setting (board.md §5 options, §6 an Owner's or Facilitator's setting):
 * what happens to pictures larger than the view — ask each time (the Downsize images dialog), or
 * send them at Original Size, 50% of Original or Current View without asking; `quality` 1–100
 * compresses them (JPEG), null keeps their format.
 */
export const DOWNSIZE_SETTINGS = ['ask', 'original', 'half', 'view'] as const;
export type DownsizeSetting = { option: (typeof DOWNSIZE_SETTINGS)[number]; quality: number | null };
export const DEFAULT_DOWNSIZE: DownsizeSetting = { option: 'ask', quality: null };
export const DOWNSIZE_OPTIONS = ['Original Size', '50% of Original', 'Current View'] as const;
/**
 * Board config upload: 0 workspace setting, 1 enabled, 2 disabled. The spec's default is 2, which
 * would leave every new board unable to take a picture; boards start at 0 instead (the workspace's
 * setting, and a workspace allows uploads unless its admin turns them off): docs/assets.md.
 */
export const UPLOAD_SETTING = { workspace: 0, enabled: 1, disabled: 2, default: 0 } as const;

/**
 * Whether a board takes uploads (board.md §6 board config upload): 1 enabled, 2 disabled, 0 (or
 * unset) the workspace's setting — a workspace allows uploads unless its admin turned them off
 * (`config.uploads === false`). The server refuses by it; the board hides its upload actions by it.
 */
export function uploadsAllowed(
  boardUpload: number | null | undefined,
  workspaceConfig: Record<string, unknown> | null | undefined,
): boolean {
  if (boardUpload === UPLOAD_SETTING.enabled) return true;
  if (boardUpload === UPLOAD_SETTING.disabled) return false;
  return workspaceConfig?.uploads !== false;
}
/** Image previews by zoom: full; s1 below 0.25; preview below 0.12. */
export const IMAGE_PREVIEW_SCALES = { s1: 0.25, preview: 0.12 } as const;
export const BACKUP_EXTENSION = '.wtb';
export const UUID_REGEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/* ---------------- export ---------------- */
export const EXPORT_MAX_SIZE = 10_000;
export const EXPORT_PADDING = 30;
export const EXPORT_BACKGROUND = '#ffffff';
export const TEXT_EXPORT_SUFFIX = '_notes.txt';

/* ---------------- tables, layout, arrange ---------------- */
export const TABLE_LIMITS = { min: 1, max: 50 } as const;
export const LAYOUT_GAP = 20;
export const CIRCULAR_RADIUS_PER_SHAPE = 40;
export const ARRANGE_LAYOUTS = ['vertical', 'horizontal', 'grid', 'circular', 'stack'] as const;
export const ALIGN_OPTIONS = ['left', 'horizontally', 'right', 'top', 'vertically', 'bottom'] as const;
export const DISTRIBUTE_OPTIONS = ['horizontally', 'vertically'] as const;
/** Align needs 2 non-connector shapes, distribute 3, auto-arrange more than 1. */
export const ALIGN_MIN_SHAPES = 2;
export const DISTRIBUTE_MIN_SHAPES = 3;
export const ARRANGE_MIN_SHAPES = 2;

/* ---------------- UI ---------------- */
export const TOASTS_MAX = 4;
export const TOAST_MS = 4000;
export const PRIVATE_MODE_HINT_MS = 4000;
export const PANEL_WIDTHS = { history: 450, comments: 450, frames: 450, automation: 650 } as const;
export const DIALOG_WIDTHS = { settings: 400, templates: 1035, shortcuts: 450, modal: 600 } as const;
export const SHARE_SELECT_WIDTH = 135;
export const QR_SIZE = 150;
export const FLOATING_MENU_MARGINS = [5, 60] as const;
export const COLOR_PICKER_DEFAULT = '#000000';
export const TEMPLATE_THUMBNAIL_QUALITY = 0.8;
export const TEMPLATE_SEARCH_DEBOUNCE_MS = 500;
/** Board history reads the last 1000 commands; restore only for removals within the last hour. */
export const HISTORY_COMMANDS = 1000;
export const HISTORY_RESTORE_MS = 3_600_000;
/** Dispose timer: 0 means Never; 7 days shows 'a week'. */
export const DISPOSE_NEVER = 0;
export const DISPOSE_WEEK_DAYS = 7;

/* ---------------- key bindings ---------------- */
export const PROHIBITED_KEYS = [
  'CapsLock',
  'MetaLeft',
  'F5',
  'NumLock',
  'Pause',
  'ScrollLock',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
] as const;
export const DEFAULT_KEY_BINDINGS: Readonly<Record<string, string>> = {
  select: 'V',
  pen: 'P',
  eraser: 'E',
  line: 'L',
  circle: 'C',
  rectangle: 'R',
  text: 'T',
  stickyNote: 'N',
  upload: 'U',
  pan: 'H',
  frame: 'F',
  templates: 'Insert',
  selectAll: 'Ctrl+A',
  undo: 'Ctrl+Z',
  redo: 'Ctrl+Y',
  duplicate: 'Ctrl+D',
  duplicateDown: 'Alt+D',
  find: 'Ctrl+F',
  fullscreen: 'F11',
  remove: 'Delete',
  automation: 'Shift+F2',
  zoomFit: 'Ctrl+0',
  zoom100: 'Ctrl+Alt+0',
  previousTool: 'Backquote',
};

/* ---------------- undo ---------------- */
/** Own commands per user kept in a snapshot so undo works across a snapshot boundary. */
export const UNDO_SNAPSHOT_DEPTH = 20;
