/**
 * Adds a stylesheet (a workspace font's, served by the platform) to the document once; resolves
 * when it has loaded. Fonts declared inside a shadow root would not apply, so it always goes to
 * the document's head.
 */
export function loadStylesheet(href: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const absolute = new URL(href, location.href).href;
  const present = Array.from(document.querySelectorAll<HTMLLinkElement>('link[data-tabula-font]')).find((l) => l.href === absolute);
  if (present) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = absolute;
  link.dataset.tabulaFont = '';
  const loaded = new Promise<void>((resolve, reject) => {
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`stylesheet ${absolute} did not load`));
  });
  document.head.appendChild(link);
  return loaded;
}
