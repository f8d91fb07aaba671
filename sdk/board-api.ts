/**
 * What a host app gets in `onReady` (the `ready` event of <tabula-board>): a curated, documented
 * face of the live editor and sync session (docs/embedding.md "The editor and the session"). Every
 * member is a function or a read-only stream made here; the Editor's and SyncClient's internals
 * (the document, subscriptions, gestures, transport) stay out of reach, so a host cannot come to
 * depend on them and a change inside the board does not break a host.
 *
 * A stream is an rxjs Observable that also tells its current `value`.
 */
import type { BehaviorSubject, Observable } from 'rxjs';
import type { DocChange } from '../shared/reducer';
import type { Command, Shape, ShapeKind } from '../shared/model';
import type { Editor } from './editor/editor';
import type { EditorStyle, ToolName } from './editor/types';
import type { SyncClient } from './sync/sync-client';
import type { BoardClaims, BoardInfo, BoardMember, SyncState } from './sync/types';

/** An Observable with its current value (read-only: `next` is not offered). */
export type ValueStream<T> = Observable<T> & { readonly value: T };

/** The board editor as a host drives it: the same operations as the toolbox and menus. */
export interface EditorApi {
  /** the active tool, the selected shape ids, the drawing style, the zoom (1 = 100 %) */
  readonly tool$: ValueStream<ToolName>;
  readonly selection$: ValueStream<string[]>;
  readonly style$: ValueStream<EditorStyle>;
  readonly zoom$: ValueStream<number>;
  /** every change to the board's shapes, local or remote */
  readonly changes$: Observable<DocChange>;
  setTool(name: ToolName): void;
  setStyle(style: Partial<EditorStyle>): void;
  getShapes(): Shape[];
  /** adds shapes (ids made where missing) as one undoable change; answers them */
  addShapes(shapes: ReadonlyArray<Partial<Shape> & { cmd: ShapeKind }>): Shape[];
  removeShapes(ids: readonly string[]): void;
  select(ids: readonly string[]): void;
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  zoomIn(): void;
  zoomOut(): void;
  zoomToFit(): void;
  zoomTo100(): void;
  /** a background name (blank, dot, line, grid…) or an image URL */
  setBackground(background: string): void;
  /** a data URL of the board as PNG or SVG */
  exportImage(format?: 'png' | 'svg'): Promise<string>;
}

/** The sync session as a host watches it. */
export interface SessionApi {
  /** connecting → joined → loading (percent) → replaying → online; reconnecting, failed, notFound, removed, denied */
  readonly state$: ValueStream<SyncState>;
  readonly board$: ValueStream<BoardInfo | null>;
  readonly members$: ValueStream<BoardMember[]>;
  readonly claims$: ValueStream<BoardClaims>;
  /** changes made here that the server has not confirmed yet, oldest first */
  pending(): readonly Command[];
  renameBoard(name: string): Promise<unknown>;
  renameMember(name: string): Promise<unknown>;
}

/** A read-only view of a BehaviorSubject: subscribe and value, nothing else. */
function valueStream<T>(subject: BehaviorSubject<T>): ValueStream<T> {
  const stream = subject.asObservable();
  Object.defineProperty(stream, 'value', { get: () => subject.value, enumerable: true });
  return stream as ValueStream<T>;
}

export function editorApi(editor: Editor): EditorApi {
  return Object.freeze({
    tool$: valueStream(editor.tool$),
    selection$: valueStream(editor.selection$),
    style$: valueStream(editor.style$),
    zoom$: valueStream(editor.zoom$),
    changes$: editor.changes$.asObservable(),
    setTool: (name: ToolName) => editor.setTool(name),
    setStyle: (style: Partial<EditorStyle>) => editor.setStyle(style),
    getShapes: () => editor.getShapes(),
    addShapes: (shapes: ReadonlyArray<Partial<Shape> & { cmd: ShapeKind }>) => editor.addShapes(shapes),
    removeShapes: (ids: readonly string[]) => editor.removeShapes(ids),
    select: (ids: readonly string[]) => editor.select(ids),
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    canUndo: () => editor.canUndo(),
    canRedo: () => editor.canRedo(),
    zoomIn: () => editor.zoomIn(),
    zoomOut: () => editor.zoomOut(),
    zoomToFit: () => editor.zoomToFit(),
    zoomTo100: () => editor.zoomTo100(),
    setBackground: (background: string) => editor.setBackground(background),
    exportImage: (format: 'png' | 'svg' = 'png') => editor.exportImage(format),
  });
}

export function sessionApi(sync: SyncClient): SessionApi {
  return Object.freeze({
    state$: valueStream(sync.state$),
    board$: valueStream(sync.board$),
    members$: valueStream(sync.members$),
    claims$: valueStream(sync.claims$),
    pending: () => [...sync.pending()],
    renameBoard: (name: string) => sync.renameBoard(name),
    renameMember: (name: string) => sync.renameMember(name),
  });
}
