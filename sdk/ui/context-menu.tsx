import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMenuKeys } from '../../ui/use-menu-keys';
import type { Shape } from '../../shared/model';
import { ALIGN_ACTION_IDS, ARRANGE_ACTION_IDS, DISTRIBUTE_ACTION_IDS } from '../actions/arrange';
import { isLocked, isProtected, lockTargets } from '../actions/lock';
import { commentsOf, deleteCommentThread, openCommentThread, setCommentResolved } from '../collab/comments';
import type { Editor } from '../editor/editor';

/** One row of a menu: an action (label, shortcut), a submenu, or a separator. */
export interface MenuEntry {
  key: string;
  label?: string;
  shortcut?: string;
  run?: () => void;
  children?: MenuEntry[];
  separator?: boolean;
}

const SEP = (key: string): MenuEntry => ({ key, separator: true });

/** Labels that follow the selection's state (one action toggles both ways). */
function dynamicLabel(editor: Editor, id: string): string | undefined {
  if (id === 'toggleLock') return isLocked(lockTargets(editor)) ? 'Unlock' : 'Lock';
  if (id === 'toggleProtect') return isProtected(lockTargets(editor)) ? 'Unprotect' : 'Protect';
  return undefined;
}

/** A registry action as a menu row, or nothing when it is not registered or not enabled now. */
export function actionEntry(editor: Editor, id: string, after?: () => void): MenuEntry | null {
  const action = editor.actions.get(id);
  if (!action || !action.enabled({ editor })) return null;
  return {
    key: id,
    label: dynamicLabel(editor, id) ?? action.label,
    shortcut: editor.actions.keysOf(id)[0],
    run: () => {
      after?.();
      editor.actions.run(action, { editor }, 'context-menu');
    },
  };
}

/** Action ids (and separators '-') to rows: disabled actions are left out, separators never double. */
export function actionEntries(editor: Editor, ids: ReadonlyArray<string | MenuEntry>, after?: () => void): MenuEntry[] {
  const out: MenuEntry[] = [];
  ids.forEach((id, i) => {
    if (typeof id !== 'string') {
      if (!id.children || id.children.length) out.push(id);
      return;
    }
    if (id === '-') {
      if (out.length && !out[out.length - 1].separator) out.push(SEP(`sep${i}`));
      return;
    }
    const e = actionEntry(editor, id, after);
    if (e) out.push(e);
  });
  while (out.length && out[out.length - 1].separator) out.pop();
  return out;
}

export type ContextVariant = 'canvas' | 'shape' | 'shapes' | 'comment';

/** board.md §2 "Context menus": one list per target (empty canvas, one shape, several, a comment). */
export function contextEntries(editor: Editor, variant: ContextVariant, shapeId: string | null, close: () => void): MenuEntry[] {
  if (variant === 'comment' && shapeId) {
    const shape = editor.doc.get(shapeId);
    const out: MenuEntry[] = [];
    // a comment pin's own menu (allowed in shape-registry.test.ts, as is contextVariant's check)
    if (commentsOf(editor) && shape?.cmd === 'comment') {
      out.push({
        key: 'openThread',
        label: 'Open comments',
        run: () => {
          close();
          openCommentThread(editor, shapeId);
        },
      });
      out.push({
        key: 'resolve',
        label: shape.resolved ? 'Reopen' : 'Resolve',
        run: () => {
          close();
          setCommentResolved(editor, shapeId, !shape.resolved);
        },
      });
      out.push(SEP('sepc'));
      out.push({
        key: 'deleteThread',
        label: 'Delete thread',
        run: () => {
          close();
          deleteCommentThread(editor, shapeId);
        },
      });
      return out;
    }
    return actionEntries(editor, ['remove'], close);
  }
  if (variant === 'canvas') {
    return actionEntries(editor, ['paste', '-', 'selectAll', 'find', '-', 'undo', 'redo', '-', 'zoomFit', 'zoom100'], close);
  }
  const common = ['cut', 'copy', 'paste', 'duplicate', '-'];
  const tail = ['-', 'bringToFront', 'sendBack', '-', 'remove'];
  if (variant === 'shape') {
    return actionEntries(
      editor,
      [
        ...common,
        'editTable',
        'editDiagram',
        'ungroup',
        'toggleLock',
        'toggleProtect',
        'editTags',
        'editLink',
        'openLink',
        'replaceImage',
        'downloadOriginal',
        'saveAsTemplate',
        ...tail,
      ],
      close,
    );
  }
  const align = actionEntries(editor, [...ALIGN_ACTION_IDS, '-', ...DISTRIBUTE_ACTION_IDS], close);
  const arrange = actionEntries(editor, ARRANGE_ACTION_IDS, close);
  return actionEntries(
    editor,
    [
      ...common,
      { key: 'align', label: 'Align', children: align },
      { key: 'arrange', label: 'Arrange', children: arrange },
      'group',
      'ungroup',
      'toggleLock',
      'toggleProtect',
      'editTags',
      'saveAsTemplate',
      ...tail,
    ],
    close,
  );
}

