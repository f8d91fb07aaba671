import { BehaviorSubject, Subject, distinctUntilChanged, map, type Subscription } from 'rxjs';
import { setPictureZoom } from '../assets/pictures';
import { uploadFiles, type DownsizeChoice, type Uploader } from '../assets/upload';
import { DEFAULT_DOWNSIZE, type DownsizeSetting } from '../../shared/constants';
import type { Command, CommandEffect, Shape, ShapeKind } from '../../shared/model';
import type { LinkPreview } from '../../shared/wire';
import { SHAPE_KINDS } from '../../shared/model';
import { BoardDoc, type BoardSnapshot, type DocChange } from '../../shared/reducer';
import { boundsOf, isHiddenShape, kindGeometry, reorderableKind, translateShape, unionRects, type Rect } from '../../shared/geometry';
import { canSeeInPrivateMode, type Role } from '../../shared/permissions';
import { POLICY } from '../../shared/policies';
import { MESSAGES } from '../../shared/messages';
import { COLOR_REGEX, FONTS, LAYOUT_GAP, LINE_WIDTH, OPACITY, STICKY_SIZES } from '../../shared/constants';
import { DEFAULT_WORKSPACE_CONFIG } from '../../shared/workspace-roles';
import { createActionRegistry, type ActionRegistry } from '../actions';
import { TOOL_POLICY } from '../actions/tools';
import { Scene } from '../engine/scene';
import { ANIMATE_MS, Viewport, zoomPercent, type Insets } from '../engine/viewport';
import { CanvasRenderer } from '../engine/renderer';
import type { BoardTheme } from '../engine/theme';
import { shapeModuleOf, type PropertyMenu } from '../shapes';
import { storedHighContrast } from '../engine/overlay-style';
import { createTools, type Tool, type ToolOptions } from '../tools';
import { boardNotes, exportImage } from './export';
import { copySelection, pasteClipboard, type PasteLinks } from './clipboard';
import { newId } from './ids';
import { CustomColours } from './colours';
import { HeadlessTextEditor, type TextEditorHost } from './text-editor';
import { DomTextEditor } from './text-overlay';
import { bindDomInput } from './dom-input';
import { withFollowers } from './followers';
import { focusOutline } from './group-focus';
import { copyShapes } from './copies';
import { trackConnectors } from './followers/connectors';
import { isConnectable, isLineShape } from '../../shared/geometry/connectors';
import {
  DEFAULT_STYLE,
  isToolName,
  type BoardPointer,
  type EditorOptions,
  type EditorPermissions,
  type EditorStyle,
  type KeyInput,
  type ToolName,
} from './types';

export type { BoardPointer, EditorOptions, EditorPermissions, EditorStyle, KeyInput, ToolName } from './types';
export type { BoardSnapshot, DocChange } from '../../shared/reducer';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What `execute` and `build` take: a command without the fields the editor fills in. */
export type CommandInput = DistributiveOmit<Command, 'id' | 'uid' | 'timestamp' | 'status' | 'seq'>;

/** What an action asks the board screen to open ('table': the Tabular Data dialog to add one, 'tableUpdate': to update the selected one; 'diagram', 'diagramUpdate': the same for the diagram text-script dialog; 'templates', 'saveTemplate': sdk/ui/templates; 'automation', 'history': the right-side panels, sdk/ui/right-panel.tsx). */
export type EditorUiRequest = {
  kind:
    | 'find'
    | 'tags'
    | 'link'
    | 'uploadUrl'
    | 'table'
    | 'tableUpdate'
    | 'diagram'
    | 'diagramUpdate'
    | 'templates'
    | 'saveTemplate'
    | 'automation'
    | 'history';
};
export interface EditorNotice {
  kind: 'error' | 'warning' | 'info';
  text: string;
}

/** Selection types (board.md §4 "Selection"). */
export type SelectionType = 'normal' | 'locked' | 'private' | 'ghost';

/** Commands a user without edit_board may still send (comments need write_comment). */
const COMMENT_COMMANDS = new Set(['comment']);
const DUPLICATE_OFFSET = 20;

/**
 * The board editor facade: the contract sdk/ui, sdk/sync, the embed API and the tests build on.
 * It owns the shared BoardDoc, the scene (spatial index, z-order, transient tool state), the
 * viewport, the tools, the action registry and — unless headless — the canvas renderer and the
 * DOM input. Every local edit goes through `execute`: built, applied locally at once, emitted on
 * `outgoing$` for sync, later confirmed by the server's seq.
 */
export class Editor {
  private _uid: string;
  readonly viewport: Viewport;
  readonly scene: Scene;
  readonly actions: ActionRegistry;
  readonly textEditor: TextEditorHost;
  readonly headless: boolean;

