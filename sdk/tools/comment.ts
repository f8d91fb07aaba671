import { COMMENT_MARKER_SIZE } from '../../shared/constants';
import { commentsOf } from '../collab/comments/registry';
import type { Tool } from './tool';
import { moved, px } from './tool';

/**
 * The comment tool (board.md §4; write_comment and the comments policy): a click on a marker
 * opens its thread, a click elsewhere opens the comment box for a new thread there (the marker is
 * placed with the first comment). A drag does nothing.
 */
export function createCommentTool(): Tool {
  let start: { sx: number; sy: number } | null = null;
  return {
    name: 'comment',
    cursor: 'crosshair',
    pointer(e, editor) {
      if (e.button !== 0) return;
      if (e.phase === 'Started') start = { sx: e.sx, sy: e.sy };
      if (e.phase !== 'Completed' || !start) return;
      const click = !moved(start, e, 4);
      start = null;
      const comments = commentsOf(editor);
      if (!click || !comments) return;
      const hit = editor.scene.hit({ x: e.x, y: e.y }, px(editor, 2), (s) => s.cmd === 'comment');
      if (hit) comments.openShape(hit.id);
      // the marker's tail points at the click
      else comments.startDraft(e.x - COMMENT_MARKER_SIZE / 4, e.y - COMMENT_MARKER_SIZE);
    },
    deactivate() {
      start = null;
    },
  };
}
