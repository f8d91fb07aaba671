import { useEffect, useState } from 'react';
import { zoomPercent } from '../engine/viewport';
import type { Editor } from '../editor/editor';
import { useSubject } from './hooks';
import { BoardIcon } from './icons';
import { Popover } from './popover';
import { shortcutOf, TipButton, type TipPlacement } from './tooltip';

/**
 * The view controls of the top bar (board.md §2): zoom out, the percentage with the zoom menu
 * (100 %, fit to screen), zoom in, pan and fullscreen; each with a labelled tooltip and its key.
 */
export function ZoomControls({ editor, tips = 'below' }: { editor: Editor; tips?: TipPlacement }) {
  const scale = useSubject(editor.zoom$);
  const tool = useSubject(editor.tool$);
  const [fullscreen, setFullscreen] = useState(typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const on = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const percent = zoomPercent(scale);
  return (
    <>
      <TipButton label="Zoom out" shortcut={shortcutOf(editor, 'zoomOut')} placement={tips} onClick={() => editor.zoomOut()}>
        <BoardIcon name="zoomOut" />
      </TipButton>
      <Popover
        label="Zoom menu"
        title="Zoom menu"
        placement={tips === 'above' ? 'above-right' : 'below'}
        buttonClassName="tb-btn tb-zoom-value"
        button={<span data-testid="zoom-percent">{percent}%</span>}
      >
        {(close) => (
          <>
            <button type="button" role="menuitem" className="tb-item" onClick={() => (editor.zoomTo100(), close())}>
              Zoom to 100% <span className="tb-item__keys">{shortcutOf(editor, 'zoom100')}</span>
            </button>
            <button type="button" role="menuitem" className="tb-item" onClick={() => (editor.zoomToFit(), close())}>
              Fit to screen <span className="tb-item__keys">{shortcutOf(editor, 'zoomFit')}</span>
            </button>
          </>
        )}
      </Popover>
      <TipButton label="Zoom in" shortcut={shortcutOf(editor, 'zoomIn')} placement={tips} onClick={() => editor.zoomIn()}>
        <BoardIcon name="zoomIn" />
      </TipButton>
      <span className="tb-sep" />
      <TipButton
        label="Pan"
        shortcut={shortcutOf(editor, 'pan')}
        placement={tips}
        aria-pressed={tool === 'pan'}
        onClick={() => editor.setTool(tool === 'pan' && editor.previousTool ? editor.previousTool : 'pan')}
      >
        <BoardIcon name="pan" />
      </TipButton>
      <TipButton
        label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
        shortcut={shortcutOf(editor, 'fullscreen')}
        placement={tips}
        onClick={() => editor.toggleFullscreen()}
      >
        <BoardIcon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
      </TipButton>
    </>
  );
}

/** The view controls in their own bar at the bottom right (a host that hides the top bar keeps them). */
export function ZoomBar({ editor }: { editor: Editor }) {
  return (
    <div className="tb-panel tb-bar tb-bottomright" role="toolbar" aria-label="View">
      <ZoomControls editor={editor} tips="above" />
    </div>
  );
}
