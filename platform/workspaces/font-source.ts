import { fontNotFound, MESSAGES } from '../../shared/messages';
import { FONT_NAME, isFontUrl, WORKSPACE_LIMITS } from '../../shared/workspace-roles';
import type { Config } from '../config';
import { badRequest } from '../core/errors';
import { fetchOutbound, OutboundError } from '../core/outbound';
import { fontFromText } from './schemas';

/**
 * Reads a font as the settings form adds it (panel.md §5): a URL is fetched and read as a
 * stylesheet (its @font-face family names the font) or as a font file (named after the file);
 * any other text is a font name looked up in the font stylesheet service (FONT_SERVICE_URL, Google
 * Fonts by default; names are case sensitive). The font files a stylesheet points at are fetched
 * too, so this server can serve everything itself. Errors are the spec's (§8): 'Font not found:
 * {name}', 'Failed to extract font name from CSS', 'Error fetching font'.
 */
export interface FontFile {
  contentType: string;
  data: Buffer;
}

export interface ResolvedFont {
  name: string;
  sourceUrl: string;
  /** @font-face rules with `__FONT_FILE_{n}__` for file n */
  css: string;
  files: FontFile[];
}

export const FONT_LIMITS = { fileBytes: 5 * 1024 * 1024, cssBytes: 512 * 1024, files: 40, totalBytes: 20 * 1024 * 1024 } as const;

/** A current browser's name: font services answer woff2 (the smallest format) to it. */
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const fontError = (text: string) => badRequest(text, { fonts: [text] });

/** The format of a font file from its first bytes, or null when it is none. */
export function fontFormat(data: Buffer): { format: string; contentType: string } | null {
  const tag = data.subarray(0, 4).toString('latin1');
  if (tag === 'wOF2') return { format: 'woff2', contentType: 'font/woff2' };
  if (tag === 'wOFF') return { format: 'woff', contentType: 'font/woff' };
  if (tag === 'OTTO') return { format: 'opentype', contentType: 'font/otf' };
  if (tag === '\u0000\u0001\u0000\u0000' || tag === 'true' || tag === 'ttcf') return { format: 'truetype', contentType: 'font/ttf' };
  return null;
}

/** The first family an @font-face rule declares. */
export function cssFamily(css: string): string | null {
  const face = /@font-face\s*{([^}]*)}/i.exec(css)?.[1];
  const family = face && /font-family\s*:\s*(['"]?)([^;'"}]+)\1/i.exec(face)?.[2]?.trim();
  return family || null;
}

const looksLikeCss = (contentType: string, body: Buffer) =>
  /text\/css/i.test(contentType) || /@font-face/i.test(body.subarray(0, 4096).toString('utf8'));

/** Fetches the url(...) files of a stylesheet's @font-face rules; data: URLs stay as they are. */
async function collectFiles(css: string, base: string, config: Config): Promise<{ css: string; files: FontFile[] }> {
  const files: FontFile[] = [];
  const seen = new Map<string, number>();
  let total = 0;
  const refs = [...css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/gi)];
  let out = css;
  for (const [whole, , ref] of refs) {
    if (ref.startsWith('data:')) continue;
    const address = new URL(ref, base).toString();
    let index = seen.get(address);
    if (index === undefined) {
      if (files.length >= FONT_LIMITS.files) throw fontError(MESSAGES.fontFetchFailed);
      const answer = await fetchOutbound(address, {
        allowPrivate: config.fetchPrivateHosts,
        maxBytes: FONT_LIMITS.fileBytes,
        userAgent: BROWSER_UA,
      });
      const kind = fontFormat(answer.body);
      total += answer.body.length;
      if (!kind || total > FONT_LIMITS.totalBytes) throw fontError(MESSAGES.fontFetchFailed);
      index = files.push({ contentType: kind.contentType, data: answer.body }) - 1;
      seen.set(address, index);
    }
    out = out.replace(whole, `url(__FONT_FILE_${index}__)`);
  }
  if (files.length === 0 && !/url\(\s*['"]?data:/i.test(css)) throw fontError(MESSAGES.fontFetchFailed);
  return { css: out, files };
}

/** Only the @font-face rules of a stylesheet are kept (nothing else of a foreign stylesheet is served). */
const fontFaces = (css: string) => (css.match(/@font-face\s*{[^}]*}/gi) ?? []).join('\n');

async function fromStylesheet(css: string, sourceUrl: string, config: Config, name?: string): Promise<ResolvedFont> {
  const faces = fontFaces(css);
  const family = cssFamily(faces);
  if (!family) throw fontError(name ? fontNotFound(name) : MESSAGES.fontNameNotExtracted);
  if (!FONT_NAME.test(family) || family.length > WORKSPACE_LIMITS.fontNameMax) throw fontError(MESSAGES.fontNameNotExtracted);
  const collected = await collectFiles(faces, sourceUrl, config);
  return { name: name ?? family, sourceUrl, ...collected };
}

export async function resolveFont(config: Config, text: string): Promise<ResolvedFont> {
  const value = text.trim();
  try {
    if (!isFontUrl(value)) {
      if (!FONT_NAME.test(value) || value.length > WORKSPACE_LIMITS.fontNameMax) throw fontError(fontNotFound(value));
      const sourceUrl = config.fontServiceUrl.replace('{family}', encodeURIComponent(value).replace(/%20/g, '+'));
      let answer;
      try {
        answer = await fetchOutbound(sourceUrl, {
          allowPrivate: config.fetchPrivateHosts,
          maxBytes: FONT_LIMITS.cssBytes,
          accept: 'text/css',
          userAgent: BROWSER_UA,
        });
      } catch (error) {
        if (error instanceof OutboundError && (error.status === 400 || error.status === 404)) throw fontError(fontNotFound(value));
        throw error;
      }
      return await fromStylesheet(answer.body.toString('utf8'), answer.url, config, value);
    }
    const answer = await fetchOutbound(value, {
      allowPrivate: config.fetchPrivateHosts,
      maxBytes: FONT_LIMITS.fileBytes,
      userAgent: BROWSER_UA,
    });
    if (looksLikeCss(answer.contentType, answer.body)) return await fromStylesheet(answer.body.toString('utf8'), answer.url, config);
    const kind = fontFormat(answer.body);
    const name = fontFromText(value)?.name;
    if (!kind || !name) throw fontError(MESSAGES.fontFetchFailed);
    const css = `@font-face {\n  font-family: "${name}";\n  src: url(__FONT_FILE_0__) format("${kind.format}");\n  font-display: swap;\n}`;
    return { name, sourceUrl: value, css, files: [{ contentType: kind.contentType, data: answer.body }] };
  } catch (error) {
    if (error instanceof OutboundError) throw fontError(MESSAGES.fontFetchFailed);
    throw error;
  }
}

/** The stylesheet as served: each placeholder becomes the file's address on this server. */
export const servedCss = (fontId: string, css: string) =>
  css.replace(/__FONT_FILE_(\d+)__/g, (_, n) => `"/api/fonts/${fontId}/files/${n}"`);
