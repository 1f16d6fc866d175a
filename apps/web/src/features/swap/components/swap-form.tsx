import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowsUpDown } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import type { Balance } from '@/lib/session-store';
import { amountRefusal, mayRetryQuote, type TimedQuote } from '../api/swap-api';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { useLiveQuote } from '../hooks/use-live-quote';
import { availableOf, DIRECTION_ASSETS, type ConfirmOutcome, type SwapDirection } from '../types';
import { amountFormSchema, type AmountForm } from './amount-schema';
import { QuoteSummary } from './quote-summary';

/** Wait this long after the last keystroke before asking for a quote. */
export const QUOTE_DEBOUNCE_MS = 400;

export type SwapConfirmation = { quote: TimedQuote; idempotencyKey: string };

type SwapFormProps = {
  initialDirection?: SwapDirection;
  /** Available balances; undefined while loading or unknown. */
  balance: Balance | undefined;
  /** Quotes and swaps are for KYC-verified clients only. */
  canTrade: boolean;
  /** Shown instead of the quote when the client may not trade (a call to finish KYC). */
  kycNotice: ReactNode;
  /** Books the quote (through the transaction modal) and says how it went. */
  onConfirm: (confirmation: SwapConfirmation) => Promise<ConfirmOutcome>;
  /** Opens the wallet to deposit. */
  onDeposit: () => void;
};

const DIRECTIONS = [
  { value: 'buy', label: 'Buy QMGT' },
  { value: 'sell', label: 'Sell QMGT' },
];

/** The swap screen's card: USDT <-> QMGT with a live quote shown before anything moves. */
export function SwapForm({ initialDirection = 'buy', ...props }: SwapFormProps) {
  const [direction, setDirection] = useState<SwapDirection>(initialDirection);
  const toggle = () => setDirection((current) => (current === 'buy' ? 'sell' : 'buy'));

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={520} shadow="sm">
      <Stack gap="md">
        <SegmentedControl
          value={direction}
          onChange={(value) => setDirection(value as SwapDirection)}
          data={DIRECTIONS}
          fullWidth
          aria-label="Direction"
        />
        {/* A new direction is a new form: the amount meant the other asset. */}
        <SwapPanel key={direction} direction={direction} onSwitch={toggle} {...props} />
      </Stack>
    </Paper>
  );
}

type SwapPanelProps = Omit<SwapFormProps, 'initialDirection'> & { direction: SwapDirection; onSwitch: () => void };

