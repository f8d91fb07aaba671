/**
 * A diagram of a kind other than a flowchart (issue 34 item 2): the SVG Mermaid drew in the
 * browser (./mermaid-loader.ts) is stored by POST /api/boards/{id}/scripts/media, which rasterises
 * it through the upload pipeline, and lands as a picture (an image shape of that asset) keeping
 * the script in its metadata, so Edit diagram reopens it and Update replaces the picture.
 */
import type { ImageShape, Shape } from '../../shared/model';
import type { Editor } from './editor';
import { placeDiagram, replaceDiagram, viewCentre } from './diagram';
import { newId } from './ids';

type Size = { width: number; height: number };

/** The picture's size on landing: the drawing's own, scaled down to fit 80 % of the view. */
export function pictureSize(editor: Editor, drawn: Size): { w: number; h: number } {
  const k = editor.viewport.scale || 1;
  const max = { w: (editor.viewport.width * 0.8) / k, h: (editor.viewport.height * 0.8) / k };
  const s = Math.min(1, max.w / drawn.width, max.h / drawn.height);
  return { w: Math.max(1, Math.round(drawn.width * s)), h: Math.max(1, Math.round(drawn.height * s)) };
}

/** The image shape of stored asset `resource`, centred on `at`, keeping `script`. */
function pictureShape(editor: Editor, resource: string, script: string, drawn: Size, at: { x: number; y: number }): ImageShape {
  const { w, h } = pictureSize(editor, drawn);
  return {
    cmd: 'image',
    id: newId(),
    uid: editor.uid,
    timestamp: Date.now(),
    x: Math.round(at.x - w / 2),
    y: Math.round(at.y - h / 2),
    w,
    h,
    resource,
    metadata: { script },
  } as ImageShape;
}

/** Why a diagram other than a flowchart cannot be added here. */
export const PICTURES_OFF = 'This board takes no pictures (uploads are off), so only flowcharts can be added to it.';

/** Stores Mermaid's drawing of `script` and answers its asset id (the server's refusal is thrown with its words). */
export async function storeDiagramPicture(editor: Editor, script: string, svg: string): Promise<string> {
  const uploader = editor.uploader;
  if (!uploader) throw new Error(PICTURES_OFF);
  return (await uploader.scriptPicture(script, svg)).id;
}

/**
 * Places stored picture `resource` of `script`: at the view's centre (one command), or in place of
 * diagram `replacing` (a picture or a flowchart's group) at its centre (one commandSet); selected.
 */
export function placeDiagramPicture(editor: Editor, resource: string, script: string, drawn: Size, replacing?: string): Shape | null {
  if (replacing) return replaceDiagram(editor, replacing, script, (at) => pictureShape(editor, resource, script, drawn, at));
  return placeDiagram(editor, pictureShape(editor, resource, script, drawn, viewCentre(editor)));
}

/** Stores and places the picture of `script` (in place of diagram `replacing` when given). */
export async function addDiagramPicture(
  editor: Editor,
  script: string,
  svg: string,
  drawn: Size,
  replacing?: string,
): Promise<Shape | null> {
  return placeDiagramPicture(editor, await storeDiagramPicture(editor, script, svg), script, drawn, replacing);
}
