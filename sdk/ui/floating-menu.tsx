import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PageMenu } from './page-menu';
import { FLOATING_MENU_MARGINS } from '../../shared/constants';
import { boundsOf, unionRects } from '../../shared/geometry';
import type { Shape } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import { toast } from '../../ui/toast';
import { menuButtonKeys } from '../../ui/use-menu-keys';
import { ALIGN_ACTION_IDS, ARRANGE_ACTION_IDS, DISTRIBUTE_ACTION_IDS } from '../actions/arrange';
import { isLocked, isProtected, lockTargets } from '../actions/lock';
import { filterByKind, filterByTag, selectionTags } from '../actions/tags';
import type { Editor, EditorUiRequest } from '../editor/editor';
import { HANDLE_RADIUS, ROTATE_OFFSET } from '../tools/select';
import { ContextMenu, MenuList, actionEntries, type MenuEntry } from './context-menu';
import { runAction, useEditorTick } from './editor-hooks';
import { BoardIcon } from './icons';
import { LinkEditor } from './link-editor';
import { CommandPalette } from './palette';
import { AvoidAreaContext, usePopoverFit, type Box } from './popover';
import { placeFloatingMenu, shapesAround } from './floating-menu-place';
import { PropertyMenu } from './property-menu';
import { TagsEditor } from './tags-editor';
import { UploadUrlDialog } from './upload-url-dialog';
import { TableDialog } from './table-dialog';
import { DownsizeDialog } from './downsize-dialog';
import type { DownsizeChoice } from '../assets/downsize';

/** The diagram dialog and its parser: a chunk of their own, loaded when first opened (docs/performance.md). */
const DiagramDialog = lazy(() => import('./diagram-dialog').then((m) => ({ default: m.DiagramDialog })));

/** board.md §9: 5 px from the selection and the board's sides, 60 px from the top (clear of the top bars). */
const [GAP, TOP] = FLOATING_MENU_MARGINS;
const KIND_NAMES: Record<string, string> = {
  pen: 'Pen strokes',
  highlighter: 'Highlights',
  line: 'Lines',
  arrow: 'Arrows',
  rectangle: 'Rectangles',
  filledRectangle: 'Filled rectangles',
  circle: 'Circles',
  filledCircle: 'Filled circles',
  text: 'Texts',
  stickyNote: 'Sticky notes',
  image: 'Images',
  frame: 'Frames',
  comment: 'Comments',
  composite: 'Groups',
  link: 'Links',
  table: 'Tables',
};

/** A toolbar button that opens a keyboard-operable menu (align, arrange, filter, more). */
function MenuButton({ label, icon, entries }: { label: string; icon: string; entries: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const drop = useRef<HTMLDivElement>(null);
  const fit = usePopoverFit(open, 'below', drop, wrap);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (wrap.current && !e.composedPath().includes(wrap.current)) setOpen(false);
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [open]);
  if (!entries.length) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const wrapped = entries.map((e) =>
    e.run
      ? {
          ...e,
          run: () => {
            setOpen(false);
            e.run!();
          },
        }
      : e,
  );
  return (
    <div className="tb-wrap" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="tb-btn"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={menuButtonKeys(() => setOpen(true))}
      >
        <BoardIcon name={icon} />
      </button>
      {open && (
        <div ref={drop} className="tb-cmenu--drop" style={fit ?? undefined}>
          <MenuList entries={wrapped} label={label} onClose={close} />
        </div>
      )}
    </div>
  );
}

function ActionButton({
  editor,
  id,
  icon,
  label,
  pressed,
}: {
  editor: Editor;
  id: string;
  icon: string;
  label?: string;
  pressed?: boolean;
}) {
  const action = editor.actions.get(id);
  if (!action || !action.enabled({ editor })) return null;
  const name = label ?? action.label;
  const key = editor.actions.keysOf(id)[0];
  return (
    <button
      type="button"
      className="tb-btn"
      aria-label={name}
      title={key ? `${name} (${key})` : name}
      aria-pressed={pressed}
      data-action={id}
      onClick={() => runAction(editor, id)}
    >
      <BoardIcon name={icon} />
    </button>
  );
}