function SwapPanel({ direction, onSwitch, balance, canTrade, kycNotice, onConfirm, onDeposit }: SwapPanelProps) {
  const { from, to } = DIRECTION_ASSETS[direction];
  const schema = useMemo(() => amountFormSchema(from), [from]);
  const form = useForm<AmountForm>({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { amount: '' } });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const parsed = schema.safeParse({ amount });
  const validAmount = parsed.success ? parsed.data.amount : null;
  const [settledAmount] = useDebouncedValue(validAmount, QUOTE_DEBOUNCE_MS);
  const typing = settledAmount !== validAmount;

  const [confirming, setConfirming] = useState(false);
  const {
    query: quoteQuery,
    quote,
    secondsLeft,
    expired,
    requote,
  } = useLiveQuote(canTrade && validAmount !== null && !typing ? { from, to, amount: validAmount } : null, {
    holding: confirming,
  });
  const keys = useIdempotencyKeys();

  const available = availableOf(balance, from);
  const availableUnits = parseAmount(available, from);
  const amountUnits = validAmount === null ? null : parseAmount(validAmount, from);
  // Only for clients who may trade: the others have one thing to do first (KYC).
  const insufficient = canTrade && amountUnits !== null && availableUnits !== null && amountUnits > availableUnits;
  const ready = canTrade && quote !== undefined && !expired && !insufficient && !quoteQuery.isFetching && !confirming;

  const setMax = () => {
    if (available !== undefined) form.setValue('amount', available, { shouldValidate: true, shouldDirty: true });
  };

  const confirm = async () => {
    if (!ready || !quote) return;
    setConfirming(true);
    const outcome = await onConfirm({ quote, idempotencyKey: keys.keyFor(quote.quoteId) });
    setConfirming(false);
    if (outcome !== 'retry') keys.forget(quote.quoteId);
    if (outcome === 'done') form.reset({ amount: '' });
    // Refused (expired or used quote, moved price, too little balance): a fresh quote at once.
    else if (outcome === 'refused') void requote();
  };

  const quoteError = canTrade && quoteQuery.isError && validAmount !== null && !typing ? quoteQuery.error : null;
  const amountRefused = amountRefusal(quoteError);
  const amountError = form.formState.errors.amount?.message ?? amountRefused ?? undefined;

  return (
    <form onSubmit={form.handleSubmit(confirm)} noValidate>
      <Stack gap="md">
        <Stack gap={6}>
          <TextInput
            label="You pay"
            placeholder="0.00"
            inputMode="decimal"
            autoComplete="off"
            size="lg"
            rightSectionWidth={72}
            rightSection={
              <Text fw={600} size="sm" c="dimmed">
                {from}
              </Text>
            }
            error={amountError}
            {...form.register('amount')}
          />
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" title={available === undefined ? undefined : `${available} ${from}`}>
              {`Available: ${available === undefined ? '…' : `${formatAmount(available, from)} ${from}`}`}
            </Text>
            <UnstyledButton
              onClick={setMax}
              disabled={available === undefined}
              fz="xs"
              fw={700}
              c="gold"
              aria-label={`Max: use my whole ${from} balance`}
            >
              Max
            </UnstyledButton>
          </Group>
        </Stack>

        <Group justify="center" my={-8}>
          <Tooltip label="Switch direction">
            <ActionIcon variant="default" radius="xl" size="lg" onClick={onSwitch} aria-label="Switch direction">
              <IconArrowsUpDown size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>

        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Text size="xs" c="dimmed">
            You receive
          </Text>
          <Text size="lg" fw={700} ff="monospace" aria-live="polite">
            {quote ? `${formatAmount(quote.amountOut, to)} ${to}` : `— ${to}`}
          </Text>
        </Paper>

        {/* A refused amount is said at the field: there is no quote to show or to ask for again. */}
        {!canTrade ? (
          kycNotice
        ) : amountRefused ? null : (
          <QuoteArea
            quote={quote}
            secondsLeft={secondsLeft}
            loading={validAmount !== null && (typing || quoteQuery.isFetching)}
            error={quoteError ? errorMessage(quoteError, 'No quote is available right now.') : null}
            onRetry={quoteError && mayRetryQuote(quoteError) ? () => void requote() : undefined}
          />
        )}

        {insufficient ? (
          <Alert color="red" variant="light" role="alert" title={`Insufficient ${from} balance.`}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                You have {available === undefined ? '…' : `${formatAmount(available, from)} ${from}`} available.
              </Text>
              {from === 'USDT' ? (
                <Button size="xs" variant="light" onClick={onDeposit}>
                  Deposit USDT
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}

        <Button type="submit" size="lg" fullWidth disabled={!ready} loading={confirming}>
          Confirm swap
        </Button>
      </Stack>
    </form>
  );
}

type QuoteAreaProps = {
  quote: TimedQuote | undefined;
  secondsLeft: number | null;
  loading: boolean;
  error: string | null;
  /** Offered only when asking again may help (no answer, a server failure). */
  onRetry: (() => void) | undefined;
};

function QuoteArea({ quote, secondsLeft, loading, error, onRetry }: QuoteAreaProps) {
  if (error) {
    return (
      <Alert color="orange" variant="light" role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{error}</Text>
          {onRetry ? (
            <Button size="xs" variant="subtle" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </Group>
      </Alert>
    );
  }
  if (quote) return <QuoteSummary quote={quote} secondsLeft={secondsLeft} />;
  if (loading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Getting a quote…
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Enter an amount to see the price, the fee and what you receive.
    </Text>
  );
}
