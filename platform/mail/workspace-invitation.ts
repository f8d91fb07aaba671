import { escapeHtml } from '../accounts/recovery-mail';
import type { Mail } from './service';

/**
 * The workspace invitation mail (platform/workspaces/service.ts `inviteMember`). The same mail
 * goes to an address with or without an account: the link's page lets a signed-in person accept,
 * and sends anyone else to log in or sign up first (docs/architecture.md "Workspaces").
 */
export function workspaceInvitationMail(input: { to: string; inviter: string; workspace: string; role: string; link: string; days: number }): Mail {
  const workspace = input.workspace || 'a workspace';
  const text = [
    'Hello,',
    '',
    `${input.inviter} invited you to join the Tabula workspace "${workspace}" as ${input.role}.`,
    'Accept the invitation through this link (log in, or sign up with this e-mail address first):',
    '',
    input.link,
    '',
    `The invitation expires in ${input.days} days and works once. If you did not expect it, ignore this e-mail.`,
    '',
    'Tabula',
  ].join('\n');
  const href = escapeHtml(input.link);
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<p>Hello,</p>
<p>${escapeHtml(input.inviter)} invited you to join the Tabula workspace <strong>${escapeHtml(workspace)}</strong> as ${escapeHtml(input.role)}.</p>
<p><a href="${href}" style="display: inline-block; padding: 8px 16px; background: #2563eb; color: #fff; text-decoration: none; border-radius: 4px">Accept the invitation</a></p>
<p>Log in, or sign up with this e-mail address first. The invitation expires in ${input.days} days and works once. If you did not expect it, ignore this e-mail.</p>
<p>Tabula</p>
</body></html>`;
  return { to: input.to, subject: `${input.inviter} invited you to a Tabula workspace`, text, html };
}
