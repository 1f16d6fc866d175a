import { formatUnits, toUnits, type Termination } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';

/* The gold savings mails: plain words, figures as the screens show them, a link to follow. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.url}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<h2 style="color:#b8860b">${escapeHtml(subject)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
</body></html>`,
  };
}

export const amount = (value: string, asset: 'USDT' | 'QMGT' | 'GOLD' | 'USDAU') =>
  `${formatUnits(toUnits(value, asset), asset)} ${asset === 'GOLD' ? 'g' : asset}`;

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
      'Your plan grams are locked until it is decided; we will write again then.',
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
