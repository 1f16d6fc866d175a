import { useQuery } from '@tanstack/react-query';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { formatDateTime } from '@/lib/format';
import { recentActivitiesQueryOptions } from '../api/transactions-api';
import { TransactionAmount } from './transaction-amount';
import { describeTransaction } from './transaction-labels';
import { TransactionStatusBadge } from './transaction-status-badge';

/** The ten latest transactions (GET /recent-activities-user), each linking to its details. */
export function RecentActivity() {
  const recent = useQuery(recentActivitiesQueryOptions());

  if (recent.isPending) {
    return <LoadingStatus>Loading recent activity…</LoadingStatus>;
  }
  if (recent.isError) {
    return <LoadFailure title="Recent activity could not be loaded" query={recent} gap="xs" />;
  }
  if (recent.data.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No transactions yet
      </Text>
    );
  }

  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recent activity">
      {recent.data.data.map((transaction) => {
        const incoming = transaction.amountOut !== null;
        return (
          <Group
            key={transaction.id}
            component="li"
            justify="space-between"
            gap="xs"
            py="xs"
            wrap="nowrap"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={paths.transactionDetails.to(transaction.id, transaction.type)}
                size="sm"
                fw={600}
              >
                {describeTransaction(transaction)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDateTime(transaction.createdAt)} ·{' '}
                <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{transaction.code}</span>
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
              <Text size="sm">
                {incoming ? '+' : '−'}
                <TransactionAmount
                  amount={incoming ? transaction.amountOut : transaction.amountIn}
                  asset={incoming ? transaction.assetOut : transaction.assetIn}
                />
              </Text>
              <TransactionStatusBadge status={transaction.status} />
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
