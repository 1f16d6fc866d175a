import { Alert, Box, Button, Center, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { TransactionType } from '@qmgt/contracts';
import { IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useTransactions } from '../api/get-transactions';
import { TransactionsTable } from './transactions-table';

export const HISTORY_PAGE_SIZE = 20;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

type TransactionHistoryProps = {
  /** One type, or every transaction when absent. */
  type?: TransactionType;
  /** Names the list for assistive technology, e.g. 'QMGT transactions'. */
  label: string;
  /** Shown under 'No transactions yet', e.g. a way to make the first one. */
  emptyAction?: ReactNode;
};

/**
 * One page of the caller's history, newest first. The page number lives in the address
 * (?page=2), so a page can be bookmarked and Back returns to it.
 */
export function TransactionHistory({ type, label, emptyAction }: TransactionHistoryProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const history = useTransactions({ type, page, pageSize: HISTORY_PAGE_SIZE });

  const goTo = (next: number) =>
    setSearchParams((params) => {
      if (next === 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });

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

  if (history.isError) {
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

  const { data: transactions, total } = history.data;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));

  if (total === 0) {
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

  if (transactions.length === 0) {
    // A page past the end (an old bookmark): offer the way back rather than an empty table.
    return (
      <Paper withBorder radius="lg" p="xl" maw={640}>
        <Stack align="center" gap="xs">
          <Text fw={600}>There is no page {page}</Text>
          <Button variant="light" size="xs" onClick={() => goTo(1)}>
            Go to the first page
          </Button>
        </Stack>
      </Paper>
    );
  }

  const first = (page - 1) * HISTORY_PAGE_SIZE + 1;
  const last = first + transactions.length - 1;

  return (
    <Stack gap="md" aria-busy={history.isPlaceholderData}>
      <Box style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
        <TransactionsTable transactions={transactions} caption={label} />
      </Box>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {first}–{last} of {total}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={goTo}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        ) : null}
      </Group>
    </Stack>
  );
}
