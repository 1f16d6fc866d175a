import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Code, em, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Detail } from '@/components/ui/detail';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, shortenAddress } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { explorerTxQueryOptions, type ExplorerTx } from '../api/wallet-api';

const STATUS: Record<ExplorerTx['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  success: { label: 'Success', color: 'teal' },
  reverted: { label: 'Reverted', color: 'red' },
};

function Address({ value }: { value: string | null }) {
  if (!value)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Code title={value} style={{ wordBreak: 'break-all' }}>
      {value}
    </Code>
  );
}

/** A token amount from the chain; both platform tokens have 18 decimals, so 4 dp for QMGT and 2 for USDT. */
function TokenAmount({ token, amount }: { token: string | null; amount: string }) {
  const asset = token === 'QMGT' ? 'QMGT' : 'USDT';
  return (
    <Text span ff="monospace" title={`${amount} ${token ?? ''}`.trim()} style={{ whiteSpace: 'nowrap' }}>
      {token ? `${formatAmount(amount, asset)} ${token}` : amount}
    </Text>
  );
}

const ZERO_ADDRESS = /^0x0{40}$/i;

/** A token's own address in a transfer: the zero address means minted (from) or burned (to). */
function TransferParty({ address, zeroMeans }: { address: string; zeroMeans: 'Minted' | 'Burned' }) {
  if (ZERO_ADDRESS.test(address)) {
    return (
      <Text span size="sm" c="dimmed" title={address}>
        {zeroMeans}
      </Text>
    );
  }
  return <Code title={address}>{shortenAddress(address, 6, 4)}</Code>;
}

function Transfers({ transfers }: { transfers: ExplorerTx['transfers'] }) {
  const compact = useMediaQuery(`(max-width: ${em(640)})`) ?? false;
  if (transfers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No token moved in this transaction.
      </Text>
    );
  }
  if (compact) {
    return (
      <Stack gap="xs" role="list" aria-label="Token transfers">
        {transfers.map((transfer, index) => (
          <Paper key={`${index}-${transfer.from}-${transfer.to}`} withBorder radius="md" p="xs" role="listitem">
            <Text fw={600} size="sm">
              <TokenAmount token={transfer.token} amount={transfer.amount} />
            </Text>
            <Group gap={6} mt={4}>
              <Text size="xs" c="dimmed">
                From
              </Text>
              <TransferParty address={transfer.from} zeroMeans="Minted" />
              <Text size="xs" c="dimmed">
                to
              </Text>
              <TransferParty address={transfer.to} zeroMeans="Burned" />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="xs" fz="sm" aria-label="Token transfers">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Token</Table.Th>
          <Table.Th>From</Table.Th>
          <Table.Th>To</Table.Th>
          <Table.Th>Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {transfers.map((transfer, index) => (
          <Table.Tr key={`${index}-${transfer.from}-${transfer.to}`}>
            <Table.Td>{transfer.token ?? 'Unknown token'}</Table.Td>
            <Table.Td>
              <TransferParty address={transfer.from} zeroMeans="Minted" />
            </Table.Td>
            <Table.Td>
              <TransferParty address={transfer.to} zeroMeans="Burned" />
            </Table.Td>
            <Table.Td>
              <TokenAmount token={transfer.token} amount={transfer.amount} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type ExplorerTxViewProps = {
  hash: string;
  /** Which chain this page reads, e.g. 'Local sandbox chain'. */
  networkLabel: string;
};

/** The built-in block explorer's transaction page: status, confirmations, block, time, addresses and token transfers. */
export function ExplorerTxView({ hash, networkLabel }: ExplorerTxViewProps) {
  const tx = useQuery(explorerTxQueryOptions(hash));

  const header = (
    <Group gap="xs">
      <Badge variant="outline" color="gray" tt="none" radius="sm">
        {networkLabel}
      </Badge>
    </Group>
  );

  if (tx.isPending) {
    return (
      <Stack gap="md">
        {header}
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Looking the transaction up on the chain…</Text>
        </Group>
      </Stack>
    );
  }
  if (tx.isError) {
    const unknown = tx.error instanceof ApiError && (tx.error.status === 404 || tx.error.status === 400);
    return (
      <Stack gap="md">
        {header}
        <Alert
          color="red"
          variant="light"
          title={unknown ? 'Transaction not found' : 'The chain could not be asked'}
          maw={720}
        >
          {unknown
            ? `The ${networkLabel.toLowerCase()} does not know the transaction ${shortenAddress(hash, 10, 8)}.`
            : errorMessage(tx.error, 'Please try again in a moment.')}
        </Alert>
      </Stack>
    );
  }

  const data = tx.data;
  const status = STATUS[data.status];
  return (
    <Stack gap="md" maw={960}>
      {header}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h4">
                Transaction
              </Title>
              <Code style={{ wordBreak: 'break-all' }}>{data.hash}</Code>
            </Stack>
            <Badge color={status.color} variant="light" size="lg" radius="sm" tt="none">
              {status.label}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Detail label="Confirmations">{data.status === 'pending' ? 'Not mined yet' : data.confirmations}</Detail>
            <Detail label="Block">{data.blockNumber ?? 'Not mined yet'}</Detail>
            <Detail label="Time">{data.timestamp ? formatDateTime(data.timestamp) : '—'}</Detail>
            <Detail label="Status">{status.label}</Detail>
            <Detail label="From">
              <Address value={data.from} />
            </Detail>
            <Detail label="To (contract)">
              <Address value={data.to} />
            </Detail>
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="token-transfers">
        <Stack gap="sm">
          <Title order={2} size="h5" id="token-transfers">
            Token transfers
          </Title>
          <Transfers transfers={data.transfers} />
        </Stack>
      </Paper>
    </Stack>
  );
}
