import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type { Termination } from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { goldKeys, terminationQueryOptions, withdrawTermination } from '../api/gold-api';
import { TerminationFigures } from './termination-form';

const STATUS: Record<Termination['status'], { color: string; text: string }> = {
  requested: { color: 'orange', text: 'Waiting for review' },
  approved: { color: 'green', text: 'Approved' },
  rejected: { color: 'red', text: 'Not approved' },
  withdrawn: { color: 'gray', text: 'Withdrawn' },
};

/**
 * /termination-summary/{id}: the request's summary and where it stands, followed until decided;
 * while it waits, the customer may withdraw it. `shownRefund` is the refund the customer
 * confirmed, when they come straight from the form: the request is filed at the price of the
 * moment it arrived (never below what was shown), so a moved price is said, not left to puzzle.
 */
export function TerminationStatus({
  id,
  shownRefund,
  onWithdrawn,
}: {
  id: string;
  shownRefund?: string;
  /** After a withdrawal: the plan and its balances to read again. */
  onWithdrawn?: () => void;
}) {
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
          {termination.decidedAt
            ? `; ${termination.status === 'withdrawn' ? 'withdrawn' : 'decided'} ${formatDateTime(termination.decidedAt)}`
            : ''}
          .
        </Text>
        <TerminationFigures summary={termination} />
        {shownRefund !== undefined && shownRefund !== termination.refund ? (
          <Text size="sm" c="dimmed">
            The gold price moved while you confirmed: you were shown {formatAmount(shownRefund, termination.currency)}{' '}
            {termination.currency}, and the request was filed at the price when it arrived (never less than you were
            shown).
          </Text>
        ) : null}
        {termination.status === 'requested' ? (
          <>
            <Text size="sm">
              Your grams are locked while an operator reviews the request. This page updates by itself.
            </Text>
            <WithdrawTermination id={termination.id} onWithdrawn={onWithdrawn} />
          </>
        ) : null}
        {termination.status === 'withdrawn' ? (
          <Alert color="gray" variant="light" title="You withdrew this request">
            Your grams are back in your plan.
          </Alert>
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

/** Withdraw a waiting request, confirmed first; the page shows the outcome from the answer. */
function WithdrawTermination({ id, onWithdrawn }: { id: string; onWithdrawn?: () => void }) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const withdraw = async () => {
    const intent = `withdraw:${id}`;
    setBusy(true);
    setError(null);
    try {
      const answer = await withdrawTermination(id, keys.keyFor(intent));
      keys.forget(intent);
      queryClient.setQueryData(goldKeys.termination(id), answer);
      onWithdrawn?.();
      setConfirming(false);
    } catch (failure) {
      setError(errorMessage(failure, 'The request could not be withdrawn. Try again.'));
      // Decided meanwhile (409): show how it stands now.
      void queryClient.invalidateQueries({ queryKey: goldKeys.termination(id) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Group>
        <Button variant="default" onClick={() => setConfirming(true)}>
          Withdraw the request
        </Button>
      </Group>
      {error && !confirming ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => (busy ? undefined : setConfirming(false))}
        title="Withdraw the termination request?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Your grams return to your GAE plan and it stays open. You can request a termination again later.
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              Keep the request
            </Button>
            <Button onClick={() => void withdraw()} loading={busy}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
