import { linkPaths, type Gift } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';
import { amount, message } from '../../lib/mail-layout.js';

/* Gift gold's mails: plain words, figures as the screens show them. */

const withMessage = (g: Gift) => (g.message ? [`Their message: “${g.message}”`] : []);

export function giftReceivedMail(to: string, username: string, publicUrl: string, g: Gift): MailMessage {
  return message(
    to,
    `${g.counterparty} gifted you ${amount(g.grams, 'GOLD')} of gold`,
    [
      `Hello ${username},`,
      `${g.counterparty} gifted you ${amount(g.grams, 'GOLD')} of gold. It is in your gold savings account now (reference ${g.code}).`,
      ...withMessage(g),
    ],
    { label: 'See your gifts', url: `${publicUrl}/gifts` },
  );
}

export function giftReturnedMail(to: string, username: string, publicUrl: string, g: Gift): MailMessage {
  return message(
    to,
    `Your gift of ${amount(g.grams, 'GOLD')} came back`,
    [
      `Hello ${username},`,
      `Your gift of ${amount(g.grams, 'GOLD')} to ${g.counterparty} (${g.code}) was not claimed within 30 days. ` +
        'The grams are back in your gold savings account.',
    ],
    { label: 'See your gifts', url: `${publicUrl}/gifts` },
  );
}

/** To an address with no verified customer: who sent what, and how to claim it. */
export function giftInvitationMail(to: string, sender: string, publicUrl: string, g: Gift): MailMessage {
  const until = g.expiresAt ? new Date(g.expiresAt).toISOString().slice(0, 10) : '';
  return message(
    to,
    `${sender} gifted you ${amount(g.grams, 'GOLD')} of gold`,
    [
      'Hello,',
      `${sender} gifted you ${amount(g.grams, 'GOLD')} of gold on QMGT, the gold-backed savings platform.`,
      ...withMessage(g),
      `To receive it, sign up with this e-mail address and verify your identity by ${until} (UTC). ` +
        'The grams are credited to your gold savings account as soon as you are verified; unclaimed, they return to the sender.',
    ],
    { label: 'Sign up', url: `${publicUrl}${linkPaths.signUp()}` },
  );
}