  readonly tool$ = new BehaviorSubject<ToolName>('select');
  readonly selection$ = new BehaviorSubject<string[]>([]);
  readonly style$ = new BehaviorSubject<EditorStyle>({ ...DEFAULT_STYLE });
  readonly zoom$: BehaviorSubject<number>;
  readonly background$: BehaviorSubject<string>;
  readonly backgroundColor$ = new BehaviorSubject<string>('#ffffff');
  /** the board screen's theme (docs/board-screen.md "Dark theme"): the canvas colours and the default ink as drawn */
  readonly theme$ = new BehaviorSubject<BoardTheme>('light');
  /** the selection drawn thick and in the colour of most contrast (the main menu's 'High-contrast selection') */
  readonly highContrast$ = new BehaviorSubject<boolean>(storedHighContrast());
  /** every local edit, already applied locally; sync sends these */
  readonly outgoing$ = new Subject<Command>();
  /** after any apply (local or remote) */
  readonly changes$ = new Subject<DocChange>();
  /** the pointer moving over the board (collaborator cursors), board coordinates */
  readonly pointerMove$ = new Subject<{ x: number; y: number }>();
  /** right click or long touch: the UI opens the context menu */
  readonly contextMenu$ = new Subject<{ x: number; y: number; sx: number; sy: number; shapeId: string | null }>();
  /** an action asks the board screen to open a panel (find palette, tag editor, link editor) */
  readonly ui$ = new Subject<EditorUiRequest>();
  /** a message for the user (e.g. a refused unlock), shown by the board screen as a toast */
  readonly notice$ = new Subject<EditorNotice>();
  /** true while the user cannot edit (no edit_board, or setReadOnly) */
  readonly readOnly$ = new BehaviorSubject<boolean>(false);
  /** the font menu: the product's fonts, then the workspace's (sdk/editor/workspace.ts) */
  readonly fonts$ = new BehaviorSubject<readonly string[]>(FONTS);
  /** custom colours from id 100 (sdk/editor/colours.ts): saved ones and this page's */
  readonly colours = new CustomColours();
  /** the largest file the board takes in, bytes (the workspace's maxUploadSize) */
  maxUploadSize: number = DEFAULT_WORKSPACE_CONFIG.maxUploadSize;
  /** the board's image downsize setting (its boardConfig; 'ask': the Downsize images dialog decides) */
  downsizeSetting: DownsizeSetting = DEFAULT_DOWNSIZE;
  /** asks how to send pictures larger than the view (the board screen's Downsize images dialog); null: no one asks */
  askDownsize: ((count: number) => Promise<DownsizeChoice | null>) | null = null;
  /** sends files to the board (the session's upload call, set by sdk/board.tsx); null: no uploads here */
  uploader: Uploader | null = null;
  /** a page's preview from the server's link-preview proxy (set by sdk/board.tsx); null: pasted addresses stay text */
  linkPreviewer: ((url: string) => Promise<LinkPreview>) | null = null;

  renderer: CanvasRenderer | null = null;
  previousTool: ToolName | null = null;
  /** the board's id (set on join): the source board of a copy */
  boardId: string | null = null;
  /** the pointer's last position over the canvas, board coordinates: a paste lands there */
  lastPointer: { x: number; y: number } | null = null;
  /** the user's "Snap to objects" setting (board.tsx reads it from userConfig / this browser) */
  snapSetting: () => boolean = () => false;

  private _doc = new BoardDoc();
  private readonly options: EditorOptions;
  private readonly tools: Record<ToolName, Tool>;
  private readonly subs: Subscription[] = [];
  private forcedReadOnly = false;
  /** pan was forced on a user who could not edit (not chosen): select comes back with edit rights */
  private forcedPan = false;
  /** a gesture that goes to another handler than the active tool (middle-button pan, text apply) */
  private gesture: { kind: 'pan' | 'swallow'; last: { sx: number; sy: number } } | null = null;
  private spacePan: ToolName | null = null;
  private domCleanup: (() => void) | null = null;
  private animationFrame = 0;

  constructor(options: EditorOptions) {
    this.options = options;
    this._uid = options.uid;
    this.headless = !!options.headless || typeof document === 'undefined' || !options.container;
    this.viewport = new Viewport(options.container?.clientWidth || 800, options.container?.clientHeight || 600);
    this.zoom$ = new BehaviorSubject<number>(this.viewport.scale);
    this.background$ = new BehaviorSubject<string>(options.background ?? 'none');
    this.scene = new Scene(this._doc);
    this.tools = createTools();
    this.actions = createActionRegistry();
    this.subs.push(
      this.viewport.state$
        .pipe(
          map((s) => s.scale),
          distinctUntilChanged(),
        )
        .subscribe((s) => {
          this.zoom$.next(s);
          // image shapes draw the server's picture this zoom needs (sdk/assets/pictures.ts)
          setPictureZoom(s);
        }),
      this.pointerMove$.subscribe((p) => (this.lastPointer = p)),
    );
    this.scene.setHiddenPredicate((s) => this.isHidden(s));
    if (this.headless) {
      this.textEditor = new HeadlessTextEditor();
    } else {
      this.textEditor = this.mountDom();
    }
    this.refreshPermissions();
  }

