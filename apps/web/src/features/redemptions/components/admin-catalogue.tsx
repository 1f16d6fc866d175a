import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { redemptionProductInputSchema, type RedemptionProduct, type RedemptionProductInput } from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DataTable } from '@/components/ui/data-table';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { errorMessage, refusedField } from '@/lib/api-client';
import { formatAmount } from '@/lib/money';
import { adminRedemptionProductsQueryOptions, saveRedemptionProduct } from '../api/redemptions-api';

const BLANK: RedemptionProductInput = {
  name: '',
  fineGrams: '',
  makingFeeUsdt: '0',
  deliveryFeeUsdt: '0',
  active: true,
};
type Field = Exclude<keyof RedemptionProductInput, 'active'>;
const TEXT_FIELDS: { field: Field; label: string; decimal: boolean }[] = [
  { field: 'name', label: 'Name', decimal: false },
  { field: 'fineGrams', label: 'Fine grams (per piece)', decimal: true },
  { field: 'makingFeeUsdt', label: 'Making fee (USDT per piece)', decimal: true },
  { field: 'deliveryFeeUsdt', label: 'Delivery fee (USDT per piece)', decimal: true },
];

/** Add or change one catalogue product, checked by the contract's schema before it is sent. */
function ProductDialog({
  product,
  onClose,
}: {
  /** null: a new product. */
  product: RedemptionProduct | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof redemptionProductInputSchema>, unknown, RedemptionProductInput>({
    resolver: zodResolver(redemptionProductInputSchema),
    defaultValues: product
      ? {
          name: product.name,
          fineGrams: product.fineGrams,
          makingFeeUsdt: product.makingFeeUsdt,
          deliveryFeeUsdt: product.deliveryFeeUsdt,
          active: product.active,
        }
      : BLANK,
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await saveRedemptionProduct(product?.id ?? null, values);
      await queryClient.invalidateQueries({ queryKey: ['redemptions'] });
      onClose();
    } catch (error) {
      const refused = refusedField(error);
      if (refused && refused.field in BLANK)
        form.setError(refused.field as Field, { message: refused.message }, { shouldFocus: true });
      else setFailure(errorMessage(error, 'The product could not be saved.'));
    }
  });

  return (
    <Modal opened onClose={onClose} title={product ? `Edit ${product.name}` : 'Add a coin or bar'} centered>
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="sm">
          {TEXT_FIELDS.map(({ field, label, decimal }, index) => (
            <TextInput
              key={field}
              label={label}
              withAsterisk
              inputMode={decimal ? 'decimal' : undefined}
              data-autofocus={index === 0 ? true : undefined}
              {...form.register(field)}
              error={errors[field]?.message}
            />
          ))}
          <Switch label="Offered to customers" {...form.register('active')} />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The operator's redemption catalogue: every product, active or not, each editable; every change audited. */
export function AdminCatalogue() {
  const query = useQuery(adminRedemptionProductsQueryOptions());
  const [editing, setEditing] = useState<RedemptionProduct | null | 'new'>(null);
  const add = (
    <Button size="sm" onClick={() => setEditing('new')}>
      Add a coin or bar
    </Button>
  );
  let body;
  if (query.isPending) body = <LoadingStatus>Loading the catalogue</LoadingStatus>;
  else if (query.isError) body = <LoadFailure title="The catalogue could not be loaded" query={query} />;
  else if (query.data.data.length === 0)
    body = (
      <Alert color="gray">The catalogue is empty: add the first coin or bar customers can redeem grams for.</Alert>
    );
  else
    body = (
      <DataTable
        rows={query.data.data}
        label="Redemption catalogue"
        minWidth={640}
        columns={[
          { header: 'Name', cell: (p) => p.name },
          { header: 'Fine grams', numeric: true, cell: (p) => `${formatAmount(p.fineGrams, 'GOLD')} g` },
          { header: 'Making fee', numeric: true, cell: (p) => `${formatAmount(p.makingFeeUsdt, 'USDT')} USDT` },
          { header: 'Delivery fee', numeric: true, cell: (p) => `${formatAmount(p.deliveryFeeUsdt, 'USDT')} USDT` },
          {
            header: 'Status',
            cell: (p) => (
              <Badge color={p.active ? 'green' : 'gray'} variant="light">
                {p.active ? 'Offered' : 'Inactive'}
              </Badge>
            ),
          },
          {
            header: '',
            cell: (p) => (
              <Button size="xs" variant="light" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                Edit
              </Button>
            ),
          },
        ]}
      />
    );
  return (
    <Stack gap="md">
      <Group justify="flex-end">{add}</Group>
      {body}
      {editing !== null ? (
        <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