/** The selection filter: narrow to one kind of shape or to the shapes with one tag (plan policy filter-selected). */
function filterEntries(editor: Editor, shapes: Shape[]): MenuEntry[] {
  if (!editor.hasPolicy(POLICY.filterSelected) || shapes.length < 2) return [];
  const kinds = new Map<string, number>();
  for (const s of shapes) kinds.set(s.cmd, (kinds.get(s.cmd) ?? 0) + 1);
  const out: MenuEntry[] = [];
  if (kinds.size > 1) {
    for (const [kind, n] of kinds)
      out.push({ key: `kind:${kind}`, label: `${KIND_NAMES[kind] ?? kind} (${n})`, run: () => filterByKind(editor, kind) });
  }
  const tags = selectionTags(editor);
  if (tags.length && out.length) out.push({ key: 'sepf', separator: true });
  for (const t of tags) out.push({ key: `tag:${t.key}`, label: `Tag: ${t.key}`, run: () => filterByTag(editor, { key: t.key }) });
  return out;
}

/**
 * The floating menu over a selection (board.md §2): the property menus (sdk/ui/property-menu,
 * for normal selections of editors) and the editing commands — delete, duplicate, lock/unlock,
 * protect, attach / open link, align and distribute (two or more shapes), arrange, tags, filter
 * and a 'more' menu. Shown for normal and locked selections; placed above the selection (clear
 * of its handles), else below it, so it never covers what it belongs to; its dropdowns open away
 * from the selection too (AvoidAreaContext).
 */
export function FloatingMenu({ editor }: { editor: Editor }) {
  useEditorTick(editor, ['changes', 'selection', 'readOnly', 'viewport', 'tool']);
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  // measured after every render (no dependency list): setSize only when the size changed
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const w = el.offsetWidth,
      h = el.offsetHeight;
    if (!size || size.w !== w || size.h !== h) setSize({ w, h });
  });

  const shapes = editor.selection.map((id) => editor.doc.get(id)).filter((s): s is Shape => Boolean(s));
  if (!shapes.length || editor.tool$.value !== 'select') return null;
  if (shapes.some((s) => editor.selectionType(s) !== 'normal' && editor.selectionType(s) !== 'locked')) return null;
  const box = unionRects(shapes.map(boundsOf));
  if (!box) return null;

  const normal = shapes.every((s) => editor.selectionType(s) === 'normal');
  const props = editor.canEdit() && normal;
  const targets = lockTargets(editor);
  const locked = isLocked(targets);
  const more = actionEntries(editor, [
    'cut',
    'copy',
    'paste',
    'duplicateDown',
    '-',
    'bringToFront',
    'sendBack',
    '-',
    'editLink',
    'replaceImage',
    'downloadOriginal',
    'find',
    'selectAll',
  ]);
  const align = actionEntries(editor, [...ALIGN_ACTION_IDS, '-', ...DISTRIBUTE_ACTION_IDS]);
  const arrange = actionEntries(editor, ARRANGE_ACTION_IDS);
  const filter = filterEntries(editor, shapes);
  // a document's own page turner (allowed in tests/unit/shared/shape-registry.test.ts)
  const paged = shapes.length === 1 && shapes[0]!.cmd === 'image' && shapes[0]!.page ? shapes[0]! : null;
  const items: ReactNode[] = [
    paged && props && <PageMenu key="page" editor={editor} shape={paged as Parameters<typeof PageMenu>[0]['shape']} />,
    !props && <ActionButton key="dup" editor={editor} id="duplicate" icon="duplicate" />,
    !props && <ActionButton key="del" editor={editor} id="remove" icon="trash" />,
    <ActionButton
      key="lock"
      editor={editor}
      id="toggleLock"
      icon={locked ? 'unlock' : 'lock'}
      label={locked ? 'Unlock' : 'Lock'}
      pressed={locked}
    />,
    <ActionButton
      key="protect"
      editor={editor}
      id="toggleProtect"
      icon="shield"
      label={isProtected(targets) ? 'Unprotect' : 'Protect'}
      pressed={isProtected(targets)}
    />,
    <ActionButton key="link" editor={editor} id="openLink" icon="externalLink" />,
    <ActionButton key="table" editor={editor} id="editTable" icon="table" />,
    <ActionButton key="diagram" editor={editor} id="editDiagram" icon="diagram" />,
    <ActionButton key="group" editor={editor} id="group" icon="group" />,
    <ActionButton key="ungroup" editor={editor} id="ungroup" icon="ungroup" />,
    <MenuButton key="align" label="Align and distribute" icon="alignLeft" entries={align} />,
    <MenuButton key="arrange" label="Arrange" icon="layout" entries={arrange} />,
    <ActionButton key="tags" editor={editor} id="editTags" icon="tag" />,
    <MenuButton key="filter" label="Filter selection" icon="filter" entries={filter} />,
    <MenuButton key="more" label="More" icon="more" entries={more} />,
  ];

  // above the selection, clear of the rotate handle; else below it, clear of the resize handles
  const overlay = editor.scene.overlay$.value.handles;
  const above = (overlay?.rotate ? ROTATE_OFFSET + HANDLE_RADIUS : HANDLE_RADIUS) + GAP;
  const below = HANDLE_RADIUS + GAP;
  const topLeft = editor.toScreen(box.x, box.y),
    bottomRight = editor.toScreen(box.x + box.w, box.y + box.h);
  const board = ref.current?.offsetParent as HTMLElement | null | undefined;
  const W = board?.clientWidth ?? 1280;
  const w = size?.w ?? 0,
    h = size?.h ?? 0;
  // the side (above, below) whose band has no other shape, or the least (./floating-menu-place.ts)
  const boardBox = board?.getBoundingClientRect();
  const tools = boardBox && board?.querySelector<HTMLElement>('.tb-toolbox')?.getBoundingClientRect();
  const { x, y } = placeFloatingMenu({
    top: topLeft.y,
    bottom: bottomRight.y,
    centre: (topLeft.x + bottomRight.x) / 2,
    above,
    below,
    w,
    h,
    boardW: W,
    boardH: board?.clientHeight ?? 800,
    gap: GAP,
    topMargin: TOP,
    toolbox: tools
      ? {
          left: tools.left - boardBox.left,
          top: tools.top - boardBox.top,
          right: tools.right - boardBox.left,
          bottom: tools.bottom - boardBox.top,
        }
      : null,
    others: shapesAround(editor, box, Math.max(above, below, w) + h),
  });
  // the selection with its handles, on the page: the menu's dropdowns open away from it
  const origin = boardBox ?? { left: 0, top: 0 };
  const avoid: Box = {
    left: origin.left + topLeft.x - HANDLE_RADIUS,
    right: origin.left + bottomRight.x + HANDLE_RADIUS,
    top: origin.top + topLeft.y - above + GAP,
    bottom: origin.top + bottomRight.y + below - GAP,
  };

  return (
    <div
      ref={ref}
      className="tb-floating"
      role="group"
      aria-label="Floating menu"
      style={{ left: x, top: y, opacity: size ? 1 : 0 }}
      onPointerDown={(e) => e.stopPropagation()}
    >
      <AvoidAreaContext.Provider value={avoid}>
        {props && <PropertyMenu editor={editor} />}
        <div className="tb-panel tb-floating__bar" role="toolbar" aria-label="Edit selection">
          {items}
        </div>
      </AvoidAreaContext.Provider>
    </div>
  );
}

