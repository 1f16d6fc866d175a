import type { UsdauRequest } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';
import { amount, message } from '../../lib/mail-layout.js';

/** The customer's mail at each step of a USDAU request. */
export function usdauRequestMail(to: string, username: string, publicUrl: string, r: UsdauRequest): MailMessage {
  const link = { label: 'Follow your USDAU requests', url: `${publicUrl}/request-external-usdau` };
  const figures = `${amount(r.grams, 'GOLD')} for ${amount(r.usdauAmount, 'USDAU')} to ${r.address}`;
  if (r.status === 'rejected')
    return message(
      to,
      `Your USDAU request was not approved (${r.code})`,
      [
        `Hello ${username},`,
        `Your request ${r.code} (${figures}) was not approved${r.reason ? `: ${r.reason}` : '.'}`,
        'The grams are back in your gold savings account.',
      ],
      link,
    );
  if (r.status === 'pending')
    return message(
      to,
      `We received your USDAU request (${r.code})`,
      [
        `Hello ${username},`,
        `Your request ${r.code}: ${figures}.`,
        'The grams are locked until our operators decide; we will write again then.',
      ],
      link,
    );
  return message(
    to,
    `Your USDAU request is approved (${r.code})`,
    [
      `Hello ${username},`,
      `Your request ${r.code} was approved: ${figures}.`,
      'The transfer is on its way on chain; the page shows its status and a link to the explorer.',
    ],
    link,
  );
}
