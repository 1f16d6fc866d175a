import { Button, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { ConvertQuote } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import { balancesQueryOptions, requestConvertQuote } from '../api/gold-api';
import { useQuoteConfirmation, type ConfirmOutcome, type QuoteConfirmation } from '@/lib/use-quote-confirmation';
import { Figure, Figures, QuoteCountdown } from '@/components/ui/figures';

export type ConvertConfirmation = QuoteConfirmation<ConvertQuote>;
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
  const [amountError, setAmountError] = useState<string | null>(null);
  const balances = useQuery(balancesQueryOptions());
  const { quote, quoteError, secondsLeft, expired, quoting, confirming, ask, confirm, reset } = useQuoteConfirmation({
    requestQuote: () => requestConvertQuote({ from, to, amount: amount.trim() }),
    onConfirm,
    onDone: () => setAmount(''),
    // GET /balances: the transaction flow reads the wallet balance again, not this one.
    refreshBalances: () => void balances.refetch(),
  });
  const available = balances.data
    ? from === 'QMGT'
      ? balances.data.QMGT.available
      : balances.data.GOLD.available
    : undefined;
  const units = parseAmount(amount.trim(), from);
  const availableUnits = parseAmount(available, from);
  const insufficient = units !== null && availableUnits !== null && units > availableUnits;
  const error =
    amountError ?? (quoteError === null ? null : errorMessage(quoteError, 'No quote is available right now.'));

  const startOver = () => {
    reset();
    setAmountError(null);
  };

  const askQuote = () => {
    if (units === null || units <= 0n) {
      reset();
      setAmountError(`Enter an amount of ${unit(from)}.`);
      return;
    }
    setAmountError(null);
    void ask();
  };

  const confirmQuote = () => {
    if (!insufficient) void confirm();
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
            startOver();
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
            startOver();
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
          <Button onClick={confirmQuote} loading={confirming} disabled={insufficient}>
            Convert
          </Button>
        ) : (
          <Button onClick={askQuote} loading={quoting} disabled={!amount.trim()}>
            {expired ? 'Get a new quote' : 'Get a quote'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
