import type { Editor } from '../editor/editor';
import { useSubject } from './hooks';
import { runAction, useEditorTick } from './editor-hooks';
import { BoardIcon } from './icons';
import { Popover } from './popover';
import { shortcutOf, TipButton } from './tooltip';
import {
  EditorFontSelect,
  FontSizeSelect,
  LineTypeSelect,
  OpacitySlider,
  Palette,
  StickyPalette,
  StickySizeSelect,
  WidthSlider,
} from './style-controls';
import { POLICY } from '../../shared/policies';
import { MoreTools, onToolbarKeys, toolLayout, useToolboxRoom } from './toolbox-overflow';

/**
 * The floating toolbox for editors (board.md §2): the tools of the action registry (each gated
 * by its `enabled`: edit_board and plan policies), then the drawing style: colour palette,
 * line width 1–9 and opacity 1–10 (plus font or sticky options for those tools). Tools that do not
 * fit the board's height go into 'More tools' (./toolbox-overflow.tsx).
 */
/** Tool actions offered elsewhere: pan in the zoom bar, upload via URL in the main menu, previous tool by its key. */
const OFF_TOOLBOX = new Set(['previousTool', 'pan', 'uploadUrl']);
/** The height below the tools: gap, separator, gap, the drawing-style button. */
const STYLE_ROOM = 2 + 1 + 2 + 40;

export function Toolbox({ editor }: { editor: Editor }) {
  useEditorTick(editor, ['tool', 'readOnly']);
  const [room, ref] = useToolboxRoom();
  const tool = useSubject(editor.tool$);
  const style = useSubject(editor.style$);
  const tools = editor.actions.list('tools').filter((a) => !OFF_TOOLBOX.has(a.id) && a.enabled({ editor }));
  // a Commenter (write_comment without edit_board) gets the comment tool only
  if (!editor.canEdit() && tools.length === 0) return null;
  const swatch = tool === 'stickyNote' ? style.stickyColor : style.color;
  // below the tools: the separator and the drawing-style button (board.css .tb-toolbox)
  const { rows, columns, shown } = toolLayout(tools.length, room, editor.canEdit() ? STYLE_ROOM : 0);
  return (
    <div
      ref={ref}
      className="tb-panel tb-toolbox"
      role="toolbar"
      aria-label="Tools"
      aria-orientation="vertical"
      onKeyDownCapture={(e) => onToolbarKeys(e, rows, columns)}
    >
      <div className="tb-toolbox__tools" style={{ gridTemplateRows: `repeat(${rows}, 40px)` }}>
        {tools.slice(0, shown).map((a) => (
          <TipButton
            key={a.id}
            label={a.label}
            shortcut={shortcutOf(editor, a.id)}
            placement="right"
            aria-pressed={tool === a.id}
            data-tool={a.id}
            onClick={() => runAction(editor, a.id)}
          >
            <BoardIcon name={a.id} />
          </TipButton>
        ))}
        {shown < tools.length && <MoreTools editor={editor} tools={tools.slice(shown)} current={tool} />}
      </div>
      {editor.canEdit() && (
        <>
          <span className="tb-sep" style={{ width: '70%', height: 1, alignSelf: 'center' }} />
          <Popover
            label="Drawing style"
            placement="right"
            className="tb-style-pop"
            button={<span className="tb-swatch" style={{ background: swatch, opacity: style.opacity / 10 }} />}
          >
            {() => (
              <>
                {tool === 'stickyNote' ? (
                  <>
                    <div className="tb-label">Sticky colour</div>
                    <StickyPalette value={style.stickyColor} onPick={(stickyColor) => editor.setStyle({ stickyColor })} />
                    <div className="tb-slider">
                      <span style={{ width: 52 }}>Size</span>
                      <StickySizeSelect value={style.stickySize} onChange={(stickySize) => editor.setStyle({ stickySize })} />
                    </div>
                  </>
                ) : (
                  <>
                    <div className="tb-label">Colour</div>
                    <Palette value={style.color} onPick={(color) => editor.setStyle({ color })} />
                  </>
                )}
                {tool === 'text' ? (
                  <div className="tb-slider">
                    <EditorFontSelect editor={editor} value={style.font} onChange={(font) => editor.setStyle({ font })} />
                    <FontSizeSelect value={style.fontSize} onChange={(fontSize) => editor.setStyle({ fontSize })} />
                  </div>
                ) : (
                  <WidthSlider value={style.lineWidth} onChange={(lineWidth) => editor.setStyle({ lineWidth })} />
                )}
                <OpacitySlider value={style.opacity} onChange={(opacity) => editor.setStyle({ opacity })} />
                {(tool === 'line' || tool === 'arrow') && editor.hasPolicy(POLICY.lineType) && (
                  <div className="tb-slider">
                    <span style={{ width: 52 }}>Type</span>
                    <LineTypeSelect value={style.lineType} onChange={(lineType) => editor.setStyle({ lineType })} />
                  </div>
                )}
              </>
            )}
          </Popover>
        </>
      )}
    </div>
  );
}
