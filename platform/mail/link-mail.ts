import type { Mail } from './service';

/** Text made safe for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A piece of a mail: the same words as plain text and as HTML (with its own escaping and emphasis). */
export interface MailLine {
  text: string;
  html: string;
}

/** Plain words: the HTML is the text, escaped. */
export const plain = (text: string): MailLine => ({ text, html: escapeHtml(text) });

/**
 * Every mail that asks its reader to follow one link (recovery, board and workspace invitations):
 * 'Hello,', what happened, the link (a button in HTML, with the address to copy), what to know
 * about it, 'Tabula' — as plain text and simple HTML.
 */
export function linkMail(input: {
  to: string;
  subject: string;
  lead: MailLine[];
  action: string;
  link: string;
  notes: string[];
  copyLine?: boolean;
}): Mail {
  const text = ['Hello,', '', ...input.lead.map((l) => l.text), '', input.link, '', ...input.notes, '', 'Tabula'].join('\n');
  const href = escapeHtml(input.link);
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<p>Hello,</p>
<p>${input.lead.map((l) => l.html).join(' ')}</p>
<p><a href="${href}" style="display: inline-block; padding: 8px 16px; background: #2563eb; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(input.action)}</a></p>
${input.copyLine ? `<p>Or copy this address into your browser:<br><a href="${href}">${href}</a></p>\n` : ''}<p>${input.notes.map(escapeHtml).join(' ')}</p>
<p>Tabula</p>
</body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}
