import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import {
  REFERRAL_RATES_BPS,
  REWARD_VESTING_DAYS,
  swapQuoteRequestSchema,
  tokenRewardRequestSchema,
  type Reward,
  type SwapQuote,
  type SwapQuoteRequest,
} from '@qmgt/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { LoadMore } from '@/components/ui/load-more';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { editedField } from '@/lib/form-field';
import { formatAmount, parseAmount } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { requestResolver } from '@/lib/request-resolver';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { useQuoteConfirmation, type ConfirmOutcome } from '@/lib/use-quote-confirmation';
import {
  quoteRewardSale,
  requestPayoutMutation,
  rewardRequestsQueryOptions,
  rewardsQueryOptions,
} from '../api/growth-api';

const STATUS_COLOR: Record<Reward['status'], string> = {
  vesting: 'gray',
  claimable: 'green',
  claimed: 'blue',
  requested: 'orange',
  paid: 'teal',
  sold: 'grape',
  reversed: 'red',
};

const qmgt = (value: string) => `${formatAmount(value, 'QMGT')} QMGT`;

/** Payouts and sales take claimable rewards only: with none, both say why instead of refusing later. */
const NOTHING_CLAIMABLE = 'Nothing is claimable yet: rewards become claimable once they have vested.';
const hasClaimable = (claimable: string) => (parseAmount(claimable, 'QMGT') ?? 0n) > 0n;

/** Why `amount` (well-formed, as the contract's schema let it through) cannot be taken from what is claimable. */
function claimableRefusal(amount: string, claimable: string): string | null {
  const units = parseAmount(amount, 'QMGT') ?? 0n;
  if (units <= 0n) return 'Enter an amount of QMGT.';
  if (units > (parseAmount(claimable, 'QMGT') ?? 0n)) return `You have ${qmgt(claimable)} claimable.`;
  return null;
}

function NothingClaimable() {
  return (
    <Text size="sm" c="dimmed">
      {NOTHING_CLAIMABLE}
    </Text>
  );
}

type Props = {
  /** Claims one reward through the app's transaction modal. */
  onClaim: (reward: Reward, idempotencyKey: string) => Promise<ConfirmOutcome>;
  /** Sells vested rewards at the quote shown, through the transaction modal. */
  onSell: (sale: { amount: string; quote: SwapQuote; idempotencyKey: string }) => Promise<ConfirmOutcome>;
};

