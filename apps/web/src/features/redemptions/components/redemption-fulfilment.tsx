import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { redemptionShipSchema, type AdminRedemption, type RedemptionShipBody } from '@qmgt/contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DataTable } from '@/components/ui/data-table';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { errorMessage } from '@/lib/api-client';
import { refuseAtField } from '@/lib/form-refusal';
import { formatDateTime } from '@/lib/format';
import { formatAmount, parseAmount } from '@/lib/money';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import {
  deliverRedemption,
  fulfilmentQueryOptions,
  shipRedemption,
  vaultBarsQueryOptions,
} from '../api/redemptions-api';
import { REDEMPTION_STATUS } from './my-redemptions';

type Action = { kind: 'ship' | 'deliver'; redemption: AdminRedemption };

/** Ship with a carrier and tracking number, checked by the contract's schema before it is sent. */
function ShipDialog({ redemption, onDone }: { redemption: AdminRedemption; onDone: (message: string | null) => void }) {
  const form = useForm<z.input<typeof redemptionShipSchema>, unknown, RedemptionShipBody>({
    resolver: zodResolver(redemptionShipSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const ship = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await shipRedemption(redemption.id, body);
      onDone(`${redemption.code} shipped with ${body.carrier}; the customer is notified.`);
    } catch (error) {
      if (!refuseAtField(form, error, ['carrier', 'trackingNumber']))
        setFailure(errorMessage(error, 'The redemption could not be marked shipped.'));
    }
  });
  const { address } = redemption;
  return (
    <Modal opened onClose={() => onDone(null)} title={`Ship ${redemption.code}`} centered>
      <form onSubmit={(event) => void ship(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {redemption.quantity} x {redemption.productName} to {address.fullName}, {address.line1}
            {address.line2 ? `, ${address.line2}` : ''}, {address.postalCode} {address.city}, {address.country} (
            {address.phone})
          </Text>
          <TextInput
            label="Carrier"
            withAsterisk
            data-autofocus
            {...form.register('carrier')}
            error={errors.carrier?.message}
          />
          <TextInput
            label="Tracking number"
            withAsterisk
            {...form.register('trackingNumber')}
            error={errors.trackingNumber?.message}
          />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <DialogFooter submitLabel="Mark shipped" onCancel={() => onDone(null)} busy={isSubmitting} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Mark delivered: the fine grams leave the customer's liabilities and the chosen vault bar. */
function DeliverDialog({
  redemption,
  onDone,
}: {
  redemption: AdminRedemption;
  onDone: (message: string | null) => void;
}) {
  const bars = useInfiniteQuery(vaultBarsQueryOptions());
  const keys = useIdempotencyKeys();
  const need = parseAmount(redemption.fineGrams, 'GOLD') ?? 0n;
  const holding = (bars.data?.pages.flatMap((page) => page.data) ?? []).filter(
    (bar) => (parseAmount(bar.fineGrams, 'GOLD') ?? 0n) >= need,
  );
  const [barId, setBarId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const chosen = barId ?? holding[0]?.id ?? null;
  const deliver = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await deliverRedemption(redemption.id, chosen, keys.keyFor(`${redemption.id}:${chosen ?? ''}`));
      onDone(`${redemption.code} delivered: ${formatAmount(redemption.fineGrams, 'GOLD')} g left the vault.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The redemption could not be marked delivered.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={() => onDone(null)} title={`Mark ${redemption.code} delivered`} centered>
      <Stack gap="sm">
        <Text size="sm">
          The customer&apos;s {formatAmount(redemption.fineGrams, 'GOLD')} g of fine gold leave their balance and the
          vault bar below; the fee grams ({formatAmount(redemption.feeGrams, 'GOLD')} g) become platform revenue.
        </Text>
        {bars.isPending ? <LoadingStatus>Loading the vault bars</LoadingStatus> : null}
        {bars.isError ? <LoadFailure title="The vault bars could not be loaded" query={bars} /> : null}
        {bars.isSuccess && holding.length === 0 && !bars.hasNextPage ? (
          <Alert color="orange">
            No vault bar holds {formatAmount(redemption.fineGrams, 'GOLD')} g: add the bar first.
          </Alert>
        ) : null}
        {holding.length > 0 ? (
          <Select
            label="Vault bar the metal came from"
            allowDeselect={false}
            value={chosen}
            onChange={setBarId}
            data={holding.map((bar) => ({
              value: bar.id,
              label: `${bar.refinery} ${bar.serial} (${formatAmount(bar.fineGrams, 'GOLD')} g)`,
            }))}
          />
        ) : null}
        {bars.hasNextPage ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void bars.fetchNextPage()}
            loading={bars.isFetchingNextPage}
          >
            More vault bars
          </Button>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <DialogFooter
          submitLabel="Mark delivered"
          onCancel={() => onDone(null)}
          onSubmit={() => void deliver()}
          busy={saving}
          disabled={!chosen}
        />
      </Stack>
    </Modal>
  );
}

/** Approved redemptions to ship and shipped ones to mark delivered, oldest first. */
export function RedemptionFulfilment() {
  const queryClient = useQueryClient();
  const query = useQuery(fulfilmentQueryOptions());
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string | null) => {
    setAction(null);
    if (message) {
      setNotice(message);
      // The queues and (a delivery takes metal off a bar) the bars this screen lists.
      void queryClient.invalidateQueries({ queryKey: ['redemptions', 'admin'] });
    }
  };
  let body;
  if (query.isPending) body = <LoadingStatus>Loading the redemptions to fulfil</LoadingStatus>;
  else if (query.isError) body = <LoadFailure title="The redemptions to fulfil could not be loaded" query={query} />;
  else if (query.data.data.length === 0) body = <Text c="dimmed">Nothing to ship or deliver.</Text>;
  else
    body = (
      <DataTable
        rows={query.data.data}
        label="Redemptions to fulfil"
        minWidth={900}
        columns={[
          {
            header: 'Approved',
            style: { whiteSpace: 'nowrap' },
            cell: (r) => (r.decidedAt ? formatDateTime(r.decidedAt) : ''),
          },
          { header: 'Code', mono: true, cell: (r) => r.code },
          { header: 'Customer', cell: (r) => r.username },
          { header: 'Product', cell: (r) => `${r.quantity} x ${r.productName}` },
          { header: 'Fine grams', numeric: true, cell: (r) => `${formatAmount(r.fineGrams, 'GOLD')} g` },
          {
            header: 'Status',
            cell: (r) => (
              <>
                <Badge color={REDEMPTION_STATUS[r.status].color} variant="light">
                  {REDEMPTION_STATUS[r.status].label}
                </Badge>
                {r.carrier ? (
                  <Text size="xs" c="dimmed">
                    {r.carrier} {r.trackingNumber}
                  </Text>
                ) : null}
              </>
            ),
          },
          {
            header: '',
            cell: (r) =>
              r.status === 'approved' ? (
                <Button
                  size="xs"
                  onClick={() => setAction({ kind: 'ship', redemption: r })}
                  aria-label={`Ship ${r.code}`}
                >
                  Ship
                </Button>
              ) : (
                <Button
                  size="xs"
                  color="green"
                  onClick={() => setAction({ kind: 'deliver', redemption: r })}
                  aria-label={`Mark ${r.code} delivered`}
                >
                  Mark delivered
                </Button>
              ),
          },
        ]}
      />
    );
  return (
    <Stack gap="md">
      {notice ? (
        <Alert color="green" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {body}
      {action?.kind === 'ship' ? <ShipDialog redemption={action.redemption} onDone={done} /> : null}
      {action?.kind === 'deliver' ? <DeliverDialog redemption={action.redemption} onDone={done} /> : null}
    </Stack>
  );
}
