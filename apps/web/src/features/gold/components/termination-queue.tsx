import { Alert, Badge, Button, Group, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RejectReasonModal } from '@/components/ui/reject-reason-modal';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { adminTerminationsQueryOptions, decideTermination, goldKeys } from '../api/gold-api';

const STATUS_COLOR = { requested: 'orange', approved: 'green', rejected: 'red' } as const;

/** /admin/terminations (operators): GAE termination requests, open ones first; approve pays the refund. */
export function TerminationQueue() {
  const queryClient = useQueryClient();
  const query = useQuery(adminTerminationsQueryOptions());
  const keys = useIdempotencyKeys();
  const [rejecting, setRejecting] = useState<{ id: string; code: string } | null>(null);
  const decide = useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      decideTermination({ ...input, idempotencyKey: keys.keyFor(`${input.id}:${input.decision}`) }),
    meta: { silent: true },
    onSuccess: ({ termination }, input) => {
      keys.forget(`${input.id}:${input.decision}`);
      notifySuccess(
        `${termination.code} ${termination.status === 'approved' ? 'approved: the refund is paid' : 'rejected'}.`,
      );
      setRejecting(null);
    },
    onError: (failure) => notifyError(errorMessage(failure)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: goldKeys.adminTerminations() }),
  });

  if (query.isPending) return <Loader aria-label="Loading termination requests" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'The requests could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No termination requests yet.</Text>;
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={900} aria-label="Termination requests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th ta="right">Grams</Table.Th>
              <Table.Th ta="right">Refund</Table.Th>
              <Table.Th>Early exit</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{formatDateTime(t.requestedAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{t.username}</Text>
                  <Text size="xs" c="dimmed">
                    {t.email}
                  </Text>
                </Table.Td>
                <Table.Td ff="monospace">{t.code}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(t.grams, 'GOLD')} g
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(t.refund, t.currency)} {t.currency}
                </Table.Td>
                <Table.Td>
                  {t.earlyExit ? `yes (${formatAmount(t.earlyExitFee, t.currency)} ${t.currency})` : 'no'}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[t.status]} variant="light">
                    {t.status}
                  </Badge>
                  {t.reason ? (
                    <Text size="xs" c="dimmed">
                      {t.reason}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {t.status === 'requested' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => decide.mutate({ id: t.id, decision: 'approve' })}
                        loading={
                          decide.isPending && decide.variables?.id === t.id && decide.variables.decision === 'approve'
                        }
                        aria-label={`Approve ${t.code}`}
                      >
                        Approve
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setRejecting({ id: t.id, code: t.code })}
                        aria-label={`Reject ${t.code}`}
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
