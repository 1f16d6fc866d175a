import { Anchor, em, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Transaction } from '@qmgt/contracts';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { TransactionAmount } from './transaction-amount';
import { describeTransaction } from './transaction-labels';
import { TransactionStatusBadge } from './transaction-status-badge';

/** Below this width (a phone, or a tablet beside the sidebar) rows become cards: eight columns need room. */
const COMPACT_QUERY = `(max-width: ${em(1024)})`;

/**
 * The Status column stays in view at the right edge while the other columns scroll under it:
 * with the sidebar open a 1280 px window leaves the table a little less than its eight columns
 * need, and the scrolled-off edge used to cut the badge to 'Comple'.
 */
const STATUS_CELL_STYLE = {
  position: 'sticky',
  right: 0,
  whiteSpace: 'nowrap',
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
} as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** Date over time, so the column stays narrow. */
function DateCell({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      <Text span size="sm" display="block" style={{ whiteSpace: 'nowrap' }}>
        {dateFormat.format(date)}
      </Text>
      <Text span size="xs" c="dimmed" display="block">
        {timeFormat.format(date)}
      </Text>
    </time>
  );
}

function CodeLink({ transaction }: { transaction: Transaction }) {
  return (
    <Anchor
      component={Link}
      to={paths.transactionDetails.to(transaction.id, transaction.type)}
      ff="monospace"
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
    >
      {transaction.code}
    </Anchor>
  );
}

function Price({ transaction, withAsset = true }: { transaction: Transaction; withAsset?: boolean }) {
  if (!withAsset && transaction.price !== null) {
    return (
      <Text span ff="monospace" title={`${transaction.price} USDT`} style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(transaction.price, 'USDT')}
      </Text>
    );
  }
  return <TransactionAmount amount={transaction.price} asset={transaction.price === null ? null : 'USDT'} />;
}

function Fee({ transaction }: { transaction: Transaction }) {
  return <TransactionAmount amount={transaction.fee} asset={transaction.feeAsset} />;
}

/**
 * The caller's transactions: a table from 769 px, one card per transaction below. Each links
 * to its details page (/transaction-details/{id}/{type}).
 */
export function TransactionsTable({ transactions, caption }: { transactions: Transaction[]; caption: string }) {
  const compact = useMediaQuery(COMPACT_QUERY) ?? false;

  if (compact) {
    return (
      <Stack gap="sm" role="list" aria-label={caption}>
        {transactions.map((transaction) => (
          <Paper key={transaction.id} withBorder radius="md" p="sm" role="listitem">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <CodeLink transaction={transaction} />
                <TransactionStatusBadge status={transaction.status} />
              </Group>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  {describeTransaction(transaction)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(transaction.createdAt)}
                </Text>
              </Group>
              <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
                <Text size="xs" c="dimmed">
                  Paid
                </Text>
                <Text size="xs" c="dimmed">
                  Received
                </Text>
                <Text size="sm" component="div">
                  <TransactionAmount amount={transaction.amountIn} asset={transaction.assetIn} />
                </Text>
                <Text size="sm" component="div">
                  <TransactionAmount amount={transaction.amountOut} asset={transaction.assetOut} />
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  Price
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  Fee
                </Text>
                <Text size="sm" component="div">
                  <Price transaction={transaction} />
                </Text>
                <Text size="sm" component="div">
                  <Fee transaction={transaction} />
                </Text>
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" px="xs">
      <Table.ScrollContainer minWidth={860}>
        <Table
          highlightOnHover
          verticalSpacing="sm"
          fz="sm"
          aria-label={caption}
          styles={{ th: { whiteSpace: 'nowrap' } }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Paid</Table.Th>
              <Table.Th>Received</Table.Th>
              <Table.Th>Price (USDT)</Table.Th>
              <Table.Th>Fee</Table.Th>
              <Table.Th style={STATUS_CELL_STYLE}>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {transactions.map((transaction) => (
              <Table.Tr key={transaction.id}>
                <Table.Td>
                  <DateCell iso={transaction.createdAt} />
                </Table.Td>
                <Table.Td>
                  <CodeLink transaction={transaction} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{describeTransaction(transaction)}</Table.Td>
                <Table.Td>
                  <TransactionAmount amount={transaction.amountIn} asset={transaction.assetIn} />
                </Table.Td>
                <Table.Td>
                  <TransactionAmount amount={transaction.amountOut} asset={transaction.assetOut} />
                </Table.Td>
                <Table.Td>
                  <Price transaction={transaction} withAsset={false} />
                </Table.Td>
                <Table.Td>
                  <Fee transaction={transaction} />
                </Table.Td>
                <Table.Td style={STATUS_CELL_STYLE}>
                  <TransactionStatusBadge status={transaction.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
