import { BehaviorSubject } from 'rxjs';
import type { ImageShape, Shape } from '../../shared/model';
import type { Editor } from '../editor/editor';
import type { UploadedAsset } from '../sync/api';
import { downsizeTarget, isResizable, largerThanView, pictureSize, resizePicture, type DownsizeChoice } from './downsize';
import { fitSize, gridPlacement, replacedSize, replaceProblem, uploadProblem, type Size } from './rules';

export type { DownsizeChoice };

/**
 * Files onto the board (board.md §2, §5): the upload tool's picker, files dropped on the canvas
 * and pictures pasted all come here. Each file is checked first (type by its name, size against
 * the workspace's limit: the spec's messages), sent with its progress shown, and the pictures
 * that arrived land together — a grid centred where they were dropped or on the view — selected.
 */

export interface Uploader {
  upload(file: Blob, name: string, options?: { quality?: number; onProgress?: (percent: number) => void }): Promise<UploadedAsset>;
  /** upload via URL: the server fetches the file */
  uploadUrl(url: string, options?: { quality?: number }): Promise<UploadedAsset>;
  /** copies onto this board of pictures pasted from another (an empty assetId: not copied) */
  duplicateAssets(items: Array<{ id: string; assetId: string }>): Promise<Array<{ id: string; assetId: string }>>;
  /** POST …/scripts/media: the picture of a diagram Mermaid drew in the browser (sdk/editor/diagram-picture.ts) */
  scriptPicture(script: string, svg: string): Promise<{ id: string; width: number; height: number }>;
  /** the address of the platform's tabula-mermaid.js (sdk/editor/mermaid-loader.ts) */
  mermaidScript: string;
}

/** The uploads under way, for the board screen's progress bars. */
export interface UploadState {
  id: number;
  name: string;
  percent: number;
}
export const uploads$ = new BehaviorSubject<readonly UploadState[]>([]);
let nextUpload = 1;

function track(name: string): { progress(percent: number): void; done(): void } {
  const id = nextUpload++;
  uploads$.next([...uploads$.value, { id, name, percent: 0 }]);
  return {
    progress: (percent) => uploads$.next(uploads$.value.map((u) => (u.id === id ? { ...u, percent } : u))),
    done: () => uploads$.next(uploads$.value.filter((u) => u.id !== id)),
  };
}

/** A picture's largest size on landing: 60 % of the visible board, so it is seen whole. */
function landingMax(editor: Editor): Size {
  const k = editor.viewport.scale || 1;
  return { w: (editor.viewport.width * 0.6) / k, h: (editor.viewport.height * 0.6) / k };
}

/**
 * The files as they are sent: pictures larger than the view are offered the Downsize images dialog
 * (sdk/assets/downsize.ts; when the board screen gives one: `editor.askDownsize`) and sent resized
 * and with the chosen compression; null when the person cancelled (nothing is sent).
 */
async function downsized(editor: Editor, files: readonly File[]): Promise<Array<{ file: File; quality?: number }> | null> {
  const ratio = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1;
  const view = { w: Math.round(editor.viewport.width * ratio), h: Math.round(editor.viewport.height * ratio) };
  const sizes = await Promise.all(files.map((f) => (isResizable(f.type) && editor.askDownsize ? pictureSize(f) : Promise.resolve(null))));
  const large = files.filter((_, i) => sizes[i] && largerThanView(sizes[i]!, view));
  if (large.length === 0) return files.map((file) => ({ file }));
  // the board's setting decides, or the person does (board.md §6 image downsize settings)
  const setting = editor.downsizeSetting;
  const choice: DownsizeChoice | null =
    setting.option === 'ask'
      ? await editor.askDownsize!(large.length)
      : { option: setting.option, ...(setting.quality ? { quality: setting.quality } : {}) };
  if (!choice) return null;
  return Promise.all(
    files.map(async (file, i) => {
      const size = sizes[i];
      if (!size || !large.includes(file)) return { file };
      const target = downsizeTarget(size, choice.option, view);
      const resized = target.w < size.w ? await resizePicture(file, target) : file;
      return { file: resized, quality: choice.quality };
    }),
  );
}

