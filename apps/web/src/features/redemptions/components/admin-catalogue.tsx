import { Alert, Badge, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import type { RedemptionProduct, RedemptionProductInput } from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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

/** Add or change one catalogue product. */
function ProductDialog({
  product,
  onClose,
}: {
  /** null: a new product. */
  product: RedemptionProduct | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<RedemptionProductInput>(product ?? BLANK);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = async () => {
    const missing: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) missing.name = 'Name is required';
    for (const field of ['fineGrams', 'makingFeeUsdt', 'deliveryFeeUsdt'] as const)
      if (!/^\d+(\.\d+)?$/.test(values[field].trim())) missing[field] = 'Enter an amount such as 1 or 12.5';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveRedemptionProduct(product?.id ?? null, {
        ...values,
        name: values.name.trim(),
        fineGrams: values.fineGrams.trim(),
        makingFeeUsdt: values.makingFeeUsdt.trim(),
        deliveryFeeUsdt: values.deliveryFeeUsdt.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: ['redemptions'] });
      onClose();
    } catch (error) {
      const refused = refusedField(error);
      if (refused && refused.field in BLANK) setErrors({ [refused.field]: refused.message });
      else setFailure(errorMessage(error, 'The product could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={product ? `Edit ${product.name}` : 'Add a coin or bar'} centered>
      <Stack gap="sm">
        <TextInput
          label="Name"
          withAsterisk
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          label="Fine grams (per piece)"
          withAsterisk
          inputMode="decimal"
          value={values.fineGrams}
          onChange={set('fineGrams')}
          error={errors.fineGrams}
        />
        <TextInput
          label="Making fee (USDT per piece)"
          withAsterisk
          inputMode="decimal"
          value={values.makingFeeUsdt}
          onChange={set('makingFeeUsdt')}
          error={errors.makingFeeUsdt}
        />
        <TextInput
          label="Delivery fee (USDT per piece)"
          withAsterisk
          inputMode="decimal"
          value={values.deliveryFeeUsdt}
          onChange={set('deliveryFeeUsdt')}
          error={errors.deliveryFeeUsdt}
        />
        <Switch
          label="Offered to customers"
          checked={values.active}
          onChange={(event) => {
            const active = event.currentTarget.checked;
            setValues((v) => ({ ...v, active }));
          }}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
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
