import { Alert, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  PAYMENT_MAX_USD,
  PAYMENT_MIN_USD,
  QUOTE_TTL_MS,
  SPEND_TO_SAVE_FEE_BPS,
  type PaymentQuote,
} from '@qmgt/contracts';
import { useState } from 'react';
import { Figure, Figures, QuoteCountdown } from '@/components/ui/figures';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatAmount, formatGrams } from '@/lib/money';
import { useCountdown } from '@/lib/use-countdown';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { openCheckout, requestPaymentQuote } from '../api/payments-api';

const FEE_PERCENT = `${SPEND_TO_SAVE_FEE_BPS / 100}%`;
const USD = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/;

/**
 * Spend To Save: the amount in USD, then what it buys (today's price, the 1.5% fee, the grams)
 * before anything is charged, then the gateway's checkout page. `go` leaves for the checkout
 * (the browser's location in the app; a spy in tests).
 */
export function SpendToSaveForm({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<(PaymentQuote & { validUntil: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'quote' | 'checkout' | null>(null);
  const secondsLeft = useCountdown(quote?.validUntil ?? null);
  const expired = quote !== null && secondsLeft === 0;
  const keys = useIdempotencyKeys();

  const ask = async () => {
    const value = amount.trim();
    if (!USD.test(value)) return setError('Enter an amount in dollars and cents, like 50 or 49.99.');
    setBusy('quote');
    setError(null);
    const requestedAt = Date.now();
    try {
      setQuote({ ...(await requestPaymentQuote(value)), validUntil: requestedAt + QUOTE_TTL_MS });
    } catch (failure) {
      setError(errorMessage(failure, 'No quote is available right now.'));
    } finally {
      setBusy(null);
    }
  };

  const checkout = async () => {
    if (!quote || expired) return;
    setBusy('checkout');
    setError(null);
    try {
      const opened = await openCheckout(quote.amountUsd, quote.quoteId, keys.keyFor(quote.quoteId));
      go(opened.checkoutUrl);
    } catch (failure) {
      setBusy(null);
      // No answer: the checkout may have been opened. The quote stays, and continuing again
      // sends the same key, which answers that checkout rather than opening a second one.
      if (failure instanceof ApiError && failure.status === 0) {
        setError('No answer from the server. Continue again: you will get the same checkout, never a second one.');
        return;
      }
      keys.forget(quote.quoteId);
      setQuote(null);
      setError(errorMessage(failure, 'The checkout could not be opened. Nothing was charged.'));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Pay by card and save the amount as gold in your gold savings account (GSA), at today&rsquo;s price less a{' '}
          {FEE_PERCENT} fee. You see the grams before you pay.
        </Text>
        <TextInput
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setQuote(null);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !quote) void ask();
          }}
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
        {quote && !expired ? (
          <Button onClick={() => void checkout()} loading={busy === 'checkout'}>
            Continue to checkout
          </Button>
        ) : (
          <Button onClick={() => void ask()} loading={busy === 'quote'} disabled={!amount.trim()}>
            {expired ? 'Get a new quote' : 'See what it buys'}
          </Button>
        )}
        {busy === 'checkout' ? (
          <Alert color="blue" variant="light" role="status">
            Opening the secure checkout…
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
