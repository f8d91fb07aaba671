import type { Mail } from '../mail/service';

/** The password-recovery e-mail (plain text and simple HTML). */
export function recoveryMail(to: string, link: string, lifetimeMinutes: number): Mail {
  const text = [
    'Hello,',
    '',
    'Someone (hopefully you) asked to reset the password of your Tabula account.',
    'Open this link to choose a new password:',
    '',
    link,
    '',
    `The link works once and expires in ${lifetimeMinutes} minutes.`,
    'If you did not ask for it, ignore this e-mail: your password stays unchanged.',
    '',
    'Tabula',
  ].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<p>Hello,</p>
<p>Someone (hopefully you) asked to reset the password of your Tabula account.</p>
<p><a href="${href}" style="display: inline-block; padding: 8px 16px; background: #2563eb; color: #fff; text-decoration: none; border-radius: 4px">Choose a new password</a></p>
<p>Or copy this address into your browser:<br><a href="${href}">${href}</a></p>
<p>The link works once and expires in ${lifetimeMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays unchanged.</p>
<p>Tabula</p>
</body></html>`;
  return { to, subject: 'Reset your Tabula password', text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