/**
 * The editing layer of the board screen: floating menu, context menu, the find palette and the
 * tag and link editors, the upload-via-URL and Tabular Data dialogs (opened by their actions through editor.ui$), and the editor's notices
 * (a refused unlock) as toasts.
 */
export function EditingLayer({ editor }: { editor: Editor }) {
  const [panel, setPanel] = useState<EditorUiRequest['kind'] | null>(null);
  const [downsize, setDownsize] = useState<{ count: number; done: (choice: DownsizeChoice | null) => void } | null>(null);
  useEffect(() => {
    const subs = [editor.ui$.subscribe((r) => setPanel(r.kind)), editor.notice$.subscribe((n) => toast.show(n.text, { type: n.kind }))];
    // uploads of pictures larger than the view ask here (sdk/assets/upload.ts)
    editor.askDownsize = (count) =>
      new Promise((resolve) =>
        setDownsize({
          count,
          done: (choice) => {
            setDownsize(null);
            resolve(choice);
          },
        }),
      );
    return () => {
      subs.forEach((s) => s.unsubscribe());
      editor.askDownsize = null;
    };
  }, [editor]);
  const close = () => setPanel(null);
  return (
    <>
      <FloatingMenu editor={editor} />
      <ContextMenu editor={editor} />
      {panel === 'find' && <CommandPalette editor={editor} onClose={close} />}
      {panel === 'tags' && <TagsEditor editor={editor} onClose={close} />}
      {panel === 'link' && <LinkEditor editor={editor} onClose={close} />}
      {panel === 'uploadUrl' && <UploadUrlDialog editor={editor} onClose={close} />}
      {(panel === 'table' || panel === 'tableUpdate') && (
        <TableDialog key={panel} editor={editor} mode={panel === 'table' ? 'add' : 'update'} onClose={close} />
      )}
      {(panel === 'diagram' || panel === 'diagramUpdate') && (
        <Suspense fallback={null}>
          <DiagramDialog key={panel} editor={editor} mode={panel === 'diagram' ? 'add' : 'update'} onClose={close} />
        </Suspense>
      )}
      {downsize && <DownsizeDialog count={downsize.count} onDone={downsize.done} />}
    </>
  );
}
