import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { VaultBar, VaultBarInput } from '@qmgt/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedQueryTable } from '@/components/ui/data-table';
import { errorMessage, refusedField } from '@/lib/api-client';
import { formatGrams } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { addVaultBar, editVaultBar, reservesKeys, vaultBarsQueryOptions, withdrawVaultBar } from '../api/reserves-api';
import { vaultBarColumns } from './vault-bar-columns';

const EMPTY: VaultBarInput = { serial: '', refinery: '', fineGrams: '' };
type Errors = Partial<Record<keyof VaultBarInput, string>>;

/** The server's refusal at its field (serial taken, grams out of range), else under the form. */
function fieldErrors(failure: unknown): Errors | null {
  const refused = refusedField(failure);
  const field = refused?.field;
  return field === 'serial' || field === 'refinery' || field === 'fineGrams' ? { [field]: refused!.message } : null;
}

function BarForm({
  initial,
  submitLabel,
  onSubmit,
  busy,
  failure,
}: {
  initial: VaultBarInput;
  submitLabel: string;
  onSubmit: (bar: VaultBarInput) => void;
  busy: boolean;
  failure: unknown;
}) {
  const [bar, setBar] = useState(initial);
  const errors = failure ? fieldErrors(failure) : null;
  const set = (field: keyof VaultBarInput) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setBar({ ...bar, [field]: event.currentTarget.value });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ serial: bar.serial.trim(), refinery: bar.refinery.trim(), fineGrams: bar.fineGrams.trim() });
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Serial"
            value={bar.serial}
            onChange={set('serial')}
            maxLength={64}
            required
            error={errors?.serial}
            miw={160}
          />
          <TextInput
            label="Refinery"
            value={bar.refinery}
            onChange={set('refinery')}
            maxLength={120}
            required
            error={errors?.refinery}
            miw={160}
          />
          <TextInput
            label="Fine grams"
            inputMode="decimal"
            value={bar.fineGrams}
            onChange={set('fineGrams')}
            required
            error={errors?.fineGrams}
            miw={140}
          />
        </Group>
        {failure && !errors ? <Alert color="red">{errorMessage(failure, 'The bar could not be saved.')}</Alert> : null}
        <Button type="submit" loading={busy} w="fit-content">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** /admin/vault-bars (operators): the bars the proof of reserves counts; every change is audited. */
export function VaultBarsAdmin() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(vaultBarsQueryOptions());
  const [editing, setEditing] = useState<VaultBar | null>(null);
  const [formKey, setFormKey] = useState(0);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reservesKeys.reserves() });
  const add = useMutation({
    mutationFn: addVaultBar,
    meta: { silent: true },
    onSuccess: ({ bar }) => {
      notifySuccess(`${bar.refinery} ${bar.serial} added: ${formatGrams(bar.fineGrams)}.`);
      setFormKey((k) => k + 1);
    },
    onSettled: refresh,
  });
  const edit = useMutation({
    mutationFn: (input: { id: string; bar: VaultBarInput }) => editVaultBar(input.id, input.bar),
    meta: { silent: true },
    onSuccess: ({ bar }) => {
      notifySuccess(`${bar.refinery} ${bar.serial} corrected.`);
      setEditing(null);
    },
    onSettled: refresh,
  });
  const withdraw = useMutation({
    mutationFn: withdrawVaultBar,
    meta: { silent: true },
    onSuccess: ({ bar }) => notifySuccess(`${bar.refinery} ${bar.serial} taken off the list.`),
    onError: (failure) => notifyError(errorMessage(failure)),
    onSettled: refresh,
  });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Text fw={600} mb="sm">
          Add a bar
        </Text>
        <BarForm
          key={formKey}
          initial={EMPTY}
          submitLabel="Add bar"
          onSubmit={(bar) => add.mutate(bar)}
          busy={add.isPending}
          failure={add.error}
        />
      </Paper>
      <PagedQueryTable
        query={query}
        loadingLabel="Loading the vault bars"
        failure="The vault bars could not be loaded."
        empty="No bars are listed yet."
        noun={{ one: 'bar', other: 'bars' }}
        label="Vault bars"
        minWidth={760}
        columns={[
          ...vaultBarColumns,
          {
            header: '',
            cell: (bar) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setEditing(bar)} aria-label={`Correct ${bar.serial}`}>
                  Correct
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  loading={withdraw.isPending && withdraw.variables === bar.id}
                  onClick={() => {
                    if (window.confirm(`Take ${bar.refinery} ${bar.serial} off the vault list?`))
                      withdraw.mutate(bar.id);
                  }}
                  aria-label={`Withdraw ${bar.serial}`}
                >
                  Withdraw
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => {
          setEditing(null);
          edit.reset();
        }}
        title={`Correct ${editing?.serial ?? ''}`}
        centered
      >
        {editing ? (
          <BarForm
            initial={{ serial: editing.serial, refinery: editing.refinery, fineGrams: editing.fineGrams }}
            submitLabel="Save"
            onSubmit={(bar) => edit.mutate({ id: editing.id, bar })}
            busy={edit.isPending}
            failure={edit.error}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
