import { Button, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { QUOTE_TTL_MS, type ConvertQuote } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import { useCountdown } from '@/lib/use-countdown';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { balancesQueryOptions, requestConvertQuote } from '../api/gold-api';
import { Figure, Figures, QuoteCountdown, type ConfirmOutcome } from '@/components/ui/figures';

export type ConvertConfirmation = { quote: ConvertQuote; idempotencyKey: string };
type Direction = 'QMGT' | 'GOLD';

const unit = (asset: Direction) => (asset === 'GOLD' ? 'g' : 'QMGT');

/** Convert between QMGT and GSA grams 1:1 (0.5% fee), quoted and then confirmed. */
export function ConvertForm({
  onConfirm,
}: {
  onConfirm: (confirmation: ConvertConfirmation) => Promise<ConfirmOutcome>;
}) {
  const [from, setFrom] = useState<Direction>('QMGT');
  const to: Direction = from === 'QMGT' ? 'GOLD' : 'QMGT';
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<(ConvertQuote & { validUntil: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useIdempotencyKeys();
  const secondsLeft = useCountdown(quote?.validUntil ?? null);
  const expired = quote !== null && secondsLeft === 0;
  const balances = useQuery(balancesQueryOptions());
  const available = balances.data
    ? from === 'QMGT'
      ? balances.data.QMGT.available
      : balances.data.GOLD.available
    : undefined;
  const units = parseAmount(amount.trim(), from);
  const availableUnits = parseAmount(available, from);
  const insufficient = units !== null && availableUnits !== null && units > availableUnits;

  const reset = () => {
    setQuote(null);
    setError(null);
  };

  const ask = async () => {
    if (units === null || units <= 0n) return setError(`Enter an amount of ${unit(from)}.`);
    setBusy(true);
    setError(null);
    const requestedAt = Date.now();
    try {
      const answer = await requestConvertQuote({ from, to, amount: amount.trim() });
      setQuote({ ...answer, validUntil: requestedAt + QUOTE_TTL_MS });
    } catch (failure) {
      setError(errorMessage(failure, 'No quote is available right now.'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!quote || expired || insufficient) return;
    setBusy(true);
    const outcome = await onConfirm({ quote, idempotencyKey: keys.keyFor(quote.quoteId) });
    setBusy(false);
    if (outcome !== 'retry') keys.forget(quote.quoteId);
    if (outcome === 'done') {
      setAmount('');
      setQuote(null);
      void balances.refetch();
    } else if (outcome === 'refused') {
      // Nothing moved, and the modal tells the customer a new quote is on screen: ask for it,
      // against balances read again (a refusal may be a balance that changed meanwhile).
      setQuote(null);
      void balances.refetch();
      void ask();
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          1 QMGT is 1 gram of gold. Convert QMGT into grams in your gold savings account (GSA), or grams back into QMGT;
          the fee is 0.5% of what you receive, and the QMGT is burned or minted on chain.
        </Text>
        <SegmentedControl
          aria-label="Convert direction"
          value={from}
          onChange={(value) => {
            setFrom(value as Direction);
            setAmount('');
            reset();
          }}
          data={[
            { value: 'QMGT', label: 'QMGT → grams' },
            { value: 'GOLD', label: 'Grams → QMGT' },
          ]}
        />
        <TextInput
          label={`Amount (${unit(from)})`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            reset();
          }}
          description={`Available: ${available === undefined ? '…' : `${formatAmount(available, from)} ${unit(from)}`}`}
          error={error ?? (insufficient ? `Insufficient ${from === 'GOLD' ? 'gold' : 'QMGT'} balance.` : undefined)}
        />
        {quote ? (
          <Paper withBorder radius="md" p="md">
            <Figures label="Convert quote">
              <Figure label="You convert">
                {formatAmount(quote.amountIn, quote.from)} {unit(quote.from)}
              </Figure>
              <Figure label="Fee (0.5%)">
                {formatAmount(quote.fee, quote.to)} {unit(quote.to)}
              </Figure>
              <Figure label="You receive" strong title={`${quote.amountOut} ${unit(quote.to)}`}>
                {formatAmount(quote.amountOut, quote.to)} {unit(quote.to)}
              </Figure>
            </Figures>
            <QuoteCountdown secondsLeft={secondsLeft} />
          </Paper>
        ) : null}
        {quote && !expired ? (
          <Button onClick={() => void confirm()} loading={busy} disabled={insufficient}>
            Convert
          </Button>
        ) : (
          <Button onClick={() => void ask()} loading={busy} disabled={!amount.trim()}>
            {expired ? 'Get a new quote' : 'Get a quote'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