  /* ---------------- document ---------------- */

  /** The key the board knows this visitor by: the author of its commands and shapes. */
  get uid(): string {
    return this._uid;
  }

  /**
   * The server names this visitor's key (SyncTarget.identify): a guest joins with its secret
   * roaming uid and is known on the board by its key, so its own shapes and undo history are
   * those carrying the key.
   */
  identify(uid: string): void {
    this._uid = uid;
  }

  /** The shared reducer state (replaced on `load`). */
  get doc(): BoardDoc {
    return this._doc;
  }

  /** Initial load or full reload: the snapshot, then the commands after it. */
  load(snapshot: BoardSnapshot | null, commands: Command[]): void {
    this.textEditor.close();
    this.tool.deactivate?.(this);
    const doc = new BoardDoc(snapshot ?? undefined);
    for (const c of commands) doc.apply(c);
    this._doc = doc;
    this.scene.setDoc(doc);
    this.selection$.next(this.selection.filter((id) => doc.has(id)));
    this.refreshSelectionOverlay();
    this.changeAuthor = null;
    this.changes$.next({ added: doc.ordered().map((s) => s.id), updated: [], removed: [], cleared: true, orderChanged: true });
  }

  /** A server-confirmed (or replayed) command. Own commands already applied locally are only confirmed. */
  applyRemote(command: Command): void {
    this.afterChange(this._doc.apply(command), command.uid === this.uid ? null : command.uid);
  }

  /**
   * Our own command was stored with `seq`. For an undo/redo (or clear) the server's answer
   * carries the `effect` it computed: it is applied as everyone else applies it from onCommand,
   * so the local fold (which may lack history the server had) ends where theirs does.
   */
  confirm(id: string, seq: number, effect?: CommandEffect): void {
    const c = this._doc.getCommand(id);
    if (!c || c.seq != null) return;
    const withEffect = effect && (c.cmd === 'undo' || c.cmd === 'clear');
    this.afterChange(this._doc.apply({ ...c, seq, ...(withEffect ? { effect } : {}) } as Command), null);
  }

  /** Builds a full command (id, uid, timestamp, status) without applying it (commandSet parts). */
  build(input: CommandInput): Command {
    return { ...input, id: newId(), uid: this.uid, timestamp: Date.now(), status: 'normal' } as Command;
  }

  /** Builds, applies locally and emits one command (tools and the embed API use this). */
  execute(input: CommandInput): Command {
    if (!this.mayExecute(input)) throw new Error('You cannot edit this board');
    const command = this.build(withFollowers(input, { doc: this._doc, build: (c) => this.build(c) }));
    this.afterChange(this._doc.apply(command), this.uid);
    this.outgoing$.next(command);
    return command;
  }

  private mayExecute(input: CommandInput): boolean {
    if (this.forcedReadOnly) return false;
    const perms = this.permissions();
    if (COMMENT_COMMANDS.has(input.cmd)) return perms.permissions.includes('write_comment') || perms.permissions.includes('edit_board');
    if (perms.permissions.includes('edit_board')) return true;
    // write_comment also resolves, colours and removes comment markers (board.md §6)
    const shapes = input.cmd === 'propertyModifier' || input.cmd === 'remove' ? input.shapes : null;
    return !!shapes?.length && perms.permissions.includes('write_comment') && shapes.every((id) => this.commenterWritable(id));
  }

  /** Whether a member with write_comment but not edit_board may change the shape (its kind says: comments). */
  private commenterWritable(id: string): boolean {
    const s = this._doc.get(id);
    return !!s && !!kindGeometry(s.cmd)?.commenterWritable;
  }

  /** The ids among `ids` whose kind offers property menu `menu` (stickyColor: sticky notes, align: texts…). */
  private offering(ids: readonly string[], menu: PropertyMenu): string[] {
    return ids.filter((id) => {
      const s = this._doc.get(id);
      return !!s && !!shapeModuleOf(s)?.properties.includes(menu);
    });
  }

  /**
   * Who made the change `changes$` is emitting now: this person's uid (a command made here), another
   * member's (a remote command), or null (a load, a confirmation, a replay of our own outbox).
   * Read it synchronously in a `changes$` subscriber (the board's screen-reader announcements).
   */
  changeAuthor: string | null = null;

  private afterChange(change: DocChange, author: string | null = null): void {
    this.changeAuthor = author;
    trackConnectors(this._doc, change);
    this.scene.apply(change);
    if (change.removed.length || change.cleared) {
      const kept = this.selection.filter((id) => this._doc.has(id));
      if (kept.length !== this.selection.length) this.selection$.next(kept);
    }
    this.refreshSelectionOverlay();
    this.changes$.next(change);
  }

  /* ---------------- undo / redo (board.md §4: own commands only) ---------------- */

  canUndo(): boolean {
    return this.canEdit() && !!this._doc.latestUndoable(this.uid);
  }

  canRedo(): boolean {
    return this.canEdit() && !!this._doc.latestRedoable(this.uid);
  }

