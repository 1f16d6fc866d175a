import { Alert, Badge, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useOperatorDecision } from '@/components/ui/operator-decision';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { adminTerminationsQueryOptions, decideTermination, goldKeys } from '../api/gold-api';

const STATUS_COLOR = { requested: 'orange', approved: 'green', rejected: 'red' } as const;

/** /admin/terminations (operators): GAE termination requests, open ones first; approve pays the refund. */
export function TerminationQueue() {
  const query = useQuery(adminTerminationsQueryOptions());
  const { buttons, dialog } = useOperatorDecision({
    decide: decideTermination,
    queue: goldKeys.adminTerminations(),
    describe: ({ termination }) =>
      `${termination.code} ${termination.status === 'approved' ? 'approved: the refund is paid' : 'rejected'}.`,
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
                <Table.Td>{t.status === 'requested' ? buttons(t.id, t.code) : null}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {dialog}
    </Paper>
  );
}
