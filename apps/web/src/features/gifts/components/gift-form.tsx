import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { GIFT_ESCROW_DAYS, GIFT_MESSAGE_MAX, giftQuoteRequestSchema, type GiftQuote } from '@qmgt/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Figure, Figures, QuoteCountdown } from '@/components/ui/figures';
import { errorMessage, refusedField } from '@/lib/api-client';
import { editedField } from '@/lib/form-field';
import { formatAmount, formatGrams, parseAmount } from '@/lib/money';
import { useQuoteConfirmation, type ConfirmOutcome, type QuoteConfirmation } from '@/lib/use-quote-confirmation';
import { requestGiftQuote } from '../api/gifts-api';

export type GiftConfirmation = QuoteConfirmation<GiftQuote> & {
  /** What the customer typed: the success line names an invited address as they wrote it. */
  recipient: string;
};

type GiftFields = z.input<typeof giftQuoteRequestSchema>;
type GiftRequest = z.output<typeof giftQuoteRequestSchema>;

const FIELDS: readonly (keyof GiftFields)[] = ['recipient', 'grams', 'message'];

/**
 * The field a refused quote is about: the one the server names (`details.field`, or a schema
 * issue's path); a refusal naming none of the form's fields (too many look-ups, no answer) is
 * said at the grams, the field the customer submits from.
 */
function refusalAt(failure: unknown, fallback: string): { field: keyof GiftFields; message: string } {
  const named = refusedField(failure);
  const field = FIELDS.find((name) => name === named?.field);
  return field && named ? { field, message: named.message } : { field: 'grams', message: fallback };
}

/**
 * Gift gold: who (e-mail or referral code), how many grams of the gold savings account and an
 * optional message, checked by the contract's schema; then the recipient's masked name (or that
 * the address will be invited), the grams and their value, for 30 s, before confirming.
 */
export function GiftForm({
  onConfirm,
  available,
}: {
  onConfirm: (confirmation: GiftConfirmation) => Promise<ConfirmOutcome>;
  /** The GSA's grams (undefined while loading). */
  available: string | undefined;
}) {
  const form = useForm<GiftFields, unknown, GiftRequest>({
    resolver: zodResolver(giftQuoteRequestSchema),
    defaultValues: { recipient: '', grams: '', message: '' },
  });
  const [recipient, grams, message] = form.watch(['recipient', 'grams', 'message']);
  const trimmed = (values: GiftFields) => ({
    recipient: values.recipient.trim(),
    grams: values.grams.trim(),
    message: values.message?.trim() || null,
  });
  const flow = useQuoteConfirmation<GiftQuote>({
    requestQuote: () => requestGiftQuote(trimmed(form.getValues())),
    onConfirm: (confirmation) => onConfirm({ ...confirmation, recipient: recipient.trim() }),
    onDone: () => form.reset(),
  });
  const { quote, secondsLeft, expired } = flow;
  const wanted = parseAmount(grams.trim(), 'GOLD');
  const held = available === undefined ? undefined : (parseAmount(available, 'GOLD') ?? 0n);
  const insufficient = wanted !== null && held !== undefined && wanted > held;
  // Every refusal of a quote is said at a field: the one the server names, else the grams.
  const refusal =
    flow.quoteError === null
      ? null
      : refusalAt(flow.quoteError, errorMessage(flow.quoteError, 'The gift could not be prepared.'));

  /** A field of the form: any change drops the quote on screen (it no longer says what is asked). */
  const field = (name: keyof GiftFields) => {
    const edited = editedField(form, name, flow.reset);
    return { ...edited, error: edited.error ?? (refusal?.field === name ? refusal.message : undefined) };
  };

  // The schema checks the fields as the contract does; the amount must also be above zero.
  const review = form.handleSubmit((values) => {
    if ((parseAmount(values.grams.trim(), 'GOLD') ?? 0n) <= 0n) {
      form.setError('grams', { message: 'Enter the grams to gift.' }, { shouldFocus: true });
      return;
    }
    return flow.ask();
  });

  const gramsField = field('grams');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <form onSubmit={(event) => void review(event)} noValidate>
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
            {...field('recipient')}
          />
          <TextInput
            label="Grams"
            inputMode="decimal"
            autoComplete="off"
            description={`In your GSA: ${available === undefined ? '…' : formatGrams(available)}`}
            {...gramsField}
            error={
              gramsField.error ?? (insufficient ? 'You hold fewer grams in your gold savings account.' : undefined)
            }
          />
          <Textarea
            label="Message (optional)"
            autosize
            minRows={2}
            maxLength={GIFT_MESSAGE_MAX}
            description={`${(message ?? '').length}/${GIFT_MESSAGE_MAX}`}
            {...field('message')}
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
          {quote && !expired ? (
            <Button onClick={() => void flow.confirm()} loading={flow.confirming} disabled={insufficient}>
              Gift {formatGrams(quote.grams)}
            </Button>
          ) : (
            <Button type="submit" loading={flow.quoting} disabled={!grams.trim() || !recipient.trim()}>
              {expired ? 'Get a new quote' : 'Review'}
            </Button>
          )}
        </Stack>
      </form>
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
