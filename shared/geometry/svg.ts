import type { Shape } from '../model';
import { rectCenter, type Rect } from './rect';

/** Escapes text for SVG element content and attribute values. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Rounds coordinates so SVG output stays short and stable. */
export function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** `name="value"` pairs, skipping undefined values. */
export function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}="${typeof v === 'number' ? num(v) : escapeXml(v!)}"`)
    .join(' ');
}

/** Shape-level attributes: rotation around the box centre and opacity (tenths). */
export function commonAttrs(shape: Shape, box: Rect, extraOpacity = 1): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (shape.rotation) {
    const c = rectCenter(box);
    out.transform = `rotate(${num(shape.rotation)} ${num(c.x)} ${num(c.y)})`;
  }
  const opacity = (shape.opacity !== undefined ? shape.opacity / 10 : 1) * extraOpacity;
  if (opacity < 1) out.opacity = num(opacity);
  return out;
}

/** Stroke dash pattern of a line type. */
export function dashArray(type: string | undefined, width: number): string | undefined {
  if (type === 'dashed') return `${num(width * 4)} ${num(width * 3)}`;
  if (type === 'dotted') return `${num(width)} ${num(width * 2)}`;
  return undefined;
}
