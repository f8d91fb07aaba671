import ogs from 'open-graph-scraper';
import { LINK_CARD_LIMITS } from '../../shared/geometry/link';
import { fetchOutbound, OutboundError, type OutboundDeps } from '../core/outbound';

/**
 * A page's preview (issue 34 item 3, board.md §7 "the link-preview proxy"): the server fetches the
 * page a person pasted and reads its Open Graph / Twitter / HTML head (open-graph-scraper). The
 * page is fetched ONLY through platform/core/outbound.ts (resolved once, public addresses only
 * — also after every redirect —, the connection pinned to the checked address, size and time
 * capped); open-graph-scraper is given the HTML (`html` option) and never fetches anything
 * itself. The picture is answered as its address (resolved against the page), never fetched here.
 */
export interface LinkPreview {
  /** the address the page was found at (after redirects) */
  url: string;
  title: string;
  description: string;
  /** og:site_name, else the host */
  site: string;
  /** the preview picture's http(s) address, '' when the page names none */
  image: string;
}

/** A page larger than this is not read (most pages' heads are in their first kilobytes; whole pages rarely pass 2 MB). */
export const PREVIEW_MAX_BYTES = 3 * 1024 * 1024;
export const PREVIEW_TIMEOUT_MS = 8_000;

/** The fetch failed: refused address, no answer, an error status, too large, too slow. */
export class PreviewFailed extends Error {}

const clip = (value: unknown, max: number): string =>
  typeof value === 'string'
    ? value
        // NUL and lone surrogates cannot be stored in jsonb; other control characters are noise
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
        .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, max)
        .replace(/[\ud800-\udbff]$/, '')
    : '';

/** An http(s) address of at most 2048 characters resolved against the page, or ''. */
function absoluteHttp(value: unknown, base: string): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    if (url.username || url.password) return '';
    const text = url.toString();
    return text.length <= 2048 ? text : '';
  } catch {
    return '';
  }
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./i, '');

/** The preview of an HTML page found at `url` (no network). */
export async function previewOfHtml(html: string, url: string): Promise<LinkPreview> {
  let result: Record<string, unknown> = {};
  try {
    ({ result } = (await ogs({ html })) as unknown as { result: Record<string, unknown> });
  } catch {
    // a page open-graph-scraper cannot read has nothing to show but its address
  }
  const images = [result.ogImage, result.twitterImage].flatMap((list) => (Array.isArray(list) ? list : [])) as Array<{ url?: unknown }>;
  const image = images.map((i) => absoluteHttp(i?.url, url)).find(Boolean) ?? '';
  const titleTag = /<title[^>]*>([^<]*)<\/title>/i.exec(html.slice(0, 200_000))?.[1];
  return {
    url,
    title: clip(result.ogTitle ?? result.twitterTitle ?? result.dcTitle ?? titleTag, LINK_CARD_LIMITS.title),
    description: clip(result.ogDescription ?? result.twitterDescription ?? result.dcDescription, LINK_CARD_LIMITS.description),
    site: clip(result.ogSiteName, LINK_CARD_LIMITS.site) || clip(hostOf(url), LINK_CARD_LIMITS.site),
    image,
  };
}

/** Decodes a page's bytes by its declared charset (utf-8 when none or unknown). */
function decode(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared || 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * Fetches the page at `address` (http or https, checked by the caller) and reads its preview. A
 * page that is not HTML (a picture, a PDF) answers its address with no title. Refused or failed
 * fetches throw PreviewFailed.
 */
export async function fetchPreview(address: string, options: { allowPrivate: boolean }, deps?: OutboundDeps): Promise<LinkPreview> {
  let answer;
  try {
    answer = await fetchOutbound(
      address,
      {
        allowPrivate: options.allowPrivate,
        maxBytes: PREVIEW_MAX_BYTES,
        timeoutMs: PREVIEW_TIMEOUT_MS,
        accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1',
        // some sites answer their Open Graph head to link-preview robots only
        userAgent: 'Mozilla/5.0 (compatible; TabulaLinkPreview/1.0)',
      },
      deps,
    );
  } catch (err) {
    if (err instanceof OutboundError) throw new PreviewFailed(err.message);
    throw err;
  }
  const type = answer.contentType.split(';')[0]!.trim().toLowerCase();
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml')
    return { url: answer.url, title: '', description: '', site: clip(hostOf(answer.url), LINK_CARD_LIMITS.site), image: '' };
  return previewOfHtml(decode(answer.body, answer.contentType), answer.url);
}
