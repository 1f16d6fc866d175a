import { formatUnits, toUnits, type RewardRequest } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The customer's payout request was decided. */
export function rewardRequestMail(to: string, username: string, publicUrl: string, r: RewardRequest): MailMessage {
  const amount = `${formatUnits(toUnits(r.amountQmgt, 'QMGT'), 'QMGT')} QMGT`;
  const subject =
    r.status === 'approved'
      ? `Your reward payout was approved (${r.code})`
      : `Your reward payout was not approved (${r.code})`;
  const body =
    r.status === 'approved'
      ? `Your payout request ${r.code} of ${amount} was approved: the QMGT is in your wallet.`
      : `Your payout request ${r.code} of ${amount} was not approved${r.reason ? `: ${r.reason}` : '.'} The rewards are claimable again.`;
  const url = `${publicUrl}/My-Reward-Center`;
  return {
    to,
    subject,
    text: `Hello ${username},\n\n${body}\n\nYour reward center: ${url}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<h2 style="color:#b8860b">${escapeHtml(subject)}</h2>
<p>Hello ${escapeHtml(username)},</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}">Open your reward center</a></p></body></html>`,
  };
}
