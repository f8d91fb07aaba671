/**
 * The Tabula board as a React component: the entry of the `tabula` package (sdk/package.json),
 * built to sdk/dist/index.js (and served as /static/sdk/index.js).
 *
 *   import { Board } from 'tabula';
 *   <Board code="abc123" server="https://tabula.example" token={accessToken} onReady={({ editor }) => …} />
 *
 * The same component runs the hosted page /board/{code} and, wrapped by r2wc, <tabula-board>
 * (sdk/dist/tabula-board.js, `tabula/element`).
 */
export { Board, type BoardApi, type BoardError, type BoardFeatures, type BoardProps } from './board';
export type { EditorApi, SessionApi, ValueStream } from './board-api';
export { Editor, type CommandInput, type EditorPermissions, type EditorStyle, type ToolName } from './editor/editor';
export { SyncClient, type SyncOptions } from './sync/sync-client';
export type { BoardClaims, BoardConfig, BoardInfo, BoardMember, Notice, SyncPhase, SyncState } from './sync/types';
export type { Command, CommandEffect, LineType, Shape, ShapeKind, StickySize, TextAlign } from '../shared/model';
