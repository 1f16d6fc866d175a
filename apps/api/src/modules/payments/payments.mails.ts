import { formatUnits, toUnits, type Payment, type Remittance } from '@qmgt/contracts';
import type { MailMessage } from '../../adapters/mail/index.js';
import { amount, message } from '../../lib/mail-layout.js';

/* The Gold Convert services' mails: plain words, figures as the screens show them. */

const dollars = (value: string) => `${formatUnits(toUnits(value, 'USD'), 'USD')} USD`;

export function paymentCreditedMail(to: string, username: string, publicUrl: string, p: Payment): MailMessage {
  return message(
    to,
    `Your gold is in your GSA (${p.code})`,
    [
      `Hello ${username},`,
      `We received your payment of ${dollars(p.amountUsd)}. After the fee of ${dollars(p.feeUsd)}, ` +
        `${amount(p.grams, 'GOLD')} of gold at ${amount(p.price, 'USDT')} per gram are now in your gold savings account.`,
    ],
    { label: 'See your payment', url: `${publicUrl}/payment-success?paymentId=${p.id}` },
  );
}

export function remittanceSentMail(to: string, username: string, publicUrl: string, r: Remittance): MailMessage {
  const saved =
    r.grams !== '0'
      ? ` Your round-up of ${amount(r.roundUpUsdt, 'USDT')} saved ${amount(r.grams, 'GOLD')} of gold.`
      : '';
  return message(
    to,
    `You sent ${amount(r.amountUsdt, 'USDT')} (${r.code})`,
    [`Hello ${username},`, `You sent ${amount(r.amountUsdt, 'USDT')} to ${r.counterparty}.${saved}`],
    { label: 'See your remittances', url: `${publicUrl}/remit-to-save` },
  );
}

export function remittanceReceivedMail(to: string, username: string, publicUrl: string, r: Remittance): MailMessage {
  return message(
    to,
    `You received ${amount(r.amountUsdt, 'USDT')}`,
    [
      `Hello ${username},`,
      `${r.counterparty} sent you ${amount(r.amountUsdt, 'USDT')}. It is in your wallet now (reference ${r.code}).`,
    ],
    { label: 'See your wallet', url: `${publicUrl}/dashboard` },
  );
}
