import { Alert, Badge, Button, Group, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RejectReasonModal } from '@/components/ui/reject-reason-modal';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { adminRewardRequestsQueryOptions, decideRewardRequest, growthKeys } from '../api/growth-api';

/** /reward-requests (operators): reward payout requests, pending first; approve mints, reject returns them. */
export function RewardRequestsQueue() {
  const queryClient = useQueryClient();
  const query = useQuery(adminRewardRequestsQueryOptions());
  const keys = useIdempotencyKeys();
  const [rejecting, setRejecting] = useState<{ id: string; code: string } | null>(null);
  const decide = useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      decideRewardRequest({ ...input, idempotencyKey: keys.keyFor(`${input.id}:${input.decision}`) }),
    meta: { silent: true },
    onSuccess: ({ request }, input) => {
      keys.forget(`${input.id}:${input.decision}`);
      notifySuccess(`${request.code} ${request.status}.`);
      setRejecting(null);
    },
    onError: (failure) => notifyError(errorMessage(failure)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: growthKeys.adminRequests() }),
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
                <Table.Td>
                  {r.status === 'pending' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}
                        aria-label={`Approve ${r.code}`}
                      >
                        Approve
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setRejecting({ id: r.id, code: r.code })}
                        aria-label={`Reject ${r.code}`}
                      >
                        Reject
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <RejectReasonModal
        subject={rejecting?.code ?? null}
        busy={decide.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) => rejecting && decide.mutate({ id: rejecting.id, decision: 'reject', reason })}
      />
    </Paper>
  );
}
