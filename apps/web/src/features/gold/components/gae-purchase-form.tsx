import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  ASSET_DECIMALS,
  GAE_MARKUP_BPS,
  GAE_MIN_GRAMS,
  gaeQuoteRequestSchema,
  type GaeKind,
  type GaeQuote,
  type GaeQuoteRequest,
} from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { editedField } from '@/lib/form-field';
import { formatAmount, parseAmount } from '@/lib/money';
import { gaePlanQueryOptions, requestGaeQuote } from '../api/gold-api';
import { leastUsdtForMinimum } from '../gae-minimum';
import { useQuoteConfirmation, type ConfirmOutcome, type QuoteConfirmation } from '@/lib/use-quote-confirmation';
import { QuoteCountdown } from '@/components/ui/figures';
import { PremiumFigures } from '@/components/ui/premium-figures';

export type GaeConfirmation = QuoteConfirmation<GaeQuote>;

/** 300 bps: "3". */
const PREMIUM_PERCENT = GAE_MARKUP_BPS / 100;

type Props = {
  kind: GaeKind;
  /** Available USDT, undefined while unknown. */
  availableUsdt: string | undefined;
  onConfirm: (confirmation: GaeConfirmation) => Promise<ConfirmOutcome>;
};

const KIND_TEXT: Record<GaeKind, { action: string; intro: string }> = {
  GAE: {
    action: 'Buy gold',
    intro: 'Buy grams for your GAE plan with USDT. Your first purchase opens the plan.',
  },
  GAEX: {
    action: 'Top up',
    intro: 'A one-off GAE Extra top-up of your open plan.',
  },
};

/**
 * A GAE or GAEX purchase: the amount in USDT, then a 30-second quote (grams = USDT / (spot x
 * 1.03), price, fee) shown before anything moves, then the confirmation.
 */
export function GaePurchaseForm({ kind, availableUsdt, onConfirm }: Props) {
  const queryClient = useQueryClient();
  const prices = useQuery(gaePlanQueryOptions());
  // The request as the contract checks it; 'Buy 1 g' sets the amount and asks at once (the
  // quote reads the form's values, not what the last render saw).
  const form = useForm<GaeQuoteRequest>({
    resolver: zodResolver(gaeQuoteRequestSchema),
    defaultValues: { kind, amountUsdt: '' },
  });
  const amount = form.watch('amountUsdt');
  const [findingGram, setFindingGram] = useState(false);
  const enter = (value: string) => {
    form.setValue('amountUsdt', value);
    form.clearErrors('amountUsdt');
  };
  // No balance to refresh here: availableUsdt is the wallet balance, which the transaction flow
  // reads again after every answer.
  const { quote, quoteError, secondsLeft, expired, quoting, confirming, ask, confirm, reset } = useQuoteConfirmation({
    requestQuote: () => requestGaeQuote({ kind, amountUsdt: form.getValues('amountUsdt').trim() }),
    onConfirm,
    onDone: () => enter(''),
  });
  const leastToday = prices.data ? leastUsdtForMinimum(prices.data.price.gae) : null;

  const units = parseAmount(amount.trim(), 'USDT');
  const available = parseAmount(availableUsdt, 'USDT');
  const insufficient = units !== null && available !== null && units > available;
  // A 422 is about the amount (less than a gram), said at the field; anything else (a GAEX
  // without a plan, no price) above the quote.
  const refusedAmount = quoteError instanceof ApiError && quoteError.status === 422 ? quoteError.message : null;
  const conflict =
    quoteError === null || refusedAmount !== null
      ? null
      : errorMessage(quoteError, 'No quote is available right now. Try again in a moment.');

  const askQuote = form.handleSubmit(() => {
    if (units === null || units <= 0n) {
      reset();
      form.setError(
        'amountUsdt',
        { message: `Enter an amount in USDT with at most ${ASSET_DECIMALS.USDT} decimals.` },
        { shouldFocus: true },
      );
      return;
    }
    return ask();
  });

  /** The smallest purchase at the price of now (read again: it moves), quoted at once. */
  const buyMinimum = async () => {
    setFindingGram(true);
    try {
      const { price } = await queryClient.fetchQuery({ ...gaePlanQueryOptions(), staleTime: 0 });
      const least = leastUsdtForMinimum(price.gae);
      if (least === null) return;
      enter(least);
      await ask();
    } catch {
      // The plan's failure is toasted by the query cache; the amount can still be typed.
    } finally {
      setFindingGram(false);
    }
  };

  const confirmQuote = () => {
    if (!insufficient) void confirm();
  };
  const amountField = editedField(form, 'amountUsdt', reset);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560} w="100%">
      <form onSubmit={(event) => void askQuote(event)} noValidate>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {KIND_TEXT[kind].intro}
          </Text>
          <TextInput
            label="Amount"
            placeholder="0.00"
            inputMode="decimal"
            autoComplete="off"
            size="lg"
            {...amountField}
            rightSectionWidth={72}
            rightSection={
              <Text fw={600} size="sm" c="dimmed">
                USDT
              </Text>
            }
            error={amountField.error ?? refusedAmount ?? (insufficient ? 'Insufficient USDT balance.' : undefined)}
            description={`Available: ${availableUsdt === undefined ? '…' : `${formatAmount(availableUsdt, 'USDT')} USDT`}`}
          />
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {leastToday === null
                ? `The smallest purchase is ${GAE_MIN_GRAMS} g.`
                : `The smallest purchase is ${GAE_MIN_GRAMS} g: ${formatAmount(leastToday, 'USDT')} USDT at today's price.`}
            </Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => void buyMinimum()}
              loading={findingGram}
              disabled={quoting || confirming}
              style={{ flexShrink: 0 }}
            >
              Buy {GAE_MIN_GRAMS} g
            </Button>
          </Group>
          {conflict ? (
            <Alert color="orange" variant="light" role="alert">
              <Stack gap={6}>
                <Text size="sm">{conflict}</Text>
                {kind === 'GAEX' ? (
                  <Anchor component={Link} to={paths.purchaseGae.to()} size="sm">
                    Open your plan with a GAE purchase
                  </Anchor>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {quote ? (
            <Paper withBorder radius="md" p="md">
              <PremiumFigures
                label="Quote"
                quote={quote}
                priceLabel={`GAE price (spot + ${PREMIUM_PERCENT}%)`}
                premiumLabel={`${PREMIUM_PERCENT}% premium`}
              />
              <QuoteCountdown secondsLeft={secondsLeft} />
            </Paper>
          ) : null}
          <Group grow>
            {quote && !expired ? (
              <Button size="md" onClick={confirmQuote} loading={confirming} disabled={insufficient}>
                {`${KIND_TEXT[kind].action} for ${formatAmount(quote.amountUsdt, 'USDT')} USDT`}
              </Button>
            ) : (
              <Button size="md" type="submit" loading={quoting} disabled={!amount.trim()}>
                {expired ? 'Get a new quote' : 'Get a quote'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
