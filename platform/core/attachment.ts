/**
 * The Content-Disposition of a download named `name` of any characters (RFC 6266): an ASCII
 * fallback with anything else replaced, and the exact name in UTF-8 for browsers that read it.
 */
export const attachment = (name: string): string =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
