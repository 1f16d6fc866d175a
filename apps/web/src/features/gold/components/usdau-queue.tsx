import { Alert, Badge, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { useOperatorDecision } from '@/components/ui/operator-decision';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { adminUsdauRequestsQueryOptions, decideUsdau, usdauKeys } from '../api/usdau-api';
import { USDAU_STATUS } from './usdau-requests';

/** /admin/usdau-requests (operators): USDAU requests, open ones first; approving sends the USDAU on chain. */
export function UsdauQueue() {
  const query = useQuery(adminUsdauRequestsQueryOptions());
  const { buttons, dialog } = useOperatorDecision({
    decide: decideUsdau,
    queue: usdauKeys.admin(),
    describe: ({ request }) =>
      `${request.code} ${request.status === 'rejected' ? 'rejected: the grams are returned' : 'approved: the USDAU is being sent'}.`,
  });

  if (query.isPending) return <Loader aria-label="Loading USDAU requests" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'The requests could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No USDAU requests yet.</Text>;
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={980} aria-label="USDAU requests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th ta="right">Grams</Table.Th>
              <Table.Th ta="right">USDAU</Table.Th>
              <Table.Th>To address</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{r.username}</Text>
                  <Text size="xs" c="dimmed">
                    {r.email}
                  </Text>
                </Table.Td>
                <Table.Td ff="monospace">{r.code}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(r.grams, 'GOLD')} g
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(r.usdauAmount, 'USDAU')}
                </Table.Td>
                <Table.Td ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
                  {r.address}
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
                <Table.Td>{r.status === 'pending' ? buttons(r.id, r.code) : null}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {dialog}
    </Paper>
  );
}
