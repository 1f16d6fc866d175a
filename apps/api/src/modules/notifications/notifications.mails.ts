import type { MailMessage } from '../../adapters/mail/index.js';
import { message } from '../../lib/mail-layout.js';

/* The price alert's mail: the notification's words, with a link to the chart. */

export function priceAlertMail(
  to: string,
  username: string,
  publicUrl: string,
  notice: { title: string; body: string; link: string | null },
): MailMessage {
  return message(to, notice.title, [`Hello ${username},`, notice.body], {
    label: 'See the gold price',
    url: `${publicUrl}${notice.link ?? '/dashboard'}`,
  });
}
