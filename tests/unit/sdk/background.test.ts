import { describe, expect, it } from 'vitest';
import { effectiveSpacing, gridPositions, patternOf } from '../../../sdk/engine/background';

describe('background patterns (board.md §3)', () => {
  it('knows every named background by name or label, and custom urls', () => {
    expect(patternOf('none')).toEqual({ kind: 'none' });
    expect(patternOf('Dot')).toEqual({ kind: 'dot', spacing: 20 });
    expect(patternOf('graph-paper')).toEqual({ kind: 'grid', spacing: 10, major: 5 });
    expect(patternOf('Large grid')).toEqual({ kind: 'grid', spacing: 100 });
    expect(patternOf('medium-grid')).toEqual({ kind: 'grid', spacing: 50 });
    expect(patternOf('Small grid')).toEqual({ kind: 'grid', spacing: 20 });
    expect(patternOf('line')).toEqual({ kind: 'lines', spacing: 30 });
    expect(patternOf('https://example.com/bg.png')).toEqual({ kind: 'image', url: 'https://example.com/bg.png' });
    expect(patternOf('bogus')).toEqual({ kind: 'none' });
  });

  it('coarsens the spacing when cells get smaller than 8 px', () => {
    expect(effectiveSpacing(20, 1)).toBe(20);
    expect(effectiveSpacing(20, 0.2)).toBe(100);
    expect(effectiveSpacing(20, 0.05)).toBe(500);
  });

  it('places lines in board space, following pan and zoom', () => {
    expect(gridPositions(0, 1, 100, 350)).toEqual([0, 100, 200, 300]);
    expect(gridPositions(30, 1, 100, 350)).toEqual([30, 130, 230, 330]);
    expect(gridPositions(-30, 2, 50, 250)).toEqual([70, 170]);
  });
});
