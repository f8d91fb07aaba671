import { describe, expect, it } from 'vitest';
import { toolLayout } from '../../../sdk/ui/toolbox-overflow';

/** The toolbox's layout for a board's height (docs/board-screen.md "Toolbox"). */
describe('toolLayout', () => {
  const style = 45;
  it('keeps one column when every tool fits', () => {
    // 15 tools: 12 padding + 15 × 42 − 2 + 45 = 685 ≤ 720 (1280×800)
    expect(toolLayout(15, 720, style)).toEqual({ rows: 15, columns: 1, shown: 15 });
  });
  it('takes two columns, the spec order down the first, when one does not fit', () => {
    expect(toolLayout(18, 720, style)).toEqual({ rows: 9, columns: 2, shown: 18 });
  });
  it('puts the rest into More tools when two columns do not fit (800×500 and 800×400)', () => {
    // 420 px: 8 rows, 2 × 8 − 1 tools and More tools in the last slot
    expect(toolLayout(18, 420, style)).toEqual({ rows: 8, columns: 2, shown: 15 });
    expect(toolLayout(18, 320, style)).toEqual({ rows: 6, columns: 2, shown: 11 });
  });
  it('always shows at least one tool', () => {
    expect(toolLayout(18, 10, style).shown).toBeGreaterThanOrEqual(1);
  });
});
