import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { REMIT_MIN_USDT, remitQuoteRequestSchema, type RemitQuote, type RoundUpStep } from '@qmgt/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Figure, Figures, QuoteCountdown } from '@/components/ui/figures';
import { errorMessage, refusedField } from '@/lib/api-client';
import { editedField } from '@/lib/form-field';
import { formatAmount, formatGrams, parseAmount } from '@/lib/money';
import { useQuoteConfirmation, type ConfirmOutcome, type QuoteConfirmation } from '@/lib/use-quote-confirmation';
import { requestRemitQuote } from '../api/payments-api';

export type RemitConfirmation = QuoteConfirmation<RemitQuote> & {
  request: { recipient: string; amountUsdt: string; roundUpTo: RoundUpStep | null; quoteId: string | null };
};

const ROUND_UPS = [
  { value: 'none', label: 'None' },
  { value: '1', label: '1 USDT' },
  { value: '5', label: '5 USDT' },
  { value: '10', label: '10 USDT' },
];

/** The typed fields, checked by the contract's own schema (the round-up is a choice, not typed). */
const remitFieldsSchema = remitQuoteRequestSchema.pick({ recipient: true, amountUsdt: true });
type RemitFields = z.input<typeof remitFieldsSchema>;
const FIELDS: readonly (keyof RemitFields)[] = ['recipient', 'amountUsdt'];

/**
 * The field a refused quote is about: the one the server names (`details.field`, or a schema
 * issue's path); a refusal naming neither typed field (the round-up, too many look-ups, no
 * answer) is said at the amount, the field the customer submits from.
 */
function refusalAt(failure: unknown, fallback: string): { field: keyof RemitFields; message: string } {
  const named = refusedField(failure);
  const field = FIELDS.find((name) => name === named?.field);
  return field && named ? { field, message: named.message } : { field: 'amountUsdt', message: fallback };
}

/**
 * Remit to save: who (e-mail or referral code) and how much, an optional round-up saved as
 * gold; then the recipient's masked name, the total and the grams before confirming.
 */
export function RemitForm({
  onConfirm,
  available,
}: {
  onConfirm: (confirmation: RemitConfirmation) => Promise<ConfirmOutcome>;
  /** Available USDT, as the wallet shows it (undefined while loading). */
  available: string | undefined;
}) {
  const form = useForm<RemitFields, unknown, z.output<typeof remitFieldsSchema>>({
    resolver: zodResolver(remitFieldsSchema),
    defaultValues: { recipient: '', amountUsdt: '' },
  });
  const [recipient, amount] = form.watch(['recipient', 'amountUsdt']);
  const [roundUp, setRoundUp] = useState('none');
  const roundUpTo = roundUp === 'none' ? null : (Number(roundUp) as RoundUpStep);
  const request = () => ({ recipient: recipient.trim(), amountUsdt: amount.trim(), roundUpTo });
  const flow = useQuoteConfirmation<RemitQuote>({
    requestQuote: () => requestRemitQuote(request()),
    onConfirm: (confirmation) =>
      onConfirm({ ...confirmation, request: { ...request(), quoteId: confirmation.quote.quoteId } }),
    onDone: () => form.reset(),
    // Without a round-up no price is held (no quote id): the attempt is the request itself.
    intentOf: (quote) => `${quote.quoteId ?? ''}|${recipient}|${amount}|${roundUp}`,
  });
  const { quote, secondsLeft, expired } = flow;
  const total = quote ? parseAmount(quote.totalUsdt, 'USDT') : null;
  const insufficient = total !== null && available !== undefined && total > (parseAmount(available, 'USDT') ?? 0n);
  const refusal =
    flow.quoteError === null
      ? null
      : refusalAt(flow.quoteError, errorMessage(flow.quoteError, 'The remittance could not be prepared.'));

  /** A field of the form: any change drops the quote on screen (it no longer says what is asked). */
  const field = (name: keyof RemitFields) => {
    const edited = editedField(form, name, flow.reset);
    return { ...edited, error: edited.error ?? (refusal?.field === name ? refusal.message : undefined) };
  };

  const review = form.handleSubmit((values) => {
    if ((parseAmount(values.amountUsdt.trim(), 'USDT') ?? 0n) <= 0n) {
      form.setError('amountUsdt', { message: 'Enter an amount of USDT.' }, { shouldFocus: true });
      return;
    }
    return flow.ask();
  });
  const amountField = field('amountUsdt');

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <form onSubmit={(event) => void review(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Send USDT to another verified customer. Round the amount up and the difference is saved as gold in your gold
            savings account (GSA), at today&rsquo;s price less a 1.5% fee.
          </Text>
          <TextInput
            label="Recipient’s e-mail or referral code"
            description="Their sign-in name is not accepted: ask them for either of these."
            placeholder="friend@example.com or ABC123"
            autoComplete="off"
            {...field('recipient')}
          />
          <TextInput
            label="Amount (USDT)"
            inputMode="decimal"
            autoComplete="off"
            description={`From ${REMIT_MIN_USDT} USDT. Available: ${available === undefined ? '…' : `${formatAmount(available, 'USDT')} USDT`}`}
            {...amountField}
            error={amountField.error ?? (insufficient ? 'Insufficient USDT balance.' : undefined)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="round-up-label">
              Round up to the next… and save the difference as gold
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="round-up-label"
              value={roundUp}
              onChange={(value) => {
                setRoundUp(value);
                flow.reset();
              }}
              data={ROUND_UPS}
            />
          </Stack>
          {quote ? (
            <Paper withBorder radius="md" p="md">
              <Figures label="Remittance">
                <Figure label="To">{quote.recipient.maskedName}</Figure>
                <Figure label="They receive">{formatAmount(quote.amountUsdt, 'USDT')} USDT</Figure>
                <Figure label="Round-up saved">{formatAmount(quote.roundUpUsdt, 'USDT')} USDT</Figure>
                {quote.quoteId ? (
                  <>
                    <Figure label="Fee (1.5%)">{formatAmount(quote.feeUsdt, 'USDT')} USDT</Figure>
                    <Figure label="Gold saved" title={`${quote.grams} g`}>
                      {formatGrams(quote.grams)}
                    </Figure>
                  </>
                ) : null}
                <Figure label="You pay" strong>
                  {formatAmount(quote.totalUsdt, 'USDT')} USDT
                </Figure>
              </Figures>
              {quote.quoteId ? <QuoteCountdown secondsLeft={secondsLeft} /> : null}
            </Paper>
          ) : null}
          {quote && !expired ? (
            <Button onClick={() => void flow.confirm()} loading={flow.confirming} disabled={insufficient}>
              Send {formatAmount(quote.totalUsdt, 'USDT')} USDT
            </Button>
          ) : (
            <Button type="submit" loading={flow.quoting} disabled={!amount.trim() || !recipient.trim()}>
              {expired ? 'Get a new quote' : 'Review'}
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