/** Uploads `files` and places the pictures that arrived; answers the new shapes. */
export async function uploadFiles(
  editor: Editor,
  uploader: Uploader,
  files: readonly File[],
  at?: { x: number; y: number } | null,
): Promise<Shape[]> {
  const checked: File[] = [];
  for (const file of files) {
    const problem = uploadProblem(file, editor.maxUploadSize);
    if (problem) editor.notice$.next({ kind: 'error', text: problem });
    else checked.push(file);
  }
  const accepted = await downsized(editor, checked);
  if (!accepted) return [];
  const arrived = await Promise.all(
    accepted.map(async ({ file, quality }) => {
      const bar = track(file.name);
      try {
        return await uploader.upload(file, file.name, { onProgress: bar.progress, ...(quality ? { quality } : {}) });
      } catch (err) {
        editor.notice$.next({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
        return null;
      } finally {
        bar.done();
      }
    }),
  );
  return placeAssets(
    editor,
    arrived.filter((a): a is UploadedAsset => !!a),
    at,
  );
}

/**
 * Upload via URL (board.md §5): the server fetches the file; the picture lands on the view like an
 * uploaded one. A refusal is thrown with the server's words (the dialog shows them).
 */
export async function uploadFromUrl(editor: Editor, uploader: Uploader, url: string): Promise<Shape[]> {
  return placeAssets(editor, [await uploader.uploadUrl(url.trim())]);
}

/** Pictures that arrived onto the board: a grid centred on `at` or the view, then selected. */
function placeAssets(editor: Editor, assets: readonly UploadedAsset[], at?: { x: number; y: number } | null): Shape[] {
  if (assets.length === 0 || !editor.canEdit()) return [];
  const max = landingMax(editor);
  const sizes = assets.map((a) => fitSize({ w: a.width, h: a.height }, max));
  const center = at ?? editor.toBoard(editor.viewport.width / 2, editor.viewport.height / 2);
  const corners = gridPlacement(sizes, center);
  const shapes = editor.addShapes(
    assets.map((a, i): Partial<ImageShape> & { cmd: 'image' } => ({
      cmd: 'image',
      x: corners[i]!.x,
      y: corners[i]!.y,
      w: sizes[i]!.w,
      h: sizes[i]!.h,
      resource: a.id,
      ...(a.metadata.page ? { page: { current: 1, total: a.metadata.page.total } } : {}),
    })),
  );
  // the pictures are ready to be moved and sized: the select tool, with them selected
  editor.setTool('select');
  editor.select(shapes.map((s) => s.id));
  return shapes;
}

/** The files of a drop or a paste that are files (a paste of text is not an upload). */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  return [...data.files];
}

/**
 * Replace image (board.md §5): the file must be a picture ('"{file name}" is not an image'), then
 * it is uploaded like any other; the shape keeps its place and width, takes the new picture and its
 * aspect, and leaves any PDF page behind — one undoable change.
 */
export async function replacePicture(editor: Editor, uploader: Uploader, shape: ImageShape, file: File): Promise<boolean> {
  const problem = replaceProblem(file, editor.maxUploadSize);
  if (problem) {
    editor.notice$.next({ kind: 'error', text: problem });
    return false;
  }
  const bar = track(file.name);
  let asset: UploadedAsset;
  try {
    asset = await uploader.upload(file, file.name, { onProgress: bar.progress });
  } catch (err) {
    editor.notice$.next({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    return false;
  } finally {
    bar.done();
  }
  if (!editor.doc.get(shape.id) || !editor.canEdit()) return false;
  const size = replacedSize({ w: shape.w, h: shape.h }, { w: asset.width, h: asset.height });
  editor.execute({
    cmd: 'propertyModifier',
    shapes: [shape.id],
    props: [
      { name: 'resource', value: asset.id },
      { name: 'url', value: null },
      { name: 'h', value: size.h },
      { name: 'page', value: null },
    ],
  });
  return true;
}
