import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { activeElementOf } from '../../../ui/portal';
import { HELP, TOUR_STEPS, type TourStep } from './texts';

/** Room around the element a step points at, and between the card and the board's edge. */
const PAD = 6;
const EDGE = 12;
const GAP = 14;

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type CardSide = 'right' | 'below' | 'above' | 'left' | 'centre';

/**
 * Where the card goes beside the element (all in the board's coordinates): the first side, in
 * the order right, below, above, left, where the whole card fits; kept on the board. Pure.
 */
export function placeCard(
  target: Rect | null,
  card: { width: number; height: number },
  board: { width: number; height: number },
): { left: number; top: number; side: CardSide } {
  const clampX = (x: number) => Math.max(EDGE, Math.min(x, board.width - card.width - EDGE));
  const clampY = (y: number) => Math.max(EDGE, Math.min(y, board.height - card.height - EDGE));
  if (!target) return { left: clampX((board.width - card.width) / 2), top: clampY((board.height - card.height) / 2), side: 'centre' };
  const right = target.left + target.width;
  const bottom = target.top + target.height;
  // a tall element (the toolbox) reads best with the card beside it; a bar's button with the card under it
  const order: CardSide[] = target.height > target.width ? ['right', 'left', 'below', 'above'] : ['below', 'above', 'right', 'left'];
  for (const side of order) {
    if (side === 'right' && right + GAP + card.width <= board.width - EDGE)
      return { side, left: right + GAP, top: clampY(target.top + target.height / 2 - card.height / 2) };
    if (side === 'left' && target.left - GAP - card.width >= EDGE)
      return { side, left: target.left - GAP - card.width, top: clampY(target.top + target.height / 2 - card.height / 2) };
    if (side === 'below' && bottom + GAP + card.height <= board.height - EDGE)
      return { side, left: clampX(target.left + target.width / 2 - card.width / 2), top: bottom + GAP };
    if (side === 'above' && target.top - GAP - card.height >= EDGE)
      return { side, left: clampX(target.left + target.width / 2 - card.width / 2), top: target.top - GAP - card.height };
  }
  return { left: clampX((board.width - card.width) / 2), top: clampY((board.height - card.height) / 2), side: 'centre' };
}

/** The steps whose element is on this board (a viewer has no toolbox; an embed no share button). */
export function presentSteps(root: ParentNode, steps: readonly TourStep[] = TOUR_STEPS): TourStep[] {
  return steps.filter((s) => root.querySelector(s.target));
}

/**
 * The quick-overview coachmark tour (board.md §1): a card beside each part of the board screen
 * in turn, the part ringed, with Back, Next (Done on the last) and Skip tour. It does not block
 * the board (clicks go through around the card). The card takes the focus, keeps it on Next as
 * the steps change, and gives it back when the tour ends; Escape skips.
 */
export function Tour({ root, onEnd, auto = false }: { root: HTMLElement; onEnd: () => void; auto?: boolean }) {
  const steps = useMemo(() => presentSteps(root), [root]);
  const [at, setAt] = useState(0);
  const [layout, setLayout] = useState<{ ring: Rect | null; card: CSSProperties; side: CardSide } | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const step = steps[at];
  const last = at === steps.length - 1;
  const endRef = useRef(onEnd);
  endRef.current = onEnd;

  // the focus: saved when the tour opens, given back when it ends
  useEffect(() => {
    const before = activeElementOf(root) as HTMLElement | null;
    return () => {
      const back =
        before && before.isConnected && before !== root.ownerDocument.body ? before : root.querySelector<HTMLElement>('.tb-canvas');
      back?.focus?.({ preventScroll: true });
    };
  }, [root]);

  // nothing to point at: nothing to show
  useEffect(() => {
    if (steps.length === 0) endRef.current();
  }, [steps.length]);

  const measure = useCallback(() => {
    if (!step) return;
    const board = root.getBoundingClientRect();
    const el = root.querySelector(step.target);
    const r = el?.getBoundingClientRect();
    const ring =
      r && r.width > 0
        ? { left: r.left - board.left - PAD, top: r.top - board.top - PAD, width: r.width + 2 * PAD, height: r.height + 2 * PAD }
        : null;
    const size = card.current ? { width: card.current.offsetWidth, height: card.current.offsetHeight } : { width: 320, height: 180 };
    const place = placeCard(ring, size, { width: board.width, height: board.height });
    setLayout({ ring, card: { left: place.left, top: place.top }, side: place.side });
  }, [root, step]);

  useLayoutEffect(() => {
    measure();
    // once more with the card's real size (its text decides its height)
    const frame = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frame);
  }, [measure]);

  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  // the focus goes to Next at each step; a tour that started by itself takes it only from where
  // it rests when nothing is in use (the page's body, the board's canvas), never from a field,
  // menu or dialog the visitor is in
  const first = useRef(true);
  const placed = layout !== null;
  useEffect(() => {
    // (a card still hidden for measuring cannot take the focus)
    if (!placed) return;
    const active = activeElementOf(root);
    const doc = root.ownerDocument;
    const idle = !active || active === doc.body || active === doc.documentElement || Boolean(active.closest('.tb-canvas'));
    if (!first.current || !auto || idle) next.current?.focus({ preventScroll: true });
    first.current = false;
  }, [at, auto, root, placed]);

  // Escape skips, unless a dialog over the board has it (the dialog closes first)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (e.composedPath().some((n) => n instanceof HTMLElement && n.getAttribute('aria-modal') === 'true')) return;
      e.stopPropagation();
      e.preventDefault();
      endRef.current();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  if (!step) return null;
  return (
    <div className="tb-tour" data-testid="tour">
      {layout?.ring && <div className="tb-tour__ring" style={layout.ring} aria-hidden="true" />}
      <div
        ref={card}
        className={`tb-panel tb-tour__card tb-tour__card--${layout?.side ?? 'centre'}`}
        role="dialog"
        aria-modal="false"
        aria-label={HELP.tourLabel}
        aria-describedby={`${titleId} ${textId}`}
        style={layout ? layout.card : { visibility: 'hidden' }}
        onKeyDown={(e) => {
          // the keys that work the card's buttons do not reach the board (Space would pan)
          if (['Enter', ' ', 'ArrowLeft', 'ArrowRight'].includes(e.key)) e.stopPropagation();
          if (e.key === 'ArrowRight' && !last) setAt(at + 1);
          else if (e.key === 'ArrowLeft' && at > 0) setAt(at - 1);
        }}
      >
        <div className="tb-tour__count" aria-live="polite">
          {HELP.tourStep(at + 1, steps.length)}
        </div>
        <h2 className="tb-tour__title" id={titleId}>
          {step.title}
        </h2>
        <p className="tb-tour__text" id={textId}>
          {step.text}
        </p>
        <div className="tb-tour__dots" aria-hidden="true">
          {steps.map((s, i) => (
            <span key={s.id} className={i === at ? 'is-on' : undefined} />
          ))}
        </div>
        <div className="tb-tour__actions">
          <button type="button" className="tb-tour__skip" onClick={() => onEnd()}>
            {HELP.skip}
          </button>
          <span className="tb-tour__grow" />
          {at > 0 && (
            <button type="button" className="tb-btn tb-btn--outline" onClick={() => setAt(at - 1)}>
              {HELP.back}
            </button>
          )}
          <button ref={next} type="button" className="tb-btn tb-btn--primary" onClick={() => (last ? onEnd() : setAt(at + 1))}>
            {last ? HELP.done : HELP.next}
          </button>
        </div>
      </div>
    </div>
  );
}
