import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { TransactionType } from '@qmgt/contracts';
import { IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { errorMessage } from '@/lib/api-client';
import { transactionsQueryOptions } from '../api/transactions-api';
import { TransactionsTable } from './transactions-table';

export const HISTORY_PAGE_SIZE = 20;

type TransactionHistoryProps = {
  /** One type, or every transaction when absent. */
  type?: TransactionType;
  /** Names the list for assistive technology, e.g. 'QMGT transactions'. */
  label: string;
  /** Shown under 'No transactions yet', e.g. a way to make the first one. */
  emptyAction?: ReactNode;
};

/**
 * The caller's history, newest first, a page at a time: 'Load more' appends the page after the
 * last row shown (by key), so rows arriving meanwhile never repeat or push others out of sight.
 */
export function TransactionHistory({ type, label, emptyAction }: TransactionHistoryProps) {
  const history = useInfiniteQuery(transactionsQueryOptions({ type, pageSize: HISTORY_PAGE_SIZE }));

  if (history.isPending) {
    return (
      <Center py="xl">
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading transactions…</Text>
        </Group>
      </Center>
    );
  }

  // With rows on screen, a failed 'Load more' keeps them and says so under the list.
  if (history.isError && !history.data) {
    return (
      <Alert color="red" variant="light" title="Your transactions could not be loaded" maw={640}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(history.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="light" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const transactions = (history.data?.pages ?? []).flatMap((page) => page.data);

  if (transactions.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl" maw={640}>
        <Stack align="center" gap="xs">
          <IconReceipt size={36} stroke={1.4} aria-hidden />
          <Text fw={600}>No transactions yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            Your transactions will appear here as soon as you make one.
          </Text>
          {emptyAction}
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <TransactionsTable transactions={transactions} caption={label} />
      <LoadMore
        shown={`Showing ${transactions.length} ${transactions.length === 1 ? 'transaction' : 'transactions'}`}
        hasMore={history.hasNextPage}
        loading={history.isFetchingNextPage}
        onLoadMore={() => void history.fetchNextPage()}
        label="Load more transactions"
      />
      {history.isFetchNextPageError ? (
        <Alert color="red" variant="light" maw={640}>
          {errorMessage(history.error, 'More transactions could not be loaded. Please try again.')}
        </Alert>
      ) : null}
    </Stack>
  );
}
