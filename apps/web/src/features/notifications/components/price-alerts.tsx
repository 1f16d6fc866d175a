import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  PRICE_ALERTS_MAX_ACTIVE,
  priceAlertCreateSchema,
  type PriceAlert,
  type PriceAlertCreate,
  type PriceAlertDirection,
} from '@qmgt/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { createPriceAlertMutation, deletePriceAlertMutation, priceAlertsQueryOptions } from '../api/notifications-api';

function AlertRow({ alert, onDelete, deleting }: { alert: PriceAlert; onDelete: () => void; deleting: boolean }) {
  const what = `Gold ${alert.direction} ${formatPrice(alert.usdPerGram)} per gram`;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" component="li">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {what}
        </Text>
        <Text size="xs" c="dimmed">
          {alert.firedAt
            ? `Fired ${formatDateTime(alert.firedAt)} at ${formatPrice(alert.firedUsdPerGram ?? alert.usdPerGram)}`
            : `Set ${formatDateTime(alert.createdAt)}`}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
        <Badge variant="light" color={alert.firedAt ? 'gray' : 'gold'}>
          {alert.firedAt ? 'Fired' : 'Waiting'}
        </Badge>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete the alert: ${what}`}
          loading={deleting}
          onClick={onDelete}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** Price alerts beside the gold price chart: add one (above or below a price), list, delete. */
export function PriceAlertsCard() {
  const alerts = useQuery(priceAlertsQueryOptions());
  // The alert as the contract checks it (a decimal price, cents at most); above zero besides.
  const form = useForm<PriceAlertCreate>({
    resolver: zodResolver(priceAlertCreateSchema),
    defaultValues: { direction: 'above', usdPerGram: '' },
  });
  const direction = form.watch('direction');

  const create = useMutation({
    ...createPriceAlertMutation(),
    onSuccess: () => {
      form.resetField('usdPerGram', { defaultValue: '' });
      notifySuccess('You will be notified once when gold crosses that price.', 'Price alert set');
    },
    onError: (error) => form.setError('usdPerGram', { message: errorMessage(error, 'The alert could not be set.') }),
  });
  const remove = useMutation({
    ...deletePriceAlertMutation(),
    onError: (error) => notifyError(errorMessage(error, 'The alert could not be deleted.')),
  });

  const waiting = alerts.data?.alerts.filter((a) => a.firedAt === null).length ?? 0;
  const full = waiting >= PRICE_ALERTS_MAX_ACTIVE;

  const submit = form.handleSubmit((values) => {
    if (Number(values.usdPerGram) <= 0) {
      form.setError('usdPerGram', { message: 'Enter a price in USD per gram, like 131.50.' }, { shouldFocus: true });
      return;
    }
    create.mutate({ direction: values.direction, usdPerGram: values.usdPerGram.trim() });
  });
  const priceField = form.register('usdPerGram');

  let list;
  if (alerts.isPending) list = <LoadingStatus size="xs">Loading your alerts…</LoadingStatus>;
  else if (alerts.isError)
    list = <LoadFailure title="Your alerts could not be loaded" query={alerts} gap="xs" inline />;
  else if (alerts.data.alerts.length === 0)
    list = (
      <Text size="sm" c="dimmed">
        No alerts yet.
      </Text>
    );
  else
    list = (
      <Stack
        gap="xs"
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label="Your price alerts"
      >
        {alerts.data.alerts.map((alert) => (
          <AlertRow
            key={alert.id}
            alert={alert}
            deleting={remove.isPending && remove.variables === alert.id}
            onDelete={() => remove.mutate(alert.id)}
          />
        ))}
      </Stack>
    );

  return (
    <SectionCard title="Price alerts" gap="sm">
      <Text size="sm" c="dimmed">
        Be notified once when the gold spot crosses a price (up to {PRICE_ALERTS_MAX_ACTIVE} waiting).
      </Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="xs">
          <SegmentedControl
            aria-label="Notify me when gold goes"
            value={direction}
            onChange={(value) => form.setValue('direction', value as PriceAlertDirection)}
            data={[
              { value: 'above', label: 'Goes above' },
              { value: 'below', label: 'Goes below' },
            ]}
          />
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="Price (USD per gram)"
              placeholder="131.50"
              inputMode="decimal"
              {...priceField}
              error={form.formState.errors.usdPerGram?.message}
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={25} loading={create.isPending} disabled={full}>
              Add alert
            </Button>
          </Group>
          {full ? (
            <Text size="xs" c="dimmed">
              You have {PRICE_ALERTS_MAX_ACTIVE} alerts waiting: delete one to add another.
            </Text>
          ) : null}
        </Stack>
      </form>
      {list}
    </SectionCard>
  );
}
