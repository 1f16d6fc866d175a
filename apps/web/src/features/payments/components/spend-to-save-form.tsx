import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  PAYMENT_MAX_USD,
  PAYMENT_MIN_USD,
  paymentQuoteRequestSchema,
  SPEND_TO_SAVE_FEE_BPS,
  type PaymentQuote,
} from '@qmgt/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Figure, Figures, QuoteCountdown } from '@/components/ui/figures';
import { ApiError, errorMessage } from '@/lib/api-client';
import { editedField } from '@/lib/form-field';
import { formatAmount, formatGrams } from '@/lib/money';
import { useQuoteConfirmation, type ConfirmOutcome } from '@/lib/use-quote-confirmation';
import { openCheckout, requestPaymentQuote } from '../api/payments-api';

type PaymentQuoteRequest = z.infer<typeof paymentQuoteRequestSchema>;

const FEE_PERCENT = `${SPEND_TO_SAVE_FEE_BPS / 100}%`;

/**
 * Spend To Save: the amount in USD (checked by the contract's schema), then what it buys
 * (today's price, the 1.5% fee, the grams) before anything is charged, then the gateway's
 * checkout page. `go` leaves for the checkout (the browser's location in the app; a spy in tests).
 */
export function SpendToSaveForm({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const form = useForm<PaymentQuoteRequest>({
    resolver: zodResolver(paymentQuoteRequestSchema),
    defaultValues: { amountUsd: '' },
  });
  const amount = form.watch('amountUsd');
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  // Set once the checkout is open: the page is leaving, the form stays as it was until it has.
  const [leaving, setLeaving] = useState(false);

  const openTheCheckout = async (quote: PaymentQuote, idempotencyKey: string): Promise<ConfirmOutcome> => {
    setCheckoutError(null);
    try {
      const opened = await openCheckout(quote.amountUsd, quote.quoteId, idempotencyKey);
      setLeaving(true);
      go(opened.checkoutUrl);
      return 'done';
    } catch (failure) {
      // No answer: the checkout may have been opened. The quote stays, and continuing again
      // sends the same key, which answers that checkout rather than opening a second one.
      if (failure instanceof ApiError && failure.status === 0) {
        setCheckoutError(
          'No answer from the server. Continue again: you will get the same checkout, never a second one.',
        );
        return 'retry';
      }
      setCheckoutError(errorMessage(failure, 'The checkout could not be opened. Nothing was charged.'));
      return 'refused';
    }
  };
  const flow = useQuoteConfirmation<PaymentQuote>({
    requestQuote: () => requestPaymentQuote(amount.trim()),
    onConfirm: ({ quote, idempotencyKey }) => openTheCheckout(quote, idempotencyKey),
    onDone: () => undefined,
  });
  const { quote, secondsLeft, expired } = flow;
  const ask = form.handleSubmit(() => {
    setCheckoutError(null);
    return flow.ask();
  });
  const amountField = editedField(form, 'amountUsd', () => {
    flow.reset();
    setCheckoutError(null);
  });
  const error =
    amountField.error ??
    checkoutError ??
    (flow.quoteError === null ? null : errorMessage(flow.quoteError, 'No quote is available right now.'));

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <form onSubmit={(event) => void ask(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Pay by card and save the amount as gold in your gold savings account (GSA), at today&rsquo;s price less a{' '}
            {FEE_PERCENT} fee. You see the grams before you pay.
          </Text>
          <TextInput
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            {...amountField}
            description={`From ${PAYMENT_MIN_USD} to ${Number(PAYMENT_MAX_USD).toLocaleString('en-US')} USD`}
            error={error}
          />
          {quote ? (
            <Paper withBorder radius="md" p="md">
              <Figures label="Spend To Save quote">
                <Figure label="You pay">{formatAmount(quote.amountUsd, 'USD')} USD</Figure>
                <Figure label={`Fee (${FEE_PERCENT})`}>{formatAmount(quote.feeUsd, 'USD')} USD</Figure>
                <Figure label="Gold price">{formatAmount(quote.price, 'USDT')} USD/g</Figure>
                <Figure label="You save" strong title={`${quote.grams} g`}>
                  {formatGrams(quote.grams)}
                </Figure>
              </Figures>
              <QuoteCountdown secondsLeft={secondsLeft} />
            </Paper>
          ) : null}
          {(quote && !expired) || leaving ? (
            <Button onClick={() => void flow.confirm()} loading={flow.confirming || leaving}>
              Continue to checkout
            </Button>
          ) : (
            <Button type="submit" loading={flow.quoting} disabled={!amount.trim()}>
              {expired ? 'Get a new quote' : 'See what it buys'}
            </Button>
          )}
          {flow.confirming || leaving ? (
            <Alert color="blue" variant="light" role="status">
              Opening the secure checkout…
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
