import { describe, expect, it } from 'vitest';
import { ActionRegistry, createActionRegistry, eventKey, listActions, normalizeKey, validateBinding } from '../../../sdk/actions';
import type { KeyInput } from '../../../sdk/editor/types';
import type { LineShape } from '../../../shared/model';
import { POLICY } from '../../../shared/policies';
import { harness, rect } from './helpers';

const key = (k: string, code: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  code,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('key strings', () => {
  it('normalises modifiers, aliases and case', () => {
    expect(normalizeKey('ctrl+alt+0')).toBe('Ctrl+Alt+0');
    expect(normalizeKey('Shift+Ctrl+z')).toBe('Ctrl+Shift+Z');
    expect(normalizeKey('Cmd+D')).toBe('Ctrl+D');
    expect(normalizeKey('Del')).toBe('Delete');
    expect(normalizeKey('`')).toBe('Backquote');
  });

  it('reads events by physical key for letters and digits, Meta as Ctrl', () => {
    expect(eventKey(key('z', 'KeyZ', { ctrlKey: true }))).toBe('Ctrl+Z');
    expect(eventKey(key('Z', 'KeyZ', { metaKey: true, shiftKey: true }))).toBe('Ctrl+Shift+Z');
    expect(eventKey(key('º', 'Digit0', { ctrlKey: true, altKey: true }))).toBe('Ctrl+Alt+0');
    expect(eventKey(key('`', 'Backquote'))).toBe('Backquote');
    expect(eventKey(key('F11', 'F11'))).toBe('F11');
    expect(eventKey(key('Control', 'ControlLeft', { ctrlKey: true }))).toBe('Ctrl');
  });

  it('validates bindings: a non-modifier key, none of the prohibited keys (board.md §5)', () => {
    expect(validateBinding(key('Control', 'ControlLeft', { ctrlKey: true }))).toMatch(/non-modifier/);
    for (const [k, code] of [
      ['CapsLock', 'CapsLock'],
      ['F5', 'F5'],
      ['ArrowUp', 'ArrowUp'],
      ['Pause', 'Pause'],
      ['NumLock', 'NumLock'],
      ['ScrollLock', 'ScrollLock'],
    ]) {
      expect(validateBinding(key(k, code))).toMatch(/cannot be used/);
    }
    expect(validateBinding(key('k', 'KeyK', { ctrlKey: true }))).toBe(null);
  });
});

describe('action registry', () => {
  it('has the spec’s default shortcuts (board.md §9)', () => {
    const r = createActionRegistry();
    const expected: Record<string, string> = {
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
      undo: 'Ctrl+Z',
      redo: 'Ctrl+Y',
      selectAll: 'Ctrl+A',
      duplicate: 'Ctrl+D',
      duplicateDown: 'Alt+D',
      remove: 'Delete',
      zoomFit: 'Ctrl+0',
      zoom100: 'Ctrl+Alt+0',
      fullscreen: 'F11',
      previousTool: 'Backquote',
    };
    for (const [id, k] of Object.entries(expected)) expect(r.keysOf(id)[0]).toBe(k);
    expect(r.actionForKey('Ctrl+Shift+Z')?.id).toBe('redo');
    expect(r.actionForKey('U')?.id).toBe('upload');
  });

  it('lists actions by group for menus and the toolbox', () => {
    const tools = listActions('tools').map((a) => a.id);
    expect(tools).toEqual(
      expect.arrayContaining([
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
        'upload',
        'uploadUrl',
      ]),
    );
    expect(listActions('view').map((a) => a.id)).toEqual([
      'zoomIn',
      'zoomOut',
      'zoomFit',
      'zoom100',
      'fullscreen',
      'openLink',
      'find',
      'downloadOriginal',
      'boardHistory',
    ]);
    expect(listActions('arrange').map((a) => a.id)).toEqual([
      'bringToFront',
      'sendBack',
      'alignLeft',
      'alignHorizontally',
      'alignRight',
      'alignTop',
      'alignVertically',
      'alignBottom',
      'distributeHorizontally',
      'distributeVertically',
      'arrangeVertical',
      'arrangeHorizontal',
      'arrangeGrid',
      'arrangeCircular',
      'arrangeStack',
    ]);
    // no two default actions share a key
    const r = createActionRegistry();
    const seen = new Map<string, string>();
    for (const a of listActions())
      for (const k of r.keysOf(a.id)) {
        expect(seen.get(k), `${k} bound to ${seen.get(k)} and ${a.id}`).toBeUndefined();
        seen.set(k, a.id);
      }
  });

  it("refuses a conflicting binding with '{name} has this key binding!'", () => {
    const r = createActionRegistry();
    expect(r.conflict('rectangle', 'P')).toBe('Pen has this key binding!');
    expect(r.bind('rectangle', 'ctrl+z')).toBe('Undo has this key binding!');
    expect(r.conflict('pen', 'P')).toBe(null);
    expect(r.bind('rectangle', 'Q')).toBe(null);
    expect(r.keysOf('rectangle')).toEqual(['Q']);
    expect(r.actionForKey('R')).toBeUndefined();
    expect(r.conflict('pen', 'Q')).toBe('Rectangle has this key binding!');
    expect(r.bindings()).toEqual([{ c: 'rectangle', k: 'Q' }]);
    r.resetBinding('rectangle');
    expect(r.keysOf('rectangle')).toEqual(['R']);
  });

  it('takes user bindings from userConfig.keys', () => {
    const r = createActionRegistry([
      { c: 'pen', k: 'ctrl+shift+p' },
      { c: 'nonsense', k: 'X' },
    ]);
    expect(r.keysOf('pen')).toEqual(['Ctrl+Shift+P']);
    expect(r.bindings()).toEqual([{ c: 'pen', k: 'Ctrl+Shift+P' }]);
  });

  it('the keyboard handler performs only enabled actions, not in text fields unless allowed', () => {
    const h = harness();
    expect(h.key('p', 'KeyP')).toBe(true);
    expect(h.editor.tool$.value).toBe('pen');
    expect(h.editor.keyDown(key('r', 'KeyR'), true)).toBe(false);
    expect(h.editor.tool$.value).toBe('pen');
    expect(h.key('x', 'KeyX')).toBe(false);
    // highlighter has no key and needs its policy
    const r = new ActionRegistry(listActions());
    expect(r.get('highlighter')!.enabled({ editor: h.editor })).toBe(false);
    const team = harness({ policies: [POLICY.highlighterToolbox] });
    expect(r.get('highlighter')!.enabled({ editor: team.editor })).toBe(true);
  });

  it('edit actions: select all, duplicate (+20), duplicate down, delete, order, undo/redo keys', () => {
    const h = harness();
    h.editor.addShapes([
      rect('a', 0, 0),
      rect('b', 100, 0),
      {
        id: 'f',
        cmd: 'frame',
        uid: 'me',
        timestamp: 1,
        x: -50,
        y: -50,
        w: 300,
        h: 200,
        color: '#cccccc',
        title: 'F',
        order: 1,
        children: [],
      },
    ]);
    h.sent.length = 0;
    h.key('a', 'KeyA', { ctrlKey: true });
    expect(h.editor.selection.sort()).toEqual(['a', 'b', 'f']);
    h.editor.select(['a']);
    h.key('d', 'KeyD', { ctrlKey: true });
    const copy = h.editor.doc.get(h.editor.selection[0])!;
    expect(copy).toMatchObject({ x: 20, y: 20 });
    h.editor.select(['a']);
    h.key('d', 'KeyD', { altKey: true });
    expect(h.editor.doc.get(h.editor.selection[0])).toMatchObject({ x: 0, y: 52 + 20 });
    h.editor.select(['a', 'f']);
    h.editor.actions.get('bringToFront')!.perform({ editor: h.editor });
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'changeOrder', shapes: ['a'], order: 'front' });
    h.key('Delete', 'Delete');
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'remove', shapes: ['a', 'f'] });
    expect(h.editor.doc.has('a')).toBe(false);
    h.key('z', 'KeyZ', { ctrlKey: true });
    expect(h.editor.doc.has('a')).toBe(true);
    h.key('y', 'KeyY', { ctrlKey: true });
    expect(h.editor.doc.has('a')).toBe(false);
  });

  it('duplicate relinks the copies among themselves: frame children and connector ends', () => {
    const h = harness();
    h.editor.addShapes([
      rect('a', 0, 0),
      rect('b', 300, 0),
      {
        id: 'f',
        cmd: 'frame',
        uid: 'me',
        timestamp: 1,
        x: -50,
        y: -50,
        w: 250,
        h: 200,
        color: '#cccccc',
        title: 'F',
        order: 1,
        children: ['a'],
      },
      {
        id: 'l',
        cmd: 'arrow',
        uid: 'me',
        timestamp: 1,
        points: [100, 25, 300, 25],
        color: '#000000',
        lineWidth: 2,
        type: 'arrow',
        start: 'a',
        end: 'b',
      },
    ]);
    h.editor.select(['f', 'a', 'l']);
    h.key('d', 'KeyD', { ctrlKey: true });
    const copies = h.editor.selection.map((id) => h.editor.doc.get(id)!);
    const a2 = copies.find((s) => s.cmd === 'rectangle')!;
    expect(copies.find((s) => s.cmd === 'frame')).toMatchObject({ children: [a2.id] });
    const l2 = copies.find((s) => s.cmd === 'arrow') as LineShape;
    expect(l2.start).toBe(a2.id);
    expect(l2.end).toBeUndefined();
    // the originals keep their links
    expect(h.editor.doc.get('l')).toMatchObject({ start: 'a', end: 'b' });
  });

  it('zoom actions', () => {
    const h = harness();
    h.editor.addShapes([rect('a', 0, 0, 1600, 1200)]);
    h.key('0', 'Digit0', { ctrlKey: true });
    expect(h.editor.viewport.scale).toBeLessThan(1);
    h.key('0', 'Digit0', { ctrlKey: true, altKey: true });
    expect(h.editor.viewport.scale).toBe(1);
    h.key('=', 'Equal', { ctrlKey: true });
    expect(h.editor.zoomPercent).toBe(111);
  });
});
