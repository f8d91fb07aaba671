import Two from 'two.js';
import type { ImageShape } from '../../shared/model';
import { shapeGeometry } from '../../shared/geometry';
import { loadPicture, pictureVariant$, readyPicture, type PictureRef } from '../assets/pictures';
import type { ImageVariant } from '../assets/rules';
import { redraw$, type ShapeModule } from './registry';
import { rectPath, withCommon } from './two-helpers';

/**
 * An image (or a PDF's page): a grey placeholder, and the picture drawn over it once it has
 * loaded (sdk/assets/pictures.ts) — at the variant the zoom needs (full; s1 below 0.25; preview
 * below 0.12), swapped when the zoom crosses a threshold. A picture that fails keeps the
 * placeholder; a picture is only ever drawn once it has decoded, so a broken one cannot stop the
 * other shapes of a tile from drawing.
 */

export const pictureRef = (shape: ImageShape): PictureRef | null =>
  shape.resource ? { resource: shape.resource, page: shape.page?.current } : shape.url ? { url: shape.url } : null;

interface Shown {
  shape: ImageShape;
  group: InstanceType<typeof Two.Group>;
  ref: PictureRef;
  sprite: InstanceType<typeof Two.Sprite> | null;
  variant: ImageVariant | null;
}

/** the drawn image shapes by id (the newest drawing of each): the zoom's variant is swapped in place */
const shown = new Map<string, Shown>();

function place(s: Shown, img: HTMLImageElement, variant: ImageVariant): void {
  const box = shapeGeometry.image.box(s.shape);
  if (s.sprite) s.group.remove(s.sprite);
  const sprite = new Two.Sprite(new Two.Texture(img), box.x + box.w / 2, box.y + box.h / 2);
  sprite.scale = new Two.Vector(box.w / (img.naturalWidth || 1), box.h / (img.naturalHeight || 1));
  s.group.add(sprite);
  s.sprite = sprite;
  s.variant = variant;
}

function show(s: Shown, wanted: ImageVariant): void {
  const variant = s.ref.resource ? wanted : 'full';
  if (s.variant === variant) return;
  const img = readyPicture(s.ref, variant);
  if (img) return place(s, img, variant);
  void loadPicture(s.ref, variant).then((loaded) => {
    if (!loaded || shown.get(s.shape.id) !== s || s.variant === variant || pictureVariant$.value !== wanted) return;
    place(s, loaded, variant);
    redraw$.next(s.shape.id);
  });
}

pictureVariant$.subscribe((variant) => {
  for (const s of shown.values()) if (s.ref.resource) show(s, variant);
});

/** While an export draws (`drawingPictures`): the variant it draws, loaded beforehand; its drawings are not the screen's. */
let exporting: ImageVariant | null = null;

/** Runs `draw` (an export's synchronous render) with image shapes drawing `variant` from what is loaded, apart from the screen's drawings. */
export function drawingPictures<T>(variant: ImageVariant, draw: () => T): T {
  exporting = variant;
  try {
    return draw();
  } finally {
    exporting = null;
  }
}

function render(shape: ImageShape) {
  const box = shapeGeometry.image.box(shape);
  const group = new Two.Group();
  const frame = rectPath(box);
  frame.fill = '#eeeeee';
  frame.stroke = '#cccccc';
  frame.linewidth = 1;
  group.add(frame);
  const ref = pictureRef(shape);
  if (ref && exporting) {
    const variant = ref.resource ? exporting : 'full';
    const img = readyPicture(ref, variant);
    if (img) place({ shape, group, ref, sprite: null, variant: null }, img, variant);
  } else if (ref && typeof document !== 'undefined') {
    const s: Shown = { shape, group, ref, sprite: null, variant: null };
    shown.set(shape.id, s);
    show(s, pictureVariant$.value);
  }
  return withCommon(group, shape, box);
}

/** Far out: the picture if it is loaded (any variant), else the placeholder. */
function sketch(ctx: CanvasRenderingContext2D, shape: ImageShape) {
  const b = shapeGeometry.image.box(shape);
  const ref = pictureRef(shape);
  const img = ref && (readyPicture(ref, 'preview') ?? readyPicture(ref, 's1') ?? readyPicture(ref, 'full'));
  if (img) {
    ctx.drawImage(img, b.x, b.y, b.w, b.h);
    return;
  }
  ctx.fillStyle = '#e4e4e4';
  ctx.fillRect(b.x, b.y, b.w, b.h);
}

export const image: ShapeModule<ImageShape> = {
  kind: 'image',
  geometry: shapeGeometry.image,
  render,
  sketch,
  properties: ['opacity'],
  resizable: true,
  rotatable: true,
};
