import { ActionIcon, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { PRICE_ALERTS_MAX_ACTIVE, type PriceAlert, type PriceAlertDirection } from '@qmgt/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  createPriceAlert,
  deletePriceAlert,
  notificationKeys,
  priceAlertsQueryOptions,
} from '../api/notifications-api';

const PRICE = /^\d+(\.\d{1,2})?$/;

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
  const queryClient = useQueryClient();
  const alerts = useQuery(priceAlertsQueryOptions());
  const [direction, setDirection] = useState<PriceAlertDirection>('above');
  const [price, setPrice] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.priceAlerts() });

  const create = useMutation({
    mutationFn: createPriceAlert,
    onSuccess: () => {
      setPrice('');
      notifySuccess('You will be notified once when gold crosses that price.', 'Price alert set');
      void refresh();
    },
    onError: (error) => setFieldError(errorMessage(error, 'The alert could not be set.')),
  });
  const remove = useMutation({
    mutationFn: deletePriceAlert,
    onSuccess: () => void refresh(),
    onError: (error) => notifyError(errorMessage(error, 'The alert could not be deleted.')),
  });

  const waiting = alerts.data?.alerts.filter((a) => a.firedAt === null).length ?? 0;
  const full = waiting >= PRICE_ALERTS_MAX_ACTIVE;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = price.trim();
    if (!PRICE.test(value) || Number(value) <= 0) {
      setFieldError('Enter a price in USD per gram, like 131.50.');
      return;
    }
    setFieldError(null);
    create.mutate({ direction, usdPerGram: value });
  };

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
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <SegmentedControl
            aria-label="Notify me when gold goes"
            value={direction}
            onChange={(value) => setDirection(value as PriceAlertDirection)}
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
              value={price}
              onChange={(event) => {
                setPrice(event.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
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
