import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOR } from '../../shared/constants';
import { CANVAS_COLORS, DARK_INK, themedShape } from '../../sdk/engine/theme';
import type { Shape } from '../../shared/model';

/**
 * The board's two colour sets (sdk/ui/board.css: the `.tb-board` variables and the
 * `.tb-board[data-theme='dark']` block; docs/board-screen.md "Dark theme") meet WCAG AA for the
 * pairs the board draws: 4.5:1 for text, 3:1 for controls' edges and the default ink on the canvas.
 */
const css = readFileSync(fileURLToPath(new URL('../../sdk/ui/board.css', import.meta.url)), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('}', start));
  const vars: Record<string, string> = {};
  for (const m of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) vars[m[1]!] = m[2]!.trim();
  return vars;
}

const light = block('.tb-board');
// the dark set overrides the light one; the widgets' own (--t-*) light defaults live in ui/widgets.css
const widgets = (() => {
  const text = readFileSync(fileURLToPath(new URL('../../ui/widgets.css', import.meta.url)), 'utf8');
  const body = text.slice(text.indexOf(':root {'), text.indexOf('}', text.indexOf(':root {')));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
})();
const themes = {
  light: { ...widgets, ...light },
  dark: { ...widgets, ...light, ...block(".tb-board[data-theme='dark']") },
};

function rgb(color: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) throw new Error(`not a #rrggbb colour: ${color}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

// [foreground, background, minimum]: text 4.5, controls and ink 3
const PAIRS: Array<[string, string, number]> = [
  ['--tb-ink', '--tb-panel', 4.5],
  ['--tb-ink-2', '--tb-panel', 4.5],
  ['--tb-muted', '--tb-panel', 4.5],
  ['--tb-danger', '--tb-panel', 4.5],
  ['--tb-accent-ink', '--tb-panel', 4.5],
  ['--tb-accent-ink', '--tb-accent-soft', 4.5],
  ['--tb-ink', '--tb-accent-soft', 4.5],
  ['--tb-ink', '--tb-subtle', 4.5],
  ['--tb-ink', '--tb-canvas', 4.5],
  ['--tb-ink', '--tb-info-bg', 4.5],
  ['--tb-ink-2', '--tb-info-bg', 4.5],
  ['--tb-ink', '--tb-warn-bg', 4.5],
  ['--tb-on-primary', '--tb-primary', 4.5],
  ['--tb-on-primary', '--tb-primary-hover', 4.5],
  ['--tb-accent', '--tb-panel', 3],
  ['--tb-accent', '--tb-canvas', 3],
  ['--tb-line-strong', '--tb-panel', 3],
  ['--t-text', '--t-surface', 4.5],
  ['--t-text', '--t-bg', 4.5],
  ['--t-muted', '--t-surface', 4.5],
  ['--t-primary', '--t-surface', 4.5],
  ['--t-danger', '--t-surface', 3],
];

describe('board theme colours (WCAG AA)', () => {
  for (const [name, vars] of Object.entries(themes)) {
    for (const [fg, bg, min] of PAIRS) {
      it(`${name}: ${fg} on ${bg} ≥ ${min}:1`, () => {
        expect(vars[fg], `${fg} in ${name}`).toBeDefined();
        expect(vars[bg], `${bg} in ${name}`).toBeDefined();
        expect(contrast(vars[fg]!, vars[bg]!)).toBeGreaterThanOrEqual(min);
      });
    }
  }

  it('the canvas variable and the engine agree on the canvas colours', () => {
    expect(themes.light['--tb-canvas']).toBe(CANVAS_COLORS.light.background);
    expect(themes.dark['--tb-canvas']).toBe(CANVAS_COLORS.dark.background);
  });

  it('the default ink shows on the canvas in both themes (3:1)', () => {
    expect(contrast(DEFAULT_COLOR, CANVAS_COLORS.light.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(DARK_INK, CANVAS_COLORS.dark.background)).toBeGreaterThanOrEqual(3);
  });
});

describe('themedShape', () => {
  const pen: Shape = { id: 'a', cmd: 'pen', points: [0, 0, 10, 10], color: DEFAULT_COLOR, lineWidth: 2 } as unknown as Shape;
  const red: Shape = { ...pen, id: 'b', color: '#ff0000' } as Shape;
  const sticky = { id: 'c', cmd: 'stickyNote', color: DEFAULT_COLOR } as unknown as Shape;

  it('keeps shapes as they are in light, and leaves the stored shape alone in dark', () => {
    expect(themedShape(pen, 'light')).toBe(pen);
    const drawn = themedShape(pen, 'dark') as { color: string };
    expect(drawn.color).toBe(DARK_INK);
    expect((pen as { color: string }).color).toBe(DEFAULT_COLOR);
  });

  it('lightens only the default ink of shapes drawn on the canvas (groups too)', () => {
    expect(themedShape(red, 'dark')).toBe(red);
    expect(themedShape(sticky, 'dark')).toBe(sticky);
    const rect = { id: 'd', cmd: 'filledRectangle', stroke: DEFAULT_COLOR, fill: '#00ff00' } as unknown as Shape;
    expect(themedShape(rect, 'dark')).toMatchObject({ stroke: DARK_INK, fill: '#00ff00' });
    const group = { id: 'e', cmd: 'composite', shapes: [pen, red] } as unknown as Shape;
    const drawn = themedShape(group, 'dark') as { shapes: Array<{ color: string }> };
    expect(drawn.shapes.map((s) => s.color)).toEqual([DARK_INK, '#ff0000']);
  });
});
