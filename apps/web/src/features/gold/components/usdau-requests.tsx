import { Alert, Badge, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { UsdauRequest } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, shortenAddress } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { usdauRequestsQueryOptions } from '../api/usdau-api';

export const USDAU_STATUS: Record<UsdauRequest['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for approval', color: 'orange' },
  approved: { label: 'Approved, sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  failed: { label: 'Failed, grams returned', color: 'red' },
};

/** The customer's USDAU requests, followed until each is sent, rejected or failed. */
export function UsdauRequests() {
  const query = useQuery(usdauRequestsQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading your USDAU requests" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'Your USDAU requests could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No USDAU requests yet.</Text>;
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={760} aria-label="Your USDAU requests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th ta="right">Grams</Table.Th>
              <Table.Th ta="right">USDAU</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td ff="monospace">{r.code}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(r.grams, 'GOLD')} g
                </Table.Td>
                <Table.Td ta="right" ff="monospace" title={r.usdauAmount}>
                  {formatAmount(r.usdauAmount, 'USDAU')}
                </Table.Td>
                <Table.Td ff="monospace" title={r.address}>
                  {shortenAddress(r.address, 6, 4)}
                </Table.Td>
                <Table.Td>
                  <Badge color={USDAU_STATUS[r.status].color} variant="light">
                    {USDAU_STATUS[r.status].label}
                  </Badge>
                  {r.reason ? (
                    <Text size="xs" c="dimmed">
                      {r.reason}
                    </Text>
                  ) : null}
                  {r.explorerUrl ? (
                    <Text size="xs">
                      <ExplorerLink href={r.explorerUrl} />
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
