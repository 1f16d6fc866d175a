import type { Termination } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';
import { amount, message } from '../../lib/mail-layout.js';

/* The gold savings mails: plain words, figures as the screens show them, a link to follow. */

export function terminationMail(to: string, username: string, publicUrl: string, t: Termination): MailMessage {
  const link = { label: 'See your termination summary', url: `${publicUrl}/termination-summary/${t.id}` };
  const figures = `${amount(t.grams, 'GOLD')} at ${amount(t.spot, 'USDT')} per gram: refund ${amount(t.refund, t.currency)}${
    t.earlyExit ? ` after the 5% early-exit fee of ${amount(t.earlyExitFee, t.currency)}` : ''
  }.`;
  if (t.status === 'approved')
    return message(
      to,
      `Your GAE plan is terminated (${t.code})`,
      [
        `Hello ${username},`,
        `Your termination request ${t.code} was approved. ${figures}`,
        'The refund is in your wallet and the plan is closed.',
      ],
      link,
    );
  if (t.status === 'rejected')
    return message(
      to,
      `Your GAE termination request was not approved (${t.code})`,
      [
        `Hello ${username},`,
        `Your termination request ${t.code} was not approved${t.reason ? `: ${t.reason}` : '.'}`,
        'Your grams are back in your GAE plan, which stays open.',
      ],
      link,
    );
  return message(
    to,
    `We received your GAE termination request (${t.code})`,
    [
      `Hello ${username},`,
      `Your request to terminate your GAE plan is with our operators. ${figures}`,
      'Your plan grams are locked until it is decided; we will write again then. Until then you can withdraw the request from its summary page.',
    ],
    link,
  );
}

export function autoSaveSkippedMail(
  to: string,
  username: string,
  publicUrl: string,
  skip: { period: string; amountUsdt: string },
): MailMessage {
  return message(
    to,
    `Your GAE auto-save for ${skip.period} was skipped`,
    [
      `Hello ${username},`,
      `Your monthly auto-save of ${amount(skip.amountUsdt, 'USDT')} could not buy gold for ${skip.period}: your USDT balance was too low. Nothing was taken.`,
      'Add USDT to your wallet before next month, or change the amount in your plan.',
    ],
    { label: 'Open your GAE plan', url: `${publicUrl}/GAE/Purchase` },
  );
}