  undo(): void {
    if (!this.canEdit()) return;
    const target = this._doc.latestUndoable(this.uid);
    if (target) this.execute({ cmd: 'undo', ref: target.id });
  }

  redo(): void {
    if (!this.canEdit()) return;
    const target = this._doc.latestRedoable(this.uid);
    if (target) this.execute({ cmd: 'undo', ref: target.id, type: 'redo' });
  }

  /* ---------------- permissions ---------------- */

  permissions(): EditorPermissions {
    return this.options.permissions();
  }

  canEdit(): boolean {
    return !this.forcedReadOnly && this.permissions().permissions.includes('edit_board');
  }

  hasPolicy(name: string): boolean {
    return this.permissions().policies.has(name);
  }

  /** Snap to objects is on: the user's setting and the plan's snap-to-object policy (board.md §6). */
  snapping(): boolean {
    return this.hasPolicy(POLICY.snapToObject) && this.snapSetting();
  }

  /** Whether a tool may be used now: pan always; the others need edit_board (and their policy). */
  toolAllowed(tool: ToolName): boolean {
    if (tool === 'pan') return true;
    // comments need write_comment (a Commenter has it without edit_board) and the comments policy
    if (tool === 'comment')
      return !this.forcedReadOnly && this.permissions().permissions.includes('write_comment') && this.hasPolicy(POLICY.comments);
    if (!this.canEdit()) return false;
    const policy = TOOL_POLICY[tool];
    return !policy || this.hasPolicy(policy);
  }

  /** Forces view-only (e.g. an embed option) on top of the role's permissions. */
  setReadOnly(readOnly: boolean): void {
    this.forcedReadOnly = readOnly;
    this.refreshPermissions();
  }

  /**
   * Re-reads permissions and private mode: users who cannot edit are forced to pan; when they
   * may edit again (or their claims arrive after the board opened) they are back on select.
   */
  refreshPermissions(): void {
    const editable = this.canEdit();
    this.readOnly$.next(!editable);
    if (!this.toolAllowed(this.tool$.value)) {
      this.setTool(editable ? 'select' : 'pan');
      this.forcedPan = !editable;
    } else if (editable && this.forcedPan) {
      this.forcedPan = false;
      if (this.tool$.value === 'pan') this.setTool('select');
    }
    this.scene.setHiddenPredicate((s) => this.isHidden(s));
    const visible = this.selection.filter((id) => {
      const s = this._doc.get(id);
      return s && !this.isPrivate(s);
    });
    if (visible.length !== this.selection.length) this.selection$.next(visible);
    this.refreshSelectionOverlay();
  }

  /**
   * Left off the canvas: others' shapes in private mode (except those the server sent blurred:
   * drawn as blurred blocks, still private), and resolved comment threads (board.md §4).
   */
  private isHidden(shape: Shape): boolean {
    return (this.isPrivate(shape) && !shape.blurred) || isHiddenShape(shape);
  }

  private isPrivate(shape: Shape): boolean {
    if (!this.options.privateMode?.()) return false;
    return !canSeeInPrivateMode(this.permissions().role as Role, this.uid, shape);
  }

  /** board.md §4 selection types. */
  selectionType(shape: Shape): SelectionType {
    if (this.isPrivate(shape)) return 'private';
    if (shape.metadata && (shape.metadata as { ghost?: unknown }).ghost) return 'ghost';
    if (shape.lock) return 'locked';
    return 'normal';
  }

  /* ---------------- tools ---------------- */

  get tool(): Tool {
    return this.tools[this.tool$.value];
  }

  get style(): EditorStyle {
    return this.style$.value;
  }

  /** Switches tool; without edit_board only pan is possible. `options.edit` opens a shape for editing. */
  setTool(name: ToolName, options?: ToolOptions): void {
    if (!isToolName(name)) return;
    if (!this.toolAllowed(name)) {
      if (this.canEdit()) return;
      name = 'pan';
    }
    const current = this.tool$.value;
    if (current !== name) {
      this.tools[current].deactivate?.(this);
      this.previousTool = current;
      this.tool$.next(name);
      this.updateCursor();
    }
    this.tools[name].activate?.(this, options);
  }

  /** Backquote: back to the tool used before the current one. */
  usePreviousTool(): void {
    if (this.previousTool) this.setTool(this.previousTool);
  }

  setStyle(partial: Partial<EditorStyle>): void {
    const next: Partial<EditorStyle> = {};
    for (const [k, v] of Object.entries(partial) as Array<[keyof EditorStyle, unknown]>) {
      if (v === undefined) continue;
      if ((k === 'color' || k === 'stickyColor') && !(typeof v === 'string' && COLOR_REGEX.test(v))) continue;
      if (k === 'lineWidth') (next as Record<string, unknown>)[k] = clamp(Math.round(Number(v)), LINE_WIDTH.min, LINE_WIDTH.max);
      else if (k === 'opacity') (next as Record<string, unknown>)[k] = clamp(Math.round(Number(v)), OPACITY.min, OPACITY.max);
      else if (k === 'stickySize' && !(typeof v === 'string' && v in STICKY_SIZES)) continue;
      else (next as Record<string, unknown>)[k] = v;
    }
    if (!Object.keys(next).length) return;
    this.style$.next({ ...this.style, ...next });
    this.tool.styleChanged?.(this, next);
  }

