import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Code, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Transaction } from '@qmgt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Detail } from '@/components/ui/detail';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, shortenAddress } from '@/lib/format';
import { transactionDetailsQueryOptions } from '../api/get-transaction-details';
import { transactionByCodeQueryOptions } from '../api/transactions-api';
import { TransactionAmount } from './transaction-amount';
import { describeTransaction } from './transaction-labels';
import { TransactionStatusBadge } from './transaction-status-badge';

/** One transaction: what moved, at what price and fee, and where it stands on the chain. */
export function TransactionDetailsCard({ transaction }: { transaction: Transaction }) {
  const { status } = transaction;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760} aria-label="Transaction">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {describeTransaction(transaction)}
            </Title>
            <Text size="sm" c="dimmed" ff="monospace">
              {transaction.code}
            </Text>
          </Stack>
          <TransactionStatusBadge status={status} size="lg" />
        </Group>

        {status === 'pending' ? (
          <Alert color="yellow" variant="light" icon={<Loader size="xs" color="yellow" aria-hidden />} role="status">
            Waiting for the chain to confirm this transaction. This page updates by itself.
          </Alert>
        ) : null}
        {status === 'failed' ? (
          <Alert color="red" variant="light" title="This transaction failed" role="alert">
            {transaction.failureReason ?? 'The chain refused it.'} Your balance was restored.
          </Alert>
        ) : null}
        {status === 'completed' ? (
          <Text size="sm" c="teal" role="status">
            {/* Some movements never touch the chain (gold grams, USDT between customers, card payments). */}
            {transaction.txHash ? 'Final on chain.' : 'Completed in your account: nothing had to go on chain.'}
          </Text>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Detail label="Paid">
            <TransactionAmount amount={transaction.amountIn} asset={transaction.assetIn} />
          </Detail>
          <Detail label="Received">
            <TransactionAmount amount={transaction.amountOut} asset={transaction.assetOut} />
          </Detail>
          <Detail label="Price">
            <TransactionAmount amount={transaction.price} asset={transaction.price === null ? null : 'USDT'} />
            {transaction.price !== null && transaction.type === 'QMGT' ? ' per QMGT' : ''}
            {transaction.price !== null && (transaction.assetIn === 'GOLD' || transaction.assetOut === 'GOLD')
              ? ' per gram'
              : ''}
          </Detail>
          <Detail label="Fee">
            <TransactionAmount amount={transaction.fee} asset={transaction.feeAsset} />
          </Detail>
          <Detail label="Date">{formatDateTime(transaction.createdAt)}</Detail>
          <Detail label="Type">{transaction.type}</Detail>
          <Detail label="Transaction hash">
            {transaction.txHash ? (
              <Code title={transaction.txHash}>{shortenAddress(transaction.txHash, 10, 8)}</Code>
            ) : (
              <Text span c="dimmed" size="sm">
                {status === 'failed'
                  ? 'None'
                  : status === 'completed'
                    ? 'None: not an on-chain transfer'
                    : 'Not on chain yet'}
              </Text>
            )}
          </Detail>
          {transaction.explorerUrl ? (
            <Detail label="Block explorer">
              <ExplorerLink href={transaction.explorerUrl} />
            </Detail>
          ) : null}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

type DetailsQuery = UseQueryResult<{ transaction: Transaction }>;

function DetailsState({ query }: { query: DetailsQuery }) {
  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading the transaction…</Text>
      </Group>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Alert
        color="red"
        variant="light"
        title={missing ? 'Transaction not found' : 'The transaction could not be loaded'}
        maw={640}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {missing
              ? 'There is no such transaction in your account. Check the link, or find it in your transactions.'
              : errorMessage(query.error, 'Please try again in a moment.')}
          </Text>
          {missing ? null : (
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return <TransactionDetailsCard transaction={query.data.transaction} />;
}

/** /transaction-details/{id}/{type}: followed to finality while pending. */
export function TransactionDetailsById({ id, type }: { id: string; type: string }) {
  return <DetailsState query={useQuery(transactionDetailsQueryOptions(id, type))} />;
}

/** /transactions/{type}/{code}: the same, found by the code support reads out. */
export function TransactionDetailsByCode({ type, code }: { type: string; code: string }) {
  return <DetailsState query={useQuery(transactionByCodeQueryOptions(type, code))} />;
}
