import { type Mail, escapeHtml } from '../../mail/api';

/**
 * The direct message an operator sends a user (backoffice.md §2, §9: templates empty or
 * account-deactivation-email). With the empty template the operator writes subject and text;
 * the deactivation template has its own words (the operator's text, if any, is added).
 */
export const DIRECT_TEMPLATES = ['', 'account-deactivation-email'] as const;
export type DirectTemplate = (typeof DIRECT_TEMPLATES)[number];

export function directMail(to: string, template: DirectTemplate, input: { subject?: string; message?: string }, product = 'Tabula'): Mail {
  const extra = (input.message ?? '').trim();
  const lines =
    template === 'account-deactivation-email'
      ? [
          `Your ${product} account (${to}) has been deactivated by an administrator.`,
          'You can no longer sign in. If you think this is a mistake, reply to this message.',
          ...(extra ? ['', extra] : []),
        ]
      : [extra];
  const subject =
    (input.subject ?? '').trim() ||
    (template === 'account-deactivation-email' ? `Your ${product} account has been deactivated` : `A message from ${product}`);
  const text = ['Hello,', '', ...lines, '', product].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<p>Hello,</p>
${lines
  .filter(Boolean)
  .map((l) => `<p>${escapeHtml(l)}</p>`)
  .join('\n')}
<p>${escapeHtml(product)}</p>
</body></html>`;
  return { to, subject, text, html };
}