/** Which context menu a right click on `shapeId` (or the canvas) gets. */
export function contextVariant(editor: Editor, shapeId: string | null): ContextVariant {
  const shape: Shape | undefined = shapeId ? editor.doc.get(shapeId) : undefined;
  if (!shape) return 'canvas';
  if (shape.cmd === 'comment') return 'comment';
  return editor.selection.length > 1 && editor.selection.includes(shape.id) ? 'shapes' : 'shape';
}

/**
 * A keyboard-operable menu list (WAI-ARIA menu, keys by ui/use-menu-keys): arrows move, Home/End
 * jump, Enter or Space activate, ArrowRight opens a submenu, ArrowLeft or Escape closes it,
 * Escape or Tab closes the menu.
 */
export function MenuList({
  entries,
  label,
  onClose,
  autoFocus = true,
  className = '',
}: {
  entries: MenuEntry[];
  label: string;
  onClose: () => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<string | null>(null);
  const sub = className.includes('tb-cmenu--sub');
  const { onMenuKeyDown } = useMenuKeys(box, {
    open: true,
    autoFocus,
    onClose,
    onKey: (key, item) => {
      if (key === 'ArrowLeft' && sub) onClose();
      else if (key === 'ArrowRight' && item.dataset.sub) setOpen(item.dataset.sub);
      else return false;
      return true;
    },
  });

  return (
    <div ref={box} className={`tb-panel tb-cmenu ${className}`} role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
      {entries.map((entry) => {
        if (entry.separator) return <div key={entry.key} className="tb-cmenu__sep" role="separator" />;
        if (entry.children) {
          return (
            <div
              key={entry.key}
              className="tb-sub"
              onMouseEnter={() => setOpen(entry.key)}
              onMouseLeave={() => setOpen((k) => (k === entry.key ? null : k))}
            >
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="tb-item"
                aria-haspopup="menu"
                aria-expanded={open === entry.key}
                data-sub={entry.key}
                onClick={() => setOpen(entry.key)}
              >
                {entry.label}
                <span className="tb-item__keys" aria-hidden="true">
                  ›
                </span>
              </button>
              {open === entry.key && (
                <MenuList
                  entries={entry.children}
                  label={entry.label ?? ''}
                  className="tb-cmenu--sub"
                  onClose={() => {
                    setOpen(null);
                    box.current?.querySelector<HTMLElement>(`[data-sub="${entry.key}"]`)?.focus();
                  }}
                />
              )}
            </div>
          );
        }
        return (
          <button
            key={entry.key}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="tb-item"
            data-action={entry.key}
            onClick={() => entry.run?.()}
          >
            {entry.label}
            {entry.shortcut && <span className="tb-item__keys">{entry.shortcut}</span>}
          </button>
        );
      })}
    </div>
  );
}

interface Opened {
  sx: number;
  sy: number;
  variant: ContextVariant;
  shapeId: string | null;
}

/**
 * The board's context menu (board.md §2): opened by the editor's contextMenu$ (right button, or a
 * 500 ms long touch through the DOM input), listing the registry actions that apply to what is
 * under the pointer with their shortcuts. Closes on Escape, an outside press or a choice.
 */
export function ContextMenu({ editor }: { editor: Editor }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);
  const wrap = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sub = editor.contextMenu$.subscribe(({ sx, sy, shapeId }) => {
      setPos(null);
      setOpened({ sx, sy, shapeId, variant: contextVariant(editor, shapeId) });
    });
    return () => sub.unsubscribe();
  }, [editor]);

  const close = () => {
    setOpened(null);
    (editor.renderer?.canvas.parentElement as HTMLElement | null)?.focus?.();
  };

  useEffect(() => {
    if (!opened) return;
    const onDown = (e: PointerEvent) => {
      if (wrap.current && !e.composedPath().includes(wrap.current)) setOpened(null);
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [opened]);

  // keep the menu on screen: flip left/up when it would overflow the board
  useLayoutEffect(() => {
    if (!opened || !wrap.current) return;
    const board = wrap.current.offsetParent as HTMLElement | null;
    const W = board?.clientWidth ?? window.innerWidth,
      H = board?.clientHeight ?? window.innerHeight;
    const w = wrap.current.offsetWidth,
      h = wrap.current.offsetHeight;
    const left = opened.sx + w > W - 5 ? Math.max(5, opened.sx - w) : opened.sx;
    const top = opened.sy + h > H - 5 ? Math.max(5, H - h - 5) : opened.sy;
    setPos({ left, top });
  }, [opened]);

  if (!opened) return null;
  const entries = contextEntries(editor, opened.variant, opened.shapeId, close);
  if (!entries.length) return null;
  const label = { canvas: 'Board', shape: 'Shape', shapes: 'Selection', comment: 'Comment' }[opened.variant];
  return (
    <div
      ref={wrap}
      className="tb-cmenu-wrap"
      data-variant={opened.variant}
      style={{ left: pos?.left ?? opened.sx, top: pos?.top ?? opened.sy, opacity: pos ? 1 : 0 }}
      onPointerDown={(e) => e.stopPropagation()}
      onContextMenu={(e) => e.preventDefault()}
    >
      <MenuList key={`${opened.sx},${opened.sy}`} entries={entries} label={`${label} menu`} onClose={close} />
    </div>
  );
}
