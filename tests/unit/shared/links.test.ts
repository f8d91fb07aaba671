import { describe, expect, it } from 'vitest';
import { validateShape } from '../../../platform/core/model-schemas';
import { isSafeLink } from '../../../shared/links';
import { checkShape } from '../../../shared/shape-check';

/**
 * Issue 26 item 6: a shape's link is http, https or mailto (shared/links.ts, docs/security.md
 * "Link schemes"), the same rule on the server (joi) and in the browser (shape-check).
 */
const SAFE = [
  'http://example.com',
  'https://example.com/a?b=c#d',
  'HTTPS://EXAMPLE.COM/',
  'HtTp://example.com:8080/x',
  'mailto:ann@example.com',
  'MAILTO:ann@example.com?subject=Hello%20there',
  'https://xn--bcher-kva.example/',
];
const UNSAFE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com',
  'blob:https://example.com/x',
  // surrounding or inner whitespace is refused, not trimmed (a browser would strip it)
  ' https://example.com',
  'https://example.com ',
  'https://exa mple.com',
  'mailto:ann@example.com?subject=Hello there',
  // relative URLs: no scheme, no base to resolve against in embeds and exports
  '/boards/x',
  '//evil.example/x',
  'example.com',
  '#top',
  '?q=1',
  // malformed http(s) and empty mailto
  'https:example.com',
  'http://',
  'https:///x',
  'https:\\\\evil.example',
  'mailto:',
  '',
];

const shape = (link: unknown) => ({
  id: 'r',
  cmd: 'rectangle',
  uid: 'u',
  timestamp: 1,
  x: 0,
  y: 0,
  w: 1,
  h: 1,
  stroke: '#000000',
  lineWidth: 1,
  link,
});

describe('isSafeLink', () => {
  it.each(SAFE)('accepts %j', (url) => expect(isSafeLink(url)).toBe(true));
  it.each(UNSAFE)('refuses %j', (url) => expect(isSafeLink(url)).toBe(false));
  it('refuses what is not a string', () => {
    for (const v of [null, undefined, 1, {}, []]) expect(isSafeLink(v)).toBe(false);
  });
});

describe("a shape's link in both schemas", () => {
  it("accepts '' (no link) and safe links, refuses the others, with the same reason", () => {
    for (const url of ['', ...SAFE]) {
      expect(validateShape(shape(url)).errors, url).toBeUndefined();
      expect(checkShape(shape(url)).message, url).toBeUndefined();
    }
    for (const url of UNSAFE.filter((u) => u !== '')) {
      expect(validateShape(shape(url)).errors, url).toBeDefined();
      expect(checkShape(shape(url)).message, url).toBe('link must be an http, https or mailto link');
    }
  });
});
