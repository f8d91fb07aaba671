/**
 * The schemes a shape's `link` may carry (issue 26, docs/security.md "Link schemes"): http, https
 * and mailto. The one rule for the server's joi schema (platform/core/model-schemas.ts) and the
 * browser's joi-free check (shared/shape-check.ts), so both accept and refuse the same links.
 *
 * Decisions (tests/unit/shared/links.test.ts):
 *  - the scheme is matched case-insensitively (`HTTPS://…` is fine, `JaVaScRiPt:` is not);
 *  - no whitespace or control character anywhere — a browser strips leading C0/space and drops
 *    tabs and newlines inside a URL, so `java\tscript:` or ` javascript:` would open as
 *    `javascript:`; a mailto subject must be percent-encoded;
 *  - a relative URL (no scheme: `/x`, `//host/x`, `example.com`) is refused: a link is opened
 *    in embeds and exports whose base is not the board's, so it must say where it goes;
 *  - http(s) needs `scheme://` right before a host the URL parser accepts (not `https:///x`,
 *    `https:\\x` or `https:x`, which a browser would repair); mailto needs an address part;
 *  - the empty string is not a link (schemas allow '' separately, meaning "no link").
 * The board itself opens only http(s) links (sdk/actions/tags.ts isValidLink).
 */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** What a refused link is told (after its field's label). */
export const UNSAFE_LINK = 'must be an http, https or mailto link';

const FORBIDDEN_CHARS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/** True when `url` is a link a shape may carry: http://, https:// or mailto: (see above). */
export function isSafeLink(url: unknown): boolean {
  if (typeof url !== 'string' || url === '' || FORBIDDEN_CHARS.test(url)) return false;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'mailto') return url.length > 'mailto:'.length;
  if (scheme !== 'http' && scheme !== 'https') return false;
  if (!/^https?:\/\/[^/\\]/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
