import { useEffect, useState } from 'react';
import type { ImageShape } from '../../shared/model';
import type { Editor } from '../editor/editor';
import { BoardIcon } from './icons';
import { typedPage } from '../assets/rules';

/**
 * A PDF page's menu in the floating menu (board.md §5 "Page menu"): previous and next (clamped
 * to the document), and the page typed in — one between 1 and the total, else the field shows
 * the current page again. Each change is one pageModifier: undoable, seen by everyone.
 */
export function PageMenu({ editor, shape }: { editor: Editor; shape: ImageShape & { page: { current: number; total: number } } }) {
  const { current, total } = shape.page;
  const [text, setText] = useState(String(current));
  useEffect(() => setText(String(current)), [current]);
  const go = (page: number) => {
    const next = Math.min(Math.max(1, page), total);
    if (next !== current) editor.execute({ cmd: 'pageModifier', shape: shape.id, page: next });
    setText(String(next));
  };
  const apply = () => {
    const page = typedPage(text, total);
    if (page === null) setText(String(current));
    else go(page);
  };
  return (
    <div className="tb-page-menu" role="group" aria-label="Page">
      <button type="button" className="tb-btn" aria-label="Previous page" disabled={current <= 1} onClick={() => go(current - 1)}>
        <BoardIcon name="chevronLeft" />
      </button>
      <input
        className="tb-page-input"
        aria-label={`Page (1 to ${total})`}
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') apply();
          if (e.key === 'Escape') setText(String(current));
        }}
      />
      <span className="tb-page-total">/ {total}</span>
      <button type="button" className="tb-btn" aria-label="Next page" disabled={current >= total} onClick={() => go(current + 1)}>
        <BoardIcon name="chevronRight" />
      </button>
    </div>
  );
}
