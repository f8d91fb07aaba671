import type { Shape } from '../../shared/model';

/** Deterministic pseudo-random numbers (LCG) so every run draws the same board. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const COLORS = ['#000000', '#ff0000', '#4a86e8', '#38761d', '#9900ff', '#ff9900'];
const STICKY = ['#feff9c', '#ffd59a', '#a8d1ff', '#c5f5a5'];
const WORDS = ['plan', 'idea', 'todo', 'review', 'ship it', 'why?', 'users', 'metrics', 'design', 'launch'];

/**
 * A board of `count` mixed shapes at a constant density (one shape per ~90×90 cell), like a
 * busy real board: pen strokes, highlighter, lines and arrows, rectangles and circles (outline
 * and filled), texts and sticky notes.
 */
export function mixedShapes(count: number, seed = 42): Shape[] {
  const rand = random(seed);
  const side = Math.ceil(Math.sqrt(count));
  const cell = 90;
  const out: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const x = (i % side) * cell + rand() * 20;
    const y = Math.floor(i / side) * cell + rand() * 20;
    const color = COLORS[Math.floor(rand() * COLORS.length)];
    const base = { id: `s${i}`, uid: 'bench', timestamp: i };
    const k = rand();
    if (k < 0.3) {
      const points: number[] = [];
      let px = x,
        py = y;
      const n = 8 + Math.floor(rand() * 14);
      for (let j = 0; j < n; j++) {
        points.push(Math.round(px * 10) / 10, Math.round(py * 10) / 10);
        px += rand() * 10 - 2;
        py += rand() * 10 - 5;
      }
      out.push({ ...base, cmd: 'pen', points, color, lineWidth: 2, type: 'pen' });
    } else if (k < 0.35) {
      out.push({ ...base, cmd: 'highlighter', points: [x, y, x + 30, y + 5, x + 60, y], color: '#ffff00', lineWidth: 3, type: 'hl' });
    } else if (k < 0.45) {
      const cmd = rand() < 0.5 ? 'line' : 'arrow';
      out.push({
        ...base,
        cmd,
        points: [x, y, x + 60 * rand(), y + 60 * rand()],
        color,
        lineWidth: 2,
        type: cmd === 'arrow' ? 'arrow' : rand() < 0.3 ? 'dashed' : 'line',
      });
    } else if (k < 0.6) {
      const filled = rand() < 0.4;
      out.push({
        ...base,
        cmd: filled ? 'filledRectangle' : 'rectangle',
        x,
        y,
        w: 20 + rand() * 50,
        h: 20 + rand() * 50,
        stroke: color,
        lineWidth: 2,
        ...(filled ? { fill: color } : {}),
      });
    } else if (k < 0.72) {
      const filled = rand() < 0.4;
      out.push({
        ...base,
        cmd: filled ? 'filledCircle' : 'circle',
        x: x + 30,
        y: y + 30,
        r: 10 + rand() * 25,
        stroke: color,
        lineWidth: 2,
        ...(filled ? { fill: color } : {}),
      });
    } else if (k < 0.86) {
      out.push({
        ...base,
        cmd: 'text',
        value: WORDS[Math.floor(rand() * WORDS.length)],
        x,
        y,
        color,
        font: 'Arial',
        size: 16,
        align: 'left',
      });
    } else {
      out.push({
        ...base,
        cmd: 'stickyNote',
        text: WORDS[Math.floor(rand() * WORDS.length)],
        x,
        y,
        w: 70,
        h: 70,
        color: STICKY[Math.floor(rand() * STICKY.length)],
        size: 'S',
        fontSize: 16,
      });
    }
  }
  return out;
}
