import { type Mail, escapeHtml } from '../mail/api';

/**
 * The two mails of a signup (docs/accounts.md "Signup"): the answer to the visitor is the same
 * whether the address was free or taken; the mailbox learns which.
 */
export function welcomeMail(to: string, loginUrl: string): Mail {
  const text = [
    'Hello,',
    '',
    'Welcome to Tabula! Your account is ready. Log in here:',
    '',
    loginUrl,
    '',
    'If you did not sign up, ignore this e-mail.',
    '',
    'Tabula',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<p>Hello,</p><p>Welcome to Tabula! Your account is ready.</p>
<p><a href="${escapeHtml(loginUrl)}">Log in</a></p>
<p>If you did not sign up, ignore this e-mail.</p><p>Tabula</p>
</body></html>`;
  return { to, subject: 'Welcome to Tabula', text, html };
}

export function alreadyRegisteredMail(to: string, loginUrl: string, forgotUrl: string): Mail {
  const text = [
    'Hello,',
    '',
    'Someone (hopefully you) tried to create a Tabula account with this e-mail address, but you already have one.',
    'Log in here:',
    '',
    loginUrl,
    '',
    'Forgot your password? Choose a new one here:',
    '',
    forgotUrl,
    '',
    'If it was not you, ignore this e-mail: nothing has changed.',
    '',
    'Tabula',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<p>Hello,</p>
<p>Someone (hopefully you) tried to create a Tabula account with this e-mail address, but you already have one.</p>
<p><a href="${escapeHtml(loginUrl)}">Log in</a> · <a href="${escapeHtml(forgotUrl)}">Forgot your password?</a></p>
<p>If it was not you, ignore this e-mail: nothing has changed.</p><p>Tabula</p>
</body></html>`;
  return { to, subject: 'You already have a Tabula account', text, html };
}
