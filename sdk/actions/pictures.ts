import type { ImageShape } from '../../shared/model';
import { pickFiles } from '../assets/picker';
import { downloadOriginal } from '../assets/pictures';
import { PICTURE_EXTENSIONS } from '../assets/rules';
import { replacePicture } from '../assets/upload';
import type { Editor } from '../editor/editor';
import type { Action } from './registry';

/** The one selected picture (any, or only an uploaded asset), if that is the selection. */
export function selectedPicture(editor: Editor, uploaded = true): ImageShape | null {
  const ids = editor.selection;
  if (ids.length !== 1) return null;
  const shape = editor.doc.get(ids[0]!);
  // the picture's own actions (allowed in tests/unit/shared/shape-registry.test.ts)
  return shape?.cmd === 'image' && (shape.resource || !uploaded) && editor.selectionType(shape) === 'normal' ? shape : null;
}

/** Actions on pictures (board.md §5 "Replace image", §7 "original image download"). */
export const PICTURE_ACTIONS: Action[] = [
  {
    id: 'replaceImage',
    label: 'Replace image',
    group: 'edit',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && !!editor.uploader && !editor.headless && selectedPicture(editor, false) !== null,
    perform: ({ editor }) => {
      const picture = selectedPicture(editor, false);
      const uploader = editor.uploader;
      if (picture && uploader)
        pickFiles({ accept: PICTURE_EXTENSIONS, multiple: false }, ([file]) => void replacePicture(editor, uploader, picture, file!));
    },
  },
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
