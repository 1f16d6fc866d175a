import { linkPaths } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, intro: string, action: string, link: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<h2 style="color:#b8860b">${escapeHtml(title)}</h2>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="background:#d4a017;color:#111;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>Or open this address: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#666">${escapeHtml(outro)}</p>
</body></html>`;
}

export function emailVerificationMail(to: string, username: string, publicUrl: string, token: string): MailMessage {
  const link = `${publicUrl}${linkPaths.emailVerification(token)}`;
  const intro = `Hello ${username}, please confirm your e-mail address to finish creating your QMGT account.`;
  const outro = 'The link works once and expires in 24 hours. If you did not sign up, ignore this message.';
  return {
    to,
    subject: 'Verify your e-mail address',
    text: `${intro}\n\nVerify your e-mail: ${link}\n\n${outro}\n`,
    html: layout('Verify your e-mail address', intro, 'Verify e-mail', link, outro),
  };
}

export function passwordResetMail(to: string, username: string, publicUrl: string, token: string): MailMessage {
  const link = `${publicUrl}${linkPaths.changePassword(token)}`;
  const intro = `Hello ${username}, we received a request to reset the password of your QMGT account.`;
  const outro =
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays as it is.';
  return {
    to,
    subject: 'Reset your password',
    text: `${intro}\n\nChoose a new password: ${link}\n\n${outro}\n`,
    html: layout('Reset your password', intro, 'Choose a new password', link, outro),
  };
}
