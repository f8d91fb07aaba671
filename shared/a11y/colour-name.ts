import { STICKY_COLORS } from '../constants';

/**
 * A colour as a person says it (the board's accessible descriptions, issue 32): a sticky-note
 * colour by its own name ('#feff9c' → 'yellow'), any other #RRGGBB by its hue and lightness
 * ('#1e88e5' → 'blue', '#0b3d91' → 'dark blue', '#9e9e9e' → 'gray'). Not a colour: null.
 */
export function colourName(value: string | null | undefined): string | null {
  if (!value || value === 'none' || value === 'transparent') return null;
  const hex = value.trim().toLowerCase();
  const named = STICKY_COLORS.find((c) => c.color === hex);
  if (named) return named.name;
  const m = /^#([0-9a-f]{6})$/.exec(hex);
  if (!m) return null;
  const n = parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (l < 0.12) return 'black';
  if (l > 0.93) return 'white';
  if (s < 0.15) return l < 0.35 ? 'dark gray' : l > 0.75 ? 'light gray' : 'gray';
  const h = hueOf(r, g, b, max, d);
  const base = hueName(h, l);
  if (base === 'brown') return base;
  return l < 0.3 ? `dark ${base}` : l > 0.78 ? `light ${base}` : base;
}

function hueOf(r: number, g: number, b: number, max: number, d: number): number {
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  return h;
}

function hueName(h: number, l: number): string {
  if (h < 15 || h >= 345) return 'red';
  if (h < 40) return l < 0.45 ? 'brown' : 'orange';
  if (h < 65) return 'yellow';
  if (h < 80) return 'lime';
  if (h < 160) return 'green';
  if (h < 190) return 'teal';
  if (h < 250) return 'blue';
  if (h < 285) return 'violet';
  if (h < 320) return 'purple';
  return 'pink';
}