  /** Embed API conveniences. */
  setColor(color: string): void {
    this.setStyle({ color });
  }
  setThickness(lineWidth: number): void {
    this.setStyle({ lineWidth });
  }

  /** A fresh shape's common fields (tools spread it into new shapes). */
  shapeBase<K extends ShapeKind>(kind: K): { id: string; cmd: K; uid: string; timestamp: number } {
    return { id: newId(), cmd: kind, uid: this.uid, timestamp: Date.now() };
  }

  /** A copy of a shape owned by the current user, with a new id, unlocked. */
  copyShape<S extends Shape>(shape: S): S {
    const copy = structuredClone(shape) as S & Record<string, unknown>;
    copy.id = newId();
    copy.uid = this.uid;
    copy.timestamp = Date.now();
    delete copy.lock;
    delete copy.protectedBy;
    delete copy.modifiedBy;
    delete copy.modifiedTimestamp;
    delete copy.status;
    // nested shapes (a group's) get new ids too, their connectors relinked among themselves
    const g = kindGeometry(copy.cmd);
    return g?.innerShapes && g.withInnerShapes
      ? (g.withInnerShapes(
          copy,
          copyShapes(g.innerShapes(copy), (s) => this.copyShape(s)),
        ) as S)
      : copy;
  }

  /* ---------------- pointer and keys (DOM input and tests use these) ---------------- */

  /** Feeds one pointer event to the active tool (or to pan for the middle button). */
  pointer(e: BoardPointer): void {
    if (e.phase === 'Started') {
      if (this.textEditor.active) {
        // clicking outside the text being edited applies it (board.md §4)
        this.textEditor.end('apply');
        this.gesture = { kind: 'swallow', last: e };
        return;
      }
      if (e.button === 1) {
        this.gesture = { kind: 'pan', last: e };
        return;
      }
      this.gesture = null;
    } else if (this.gesture) {
      if (this.gesture.kind === 'pan') this.viewport.panBy(e.sx - this.gesture.last.sx, e.sy - this.gesture.last.sy);
      this.gesture.last = e;
      if (e.phase === 'Completed') this.gesture = null;
      return;
    }
    if (e.phase === 'Started' && e.button === 2) {
      // right button: the select tool selects what is under it, then the UI opens the context menu
      const hit = this.scene.pick({ x: e.x, y: e.y }, 4 / this.viewport.scale, (s) => this.selectionType(s) !== 'private');
      if (this.tool.name === 'select') this.tool.pointer(e, this);
      this.contextMenu$.next({ x: e.x, y: e.y, sx: e.sx, sy: e.sy, shapeId: hit?.id ?? null });
      this.gesture = { kind: 'swallow', last: e };
      return;
    }
    this.tool.pointer(e, this);
  }

  /** Drops the gesture in progress (a second finger landed, a long touch opened the menu). */
  cancelGesture(): void {
    this.gesture = null;
    const tool = this.tool;
    tool.deactivate?.(this);
    if (tool.name !== 'text' && tool.name !== 'stickyNote') tool.activate?.(this);
  }

  /** A key press: Space pans temporarily, the tool may consume it, then the action registry. */
  keyDown(e: KeyInput, inTextField = false): boolean {
    if (!inTextField && (e.code === 'Space' || e.key === ' ') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (!e.repeat && this.spacePan === null && this.tool$.value !== 'pan') {
        this.spacePan = this.tool$.value;
        this.setTool('pan');
      }
      e.preventDefault?.();
      return true;
    }
    if (this.tool.key?.(e, this)) return true;
    const handled = this.actions.handleKey(e, { editor: this }, inTextField);
    if (handled) e.preventDefault?.();
    return handled;
  }

  keyUp(e: KeyInput): void {
    if ((e.code === 'Space' || e.key === ' ') && this.spacePan !== null) {
      const back = this.spacePan;
      this.spacePan = null;
      this.setTool(back);
      this.previousTool = back;
    }
  }

  /* ---------------- selection ---------------- */

  get selection(): string[] {
    return this.selection$.value;
  }

  /** Selects shapes (unknown and private ones are left out). */
  select(ids: readonly string[]): void {
    const next = [...new Set(ids)].filter((id) => {
      const s = this._doc.get(id);
      return s && this.selectionType(s) !== 'private';
    });
    const cur = this.selection;
    if (next.length === cur.length && next.every((id, i) => id === cur[i])) return;
    this.selection$.next(next);
    this.refreshSelectionOverlay();
  }