/** /My-Reward-Center: totals, the vesting timeline, every reward, claims, payout requests and sales. */
export function RewardCenter({ onClaim, onSell }: Props) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(rewardsQueryOptions());
  const keys = useIdempotencyKeys();
  const [claiming, setClaiming] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['growth'] });

  if (query.isPending) return <Loader aria-label="Loading your rewards" />;
  if (query.isError && !query.data)
    return <Alert color="red">{errorMessage(query.error, 'Your rewards could not be loaded.')}</Alert>;
  // Totals are over every reward and come with each page; the rows add up page by page.
  const rewards = query.data.pages.flatMap((page) => page.rewards);
  const totals = query.data.pages[0]!.totals;
  const upcoming = rewards.filter((r) => r.status === 'vesting').sort((a, b) => a.vestsAt.localeCompare(b.vestsAt));

  const claim = async (reward: Reward) => {
    setClaiming(reward.id);
    const outcome = await onClaim(reward, keys.keyFor(reward.id));
    if (outcome !== 'retry') keys.forget(reward.id);
    setClaiming(null);
    refresh();
  };

  return (
    <Stack gap="lg" maw={1100}>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        {(
          [
            ['Vesting', totals.vesting],
            ['Claimable', totals.claimable],
            ['Requested', totals.requested],
            ['Claimed', totals.claimed],
            ['Paid out', totals.paid],
            ['Sold', totals.sold],
          ] as const
        ).map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} ff="monospace" size="sm" title={`${value} QMGT`}>
              {qmgt(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {rewards.length === 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <Text c="dimmed">
            No rewards yet. When people you referred buy QMGT or gold, you earn {REFERRAL_RATES_BPS[1] / 100}% of their
            purchase ({REFERRAL_RATES_BPS[2] / 100}% and {REFERRAL_RATES_BPS[3] / 100}% for the next two levels),
            vesting for {REWARD_VESTING_DAYS} days.
          </Text>
          {/* The next step, not a dead end (issue 23, problem 22). */}
          <Button component={Link} to={paths.myAffiliates.to()} variant="light" mt="md">
            Share your referral link
          </Button>
        </Paper>
      ) : (
        <>
          {upcoming.length > 0 ? (
            <Paper withBorder radius="lg" p="lg">
              <Title order={2} size="h5" mb="md">
                Vesting timeline
              </Title>
              <Timeline bulletSize={14} lineWidth={2} active={-1}>
                {upcoming.slice(0, 8).map((r) => (
                  <Timeline.Item key={r.id} title={`${qmgt(r.amountQmgt)} on ${formatDate(r.vestsAt)}`}>
                    <Text size="xs" c="dimmed">
                      Level {r.level} · {r.source.type} {r.source.code} by {r.source.username}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Paper>
          ) : null}
          <Paper withBorder radius="lg" p="md">
            <ScrollArea type="auto">
              <Table striped miw={820} aria-label="Rewards">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Earned</Table.Th>
                    <Table.Th>Source</Table.Th>
                    <Table.Th>Level</Table.Th>
                    <Table.Th ta="right">Purchase</Table.Th>
                    <Table.Th ta="right">Reward</Table.Th>
                    <Table.Th>Vests</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rewards.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.source.username}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {r.source.type} {r.source.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>{r.level}</Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {formatAmount(r.purchaseUsdt, 'USDT')} USDT
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {qmgt(r.amountQmgt)}
                      </Table.Td>
                      <Table.Td>{formatDate(r.vestsAt)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[r.status]} variant="light">
                          {r.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {r.status === 'claimable' ? (
                          <Button
                            size="xs"
                            onClick={() => void claim(r)}
                            loading={claiming === r.id}
                            aria-label={`Claim ${qmgt(r.amountQmgt)}`}
                          >
                            Claim
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <LoadMore
              shown={`Showing ${rewards.length} ${rewards.length === 1 ? 'reward' : 'rewards'}`}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
              label="Load more rewards"
            />
            {query.isFetchNextPageError ? (
              <Alert color="red" mt="sm">
                {errorMessage(query.error, 'More rewards could not be loaded.')}
              </Alert>
            ) : null}
          </Paper>
        </>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PayoutRequest claimable={totals.claimable} onDone={refresh} />
        <SellVested claimable={totals.claimable} onSell={onSell} onDone={refresh} />
      </SimpleGrid>
    </Stack>
  );
}

function PayoutRequest({ claimable, onDone }: { claimable: string; onDone: () => void }) {
  const form = useForm<z.infer<typeof tokenRewardRequestSchema>>({
    resolver: zodResolver(tokenRewardRequestSchema),
    defaultValues: { amount: '' },
  });
  const keys = useIdempotencyKeys();
  const requests = useQuery(rewardRequestsQueryOptions());
  const mutation = useMutation({
    ...requestPayoutMutation(),
    onSuccess: ({ request }, { amount }) => {
      keys.forget(`payout:${amount}`);
      notifySuccess(`Payout request ${request.code} sent: an operator will review it.`);
      form.reset();
      onDone();
    },
    // The amount is the form's one field: every refusal is about it.
    onError: (failure) => form.setError('amount', { message: errorMessage(failure) }),
  });
  const available = hasClaimable(claimable);
  // The contract's schema checks the amount first; it must also be above zero and claimable.
  const submit = form.handleSubmit(({ amount }) => {
    const refusal = claimableRefusal(amount, claimable);
    if (refusal) return form.setError('amount', { message: refusal });
    mutation.mutate({ amount, idempotencyKey: keys.keyFor(`payout:${amount}`) });
  });
  return (
    <Paper withBorder radius="lg" p="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h5">
            Request a payout
          </Title>
          <Text size="sm" c="dimmed">
            An operator reviews the request and pays the QMGT into your wallet.
          </Text>
          <TextInput
            label="Amount (QMGT)"
            inputMode="decimal"
            {...form.register('amount')}
            error={form.formState.errors.amount?.message}
            description={`Claimable: ${qmgt(claimable)}`}
            disabled={!available}
          />
          {available ? null : <NothingClaimable />}
          <Button type="submit" loading={mutation.isPending} w="fit-content" disabled={!available}>
            Request payout
          </Button>
          {requests.data && requests.data.data.length > 0 ? (
            <Stack gap={4}>
              {requests.data.data.slice(0, 5).map((r) => (
                <Group key={r.id} justify="space-between" gap="xs">
                  <Text size="xs" ff="monospace">
                    {r.code} · {qmgt(r.amountQmgt)}
                  </Text>
                  <Badge
                    size="sm"
                    variant="light"
                    color={r.status === 'approved' ? 'green' : r.status === 'rejected' ? 'red' : 'orange'}
                  >
                    {r.status}
                  </Badge>
                </Group>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

type SaleFields = { amount: string };

/**
 * The sale's price is a QMGT -> USDT swap quote: the contract's quote request checks the amount
 * as typed (trimmed, as the quote is asked), before anything is sent.
 */
const saleResolver = requestResolver<SaleFields, SwapQuoteRequest>(swapQuoteRequestSchema, ({ amount }) => ({
  from: 'QMGT',
  to: 'USDT',
  amount: amount.trim(),
}));

/** Claimable rewards sold for USDT: the price quoted first, then confirmed through the transaction modal. */
function SellVested({ claimable, onSell, onDone }: { claimable: string; onSell: Props['onSell']; onDone: () => void }) {
  const form = useForm<SaleFields, unknown, SwapQuoteRequest>({
    resolver: saleResolver,
    defaultValues: { amount: '' },
  });
  const amount = form.watch('amount');
  const flow = useQuoteConfirmation<SwapQuote>({
    requestQuote: () => quoteRewardSale(form.getValues('amount').trim()),
    onConfirm: (confirmation) => onSell({ amount: form.getValues('amount').trim(), ...confirmation }),
    onDone: () => form.reset(),
    refreshBalances: onDone,
  });
  const { quote, secondsLeft, expired } = flow;
  const available = hasClaimable(claimable);
  const amountField = editedField(form, 'amount', flow.reset);

  // The contract's schema checks the amount first; it must also be above zero and claimable.
  const review = form.handleSubmit((request) => {
    const refusal = claimableRefusal(request.amount, claimable);
    if (refusal) return form.setError('amount', { message: refusal }, { shouldFocus: true });
    return flow.ask();
  });
  return (
    <Paper withBorder radius="lg" p="lg">
      <form onSubmit={(event) => void review(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h5">
            Sell vested rewards
          </Title>
          <Text size="sm" c="dimmed">
            Sell claimable rewards for USDT at the QMGT sell price, shown before you confirm.
          </Text>
          <TextInput
            label="Amount to sell (QMGT)"
            inputMode="decimal"
            {...amountField}
            // The amount is the form's one field: every refusal of a quote is about it.
            error={
              amountField.error ??
              (flow.quoteError === null ? undefined : errorMessage(flow.quoteError, 'No price is available right now.'))
            }
            disabled={!available}
          />
          {available ? null : <NothingClaimable />}
          {quote ? (
            <Stack gap={4} role="group" aria-label="Sale quote">
              <Stack component="dl" gap={4} m={0}>
                <Group justify="space-between">
                  <Text component="dt" size="sm" c="dimmed">
                    Sell price
                  </Text>
                  <Text component="dd" m={0} size="sm" ff="monospace">
                    {formatAmount(quote.price, 'USDT')} USDT per QMGT
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text component="dt" size="sm" c="dimmed">
                    Fee
                  </Text>
                  <Text component="dd" m={0} size="sm" ff="monospace">
                    {formatAmount(quote.fee, 'USDT')} USDT
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text component="dt" size="sm" c="dimmed">
                    You receive
                  </Text>
                  <Text component="dd" m={0} size="sm" ff="monospace" fw={700}>
                    {formatAmount(quote.amountOut, 'USDT')} USDT
                  </Text>
                </Group>
              </Stack>
              <Text size="xs" c="dimmed" role="timer">
                {expired ? 'Quote expired.' : `Quote expires in ${secondsLeft ?? 0} s`}
              </Text>
            </Stack>
          ) : null}
          {quote && !expired ? (
            <Button onClick={() => void flow.confirm()} loading={flow.confirming} w="fit-content">
              Sell for {formatAmount(quote.amountOut, 'USDT')} USDT
            </Button>
          ) : (
            <Button
              type="submit"
              variant="light"
              loading={flow.quoting}
              w="fit-content"
              disabled={!available || !amount.trim()}
            >
              Get the price
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
