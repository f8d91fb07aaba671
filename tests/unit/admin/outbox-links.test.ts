import { describe, expect, it } from 'vitest';
import { linkParts, mailLinks, safeHref } from '../../../admin/outbox/links';

/** The Outbox screen's links (admin/outbox/links.tsx): only http(s) URLs become links; the HTML is never markup. */
describe('outbox links', () => {
  it('turns http and https URLs of a text into link parts, leaving trailing punctuation as text', () => {
    const parts = linkParts('Open https://tabula.example/accounts/reset-password/abc/a%40b.c. Or http://x.example/y), then go.');
    expect(parts).toEqual([
      { text: 'Open ' },
      {
        text: 'https://tabula.example/accounts/reset-password/abc/a%40b.c',
        href: 'https://tabula.example/accounts/reset-password/abc/a%40b.c',
      },
      { text: '. Or ' },
      { text: 'http://x.example/y', href: 'http://x.example/y' },
      { text: '), then go.' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(
      'Open https://tabula.example/accounts/reset-password/abc/a%40b.c. Or http://x.example/y), then go.',
    );
  });

  it('never links other schemes', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example',
      'ftp://x.example',
    ]) {
      expect(safeHref(bad), bad).toBeNull();
      expect(
        linkParts(`see ${bad}`).some((p) => 'href' in p),
        bad,
      ).toBe(false);
    }
    expect(linkParts('<javascript:alert(1)> https:// nothing')).toEqual([{ text: '<javascript:alert(1)> https:// nothing' }]);
  });

  it("collects a mail's distinct links from its text and its HTML hrefs (entities decoded, unsafe ones dropped)", () => {
    const html = `<a href="https://a.example/x?y=1&amp;z=2">go</a><a href='javascript:alert(1)'>no</a><a href="https://b.example/">b</a><a href=" data:text/html,x ">d</a>`;
    expect(mailLinks('Go to https://b.example/ now', html)).toEqual(['https://b.example/', 'https://a.example/x?y=1&z=2']);
    expect(mailLinks('no links', null)).toEqual([]);
  });
});
