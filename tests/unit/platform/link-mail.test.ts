import { describe, expect, it } from 'vitest';
import { recoveryMail } from '../../../platform/accounts/recovery-mail';
import { invitationMail } from '../../../platform/boards/invitations';
import { workspaceInvitationMail } from '../../../platform/mail/workspace-invitation';

/** The mails that ask their reader to follow one link share one shape (platform/mail/link-mail.ts). */
describe('link mails', () => {
  const hostile = '<img src=x onerror=alert(1)> "Eve"';

  it('escape every name in the HTML and keep it readable in the text', () => {
    for (const mail of [
      invitationMail('to@example.com', hostile, hostile, 'https://t.example/accounts/signup?ret=%2Fboard%2Fx#invitation=a&b'),
      workspaceInvitationMail({
        to: 'to@example.com',
        inviter: hostile,
        workspace: hostile,
        role: 'Member',
        link: 'https://t.example/panel/invitation#token=a&b',
        days: 7,
      }),
    ]) {
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Eve&quot;');
      expect(mail.html).toContain('#');
      expect(mail.html).toMatch(/<a href="https:\/\/t\.example\/[^"]+&amp;b"/);
      expect(mail.text).toContain(hostile);
      expect(mail.text.split('\n')[0]).toBe('Hello,');
      expect(mail.text.trim().split('\n').at(-1)).toBe('Tabula');
    }
  });

  it('put the link on a line of its own in the text, as a button in the HTML, and the address to copy where asked', () => {
    const mail = recoveryMail('ann@example.com', 'https://t.example/accounts/reset-password/c0de/ann%40example.com', 60);
    expect(mail.subject).toBe('Reset your Tabula password');
    expect(mail.text.split('\n')).toContain('https://t.example/accounts/reset-password/c0de/ann%40example.com');
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.html).toContain('>Choose a new password</a>');
    expect(mail.html).toContain('Or copy this address into your browser');
    expect(invitationMail('a@example.com', 'Ann', 'Plans', 'https://t.example/x').html).not.toContain('Or copy this address');
  });
});
