import { Button, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { convertQuoteRequestSchema, type ConvertQuote, type ConvertQuoteRequest } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { editedField } from '@/lib/form-field';
import { formatAmount, parseAmount } from '@/lib/money';
import { balancesQueryOptions, requestConvertQuote } from '../api/gold-api';
import { useQuoteConfirmation, type ConfirmOutcome, type QuoteConfirmation } from '@/lib/use-quote-confirmation';
import { Figure, Figures, QuoteCountdown } from '@/components/ui/figures';

export type ConvertConfirmation = QuoteConfirmation<ConvertQuote>;
type Direction = 'QMGT' | 'GOLD';

const unit = (asset: Direction) => (asset === 'GOLD' ? 'g' : 'QMGT');

/**
 * Convert between QMGT and GSA grams 1:1 (0.5% fee), quoted and then confirmed. The request is
 * checked by the contract's schema before it is sent.
 */
export function ConvertForm({
  onConfirm,
}: {
  onConfirm: (confirmation: ConvertConfirmation) => Promise<ConfirmOutcome>;
}) {
  const form = useForm<ConvertQuoteRequest>({
    resolver: zodResolver(convertQuoteRequestSchema),
    defaultValues: { from: 'QMGT', to: 'GOLD', amount: '' },
  });
  const [from, amount] = form.watch(['from', 'amount']);
  const balances = useQuery(balancesQueryOptions());
  const { quote, quoteError, secondsLeft, expired, quoting, confirming, ask, confirm, reset } = useQuoteConfirmation({
    requestQuote: () => {
      const request = form.getValues();
      return requestConvertQuote({ ...request, amount: request.amount.trim() });
    },
    onConfirm,
    onDone: () => form.resetField('amount', { defaultValue: '' }),
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
  const amountField = editedField(form, 'amount', reset);
  const error =
    amountField.error ?? (quoteError === null ? null : errorMessage(quoteError, 'No quote is available right now.'));

  const askQuote = form.handleSubmit(() => {
    if (units === null || units <= 0n) {
      reset();
      form.setError('amount', { message: `Enter an amount of ${unit(from)}.` }, { shouldFocus: true });
      return;
    }
    return ask();
  });

  const confirmQuote = () => {
    if (!insufficient) void confirm();
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <form onSubmit={(event) => void askQuote(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            1 QMGT is 1 gram of gold. Convert QMGT into grams in your gold savings account (GSA), or grams back into
            QMGT; the fee is 0.5% of what you receive, and the QMGT is burned or minted on chain.
          </Text>
          <SegmentedControl
            aria-label="Convert direction"
            value={from}
            onChange={(value) => {
              const next = value as Direction;
              form.setValue('from', next);
              form.setValue('to', next === 'QMGT' ? 'GOLD' : 'QMGT');
              form.resetField('amount', { defaultValue: '' });
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
            {...amountField}
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
            <Button type="submit" loading={quoting} disabled={!amount.trim()}>
              {expired ? 'Get a new quote' : 'Get a quote'}
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