  selectAll(): void {
    this.select(
      this._doc
        .ordered()
        .filter((s) => this.selectionType(s) === 'normal')
        .map((s) => s.id),
    );
  }

  /** Recomputes the selection outline and handles (after edits, drags, zoom). */
  refreshSelectionOverlay(): void {
    const shapes = this.selection.map((id) => this.scene.shape(id)).filter((s): s is Shape => !!s);
    if (!shapes.length) {
      if (this.scene.overlay$.value.selected?.length || this.scene.overlay$.value.handles)
        this.scene.setOverlay({ selected: [], handles: null });
      return;
    }
    const bounds = shapes.map(boundsOf);
    const box = unionRects(bounds)!;
    const editable = this.canEdit() && shapes.every((s) => this.selectionType(s) === 'normal');
    const resize = editable && shapes.every((s) => shapeModuleOf(s)?.resizable);
    const rotate =
      editable &&
      (this.hasPolicy(POLICY.rotateShapes) || this.hasPolicy(POLICY.rotationHandle)) &&
      shapes.every((s) => shapeModuleOf(s)?.rotatable);
    // one line: its two end handles instead of the box's; one other shape: the connector handle (board.md §4)
    const one = shapes.length === 1 ? shapes[0] : null;
    const ends = editable && one && isLineShape(one) ? one.points : null;
    const connector = editable && !!one && isConnectable(one) && this.hasPolicy(POLICY.connectorLines);
    this.scene.setOverlay({
      // inside a group the focused shape is outlined too (./group-focus.ts)
      selected: [...(shapes.length > 1 ? bounds : []), ...focusOutline(this)],
      handles: { box, resize: resize && !ends, rotate, connector, ends },
    });
  }

  /* ---------------- edit operations (actions and the embed API) ---------------- */

  /** Shapes that may be moved or removed: not locked, not private. */
  private editable(ids: readonly string[]): string[] {
    return ids.filter((id) => {
      const s = this._doc.get(id);
      return s && this.selectionType(s) !== 'locked' && this.selectionType(s) !== 'private';
    });
  }

  moveSelection(dx: number, dy: number): void {
    const ids = this.editable(this.selection);
    if (ids.length && this.canEdit()) this.execute({ cmd: 'reposition', shapePositions: ids.map((shape) => ({ shape, x: dx, y: dy })) });
  }

  /**
   * Moves several shapes by their own offsets as ONE reposition command (one undo step): align,
   * distribute and auto-arrange. Locked and private shapes stay.
   */
  repositionShapes(moves: ReadonlyArray<{ id: string; dx: number; dy: number }>): void {
    const ok = new Set(this.editable(moves.map((m) => m.id)));
    const shapePositions = moves.filter((m) => ok.has(m.id) && (m.dx || m.dy)).map((m) => ({ shape: m.id, x: m.dx, y: m.dy }));
    if (shapePositions.length && this.canEdit()) this.execute({ cmd: 'reposition', shapePositions });
  }

  /** Ctrl+D: copies offset by 20; Alt+D ('down'): copies just below the selection. */
  duplicate(mode: 'offset' | 'down' = 'offset'): Shape[] {
    const sources = this.selection
      .map((id) => this._doc.get(id))
      .filter((s): s is Shape => !!s && this.selectionType(s) !== 'ghost' && this.selectionType(s) !== 'private');
    if (!sources.length || !this.canEdit()) return [];
    const box = unionRects(sources.map(boundsOf))!;
    const [dx, dy] = mode === 'down' ? [0, box.h + LAYOUT_GAP] : [DUPLICATE_OFFSET, DUPLICATE_OFFSET];
    const copies = copyShapes(sources, (s) => translateShape(this.copyShape(s), dx, dy));
    this.addShapes(copies);
    this.select(copies.map((s) => s.id));
    return copies;
  }

  /** Frames and comments keep their layer and cannot be reordered (board.md §4). */
  reorderable(ids: readonly string[]): string[] {
    return ids.filter((id) => {
      const s = this._doc.get(id);
      return s && reorderableKind(s) && this.selectionType(s) !== 'private';
    });
  }

  changeOrder(ids: readonly string[], order: 'front' | 'back'): void {
    const shapes = this.reorderable(ids);
    if (shapes.length && this.canEdit()) this.execute({ cmd: 'changeOrder', shapes, order });
  }

