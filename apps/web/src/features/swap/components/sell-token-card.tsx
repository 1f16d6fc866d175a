import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SwapQuoteRequest } from '@qmgt/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import { amountRefusal, mayRetryQuote, type TimedQuote } from '../api/swap-api';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { useLiveQuote } from '../hooks/use-live-quote';
import type { ConfirmOutcome } from '../types';
import { amountFormSchema, type AmountForm } from './amount-schema';
import { QuoteSummary } from './quote-summary';
import { QUOTE_DEBOUNCE_MS } from './swap-form';

/** The sale the customer confirmed: the amount and the quote they were shown for it. */
export type SellConfirmation = { amount: string; quote: TimedQuote; idempotencyKey: string };

type SellTokenCardProps = {
  /** Available QMGT; undefined while loading. */
  available: string | undefined;
  canTrade: boolean;
  kycNotice: ReactNode;
  /** Sells through POST /sell-token (with the transaction modal) and says how it went. */
  onSell: (confirmation: SellConfirmation) => Promise<ConfirmOutcome>;
};

/**
 * A quick sale of QMGT for USDT (POST /sell-token) at the price the customer sees: a 30-second
 * QMGT -> USDT quote for the amount (price, fee, USDT received, counted down and replaced when
 * it runs out), and the sale sends that quote, so the server sells at it or refuses.
 */
export function SellTokenCard({ available, canTrade, kycNotice, onSell }: SellTokenCardProps) {
  const schema = useMemo(() => amountFormSchema('QMGT'), []);
  const form = useForm<AmountForm>({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { amount: '' } });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const parsed = schema.safeParse({ amount });
  const validAmount = parsed.success ? parsed.data.amount : null;
  const [settledAmount] = useDebouncedValue(validAmount, QUOTE_DEBOUNCE_MS);
  const typing = settledAmount !== validAmount;
  const [selling, setSelling] = useState(false);
  const request: SwapQuoteRequest | null =
    canTrade && validAmount !== null && !typing ? { from: 'QMGT', to: 'USDT', amount: validAmount } : null;
  const { query: quoteQuery, quote, secondsLeft, expired, requote } = useLiveQuote(request, { holding: selling });
  const keys = useIdempotencyKeys();

  const amountUnits = validAmount === null ? null : parseAmount(validAmount, 'QMGT');
  const availableUnits = parseAmount(available, 'QMGT');
  const insufficient = amountUnits !== null && availableUnits !== null && amountUnits > availableUnits;
  const ready = canTrade && quote !== undefined && !expired && !quoteQuery.isFetching && !insufficient && !selling;
  const quoteError = canTrade && quoteQuery.isError && validAmount !== null && !typing ? quoteQuery.error : null;
  // A rule the amount broke (the smallest sale) is said at the field, with nothing to retry.
  const amountRefused = amountRefusal(quoteError);

  const sell = async ({ amount: value }: AmountForm) => {
    if (!ready || !quote) return;
    // One attempt per quote: retried after a lost answer with the same key, so it sells at most once.
    setSelling(true);
    const outcome = await onSell({ amount: value, quote, idempotencyKey: keys.keyFor(quote.quoteId) });
    setSelling(false);
    if (outcome !== 'retry') keys.forget(quote.quoteId);
    if (outcome === 'done') form.reset({ amount: '' });
    // Refused (expired or used quote, moved price, too little balance): a fresh quote at once.
    else if (outcome === 'refused') void requote();
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      maw={520}
      component="section"
      aria-labelledby="sell-qmgt-title"
    >
      <form onSubmit={form.handleSubmit(sell)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="sell-qmgt-title">
            Sell QMGT
          </Title>
          <Text size="sm" c="dimmed">
            Sell QMGT for USDT at the quoted sell price: the quote holds for 30 seconds.
          </Text>
          <TextInput
            label="Amount to sell"
            placeholder="0.0000"
            inputMode="decimal"
            autoComplete="off"
            rightSectionWidth={64}
            rightSection={
              <Text fw={600} size="sm" c="dimmed">
                QMGT
              </Text>
            }
            error={form.formState.errors.amount?.message ?? amountRefused ?? undefined}
            {...form.register('amount')}
          />
          <Group justify="space-between" gap="xs" mt={-4}>
            <Text size="xs" c="dimmed">
              {`Available: ${available === undefined ? '…' : `${formatAmount(available, 'QMGT')} QMGT`}`}
            </Text>
            <UnstyledButton
              onClick={() => available !== undefined && form.setValue('amount', available, { shouldValidate: true })}
              disabled={available === undefined}
              fz="xs"
              fw={700}
              c="gold"
              aria-label="Max: sell my whole QMGT balance"
            >
              Max
            </UnstyledButton>
          </Group>

          {!canTrade ? (
            kycNotice
          ) : amountRefused ? null : quoteError ? (
            <Alert color="orange" variant="light" role="alert">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{errorMessage(quoteError, 'No price is available right now.')}</Text>
                {mayRetryQuote(quoteError) ? (
                  <Button size="xs" variant="subtle" onClick={() => void requote()}>
                    Try again
                  </Button>
                ) : null}
              </Group>
            </Alert>
          ) : quote ? (
            <QuoteSummary quote={quote} secondsLeft={secondsLeft} />
          ) : validAmount !== null ? (
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                Getting the sell price…
              </Text>
            </Group>
          ) : null}

          {insufficient ? (
            <Text size="sm" c="red" role="alert">
              Insufficient QMGT balance.
            </Text>
          ) : null}

          <Button type="submit" disabled={!ready} loading={selling}>
            Sell QMGT
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
