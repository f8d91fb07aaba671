/**
 * What other domains may use of mail (docs/architecture.md "Domains and their api.ts"): sending
 * now or through the outbox, the outbox's listing and resend, and the helpers that build a mail
 * with a link (the workspace invitation's among them). Exposed too as `server.plugins.mail`.
 */
export { escapeHtml, linkMail, plain } from './link-mail';
export { outboxMail, resendMail, sendMail, sendMailLater, type Mail, type OutboxStatus } from './service';
export { workspaceInvitationMail } from './workspace-invitation';
