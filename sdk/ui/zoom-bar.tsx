import { useEffect, useState } from 'react';
import { zoomPercent } from '../engine/viewport';
import type { Editor } from '../editor/editor';
import { useSubject } from './hooks';
import { actionTitle } from './editor-hooks';
import { BoardIcon } from './icons';
import { Popover } from './popover';

/** Zoom out / percentage with the zoom menu (100 %, fit) / zoom in, pan and fullscreen. */
export function ZoomBar({ editor }: { editor: Editor }) {
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
    <div className="tb-panel tb-bar tb-bottomright" role="toolbar" aria-label="View">
      <button type="button" className="tb-btn" aria-label="Zoom out" title={actionTitle(editor, 'zoomOut', 'Zoom out')} onClick={() => editor.zoomOut()}>
        <BoardIcon name="zoomOut" />
      </button>
      <Popover
        label="Zoom menu"
        title="Zoom menu"
        placement="above-right"
        buttonClassName="tb-btn tb-zoom-value"
        button={<span data-testid="zoom-percent">{percent}%</span>}
      >
        {(close) => (
          <>
            <button type="button" role="menuitem" className="tb-item" onClick={() => (editor.zoomTo100(), close())}>
              Zoom to 100% <span className="tb-item__keys">{editor.actions.keysOf('zoom100')[0]}</span>
            </button>
            <button type="button" role="menuitem" className="tb-item" onClick={() => (editor.zoomToFit(), close())}>
              Fit to screen <span className="tb-item__keys">{editor.actions.keysOf('zoomFit')[0]}</span>
            </button>
          </>
        )}
      </Popover>
      <button type="button" className="tb-btn" aria-label="Zoom in" title={actionTitle(editor, 'zoomIn', 'Zoom in')} onClick={() => editor.zoomIn()}>
        <BoardIcon name="zoomIn" />
      </button>
      <span className="tb-sep" />
      <button
        type="button"
        className="tb-btn"
        aria-label="Pan"
        title={actionTitle(editor, 'pan', 'Pan')}
        aria-pressed={tool === 'pan'}
        onClick={() => editor.setTool(tool === 'pan' && editor.previousTool ? editor.previousTool : 'pan')}
      >
        <BoardIcon name="pan" />
      </button>
      <button
        type="button"
        className="tb-btn"
        aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
        title={actionTitle(editor, 'fullscreen', 'Fullscreen')}
        onClick={() => editor.toggleFullscreen()}
      >
        <BoardIcon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
      </button>
    </div>
  );
}
