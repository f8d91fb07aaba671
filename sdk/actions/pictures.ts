import type { ImageShape } from '../../shared/model';
import { downloadOriginal } from '../assets/pictures';
import type { Editor } from '../editor/editor';
import type { Action } from './registry';

/** The one selected picture that is an uploaded asset, if that is the selection. */
export function selectedPicture(editor: Editor): ImageShape | null {
  const ids = editor.selection;
  if (ids.length !== 1) return null;
  const shape = editor.doc.get(ids[0]!);
  return shape?.cmd === 'image' && shape.resource ? shape : null;
}

/** Actions on pictures (board.md §7 "original image download"). */
export const PICTURE_ACTIONS: Action[] = [
  {
    id: 'downloadOriginal',
    label: 'Download original',
    group: 'view',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => selectedPicture(editor) !== null && !editor.headless,
    perform: ({ editor }) => {
      const picture = selectedPicture(editor);
      if (!picture?.resource) return;
      downloadOriginal(picture.resource).catch((err: unknown) =>
        editor.notice$.next({ kind: 'error', text: err instanceof Error ? err.message : String(err) }),
      );
    },
  },
];
