import { Alert, Button, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { GIFT_ESCROW_DAYS, GIFT_MESSAGE_MAX, QUOTE_TTL_MS, type GiftQuote } from '@qmgt/contracts';
import { useState } from 'react';
import { Figure, Figures, QuoteCountdown, type ConfirmOutcome } from '@/components/ui/figures';
import { errorMessage } from '@/lib/api-client';
import { formatAmount, formatGrams, parseAmount } from '@/lib/money';
import { useCountdown } from '@/lib/use-countdown';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { requestGiftQuote } from '../api/gifts-api';

export type GiftConfirmation = {
  /** What the customer typed: the success line names an invited address as they wrote it. */
  recipient: string;
  quote: GiftQuote;
  idempotencyKey: string;
};

type Field = 'recipient' | 'grams' | 'message' | 'form';

/**
 * Gift gold: who (e-mail or referral code), how many grams of the gold savings account and an
 * optional message; then the recipient's masked name (or that the address will be invited),
 * the grams and their value, for 30 s, before confirming.
 */
export function GiftForm({
  onConfirm,
  available,
}: {
  onConfirm: (confirmation: GiftConfirmation) => Promise<ConfirmOutcome>;
  /** The GSA's grams (undefined while loading). */
  available: string | undefined;
}) {
  const [recipient, setRecipient] = useState('');
  const [grams, setGrams] = useState('');
  const [message, setMessage] = useState('');
  const [quote, setQuote] = useState<(GiftQuote & { validUntil: number }) | null>(null);
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useIdempotencyKeys();
  const secondsLeft = useCountdown(quote?.validUntil ?? null);
  const expired = quote !== null && secondsLeft === 0;
  const wanted = parseAmount(grams.trim(), 'GOLD');
  const held = available === undefined ? undefined : (parseAmount(available, 'GOLD') ?? 0n);
  const insufficient = wanted !== null && held !== undefined && wanted > held;

  const reset = () => {
    setQuote(null);
    setError(null);
  };

  const review = async () => {
    if (!recipient.trim())
      return setError({ field: 'recipient', message: 'Enter the recipient’s e-mail or referral code.' });
    if (wanted === null || wanted <= 0n) return setError({ field: 'grams', message: 'Enter the grams to gift.' });
    setBusy(true);
    setError(null);
    const requestedAt = Date.now();
    try {
      const answer = await requestGiftQuote({
        recipient: recipient.trim(),
        grams: grams.trim(),
        message: message.trim() || null,
      });
      setQuote({ ...answer, validUntil: requestedAt + QUOTE_TTL_MS });
    } catch (failure) {
      const text = errorMessage(failure, 'The gift could not be prepared.');
      const field: Field = /recipient|yourself|e-mail|referral/i.test(text)
        ? 'recipient'
        : /message/i.test(text)
          ? 'message'
          : 'grams';
      setError({ field, message: text });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!quote || expired || insufficient) return;
    const intent = `${quote.quoteId}`;
    setBusy(true);
    const outcome = await onConfirm({ recipient: recipient.trim(), quote, idempotencyKey: keys.keyFor(intent) });
    setBusy(false);
    if (outcome !== 'retry') keys.forget(intent);
    if (outcome === 'done') {
      setGrams('');
      setRecipient('');
      setMessage('');
      setQuote(null);
    } else if (outcome === 'refused') setQuote(null);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Give grams from your gold savings account (GSA) to another customer, or to a friend who is not one yet: they
          receive an invitation, and the grams wait for them until they sign up and verify their identity (
          {GIFT_ESCROW_DAYS} days, then they come back to you). No fee, nothing moves on chain.
        </Text>
        <TextInput
          label="Recipient’s e-mail or referral code"
          placeholder="friend@example.com or ABC123"
          autoComplete="off"
          value={recipient}
          onChange={(event) => {
            setRecipient(event.currentTarget.value);
            reset();
          }}
          error={error?.field === 'recipient' ? error.message : undefined}
        />
        <TextInput
          label="Grams"
          inputMode="decimal"
          autoComplete="off"
          value={grams}
          onChange={(event) => {
            setGrams(event.currentTarget.value);
            reset();
          }}
          description={`In your GSA: ${available === undefined ? '…' : formatGrams(available)}`}
          error={
            error?.field === 'grams'
              ? error.message
              : insufficient
                ? 'You hold fewer grams in your gold savings account.'
                : undefined
          }
        />
        <Textarea
          label="Message (optional)"
          autosize
          minRows={2}
          maxLength={GIFT_MESSAGE_MAX}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            reset();
          }}
          description={`${message.length}/${GIFT_MESSAGE_MAX}`}
          error={error?.field === 'message' ? error.message : undefined}
        />
        {quote ? (
          <Paper withBorder radius="md" p="md">
            <Figures label="Gift quote">
              <Figure label="To">
                {'maskedName' in quote.recipient ? quote.recipient.maskedName : `${recipient.trim()} (invited)`}
              </Figure>
              <Figure label="Grams" title={`${quote.grams} g`}>
                {formatGrams(quote.grams)}
              </Figure>
              <Figure label="Value today">{formatAmount(quote.valueUsdt, 'USDT')} USDT</Figure>
              <Figure label="Fee">None</Figure>
              {quote.message ? <Figure label="Message">{quote.message}</Figure> : null}
            </Figures>
            {'invited' in quote.recipient ? (
              <Text size="xs" c="dimmed" mt="xs">
                No verified customer has this address yet: we e-mail them an invitation. The grams wait for them for{' '}
                {GIFT_ESCROW_DAYS} days, then return to your GSA.
              </Text>
            ) : null}
            <QuoteCountdown secondsLeft={secondsLeft} />
          </Paper>
        ) : null}
        {error?.field === 'form' ? <Alert color="red">{error.message}</Alert> : null}
        {quote && !expired ? (
          <Button onClick={() => void confirm()} loading={busy} disabled={insufficient}>
            Gift {formatGrams(quote.grams)}
          </Button>
        ) : (
          <Button onClick={() => void review()} loading={busy} disabled={!grams.trim() || !recipient.trim()}>
            {expired ? 'Get a new quote' : 'Review'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The success line: who got what, or that the grams wait for the invited address. */
export function giftOutcome({ recipient, quote }: Pick<GiftConfirmation, 'recipient' | 'quote'>): string {
  const grams = formatGrams(quote.grams);
  if ('maskedName' in quote.recipient) {
    const name = quote.recipient.maskedName;
    return `You gifted ${grams} of gold to ${name}${name.endsWith('.') ? '' : '.'}`;
  }
  return `You gifted ${grams} of gold. We invited ${recipient}: the grams wait for them for ${GIFT_ESCROW_DAYS} days.`;
}

/** The line under the spinner while the gift is sent. */
export function giftProgress({ recipient, quote }: Pick<GiftConfirmation, 'recipient' | 'quote'>): string {
  const to = 'maskedName' in quote.recipient ? quote.recipient.maskedName : recipient;
  return `Gifting ${formatGrams(quote.grams)} of gold to ${to}…`;
}
