import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import { useSwapQuote } from '../api/get-swap-quote';
import { useIdempotencyKeys } from '../hooks/use-idempotency-keys';
import type { ConfirmOutcome } from '../types';
import { amountFormSchema, type AmountForm } from './amount-schema';
import { QuoteSummary } from './quote-summary';
import { QUOTE_DEBOUNCE_MS } from './swap-form';

export type SellConfirmation = { amount: string; idempotencyKey: string };

type SellTokenCardProps = {
  /** Available QMGT; undefined while loading. */
  available: string | undefined;
  canTrade: boolean;
  kycNotice: ReactNode;
  /** Sells through POST /sell-token (with the transaction modal) and says how it went. */
  onSell: (confirmation: SellConfirmation) => Promise<ConfirmOutcome>;
};

/**
 * A quick sale of QMGT for USDT at the sell price of the moment (POST /sell-token). The
 * figures shown first come from a quote for the same amount; the sale itself is priced when
 * it is made, which the card says.
 */
export function SellTokenCard({ available, canTrade, kycNotice, onSell }: SellTokenCardProps) {
  const schema = useMemo(() => amountFormSchema('QMGT'), []);
  const form = useForm<AmountForm>({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { amount: '' } });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const parsed = schema.safeParse({ amount });
  const validAmount = parsed.success ? parsed.data.amount : null;
  const [settledAmount] = useDebouncedValue(validAmount, QUOTE_DEBOUNCE_MS);
  const typing = settledAmount !== validAmount;
  const estimate = useSwapQuote(
    canTrade && validAmount !== null && !typing ? { from: 'QMGT', to: 'USDT', amount: validAmount } : null,
  );
  const [selling, setSelling] = useState(false);
  const keys = useIdempotencyKeys();

  const amountUnits = validAmount === null ? null : parseAmount(validAmount, 'QMGT');
  const availableUnits = parseAmount(available, 'QMGT');
  const insufficient = amountUnits !== null && availableUnits !== null && amountUnits > availableUnits;
  const ready = canTrade && validAmount !== null && !typing && estimate.isSuccess && !insufficient && !selling;

  const sell = async ({ amount: value }: AmountForm) => {
    if (!ready) return;
    // The same amount retried after a lost answer is the same attempt: same key.
    const attempt = value;
    setSelling(true);
    const outcome = await onSell({ amount: value, idempotencyKey: keys.keyFor(attempt) });
    setSelling(false);
    if (outcome !== 'retry') keys.forget(attempt);
    if (outcome === 'done') form.reset({ amount: '' });
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
            Sell QMGT for USDT at the current sell price.
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
            error={form.formState.errors.amount?.message}
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
              aria-label="Sell my whole QMGT balance"
            >
              Max
            </UnstyledButton>
          </Group>

          {!canTrade ? (
            kycNotice
          ) : estimate.isError && !typing && validAmount !== null ? (
            <Alert color="orange" variant="light" role="alert">
              {errorMessage(estimate.error, 'No price is available right now.')}
            </Alert>
          ) : estimate.data && !typing ? (
            <Stack gap={4}>
              <QuoteSummary quote={estimate.data} secondsLeft={null} countdown={false} />
              <Text size="xs" c="dimmed">
                Estimate: the sale is priced at the sell price of the moment you confirm.
              </Text>
            </Stack>
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
