import { Alert, Badge, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useOperatorDecision } from '@/components/ui/operator-decision';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { adminRewardRequestsQueryOptions, decideRewardRequest, growthKeys } from '../api/growth-api';

/** /reward-requests (operators): reward payout requests, pending first; approve mints, reject returns them. */
export function RewardRequestsQueue() {
  const query = useQuery(adminRewardRequestsQueryOptions());
  const { buttons, dialog } = useOperatorDecision({
    decide: decideRewardRequest,
    queue: growthKeys.adminRequests(),
    describe: ({ request }) => `${request.code} ${request.status}.`,
  });

  if (query.isPending) return <Loader aria-label="Loading reward requests" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'The requests could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No reward payout requests yet.</Text>;
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={760} aria-label="Reward payout requests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
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
                  {formatAmount(r.amountQmgt, 'QMGT')} QMGT
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={r.status === 'approved' ? 'green' : r.status === 'rejected' ? 'red' : 'orange'}
                  >
                    {r.status}
                  </Badge>
                  {r.reason ? (
                    <Text size="xs" c="dimmed">
                      {r.reason}
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
