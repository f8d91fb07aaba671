/**
 * The board API's implementation (shared/embed.ts BoardMethods): what a host page calls through
 * the embed (embed/child.ts connectParent) and what an Automation script calls (sdk/automation/).
 * One mechanism: every method checks its arguments with the embed contract's validators, waits
 * for the loaded board, then calls the Editor's own operations — the same code path as the
 * toolbox and menus, so a change made by API is an ordinary undoable command seen by everyone.
 * The embed adds what only a host may do (setPermissions) and its own getInfo.
 */
import { BACKGROUNDS, FRAME_TITLE_MAX } from '../shared/constants';
import {
  embedError,
  validateBackground,
  validateColor,
  validateExportFormat,
  validateIds,
  validateMoves,
  validateShapeList,
  validateThickness,
  validateTool,
  validateUpdates,
  type BoardInfo,
  type BoardMethods,
  type EmbedError,
  type ExportFormat,
} from '../shared/embed';
import { fitStickyFont, geometryOf } from '../shared/geometry';
import type { Command, Shape } from '../shared/model';
import { POLICY } from '../shared/policies';
import { checkShape } from '../shared/shape-check';
import type { Editor } from './editor/editor';
import { TOOL_NAMES, type ToolName } from './editor/types';
import type { SyncClient } from './sync/sync-client';

/** The board methods every caller gets (the embed adds setPermissions). */
export type CommonBoardMethods = Omit<BoardMethods, 'setPermissions'>;

export interface BoardMethodsOptions {
  /** the uid the added shapes are made by */
  uid: () => string;
  /** resolves once the board is online; rejects with the reason it never will be */
  ready: Promise<void>;
  /** what getInfo answers */
  info: () => BoardInfo;
}

/** A background label ('Dot') as the board's name ('dot'); urls unchanged. */
export const backgroundName = (value: string) => BACKGROUNDS.find((b) => b.label === value || b.name === value)?.name ?? value;

const notAllowed = (message: string) => embedError('not-allowed', message);
const check = (error: EmbedError | null) => {
  if (error) throw error;
};

export function createBoardMethods(editor: Editor, sync: SyncClient, options: BoardMethodsOptions): CommonBoardMethods {
  const { ready } = options;
  const requireEdit = () => {
    if (!editor.canEdit()) throw notAllowed('This participant cannot edit the board.');
  };
  /** A shape the participant may change: on the board, not locked, not another's private one. */
  const changeable = (id: string): Shape | undefined => {
    const s = editor.doc.get(id);
    return s && editor.selectionType(s) === 'normal' ? s : undefined;
  };
  return {
    async setTool(name) {
      check(validateTool(name, TOOL_NAMES));
      await ready;
      if (!editor.toolAllowed(name as ToolName)) throw notAllowed(`The ${name} tool is not available to this participant.`);
      editor.setTool(name as ToolName);
    },
    async setColor(hex) {
      check(validateColor(hex));
      await ready;
      editor.setStyle({ color: hex });
    },
    async setThickness(width) {
      check(validateThickness(width));
      await ready;
      editor.setStyle({ lineWidth: width });
    },
    async setBackground(background) {
      check(validateBackground(background));
      await ready;
      editor.setBackground(backgroundName(background));
    },
    async getShapes() {
      await ready;
      return editor.getShapes();
    },
    async addShapes(shapes) {
      check(validateShapeList(shapes));
      await ready;
      requireEdit();
      const seen = new Set<string>();
      const full = shapes.map((shape, index) => {
        const filled = { ...shape, id: shape.id ?? crypto.randomUUID(), uid: options.uid(), timestamp: shape.timestamp ?? Date.now() };
        const result = checkShape(filled);
        if (result.message !== undefined) throw embedError('invalid-shapes', `Invalid shape at index ${index}: ${result.message}.`);
        if (editor.doc.has(filled.id) || seen.has(filled.id))
          throw embedError('invalid-shapes', `Invalid shape at index ${index}: the id ${filled.id} is already on the board.`);
        seen.add(filled.id);
        return filled as Shape;
      });
      return editor.addShapes(full).map((s) => s.id);
    },
    async removeShapes(ids) {
      check(validateIds(ids));
      await ready;
      requireEdit();
      editor.removeShapes(ids.filter((id) => editor.doc.has(id)));
    },
    async moveShapes(moves) {
      check(validateMoves(moves));
      await ready;
      requireEdit();
      editor.repositionShapes(moves.filter((m) => editor.doc.has(m.id)));
    },
    async updateShapes(updates) {
      check(validateUpdates(updates));
      await ready;
      requireEdit();
      const commands: Command[] = [];
      updates.forEach((u, index) => {
        const shape = changeable(u.id);
        if (!shape) return;
        if (u.color !== undefined) commands.push(editor.build({ cmd: 'colorModifier', shapes: [u.id], color: u.color }));
        if (u.text === undefined) return;
        const field = geometryOf(shape).textField;
        if (!field) throw embedError('invalid-shapes', `Invalid update at index ${index}: a ${shape.cmd} has no text.`);
        const text = shape.cmd === 'frame' ? u.text.trim().slice(0, FRAME_TITLE_MAX) : u.text;
        if ((shape as unknown as Record<string, unknown>)[field] === text) return;
        commands.push(editor.build({ cmd: 'textModifier', shape: u.id, value: text }));
        if (shape.cmd === 'stickyNote') {
          const fontSize = fitStickyFont(text, shape.w, shape.h).fontSize;
          if (fontSize !== shape.fontSize) commands.push(editor.build({ cmd: 'stickyNoteModifier', shape: u.id, fontSize }));
        }
      });
      if (commands.length === 1) {
        const { id: _i, uid: _u, timestamp: _t, status: _s, seq: _q, ...rest } = commands[0]!;
        editor.execute(rest as Parameters<Editor['execute']>[0]);
      } else if (commands.length) editor.execute({ cmd: 'commandSet', commands });
    },
    async zoomToFit() {
      await ready;
      editor.zoomToFit();
    },
    async exportImage(format: ExportFormat) {
      check(validateExportFormat(format));
      await ready;
      if (format === 'svg' && !editor.hasPolicy(POLICY.exportSvg))
        throw notAllowed('SVG export needs the export-svg policy (team plans); PNG is always available.');
      try {
        return await editor.exportImage(format);
      } catch (error) {
        throw embedError('internal', `error while exporting the board: ${(error as Error)?.message ?? error}`);
      }
    },
    async getInfo() {
      await ready;
      return options.info();
    },
    async getMembers() {
      await ready;
      return sync.members$.value
        .filter((m) => m.isOnline || m.uid === sync.uid)
        .map((m) => ({ uid: m.uid, name: m.name ?? '', isSelf: m.uid === sync.uid }));
    },
  };
}
