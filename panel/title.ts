import { useEffect } from 'react';

/** Sets the document title ('{page} · Tabula'). */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = page ? `${page} · Tabula` : 'Tabula';
  }, [page]);
}
