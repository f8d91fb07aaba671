import { linkMail, plain, type Mail } from '../mail/api';

/** The password-recovery e-mail (plain text and simple HTML). */
export function recoveryMail(to: string, link: string, lifetimeMinutes: number): Mail {
  return linkMail({
    to,
    subject: 'Reset your Tabula password',
    lead: [
      plain('Someone (hopefully you) asked to reset the password of your Tabula account.'),
      { text: 'Open this link to choose a new password:', html: '' },
    ],
    action: 'Choose a new password',
    link,
    copyLine: true,
    notes: [
      `The link works once and expires in ${lifetimeMinutes} minutes.`,
      'If you did not ask for it, ignore this e-mail: your password stays unchanged.',
    ],
  });
}
