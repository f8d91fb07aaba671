import { Editor } from '../../../sdk/editor/editor';
import type { BoardPointer, KeyInput } from '../../../sdk/editor/types';
import type { Command } from '../../../shared/model';
import type { HeadlessTextEditor } from '../../../sdk/editor/text-editor';

export interface Harness {
  editor: Editor;
  sent: Command[];
  text: HeadlessTextEditor;
  perms: { role: string; permissions: string[]; policies: Set<string> };
  down(x: number, y: number, mods?: Partial<BoardPointer>): void;
  move(x: number, y: number, mods?: Partial<BoardPointer>): void;
  up(x: number, y: number, mods?: Partial<BoardPointer>): void;
  drag(from: [number, number], to: [number, number], mods?: Partial<BoardPointer>, steps?: number): void;
  click(x: number, y: number, mods?: Partial<BoardPointer>): void;
  key(key: string, code: string, mods?: Partial<KeyInput>): boolean;
}

/** A headless editor at 100 % (screen = board coordinates) with every permission unless told. */
export function harness(
  options: { uid?: string; role?: string; permissions?: string[]; policies?: string[]; privateMode?: boolean } = {},
): Harness {
  const perms = {
    role: options.role ?? 'Owner',
    permissions: options.permissions ?? ['edit_board', 'view_chat', 'view_templates', 'write_comment'],
    policies: new Set(options.policies ?? []),
  };
  const editor = new Editor({
    container: undefined as unknown as HTMLElement,
    uid: options.uid ?? 'me',
    headless: true,
    permissions: () => perms,
    privateMode: () => !!options.privateMode,
  });
  const sent: Command[] = [];
  editor.outgoing$.subscribe((c) => sent.push(c));
  let time = 0;
  const ptr = (phase: BoardPointer['phase'], x: number, y: number, mods: Partial<BoardPointer> = {}): BoardPointer => {
    // tests give screen positions (= board positions until the view pans or zooms)
    const b = editor.viewport.toBoard(x, y);
    return {
      phase,
      x: b.x,
      y: b.y,
      sx: x,
      sy: y,
      button: 0,
      shift: false,
      ctrl: false,
      alt: false,
      meta: false,
      pointerType: 'mouse',
      clicks: 1,
      time: (time += 16),
      ...mods,
    };
  };
  const h: Harness = {
    editor,
    sent,
    text: editor.textEditor as HeadlessTextEditor,
    perms,
    down: (x, y, m) => editor.pointer(ptr('Started', x, y, m)),
    move: (x, y, m) => editor.pointer(ptr('Inprogress', x, y, m)),
    up: (x, y, m) => editor.pointer(ptr('Completed', x, y, m)),
    drag(from, to, m, steps = 4) {
      h.down(from[0], from[1], m);
      for (let i = 1; i <= steps; i++) h.move(from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps, m);
      h.up(to[0], to[1], m);
    },
    click(x, y, m) {
      h.down(x, y, m);
      h.up(x, y, m);
    },
    key: (key, code, m = {}) => editor.keyDown({ key, code, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...m }),
  };
  return h;
}

export const rect = (id: string, x: number, y: number, w = 50, h = 50, extra: Record<string, unknown> = {}) =>
  ({ id, cmd: 'rectangle', uid: 'me', timestamp: 1, x, y, w, h, stroke: '#000000', lineWidth: 2, ...extra }) as const;
