import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { vaultBarInputSchema, type VaultBar, type VaultBarInput } from '@qmgt/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PagedQueryTable } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { refuseAtField } from '@/lib/form-refusal';
import { formatGrams } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  addVaultBarMutation,
  editVaultBarMutation,
  vaultBarsQueryOptions,
  withdrawVaultBarMutation,
} from '../api/reserves-api';
import { vaultBarColumns } from './vault-bar-columns';

const EMPTY: VaultBarInput = { serial: '', refinery: '', fineGrams: '' };
const FIELDS = ['serial', 'refinery', 'fineGrams'] as const;

/**
 * A bar's serial, refinery and fine grams, checked by the contract's schema before it is sent;
 * the server's refusal at its field (serial taken, grams out of range), else under the form.
 */
function BarForm({
  initial,
  submitLabel,
  save,
}: {
  initial: VaultBarInput;
  submitLabel: string;
  save: (bar: VaultBarInput) => Promise<unknown>;
}) {
  const form = useForm<z.input<typeof vaultBarInputSchema>, unknown, VaultBarInput>({
    resolver: zodResolver(vaultBarInputSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<unknown>(null);
  const submit = form.handleSubmit(async (bar) => {
    setFailure(null);
    try {
      await save(bar);
    } catch (refusal) {
      if (!refuseAtField(form, refusal, FIELDS)) setFailure(refusal);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Serial"
            {...form.register('serial')}
            maxLength={64}
            required
            error={errors.serial?.message}
            miw={160}
          />
          <TextInput
            label="Refinery"
            {...form.register('refinery')}
            maxLength={120}
            required
            error={errors.refinery?.message}
            miw={160}
          />
          <TextInput
            label="Fine grams"
            inputMode="decimal"
            {...form.register('fineGrams')}
            required
            error={errors.fineGrams?.message}
            miw={140}
          />
        </Group>
        {failure ? <Alert color="red">{errorMessage(failure, 'The bar could not be saved.')}</Alert> : null}
        <Button type="submit" loading={isSubmitting} w="fit-content">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** /admin/vault-bars (operators): the bars the proof of reserves counts; every change is audited. */
export function VaultBarsAdmin() {
  const query = useInfiniteQuery(vaultBarsQueryOptions());
  const [editing, setEditing] = useState<VaultBar | null>(null);
  const [formKey, setFormKey] = useState(0);
  const add = useMutation({
    ...addVaultBarMutation(),
    onSuccess: ({ bar }) => {
      notifySuccess(`${bar.refinery} ${bar.serial} added: ${formatGrams(bar.fineGrams)}.`);
      setFormKey((k) => k + 1);
    },
  });
  const edit = useMutation({
    ...editVaultBarMutation(),
    onSuccess: ({ bar }) => {
      notifySuccess(`${bar.refinery} ${bar.serial} corrected.`);
      setEditing(null);
    },
  });
  const withdraw = useMutation({
    ...withdrawVaultBarMutation(),
    onSuccess: ({ bar }) => notifySuccess(`${bar.refinery} ${bar.serial} taken off the list.`),
    onError: (failure) => notifyError(errorMessage(failure)),
  });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Text fw={600} mb="sm">
          Add a bar
        </Text>
        <BarForm key={formKey} initial={EMPTY} submitLabel="Add bar" save={(bar) => add.mutateAsync(bar)} />
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
        onClose={() => setEditing(null)}
        title={`Correct ${editing?.serial ?? ''}`}
        centered
      >
        {editing ? (
          <BarForm
            initial={{ serial: editing.serial, refinery: editing.refinery, fineGrams: editing.fineGrams }}
            submitLabel="Save"
            save={(bar) => edit.mutateAsync({ id: editing.id, bar })}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
