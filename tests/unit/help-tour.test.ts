import { describe, expect, it } from 'vitest';
import { TIPS, TOUR_STEPS } from '../../sdk/ui/help/texts';
import { placeCard } from '../../sdk/ui/help/tour';

/** The quick overview's card placement and its content (sdk/ui/help, docs/board-screen.md "Help"). */
describe('placeCard', () => {
  const board = { width: 1280, height: 800 };
  const card = { width: 320, height: 180 };

  it('puts the card beside a tall element (the toolbox), centred on it and on the board', () => {
    const toolbox = { left: 6, top: 96, width: 66, height: 666 };
    const at = placeCard(toolbox, card, board);
    expect(at.side).toBe('right');
    expect(at.left).toBe(6 + 66 + 14);
    expect(at.top).toBe(96 + 333 - 90);
  });

  it('puts the card under a button of the top bar, slid back onto the board at the right edge', () => {
    const members = { left: 1200, top: 6, width: 74, height: 48 };
    const at = placeCard(members, card, board);
    expect(at.side).toBe('below');
    expect(at.top).toBe(6 + 48 + 14);
    expect(at.left).toBe(1280 - 320 - 12);
  });

  it('goes above a button at the foot of the board, and to the centre when nothing fits or there is no element', () => {
    expect(placeCard({ left: 600, top: 740, width: 80, height: 40 }, card, board).side).toBe('above');
    expect(placeCard({ left: 0, top: 0, width: 1280, height: 800 }, card, board).side).toBe('centre');
    expect(placeCard(null, card, board)).toEqual({ side: 'centre', left: 480, top: 310 });
  });

  it('keeps the card on a board smaller than the card', () => {
    const at = placeCard(null, card, { width: 300, height: 150 });
    expect(at.left).toBe(12);
    expect(at.top).toBe(12);
  });
});

describe('the help content', () => {
  it('has about a dozen tips and a tour of 4–6 steps, each pointing at a different element', () => {
    expect(TIPS.length).toBeGreaterThanOrEqual(10);
    expect(TIPS.length).toBeLessThanOrEqual(14);
    expect(new Set(TIPS.map((t) => t.title)).size).toBe(TIPS.length);
    expect(TOUR_STEPS.length).toBeGreaterThanOrEqual(4);
    expect(TOUR_STEPS.length).toBeLessThanOrEqual(6);
    expect(new Set(TOUR_STEPS.map((s) => s.target)).size).toBe(TOUR_STEPS.length);
    for (const s of TOUR_STEPS) expect(s.text.length, s.id).toBeLessThan(140);
  });
});
