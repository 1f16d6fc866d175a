import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Termination } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { terminationQueryOptions } from '../api/gold-api';
import { TerminationFigures } from './termination-form';

const STATUS: Record<Termination['status'], { color: string; text: string }> = {
  requested: { color: 'orange', text: 'Waiting for review' },
  approved: { color: 'green', text: 'Approved' },
  rejected: { color: 'red', text: 'Not approved' },
};

/** /termination-summary/{id}: the request's summary and where it stands, followed until decided. */
export function TerminationStatus({ id }: { id: string }) {
  const query = useQuery(terminationQueryOptions(id));
  if (query.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the termination request" />
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" title="Termination request not found">
        {errorMessage(query.error, 'It may belong to another account.')}
      </Alert>
    );
  const { termination } = query.data;
  const status = STATUS[termination.status];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560}>
      <Stack gap="md">
        <Group justify="space-between">
          <Text ff="monospace" fw={600}>
            {termination.code}
          </Text>
          <Badge color={status.color} variant="light">
            {status.text}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Requested {formatDateTime(termination.requestedAt)}
          {termination.decidedAt ? `; decided ${formatDateTime(termination.decidedAt)}` : ''}.
        </Text>
        <TerminationFigures summary={termination} />
        {termination.status === 'requested' ? (
          <Text size="sm">
            Your grams are locked while an operator reviews the request. This page updates by itself.
          </Text>
        ) : null}
        {termination.status === 'rejected' ? (
          <Alert color="red" variant="light" title="Reason">
            {termination.reason ?? 'No reason was given.'} Your grams are back in your plan.
          </Alert>
        ) : null}
        {termination.refundTransaction ? (
          <Text size="sm">
            Refund paid:{' '}
            <Anchor component={Link} to={paths.transactionDetails.to(termination.refundTransaction.id, 'TERMINATION')}>
              {termination.refundTransaction.code}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
