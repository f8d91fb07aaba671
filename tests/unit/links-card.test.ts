import { describe, expect, it } from 'vitest';
import { validateShape } from '../../platform/core/model-schemas';
import { selectionLink } from '../../sdk/actions/tags';
import { linkCard, pastedLinkUrl, pasteContent } from '../../sdk/editor/clipboard';
import {
  boxOf,
  hitTest,
  isLinkCard,
  linkCardLayout,
  resizeShape,
  shapeToSvg,
  translateShape,
  type LinkCardShape,
} from '../../shared/geometry';
import { wrapText } from '../../shared/geometry/link';
import type { LinkShape, Shape } from '../../shared/model';
import { MESSAGES } from '../../shared/messages';
import { commandPolicyNeeds, POLICY } from '../../shared/policies';
import { checkShape } from '../../shared/shape-check';
import type { LinkPreview } from '../../shared/wire';
import { harness } from './sdk/helpers';

/**
 * Link cards (issue 34 item 3; shared/geometry/link.ts, sdk/editor/clipboard.ts): a pasted http(s)
 * address becomes a link shape with its own box and the page's preview; a link that groups shapes
 * keeps drawing as its shapes.
 */

const card = (extra: Partial<LinkShape> = {}): LinkCardShape =>
  ({
    id: 'c',
    cmd: 'link',
    uid: 'me',
    timestamp: 1,
    url: 'https://example.com/article',
    shapes: [],
    x: 100,
    y: 50,
    w: 360,
    h: 120,
    title: 'Whiteboards for everyone',
    description: 'How teams draw together',
    site: 'Example',
    image: 'https://cdn.example.com/cover.png',
    ...extra,
  }) as LinkCardShape;

const page: LinkPreview = {
  url: 'https://example.com/article',
  title: 'A <title> & more',
  description: 'Read it',
  site: 'Example',
  image: 'https://cdn.example.com/c.png',
};

