import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ASSET_DECIMALS, QUOTE_TTL_MS, type GaeKind, type GaeQuote } from '@qmgt/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import { useCountdown } from '@/lib/use-countdown';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { requestGaeQuote } from '../api/gold-api';
import { Figure, Figures, QuoteCountdown, type ConfirmOutcome } from '@/components/ui/figures';

export type GaeConfirmation = { quote: GaeQuote; idempotencyKey: string };

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
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<(GaeQuote & { validUntil: number }) | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const keys = useIdempotencyKeys();
  const secondsLeft = useCountdown(quote?.validUntil ?? null);
  const expired = quote !== null && secondsLeft === 0;

  const units = parseAmount(amount.trim(), 'USDT');
  const available = parseAmount(availableUsdt, 'USDT');
  const insufficient = units !== null && available !== null && units > available;

  const askQuote = async () => {
    setConflict(null);
    if (units === null || units <= 0n) {
      setFieldError(`Enter an amount in USDT with at most ${ASSET_DECIMALS.USDT} decimals.`);
      return;
    }
    setFieldError(null);
    setQuoting(true);
    const requestedAt = Date.now();
    try {
      const answer = await requestGaeQuote({ kind, amountUsdt: amount.trim() });
      setQuote({ ...answer, validUntil: requestedAt + QUOTE_TTL_MS });
    } catch (error) {
      setQuote(null);
      if (error instanceof ApiError && error.status === 422) setFieldError(error.message);
      else if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else setConflict(errorMessage(error, 'No quote is available right now. Try again in a moment.'));
    } finally {
      setQuoting(false);
    }
  };

  const confirm = async () => {
    if (!quote || expired || insufficient) return;
    setConfirming(true);
    const outcome = await onConfirm({ quote, idempotencyKey: keys.keyFor(quote.quoteId) });
    setConfirming(false);
    if (outcome !== 'retry') keys.forget(quote.quoteId);
    if (outcome === 'done') {
      setQuote(null);
      setAmount('');
    } else if (outcome === 'refused') setQuote(null);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560} w="100%">
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
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setQuote(null);
            setFieldError(null);
          }}
          rightSectionWidth={72}
          rightSection={
            <Text fw={600} size="sm" c="dimmed">
              USDT
            </Text>
          }
          error={fieldError ?? (insufficient ? 'Insufficient USDT balance.' : undefined)}
          description={`Available: ${availableUsdt === undefined ? '…' : `${formatAmount(availableUsdt, 'USDT')} USDT`}`}
        />
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
            <Figures label="Quote">
              <Figure label="You pay" title={`${quote.amountUsdt} USDT`}>
                {formatAmount(quote.amountUsdt, 'USDT')} USDT
              </Figure>
              <Figure label="Gold spot" title={`${quote.spot} USDT per gram`}>
                {formatAmount(quote.spot, 'USDT')} USDT/g
              </Figure>
              <Figure label="GAE price (spot + 3%)" title={`${quote.price} USDT per gram`}>
                {formatAmount(quote.price, 'USDT')} USDT/g
              </Figure>
              <Figure label="Fee" title={`${quote.fee} USDT`}>
                {formatAmount(quote.fee, 'USDT')} USDT
              </Figure>
              <Figure label="You receive" strong title={`${quote.grams} g`}>
                {formatAmount(quote.grams, 'GOLD')} g
              </Figure>
            </Figures>
            <QuoteCountdown secondsLeft={secondsLeft} />
          </Paper>
        ) : null}
        <Group grow>
          {quote && !expired ? (
            <Button size="md" onClick={() => void confirm()} loading={confirming} disabled={insufficient}>
              {`${KIND_TEXT[kind].action} for ${formatAmount(quote.amountUsdt, 'USDT')} USDT`}
            </Button>
          ) : (
            <Button size="md" onClick={() => void askQuote()} loading={quoting} disabled={!amount.trim()}>
              {expired ? 'Get a new quote' : 'Get a quote'}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
