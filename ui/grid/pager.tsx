import { pageWindow } from './query';
import { useGridStyles } from './styles';

export const PAGER_LINKS = 10;

export interface PagerProps {
  /** 1-based */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** the navigation landmark's name (default 'Pages') */
  label?: string;
  /** page numbers shown at most (default 10, backoffice.md §2) */
  max?: number;
}

/**
 * Previous, up to 10 page numbers around the current one, Next. Plain buttons (Tab, Enter,
 * Space); the current page has aria-current="page"; Previous/Next at an end are aria-disabled
 * rather than disabled, so the focus stays on them.
 */
export function Pager({ page, pageCount, onPage, label = 'Pages', max = PAGER_LINKS }: PagerProps) {
  useGridStyles();
  if (pageCount <= 1) return null;
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <nav className="t-pager" aria-label={label}>
      <ul className="t-pager__list">
        <li>
          <button
            type="button"
            className="t-pager__btn t-pager__step"
            aria-label="Previous page"
            aria-disabled={first || undefined}
            onClick={() => !first && onPage(page - 1)}
          >
            <span aria-hidden="true">‹</span> Previous
          </button>
        </li>
        {pageWindow(page, pageCount, max).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="t-pager__btn"
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => n !== page && onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="t-pager__btn t-pager__step"
            aria-label="Next page"
            aria-disabled={last || undefined}
            onClick={() => !last && onPage(page + 1)}
          >
            Next <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
