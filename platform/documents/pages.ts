import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';

/**
 * The user-facing help pages under /documents/ (docs/help/*.md, docs/board-screen.md "Help"):
 * each Markdown file is one page, rendered once to HTML when the server starts. The files are
 * ours (no user input reaches them), so the HTML is not sanitised; the page's CSP still allows
 * no script at all and only its own inline stylesheet (by hash).
 */
export interface HelpPage {
  /** the address segment: /documents/{slug} */
  slug: string;
  /** the first level-1 heading */
  title: string;
  /** the rendered body */
  html: string;
}

/** The pages the navigation shows, in its order (any other docs/help/*.md is served too). */
export const NAV: ReadonlyArray<{ slug: string; label: string }> = [
  { slug: 'how-to', label: 'How to use Tabula' },
  { slug: 'support', label: 'Support' },
  { slug: 'set-a-preferred-language', label: 'Language' },
  { slug: 'api', label: 'API reference' },
];

/** A page's slug: lower-case letters, digits and dashes (anything else is never a file name). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Where docs/help is: beside the server's root, from platform/documents/ (sources) or build/ (built). */
export function findHelpDir(from: string = import.meta.dirname): string | null {
  let dir = from;
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'docs', 'help');
    if (fs.existsSync(candidate) && fs.statSync(candidate).isDirectory()) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/** A heading's anchor: 'Keyboard shortcuts' → 'keyboard-shortcuts' (the panel links to #drawing, #sharing, #shortcuts). */
export function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

function renderer(): Marked {
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, token: Tokens.Heading) {
        // an explicit anchor: '## Keyboard shortcuts {#shortcuts}'
        const explicit = /\s*\{#([a-z0-9-]+)\}\s*$/.exec(token.text);
        const tokens = explicit ? stripAnchor(token.tokens) : token.tokens;
        const inner = this.parser.parseInline(tokens);
        const id = explicit ? explicit[1] : anchorOf(inner);
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
    },
  });
  return marked;
}

/** The heading's tokens without a trailing '{#id}'. */
function stripAnchor(tokens: Tokens.Heading['tokens']): Tokens.Heading['tokens'] {
  const copy = tokens.map((t) => ({ ...t }));
  const last = copy[copy.length - 1] as { type: string; text?: string; raw?: string } | undefined;
  if (last && last.type === 'text' && typeof last.text === 'string') {
    last.text = last.text.replace(/\s*\{#[a-z0-9-]+\}\s*$/, '');
    last.raw = last.text;
  }
  return copy;
}

/** Renders one Markdown source to a page: its title is the first '# ' heading. */
export function renderPage(slug: string, markdown: string): HelpPage {
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? slug;
  return { slug, title, html: renderer().parse(markdown, { async: false }) };
}

/** Every docs/help/*.md with a valid slug, rendered. */
export function loadPages(dir: string | null): Map<string, HelpPage> {
  const pages = new Map<string, HelpPage>();
  if (!dir) return pages;
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.md')) continue;
    const slug = file.slice(0, -3);
    if (!SLUG.test(slug)) continue;
    pages.set(slug, renderPage(slug, fs.readFileSync(path.join(dir, file), 'utf8')));
  }
  return pages;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The pages' one stylesheet (inline, allowed by its hash). */
export const STYLE = `
:root{color-scheme:light;--ink:#1f2430;--soft:#4a5163;--line:#dde1ea;--brand:#3556d8;--bg:#f6f7fb}
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--brand)}
a:focus-visible{outline:3px solid var(--brand);outline-offset:2px;border-radius:3px}
.skip{position:absolute;left:-999px}.skip:focus{left:16px;top:8px;background:#fff;padding:6px 10px;z-index:1}
header{background:#fff;border-bottom:1px solid var(--line)}
.bar{max-width:880px;margin:0 auto;padding:12px 24px;display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center}
.brand{font-weight:700;font-size:20px;text-decoration:none;color:var(--ink);display:flex;gap:8px;align-items:center}
.brand span{display:inline-block;width:22px;height:22px;border-radius:6px;background:var(--brand)}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 18px}
nav a{text-decoration:none;color:var(--soft)}nav a:hover{text-decoration:underline}
nav a[aria-current=page]{color:var(--brand);font-weight:600}
main{max-width:880px;margin:24px auto;padding:8px 40px 32px;background:#fff;border:1px solid var(--line);border-radius:12px}
h1{font-size:32px;line-height:1.25;margin:24px 0 8px}h2{font-size:23px;margin:36px 0 8px;padding-top:8px;border-top:1px solid var(--line)}
h3{font-size:18px;margin:24px 0 6px}
table{border-collapse:collapse;width:100%;margin:12px 0}th,td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--line)}
th{background:var(--bg)}
kbd,code{font:14px ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:1px 5px}
blockquote{margin:16px 0;padding:8px 16px;border-left:4px solid var(--brand);background:var(--bg);color:var(--soft)}
footer{max-width:880px;margin:0 auto 32px;padding:0 24px;color:var(--soft);font-size:14px}
@media (max-width:640px){main{margin:0;border-radius:0;border-width:1px 0;padding:8px 18px 24px}}
`.trim();

/** The page's Content-Security-Policy: no script, no connection, only this stylesheet. */
export const DOCS_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** A whole HTML document around a page's body. */
export function layout(title: string, body: string, current: string | null): string {
  const nav = NAV.map(
    (n) => `<li><a href="/documents/${n.slug}"${n.slug === current ? ' aria-current="page"' : ''}>${escapeHtml(n.label)}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Tabula</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#content">Skip to the content</a>
<header><div class="bar"><a class="brand" href="/"><span aria-hidden="true"></span>Tabula</a>
<nav aria-label="Help"><ul>${nav}</ul></nav></div></header>
<main id="content">
${body}
</main>
<footer>Tabula help · <a href="/">Back to Tabula</a></footer>
</body>
</html>
`;
}

/** The answer to an unknown /documents/ address. */
export function notFoundBody(): string {
  return `<h1>Page not found</h1>
<p>There is no help page at this address. It may have moved, or the link has a typing mistake.</p>
<ul>
<li><a href="/documents/how-to">How to use Tabula</a></li>
<li><a href="/documents/support">Support</a></li>
<li><a href="/">Back to Tabula</a></li>
</ul>`;
}

/** The /documents index: every page with its title. */
export function indexBody(pages: Map<string, HelpPage>): string {
  const items = [...pages.values()].map((p) => `<li><a href="/documents/${p.slug}">${escapeHtml(p.title)}</a></li>`).join('\n');
  return `<h1>Tabula help</h1>
<p>Guides for using Tabula boards, getting help and choosing your language.</p>
<ul>
${items}
<li><a href="/documents/api">API reference</a> (for developers)</li>
</ul>`;
}