  /** Applies style changes to the selection (the property menu): colour, width, opacity, font… */
  applyStyleToSelection(partial: Partial<EditorStyle>): void {
    const ids = this.editable(this.selection);
    if (!ids.length || !this.canEdit()) return;
    const commands: Command[] = [];
    if (partial.color) commands.push(this.build({ cmd: 'colorModifier', shapes: ids, color: partial.color }));
    if (partial.stickyColor) {
      const notes = this.offering(ids, 'stickyColor');
      if (notes.length) commands.push(this.build({ cmd: 'colorModifier', shapes: notes, color: partial.stickyColor }));
    }
    const props: Array<{ name: string; value: unknown }> = [];
    if (partial.lineWidth !== undefined) props.push({ name: 'lineWidth', value: clamp(partial.lineWidth, LINE_WIDTH.min, LINE_WIDTH.max) });
    if (partial.opacity !== undefined) props.push({ name: 'opacity', value: clamp(partial.opacity, OPACITY.min, OPACITY.max) });
    if (partial.lineType !== undefined) props.push({ name: 'type', value: partial.lineType });
    if (props.length) {
      const typed = props.some((p) => p.name === 'type') ? new Set(this.offering(ids, 'lineType')) : null;
      const targets = typed ? ids.filter((id) => typed.has(id)) : ids;
      if (targets.length) commands.push(this.build({ cmd: 'propertyModifier', shapes: targets, props }));
    }
    if (partial.font) commands.push(this.build({ cmd: 'fontModifier', shapes: ids, font: partial.font }));
    if (partial.fontSize) commands.push(this.build({ cmd: 'fontSizeModifier', shapes: ids, size: partial.fontSize }));
    if (partial.align)
      commands.push(
        this.build({ cmd: 'propertyModifier', shapes: this.offering(ids, 'align'), props: [{ name: 'align', value: partial.align }] }),
      );
    if (partial.stickySize) {
      const notes = this.offering(ids, 'stickySize');
      const { w, h } = STICKY_SIZES[partial.stickySize];
      if (notes.length) {
        commands.push(this.build({ cmd: 'sizeModifier', shapes: notes, w, h }));
        commands.push(this.build({ cmd: 'propertyModifier', shapes: notes, props: [{ name: 'size', value: partial.stickySize }] }));
      }
    }
    if (commands.length === 1) {
      const { id: _i, uid: _u, timestamp: _t, status: _s, ...rest } = commands[0];
      this.execute(rest as CommandInput);
    } else if (commands.length) this.execute({ cmd: 'commandSet', commands });
  }

  /** Ctrl+C (Ctrl+X with `cut`): the selection to the clipboard (sdk/editor/clipboard.ts); the number of shapes copied. */
  copySelection(cut = false): Promise<number> {
    return copySelection(this, cut);
  }

  /** Ctrl+V: the clipboard's shapes or text at `at` (default: the pointer), one undoable command. */
  paste(at?: { x: number; y: number } | null): Promise<Shape[]> {
    const uploader = this.uploader;
    return pasteClipboard(
      this,
      newId,
      at,
      uploader
        ? { upload: (files, point) => uploadFiles(this, uploader, files, point), copy: (items) => uploader.duplicateAssets(items) }
        : undefined,
      this.pasteLinks(),
    );
  }

  /**
   * What a paste does with an address (sdk/editor/clipboard.ts): with the paste-link policy, a
   * link card from the server's preview; a preview that fails tells the spec's message
   * (board.md §8) and the card shows "the url can't be shown". Without the policy: undefined.
   */
  pasteLinks(): PasteLinks | undefined {
    const previewer = this.linkPreviewer;
    if (!previewer || !this.hasPolicy(POLICY.pasteLink)) return undefined;
    return {
      preview: (url) =>
        previewer(url).catch(() => {
          this.notice$.next({ kind: 'error', text: MESSAGES.linkPreviewFailed });
          return null;
        }),
    };
  }

  /** Embed API: the shapes on the board, bottom to top. */
  getShapes(): Shape[] {
    return [...this._doc.ordered()];
  }

  /**
   * Embed API: adds shapes (id, uid and timestamp are filled in when missing). One shape is one
   * add command; several go out as one commandSet so a single undo takes them back.
   */
  addShapes(shapes: ReadonlyArray<Partial<Shape> & { cmd: ShapeKind }>): Shape[] {
    const full = shapes
      .filter((s) => (SHAPE_KINDS as readonly string[]).includes(s.cmd))
      .map((s) => ({ ...s, id: s.id ?? newId(), uid: this.uid, timestamp: s.timestamp ?? Date.now() }) as Shape);
    if (!full.length) return [];
    if (full.length === 1) this.execute({ cmd: full[0].cmd, shape: full[0] } as CommandInput);
    else this.execute({ cmd: 'commandSet', commands: full.map((s) => this.build({ cmd: s.cmd, shape: s } as CommandInput)) });
    return full;
  }

  /** Embed API and Delete: removes shapes (locked and private ones stay). */
  removeShapes(ids: readonly string[]): void {
    const shapes = this.editable(ids);
    if (shapes.length && this.canEdit()) this.execute({ cmd: 'remove', shapes });
  }

  /* ---------------- viewport ---------------- */

  toScreen(x: number, y: number): { x: number; y: number } {
    return this.viewport.toScreen(x, y);
  }

  toBoard(x: number, y: number): { x: number; y: number } {
    return this.viewport.toBoard(x, y);
  }

  /** The zoom shown to the user (rounded percent). */
  get zoomPercent(): number {
    return zoomPercent(this.viewport.scale);
  }

  zoomIn(): void {
    this.viewport.zoomIn();
  }
  zoomOut(): void {
    this.viewport.zoomOut();
  }

