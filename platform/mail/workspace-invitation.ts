import { escapeHtml, linkMail, plain } from './link-mail';
import type { Mail } from './service';

/**
 * The workspace invitation mail (platform/workspaces/service.ts `inviteMember`). The same mail
 * goes to an address with or without an account: the link's page lets a signed-in person accept,
 * and sends anyone else to log in or sign up first (docs/architecture.md "Workspaces").
 */
export function workspaceInvitationMail(input: {
  to: string;
  inviter: string;
  workspace: string;
  role: string;
  link: string;
  days: number;
}): Mail {
  const workspace = input.workspace || 'a workspace';
  return linkMail({
    to: input.to,
    subject: `${input.inviter} invited you to a Tabula workspace`,
    lead: [
      {
        text: `${input.inviter} invited you to join the Tabula workspace "${workspace}" as ${input.role}.`,
        html: `${escapeHtml(input.inviter)} invited you to join the Tabula workspace <strong>${escapeHtml(workspace)}</strong> as ${escapeHtml(input.role)}.`,
      },
      plain('Accept the invitation through this link (log in, or sign up with this e-mail address first):'),
    ],
    action: 'Accept the invitation',
    link: input.link,
    notes: [`The invitation expires in ${input.days} days and works once. If you did not expect it, ignore this e-mail.`],
  });
}
