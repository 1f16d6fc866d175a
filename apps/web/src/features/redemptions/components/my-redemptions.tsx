import { Alert, Badge, Button, Group, Paper, Stack, Stepper, Text, useMatches } from '@mantine/core';
import type { Redemption } from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { cancelRedemption, myRedemptionsQueryOptions, redemptionKeys } from '../api/redemptions-api';

export const REDEMPTION_STATUS: Record<Redemption['status'], { label: string; color: string }> = {
  requested: { label: 'Waiting for approval', color: 'orange' },
  approved: { label: 'Approved, preparing', color: 'blue' },
  shipped: { label: 'Shipped', color: 'indigo' },
  delivered: { label: 'Delivered', color: 'green' },
  rejected: { label: 'Rejected, grams returned', color: 'red' },
  cancelled: { label: 'Cancelled, grams returned', color: 'gray' },
};

const STEP: Record<Redemption['status'], number> = {
  requested: 1,
  approved: 2,
  shipped: 3,
  // All four done.
  delivered: 4,
  rejected: 1,
  cancelled: 1,
};

/** One redemption and its steps: requested, approved, shipped (carrier, tracking number), delivered. */
function RedemptionCard({ redemption, onChanged }: { redemption: Redemption; onChanged: () => void }) {
  const orientation = useMatches<'horizontal' | 'vertical'>({ base: 'vertical', sm: 'horizontal' });
  const keys = useIdempotencyKeys();
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = REDEMPTION_STATUS[redemption.status];
  const ended = redemption.status === 'rejected' || redemption.status === 'cancelled';

  const cancel = async () => {
    setCancelling(true);
    setError(null);
    try {
      await cancelRedemption(redemption.id, keys.keyFor(redemption.id));
      keys.forget(redemption.id);
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure, 'The redemption could not be cancelled.'));
      onChanged();
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-label={`Redemption ${redemption.code}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600}>
              {redemption.quantity} x {redemption.productName}
            </Text>
            <Text size="sm" c="dimmed" ff="monospace">
              {redemption.code}
            </Text>
            <Text size="sm">
              {formatAmount(redemption.fineGrams, 'GOLD')} g fine gold, fees {formatAmount(redemption.feeGrams, 'GOLD')}{' '}
              g · total {formatAmount(redemption.grams, 'GOLD')} g
            </Text>
          </Stack>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        {ended ? (
          <Alert color={redemption.status === 'rejected' ? 'red' : 'gray'} variant="light">
            {redemption.status === 'rejected'
              ? `Not approved${redemption.reason ? `: ${redemption.reason}` : ''}. `
              : 'You cancelled this redemption. '}
            The {formatAmount(redemption.grams, 'GOLD')} g are back in your gold savings account.
          </Alert>
        ) : (
          <Stepper active={STEP[redemption.status]} orientation={orientation} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label="Requested" description={formatDateTime(redemption.requestedAt)} />
            <Stepper.Step
              label="Approved"
              description={
                redemption.decidedAt && STEP[redemption.status] >= 2
                  ? formatDateTime(redemption.decidedAt)
                  : 'By our operators'
              }
            />
            <Stepper.Step
              label="Shipped"
              description={
                redemption.carrier ? (
                  <>
                    {redemption.carrier}, tracking{' '}
                    <Text span ff="monospace" size="xs">
                      {redemption.trackingNumber}
                    </Text>
                  </>
                ) : (
                  'With a tracking number'
                )
              }
            />
            <Stepper.Step
              label="Delivered"
              description={redemption.deliveredAt ? formatDateTime(redemption.deliveredAt) : 'To your address'}
            />
          </Stepper>
        )}
        <Text size="xs" c="dimmed">
          To {redemption.address.fullName}, {redemption.address.line1}
          {redemption.address.line2 ? `, ${redemption.address.line2}` : ''}, {redemption.address.postalCode}{' '}
          {redemption.address.city}, {redemption.address.country}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {redemption.status === 'requested' ? (
          <Group>
            <Button variant="default" size="xs" loading={cancelling} onClick={() => void cancel()}>
              Cancel redemption
            </Button>
            <Text size="xs" c="dimmed">
              Possible until an operator approves it; the grams return at once.
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** "My redemptions": each one with its step tracker, followed while it moves. */
export function MyRedemptions({ onChanged }: { onChanged: () => void }) {
  const queryClient = useQueryClient();
  const query = useQuery(myRedemptionsQueryOptions());
  if (query.isPending) return <LoadingStatus>Loading your redemptions</LoadingStatus>;
  if (query.isError) return <LoadFailure title="Your redemptions could not be loaded" query={query} />;
  if (query.data.data.length === 0)
    return <Text c="dimmed">No redemptions yet. Choose a coin or bar above to have your gold delivered.</Text>;
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: redemptionKeys.mine() });
    onChanged();
  };
  return (
    <Stack gap="md">
      {query.data.data.map((redemption) => (
        <RedemptionCard key={redemption.id} redemption={redemption} onChanged={changed} />
      ))}
    </Stack>
  );
}
