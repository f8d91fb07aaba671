/**
 * The link shape's SDK module. A link that groups shapes draws as its shapes (./group.ts); a link
 * card (a pasted URL, shared/geometry/link.ts) draws its card from the shared layout: a white
 * rounded box, the preview picture on the left, the title, description and site on the right.
 *
 * The picture is the page's own address (the preview answer's `image`), loaded as a plain image
 * with CORS (`crossOrigin = 'anonymous'`, no referrer) so the canvas stays exportable: a picture
 * whose server does not allow that, or that the page's CSP refuses (img-src: https only), is left
 * out and its place stays grey.
 */
import Two from 'two.js';
import type { LinkShape } from '../../shared/model';
import { isLinkCard, linkCardLayout, LINK_CARD_STYLE, shapeGeometry, type LinkCardShape } from '../../shared/geometry';
import { composite } from './group';
import { redraw$, type ShapeModule } from './registry';
import { fontFamily, rectPath, withCommon } from './two-helpers';

type Picture = { image: HTMLImageElement; ready: boolean; failed: boolean; waiting: Set<string> };
const pictures = new Map<string, Picture>();
const MAX_PICTURES = 200;

/** The picture of an address, loading it the first time (the shapes waiting for it are redrawn when it arrives). */
function pictureOf(url: string, shapeId: string): Picture | null {
  if (typeof Image === 'undefined') return null;
  let p = pictures.get(url);
  if (!p) {
    if (pictures.size >= MAX_PICTURES) pictures.delete(pictures.keys().next().value!);
    const image = new Image();
    const entry: Picture = { image, ready: false, failed: false, waiting: new Set() };
    image.crossOrigin = 'anonymous';
    image.referrerPolicy = 'no-referrer';
    image.decoding = 'async';
    image.onload = () => {
      entry.ready = true;
      for (const id of entry.waiting) redraw$.next(id);
      entry.waiting.clear();
    };
    image.onerror = () => {
      entry.failed = true;
      entry.waiting.clear();
    };
    image.src = url;
    pictures.set(url, entry);
    p = entry;
  }
  if (!p.ready && !p.failed) p.waiting.add(shapeId);
  return p;
}

interface CardPicture {
  _renderer: { type: string };
  picture: Picture;
  box: { x: number; y: number; w: number; h: number };
  parent: unknown;
}

/** Draws the picture covering its box (centred, cropped like CSS object-fit: cover). */
function drawCardPicture(this: CardPicture, ctx: CanvasRenderingContext2D): void {
  const { image, ready } = this.picture;
  if (!ready || !image.naturalWidth) return;
  const { x, y, w, h } = this.box;
  const scale = Math.max(w / image.naturalWidth, h / image.naturalHeight);
  const sw = w / scale;
  const sh = h / scale;
  const alpha = ctx.globalAlpha;
  ctx.globalAlpha = (this.parent as { _renderer?: { opacity?: number } })._renderer?.opacity ?? 1;
  ctx.drawImage(image, (image.naturalWidth - sw) / 2, (image.naturalHeight - sh) / 2, sw, sh, x, y, w, h);
  ctx.globalAlpha = alpha;
}

// two.js' canvas renderer looks up renderers by `_renderer.type` in its public Utils table (as ./image.ts does)
(Two.CanvasRenderer.Utils as unknown as Record<string, unknown>)['tabula-link-picture'] = { render: drawCardPicture };

function renderCard(shape: LinkCardShape) {
  const S = LINK_CARD_STYLE;
  const { box, image, texts } = linkCardLayout(shape);
  const group = new Two.Group();
  const rounded = () => new Two.RoundedRectangle(box.x + box.w / 2, box.y + box.h / 2, box.w, box.h, S.radius);
  const card = rounded();
  card.fill = S.background;
  card.noStroke();
  group.add(card);
  if (image) {
    // the picture and its placeholder keep to the card's rounded corners
    const pictureGroup = new Two.Group();
    const place = rectPath(image);
    place.fill = S.placeholder;
    place.noStroke();
    pictureGroup.add(place);
    const picture = shape.image ? pictureOf(shape.image, shape.id) : null;
    if (picture) {
      const proxy: CardPicture = { _renderer: { type: 'tabula-link-picture' }, picture, box: image, parent: group };
      // drawn after the placeholder (the canvas renderer only iterates the child list, as for ./image.ts)
      Array.prototype.push.call(pictureGroup.children, proxy);
    }
    const clip = rounded();
    clip.noStroke();
    pictureGroup.mask = clip;
    group.add(pictureGroup);
  }
  const outline = rounded();
  outline.noFill();
  outline.stroke = S.border;
  outline.linewidth = 1;
  group.add(outline);
  const words = new Two.Group();
  for (const t of texts)
    t.lines.forEach((line, i) =>
      words.add(
        new Two.Text(line, t.x, t.y + i * t.lineHeight, {
          family: fontFamily(S.font),
          size: t.size,
          leading: t.lineHeight,
          alignment: 'left',
          baseline: 'top',
          weight: t.bold ? 700 : 400,
          fill: t.color,
          stroke: 'transparent',
        }),
      ),
    );
  const clip = rectPath(box);
  clip.noStroke();
  words.mask = clip;
  group.add(words);
  return withCommon(group, shape, box);
}

function render(shape: LinkShape) {
  return isLinkCard(shape) ? renderCard(shape) : composite.render(shape as never);
}

/** Far out: the card's box, its picture when loaded, a bar for the title. */
function sketch(ctx: CanvasRenderingContext2D, shape: LinkShape, scale: number) {
  if (!isLinkCard(shape)) return composite.sketch(ctx, shape as never, scale);
  const S = LINK_CARD_STYLE;
  const { box, image, texts } = linkCardLayout(shape);
  ctx.fillStyle = S.background;
  ctx.strokeStyle = S.border;
  ctx.lineWidth = 1 / Math.max(scale, 0.01);
  ctx.fillRect(box.x, box.y, box.w, box.h);
  ctx.strokeRect(box.x, box.y, box.w, box.h);
  if (image) {
    const p = shape.image ? pictures.get(shape.image) : undefined;
    if (p?.ready) ctx.drawImage(p.image, image.x, image.y, image.w, image.h);
    else {
      ctx.fillStyle = S.placeholder;
      ctx.fillRect(image.x, image.y, image.w, image.h);
    }
  }
  const title = texts[0];
  if (title) {
    ctx.fillStyle = S.title.color;
    ctx.globalAlpha *= 0.45;
    ctx.fillRect(
      title.x,
      title.y + title.size * 0.25,
      Math.min(title.width, (title.lines[0]?.length ?? 0) * title.size * 0.55),
      title.size * 0.6,
    );
    ctx.globalAlpha /= 0.45;
  }
}

export const link: ShapeModule<LinkShape> = {
  kind: 'link',
  geometry: shapeGeometry.link,
  render,
  sketch,
  properties: ['opacity'],
  resizable: true,
  rotatable: true,
};