describe('link card geometry', () => {
  it('a card has its own box: hit inside, moved and resized as a box', () => {
    const c = card();
    expect(isLinkCard(c)).toBe(true);
    expect(boxOf(c)).toEqual({ x: 100, y: 50, w: 360, h: 120 });
    expect(hitTest(c, { x: 300, y: 100 })).toBe(true);
    expect(hitTest(c, { x: 50, y: 100 })).toBe(false);
    expect(boxOf(translateShape(c, 10, -5))).toEqual({ x: 110, y: 45, w: 360, h: 120 });
    expect(boxOf(resizeShape(c, { x: 0, y: 0, w: 200, h: 80 }))).toEqual({ x: 0, y: 0, w: 200, h: 80 });
  });

  it('a link grouping shapes is still its shapes', () => {
    const rect = { id: 'r', cmd: 'rectangle', uid: 'me', timestamp: 1, x: 0, y: 0, w: 10, h: 10, stroke: '#000000', lineWidth: 2 };
    const group = { id: 'g', cmd: 'link', uid: 'me', timestamp: 1, url: 'https://example.com/', shapes: [rect] } as LinkShape;
    expect(isLinkCard(group)).toBe(false);
    expect(boxOf(group)).toEqual({ x: 0, y: 0, w: 10, h: 10 });
  });

  it('lays out the title, description and site beside the picture; without a title its address and "the url can\'t be shown"', () => {
    const full = linkCardLayout(card());
    expect(full.image).toEqual({ x: 100, y: 50, w: 120, h: 120 });
    expect(full.texts.map((t) => t.lines.join(' '))).toEqual(['Whiteboards for everyone', 'How teams draw together', 'Example']);
    expect(full.texts.every((t) => t.x === 232)).toBe(true);
    const failed = linkCardLayout(card({ title: undefined, description: undefined, site: undefined, image: undefined }));
    expect(failed.image).toBeNull();
    expect(failed.texts.map((t) => t.lines.join(' '))).toEqual([
      'https://example.com/article',
      MESSAGES.linkPreviewUnavailable,
      'example.com',
    ]);
  });

  it('wraps words into lines and ends what does not fit with an ellipsis', () => {
    expect(wrapText('one two three four', 9, 3)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('one two three four', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('abcdefghij', 4, 2)).toEqual(['abcd', 'efg…']);
    expect(wrapText('  ', 4, 2)).toEqual([]);
  });

  it('exports as an escaped card inside a link that opens in a new tab with noopener; server thumbnails fetch no picture', () => {
    const svg = shapeToSvg(card({ title: 'A <b> & "c"' }));
    expect(svg).toMatch(/^<a [^>]*href="https:\/\/example.com\/article"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
    expect(svg).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(svg).toContain('<image');
    expect(shapeToSvg(card(), { offline: true })).not.toContain('<image');
  });
});

describe('link card model', () => {
  it('the browser check and the server schema accept a card and refuse the same bad fields', () => {
    expect(checkShape(card())).toEqual({ value: card() });
    expect(validateShape(card()).errors).toBeUndefined();
    for (const bad of [
      { image: 'javascript:alert(1)' },
      { title: 'x'.repeat(301) },
      { description: 'x'.repeat(1001) },
      { site: 7 },
      { w: Number.POSITIVE_INFINITY },
      { extra: 1 },
    ]) {
      const shape = { ...card(), ...bad };
      expect(checkShape(shape).message, JSON.stringify(bad)).toBeDefined();
      expect(validateShape(shape).errors, JSON.stringify(bad)).toBeDefined();
    }
  });

  it('adding a card needs the paste-link policy (board.md §6, beta-tester); a link grouping shapes does not', () => {
    const add = (shape: Shape) => ({ id: 'k', cmd: shape.cmd, uid: 'me', timestamp: 1, shape }) as never;
    expect(commandPolicyNeeds(add(card()))).toEqual([{ feature: 'paste link', needs: [POLICY.pasteLink] }]);
    const rect = { id: 'r', cmd: 'rectangle', uid: 'me', timestamp: 1, x: 0, y: 0, w: 10, h: 10, stroke: '#000000', lineWidth: 2 };
    expect(
      commandPolicyNeeds(add({ id: 'g', cmd: 'link', uid: 'me', timestamp: 1, url: 'https://e.com/', shapes: [rect] } as never)),
    ).toEqual([]);
  });
});

describe('pasting an address', () => {
  it('recognises one http(s) address and nothing else', () => {
    expect(pastedLinkUrl('  https://example.com/a?b=1  ')).toBe('https://example.com/a?b=1');
    expect(pastedLinkUrl('http://example.com')).toBe('http://example.com');
    for (const text of [
      'see https://example.com',
      'https://a.com https://b.com',
      'mailto:a@b.c',
      'javascript:alert(1)',
      'example.com',
      'https:///x',
      '',
    ])
      expect(pastedLinkUrl(text), text).toBeNull();
  });

  it('makes a card centred on the point with the preview, or a bare card when there is none', () => {
    const base = { id: 'n', cmd: 'link' as const, uid: 'me', timestamp: 1 };
    expect(linkCard(page.url, page, { x: 500, y: 300 }, base)).toEqual({
      ...base,
      url: page.url,
      shapes: [],
      x: 320,
      y: 240,
      w: 360,
      h: 120,
      title: page.title,
      description: page.description,
      site: page.site,
      image: page.image,
    });
    expect(linkCard(page.url, { ...page, image: '', description: '' }, { x: 0, y: 0 }, base)).not.toHaveProperty('image');
    expect(linkCard(page.url, null, { x: 0, y: 0 }, base)).not.toHaveProperty('title');
  });

  it('with the paste-link policy a pasted address is one card command, selected, opened by Open link', async () => {
    const h = harness({ policies: [POLICY.pasteLink] });
    const asked: string[] = [];
    h.editor.linkPreviewer = async (url) => {
      asked.push(url);
      return page;
    };
    const added = await pasteContent(
      h.editor,
      { kind: 'text', text: ' https://example.com/article ' },
      () => 'x',
      { x: 0, y: 0 },
      undefined,
      h.editor.pasteLinks(),
    );
    expect(asked).toEqual(['https://example.com/article']);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ cmd: 'link', url: 'https://example.com/article', title: page.title, shapes: [] });
    expect(h.sent.map((c) => c.cmd)).toEqual(['link']);
    expect(h.editor.selection).toEqual([added[0]!.id]);
    expect(selectionLink(h.editor)).toBe('https://example.com/article');
  });

  it("a failed preview tells the spec's message and still makes the card; without the policy the address stays text", async () => {
    const h = harness({ policies: [POLICY.pasteLink] });
    const notices: string[] = [];
    h.editor.notice$.subscribe((n) => notices.push(n.text));
    h.editor.linkPreviewer = () => Promise.reject(new Error('400'));
    const [made] = await pasteContent(
      h.editor,
      { kind: 'text', text: 'https://example.com/' },
      () => 'x',
      { x: 0, y: 0 },
      undefined,
      h.editor.pasteLinks(),
    );
    expect(made).toMatchObject({ cmd: 'link', url: 'https://example.com/' });
    expect(made).not.toHaveProperty('title');
    expect(notices).toEqual([MESSAGES.linkPreviewFailed]);

    const plain = harness();
    plain.editor.linkPreviewer = async () => page;
    expect(plain.editor.pasteLinks()).toBeUndefined();
    const [text] = await pasteContent(
      plain.editor,
      { kind: 'text', text: 'https://example.com/' },
      () => 'y',
      { x: 0, y: 0 },
      undefined,
      plain.editor.pasteLinks(),
    );
    expect(text).toMatchObject({ cmd: 'text', value: 'https://example.com/' });
  });
});
