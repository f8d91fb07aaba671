import type { ReactNode } from 'react';

/**
 * Links in a mail, made safe to click: only absolute http(s) URLs become <a> elements (never
 * javascript:, data: or anything else), opened in a new tab without opener or referrer. The
 * mail's HTML is never injected as markup: the screen shows the text body with its URLs as
 * links, and the HTML body's href values only as a list of links of the same kind.
 */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** characters that end a sentence rather than the URL */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The URL when `value` is an absolute http or https URL, else null. */
export function safeHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export type TextPart = { text: string } | { text: string; href: string };

/** The text cut into plain parts and link parts (http/https only). */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const raw = match[0].replace(TRAILING, '');
    const href = safeHref(raw);
    if (!href) continue;
    const start = match.index!;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: raw, href });
    at = start + raw.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
const unescapeAttr = (value: string) => value.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, e: string) => ENTITIES[e]!);

/** Every distinct http(s) link of a mail: those in its text, then the href values of its HTML. */
export function mailLinks(text: string, html: string | null): string[] {
  const fromText = linkParts(text).flatMap((p) => ('href' in p ? [p.href] : []));
  const fromHtml = [...(html ?? '').matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)]
    .map((m) => safeHref(unescapeAttr((m[1] ?? m[2] ?? '').trim())))
    .filter((h): h is string => !!h);
  return [...new Set([...fromText, ...fromHtml])];
}

/** An external link: a new tab, no opener, no referrer (a reset link carries a secret). */
export function ExternalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children ?? href}
    </a>
  );
}

/** Plain text with its http(s) URLs as links. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        'href' in part ? (
          <ExternalLink key={i} href={part.href}>
            {part.text}
          </ExternalLink>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
