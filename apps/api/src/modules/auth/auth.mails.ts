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

/**
 * Sign-up with an address that already has an account: the answer on screen is the same as for
 * a new one (nothing to enumerate), and the owner learns of it here instead.
 */
export function registrationAttemptMail(to: string, username: string, publicUrl: string): MailMessage {
  const link = `${publicUrl}${linkPaths.forgotPassword()}`;
  const intro =
    `Hello ${username}, someone tried to register a new QMGT account with your e-mail address. ` +
    'Your account already exists, so nothing was created and nothing changed.';
  const outro =
    `If it was you, sign in at ${publicUrl}${linkPaths.signIn()} (or reset your password below). ` +
    'If it was not, you can ignore this message: your account is safe.';
  return {
    to,
    subject: 'Someone tried to register with your address',
    text: `${intro}\n\nForgot your password? ${link}\n\n${outro}\n`,
    html: layout('Someone tried to register with your address', intro, 'Reset my password', link, outro),
  };
}

/** Sign-up with a free address but a taken username: told to the address given, not on screen. */
export function usernameTakenMail(to: string, username: string, publicUrl: string): MailMessage {
  const link = `${publicUrl}${linkPaths.signUp()}`;
  const intro = `Someone (we hope you) tried to create a QMGT account for this address with the username "${username}". That username is already taken, so no account was created.`;
  const outro = 'Sign up again with another username. If this was not you, ignore this message.';
  return {
    to,
    subject: 'Your QMGT account was not created',
    text: `${intro}\n\nChoose another username: ${link}\n\n${outro}\n`,
    html: layout('Your QMGT account was not created', intro, 'Choose another username', link, outro),
  };
}

/** Sent once when too many failed sign-ins lock an account. */
export function accountLockedMail(to: string, username: string, publicUrl: string, lockMinutes: number): MailMessage {
  const link = `${publicUrl}${linkPaths.forgotPassword()}`;
  const intro =
    `Hello ${username}, there were too many failed sign-ins to your QMGT account, so we locked it for ` +
    `${lockMinutes} minutes. Your password was not revealed and nothing in your account changed.`;
  const outro =
    'If this was you, wait and try again, or reset your password now: that also unlocks the account. ' +
    'If it was not you, someone is guessing your password: reset it to a new, strong one.';
  return {
    to,
    subject: 'Your account was locked after failed sign-ins',
    text: `${intro}\n\nReset your password: ${link}\n\n${outro}\n`,
    html: layout('Your account was locked after failed sign-ins', intro, 'Reset my password', link, outro),
  };
}
