import type { Command, Shape, TextAlign } from '../model';
import type { PolicyRequirement } from '../policy-names';
import type { Point, Rect } from './rect';

/**
 * The pure geometry of one shape kind (the tldraw ShapeUtil idea, minus rendering to a
 * canvas): the SDK adds `render(two)` on top; the server uses `bounds` and `toSvg`.
 */
export interface ShapeGeometry<S extends Shape = Shape> extends ShapeBehaviour<S> {
  /** The unrotated geometric box: what sizeModifier's x, y, w, h describe. */
  box(shape: S): Rect;
  /** Axis-aligned bounds on the board, rotation and stroke included. */
  bounds(shape: S): Rect;
  /** True when point p (board units) is on the shape, within `tolerance`. */
  hitTest(shape: S, p: Point, tolerance: number): boolean;
  /** A copy moved by (dx, dy). */
  translate(shape: S, dx: number, dy: number): S;
  /** A copy whose unrotated box becomes `box` (how sizeModifier maps onto the kind). */
  resize(shape: S, box: Rect): S;
  /** One SVG element (string) drawing the shape in board coordinates. */
  toSvg(shape: S, options?: SvgOptions): string;
}

export interface SvgOptions {
  /** URL of an uploaded asset (image `resource`, and the page a document shows); default `/api/assets/{id}/full?Page=`. */
  assetUrl?: (resource: string, page: number) => string;
  /** Fetch no address: a picture from a `url` draws as its grey box (server thumbnails: only the board's own assets, through assetUrl). */
  offline?: boolean;
}

/** The commands whose effect depends on the kind: the kind's module answers them. */
export type KindModifier = 'textModifier' | 'fontModifier' | 'fontSizeModifier' | 'stickyNoteModifier' | 'colorModifier' | 'pageModifier';

/**
 * A plan-gated feature of a kind (board.md §6 "Policies by plan"): a shape of the kind for which
 * `when` holds (every one without `when`) needs one of the policies `needs`. The server checks it
 * on every shape a command adds or replaces (shared/policies.ts commandPolicyNeeds), after the
 * command schema: `when` sees a well-formed shape of the kind.
 */
export interface ShapePolicyRule<S extends Shape = Shape> {
  /** what the refusal names ('frames', 'line type'); rows of several kinds may share a feature */
  feature: string;
  needs: PolicyRequirement;
  when?(shape: S): boolean;
}

/** The uploaded asset a shape shows: its id, and for a document the page shown (1 when absent). */
export interface ShapeAsset {
  resource: string;
  page?: number;
}

/**
 * What the rest of the code asks a kind instead of switching on `cmd` (all optional: a kind
 * without a hook gets the default). The reducer reads `layer`, `fixedLayer` and `modifiers`; the
 * editor and its followers `childrenOf`, `hidden` and `snapTarget`; the server's permission
 * check `commenterWritable`, its plan check `policies` and its private-mode visibility `blurrable`
 * and `textField`; find and the notes export `textField` and `innerShapes`; arrange `arrangeable`;
 * board copies, backups and thumbnails `annotation`, `assetOf` and `withAsset`.
 */
export interface ShapeBehaviour<S extends Shape = Shape> {
  /** Rendering layer (board.md §4 "Layering"): 0 under everything, 1 (default), 2 on top. */
  layer?: 0 | 1 | 2;
  /** Keeps its place in its layer: changeOrder and the arrange actions leave it alone. */
  fixedLayer?: boolean;
  /**
   * How kind-specific commands change it: the changed copy, or null when the command leaves it
   * as it is. Without an entry, textModifier, fontModifier, fontSizeModifier, stickyNoteModifier
   * and pageModifier leave it alone and colorModifier sets `stroke`/`fill` or `color`.
   */
  modifiers?: { [K in KindModifier]?: (shape: S, command: Extract<Command, { cmd: K }>) => S | null };
  /** The shapes it carries along (a frame's children): moved with it, copied with it. */
  childrenOf?(shape: S): readonly string[];
  /**
   * A copy's links after copying (duplicate, Alt-drag, paste): `ids` maps each copied shape's id
   * to its copy's; links to shapes not copied are dropped. Without it a copy keeps no links to fix.
   */
  relinkCopy?(copy: S, ids: ReadonlyMap<string, string>): S;
  /** Left off the canvas and out of exports (a resolved comment). */
  hidden?(shape: S): boolean;
  /** The text alignment of a shape without `align` (board.md §9: left, the default of every kind without this). */
  defaultAlign?: TextAlign;
  /** Whether a member with write_comment but not edit_board may add, change and remove it (default false). */
  commenterWritable?: boolean;
  /**
   * Sent blurred (place and style, no words: its `textField` emptied) to members the blurry
   * private mode restricts (shared/permissions.ts blurredShape); other kinds are not sent at all.
   */
  blurrable?: boolean;
  /**
   * The property holding its words (a text's `value`, a sticky note's `text`, a frame's `title`, a
   * table's grid of cells `table`): what find and the notes export read (shapeText), and what
   * blurring empties. None: it has no words.
   */
  textField?: Extract<keyof S, string>;
  /** The plan features it uses (board.md §6): one row per feature; none for a kind any plan may add. */
  policies?: ReadonlyArray<ShapePolicyRule<S>>;
  /** Whether the arrange actions lay it out (default true; a comment pin, an attached connector: false). */
  arrangeable?(shape: S): boolean;
  /**
   * An annotation about the board, not its content (a comment pin, whose thread stays with the
   * board): left out of board copies and backups (platform/library portableShapes) and not drawn
   * in thumbnails.
   */
  annotation?: boolean;
  /** The uploaded asset it shows (a picture's `resource` and page), or null when it shows none. */
  assetOf?(shape: S): ShapeAsset | null;
  /**
   * The same shape showing uploaded asset `resource` instead (undefined: none) — a copy of the
   * board or a paste on another board gets copies of the assets. Goes with `assetOf`.
   */
  withAsset?(shape: S, resource: string | undefined): S;
  /** The shapes nested in it (a composite's, a link's): pasted, checked and exported with it. */
  innerShapes?(shape: S): readonly Shape[];
  /** The same shape with its nested shapes replaced by `shapes` (innerShapes' order). Goes with `innerShapes`. */
  withInnerShapes?(shape: S, shapes: Shape[]): S;
  /** Whether moving and resizing shapes snap to it (default true). */
  snapTarget?: boolean;
  /** Resizing keeps its aspect ratio, and Shift frees it (a picture); others are free and Shift keeps it. */
  keepsAspect?: boolean;
}
