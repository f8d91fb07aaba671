import { alignOf, boundsOf, unionRects } from '../../shared/geometry';
import { DEFAULT_FONT, DEFAULT_FONT_SIZE, LINE_WIDTH, OPACITY, STICKY_DEFAULT_COLOR, STICKY_DEFAULT_SIZE } from '../../shared/constants';
import type { LineType, Shape, StickySize } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import type { Editor } from '../editor/editor';
import { propertiesOf } from '../shapes';
import { HANDLE_RADIUS, ROTATE_OFFSET } from '../tools/select';
import { actionTitle, runAction, useEditorTick } from './editor-hooks';
import { BoardIcon } from './icons';
import { Popover } from './popover';
import {
  EditorFontSelect,
  FontSizeSelect,
  LineTypeSelect,
  OpacitySlider,
  Palette,
  StickyPalette,
  StickySizeSelect,
  TextAlignButtons,
  WidthSlider,
} from './style-controls';

const STROKED = new Set(['pen', 'highlighter', 'line', 'arrow', 'rectangle', 'filledRectangle', 'circle', 'filledCircle']);
const MENU_HEIGHT = 48;
/** clear of the rotate handle above the selection (and the handles below it) */
const MARGIN = ROTATE_OFFSET + HANDLE_RADIUS + 10;

const colorOf = (s: Shape): string => {
  const r = s as unknown as Record<string, unknown>;
  return String(r.color ?? r.stroke ?? '#000000');
};

/**
 * The floating property menu over the selection (board.md §2): colour, width and opacity for
 * strokes and outlines, font and size for text, colour and size for sticky notes, bring to front /
 * send back, duplicate and delete. Only for users who can edit and normal (unlocked) selections.
 */
export function PropertyMenu({ editor }: { editor: Editor }) {
  useEditorTick(editor, ['changes', 'selection', 'readOnly', 'viewport']);
  if (!editor.canEdit()) return null;
  const shapes = editor.selection.map((id) => editor.doc.get(id)).filter((s): s is Shape => Boolean(s));
  if (!shapes.length || shapes.some((s) => editor.selectionType(s) !== 'normal')) return null;
  const box = unionRects(shapes.map(boundsOf));
  if (!box) return null;
  const top = editor.toScreen(box.x + box.w / 2, box.y);
  const bottom = editor.toScreen(box.x + box.w / 2, box.y + box.h);
  const y = top.y - MENU_HEIGHT - MARGIN > 64 ? top.y - MENU_HEIGHT - MARGIN : bottom.y + HANDLE_RADIUS + 10;
  const first = shapes[0]!;
  const kinds = new Set(shapes.map((s) => s.cmd));
  const stroked = [...kinds].every((k) => STROKED.has(k));
  const texts = [...kinds].every((k) => k === 'text');
  const stickies = [...kinds].every((k) => k === 'stickyNote');
  const lines = [...kinds].every((k) => k === 'line' || k === 'arrow') && editor.hasPolicy(POLICY.lineType);
  const r = first as unknown as Record<string, unknown>;
  const opacity = Number(first.opacity ?? OPACITY.max);
  // texts, sticky notes and tables (their kinds' `align` property menu)
  const aligned = propertiesOf(shapes).includes('align');
  return (
    <div
      className="tb-panel tb-props"
      role="toolbar"
      aria-label="Selection"
      style={{ left: top.x, top: Math.max(8, y) }}
      onPointerDown={(e) => e.stopPropagation()}
    >
      {(stroked || texts) && (
        <Popover label="Colour" button={<span className="tb-swatch" style={{ background: colorOf(first) }} />}>
          {() => <Palette value={colorOf(first)} onPick={(color) => editor.applyStyleToSelection({ color })} />}
        </Popover>
      )}
      {stickies && (
        <Popover
          label="Sticky colour"
          button={<span className="tb-swatch" style={{ background: String(r.color ?? STICKY_DEFAULT_COLOR) }} />}
        >
          {() => (
            <StickyPalette
              value={String(r.color ?? STICKY_DEFAULT_COLOR)}
              onPick={(stickyColor) => editor.applyStyleToSelection({ stickyColor })}
            />
          )}
        </Popover>
      )}
      {stickies && (
        <StickySizeSelect
          value={(r.size as StickySize) ?? STICKY_DEFAULT_SIZE}
          onChange={(stickySize) => editor.applyStyleToSelection({ stickySize })}
        />
      )}
      {lines && (
        <LineTypeSelect value={(r.type as LineType) ?? 'line'} onChange={(lineType) => editor.applyStyleToSelection({ lineType })} />
      )}
      {texts && (
        <>
          <EditorFontSelect
            editor={editor}
            value={String(r.font ?? DEFAULT_FONT)}
            onChange={(font) => editor.applyStyleToSelection({ font })}
          />
          <FontSizeSelect value={Number(r.size ?? DEFAULT_FONT_SIZE)} onChange={(fontSize) => editor.applyStyleToSelection({ fontSize })} />
        </>
      )}
      {aligned && <TextAlignButtons value={alignOf(first)} onChange={(align) => editor.applyStyleToSelection({ align })} />}
      <Popover label="Line width and opacity" className="tb-style-pop" button={<BoardIcon name="palette" />}>
        {() => (
          <>
            {stroked && (
              <WidthSlider
                value={Number(r.lineWidth ?? LINE_WIDTH.default)}
                onChange={(lineWidth) => editor.applyStyleToSelection({ lineWidth })}
              />
            )}
            <OpacitySlider value={opacity} onChange={(v) => editor.applyStyleToSelection({ opacity: v })} />
          </>
        )}
      </Popover>
      <span className="tb-sep" />
      <button
        type="button"
        className="tb-btn"
        aria-label="Bring to front"
        title={actionTitle(editor, 'bringToFront', 'Bring to front')}
        onClick={() => runAction(editor, 'bringToFront')}
      >
        <BoardIcon name="front" />
      </button>
      <button
        type="button"
        className="tb-btn"
        aria-label="Send back"
        title={actionTitle(editor, 'sendBack', 'Send back')}
        onClick={() => runAction(editor, 'sendBack')}
      >
        <BoardIcon name="back2" />
      </button>
      <button
        type="button"
        className="tb-btn"
        aria-label="Duplicate"
        title={actionTitle(editor, 'duplicate', 'Duplicate')}
        onClick={() => runAction(editor, 'duplicate')}
      >
        <BoardIcon name="duplicate" />
      </button>
      <button
        type="button"
        className="tb-btn"
        aria-label="Delete"
        title={actionTitle(editor, 'remove', 'Delete')}
        onClick={() => runAction(editor, 'remove')}
      >
        <BoardIcon name="trash" />
      </button>
    </div>
  );
}
