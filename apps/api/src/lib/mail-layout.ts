import { formatUnits, toUnits } from '@qmgt/contracts';
import type { MailMessage } from '../adapters/mail/index.js';

/*
 * The product mails' one layout (every module's *.mails.ts): plain words, figures as the
 * screens show them, a link to follow.
 */

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