  /** Ctrl+0: animates to fit every shape on screen. */
  zoomToFit(): void {
    const extent = this.scene.extent();
    this.animateTo(this.viewport.fitView(extent));
  }

  /** Ctrl+Alt+0: animates to 100 % around the screen centre. */
  zoomTo100(): void {
    this.animateTo(this.viewport.view100());
  }

  /** Animates to show a board rectangle (e.g. a found shape at 3× its size). */
  /** Zooms to fit `rect`, inside what `insets` (screen px of panels and bars) leave of the board. */
  zoomToRect(rect: Rect, insets?: Insets): void {
    this.animateTo(this.viewport.viewOf(rect, undefined, insets));
  }

  /**
   * Shows a board rectangle whole, centred, without padding (follow mode, grab attention, the
   * board's saved viewport): gliding over `duration` ms, or at once with 0.
   */
  showRect(rect: Rect, duration = ANIMATE_MS): void {
    const view = this.viewport.fitView(rect, 0);
    if (duration <= 0) {
      this.viewport.set(view);
      return;
    }
    this.animateTo(view, duration);
  }

  private animateTo(view: { tx: number; ty: number; scale: number }, duration = ANIMATE_MS): void {
    // prefers-reduced-motion: the view jumps instead of gliding (zoom to fit, go to a frame, follow mode)
    const still = typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (this.headless || typeof requestAnimationFrame === 'undefined' || still) {
      this.viewport.set(view);
      return;
    }
    this.viewport.animateTo(view, performance.now(), duration);
    if (this.renderer) this.renderer.schedule();
    else {
      const step = (now: number) => {
        if (this.viewport.tick(now)) this.animationFrame = requestAnimationFrame(step);
      };
      this.animationFrame = requestAnimationFrame(step);
    }
  }

  setBackground(name: string): void {
    this.background$.next(name);
  }

  setBackgroundColor(color: string): void {
    if (!COLOR_REGEX.test(color)) return;
    this.backgroundColor$.next(color);
    this.paintBackgroundColor();
  }

  /** Draws the canvas in `theme`; stored shapes and the board's colour setting stay as they are. */
  setTheme(theme: BoardTheme): void {
    if (theme === this.theme$.value) return;
    this.theme$.next(theme);
    if (this.renderer) this.renderer.theme = theme;
    this.paintBackgroundColor();
  }

  // in the dark theme the board's CSS (--tb-canvas) colours the canvas: the board colour is a light-theme setting
  private paintBackgroundColor(): void {
    if (this.headless || !this.options.container) return;
    this.options.container.style.backgroundColor = this.theme$.value === 'dark' ? '' : this.backgroundColor$.value;
  }

  toggleFullscreen(): void {
    if (typeof document === 'undefined') return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void (this.options.container.closest('[data-tabula-board]') ?? this.options.container).requestFullscreen?.();
  }

  /** PNG or SVG data URL of the whole board: white (or 'transparent') background, padding 30, at most 10000 px a side. */
  exportImage(format: 'png' | 'svg' = 'png', background?: string): Promise<string> {
    return exportImage(
      this.getShapes().filter((s) => !this.isPrivate(s)),
      format,
      background,
    );
  }

  /** The board's text for '{board name}_notes.txt': texts, sticky notes, frame titles, one per line. */
  exportNotes(): string {
    return boardNotes(this.getShapes().filter((s) => !this.isPrivate(s)));
  }

  /* ---------------- DOM ---------------- */

  private mountDom(): TextEditorHost {
    const container = this.options.container;
    container.dataset.tabulaEditor = '';
    this.renderer = new CanvasRenderer({ container, scene: this.scene, viewport: this.viewport, background$: this.background$ });
    this.renderer.theme = this.theme$.value;
    this.subs.push(
      this.highContrast$.subscribe((on) => {
        if (this.renderer) this.renderer.highContrast = on;
      }),
    );
    const host = new DomTextEditor(container, this.viewport);
    this.domCleanup = bindDomInput(this, this.renderer.canvas, container);
    this.subs.push(this.viewport.state$.subscribe(() => host.reposition?.()));
    this.updateCursor();
    return host;
  }

  private updateCursor(): void {
    if (this.renderer) this.renderer.canvas.style.cursor = this.tool.cursor;
  }

  destroy(): void {
    this.tool.deactivate?.(this);
    this.textEditor.close();
    this.textEditor.destroy?.();
    for (const s of this.subs) s.unsubscribe();
    this.domCleanup?.();
    this.renderer?.destroy();
    if (this.animationFrame) cancelAnimationFrame(this.animationFrame);
    for (const s of [
      this.tool$,
      this.selection$,
      this.style$,
      this.zoom$,
      this.background$,
      this.outgoing$,
      this.changes$,
      this.pointerMove$,
      this.contextMenu$,
      this.readOnly$,
      this.ui$,
      this.notice$,
    ])
      s.complete();
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
