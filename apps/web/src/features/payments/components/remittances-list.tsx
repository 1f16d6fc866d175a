import { Alert, Badge, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { remittancesQueryOptions } from '../api/payments-api';

/** Remittances sent and received, newest first. */
export function RemittancesList() {
  const query = useQuery(remittancesQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading your remittances" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'Your remittances could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No remittances yet.</Text>;
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={640} aria-label="Your remittances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th></Table.Th>
              <Table.Th>With</Table.Th>
              <Table.Th ta="right">USDT</Table.Th>
              <Table.Th ta="right">Gold saved</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td ff="monospace">{r.code}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={r.direction === 'sent' ? 'blue' : 'green'}>
                    {r.direction === 'sent' ? 'Sent' : 'Received'}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.counterparty}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {r.direction === 'sent' ? '−' : '+'}
                  {formatAmount(r.amountUsdt, 'USDT')}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" title={`${r.grams} g`}>
                  {r.grams === '0' ? '—' : `${formatAmount(r.grams, 'GOLD')} g`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
