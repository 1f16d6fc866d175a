import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  GES_BONUS_INSTALMENTS,
  GES_GROUP_TERMS,
  GES_MEMBER_CAP,
  GES_TERM_MONTHS,
  gesGroupInputSchema,
  type AdminGesGroup,
  type GesGroupEdit,
  type GesGroupTerm,
} from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { Controller, FormProvider, useForm, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { errorMessage, refusedField } from '@/lib/api-client';
import { refuseAtField } from '@/lib/form-refusal';
import { notifySuccess } from '@/lib/notify';
import { editGesGroupMutation } from '../api/ges-api';

/**
 * Every term, as creation checks it: the dialog holds all of them (prefilled), and the server's
 * edit schema is the partial of this one, so a value the form takes is one the edit takes.
 */
const termsSchema = gesGroupInputSchema.omit({ agreement: true });
type TermsInput = z.input<typeof termsSchema>;
type Terms = z.output<typeof termsSchema>;

/** The server's refusal at one of the terms, else null (shown above the buttons). */
export function termOf(failure: unknown): { term: GesGroupTerm; message: string } | null {
  const refused = refusedField(failure);
  const term = GES_GROUP_TERMS.find((t) => t === refused?.field);
  return term ? { term, message: refused!.message } : null;
}

/**
 * A group's six terms, for the create form and the edit dialog (inside the form's FormProvider),
 * each with its complaint: the contract's, or the server's refusal naming it.
 */
export function GroupTermsFields({ cols, bonusRequired }: { cols: number; bonusRequired: boolean }) {
  const form = useFormContext<TermsInput>();
  const errorAt = (term: GesGroupTerm) => form.formState.errors[term]?.message;
  const numberField = (
    term: 'termMonths' | 'memberCap' | 'bonusInstalments',
    label: string,
    { min, max }: { min: number; max: number },
  ) => (
    <Controller
      control={form.control}
      name={term}
      render={({ field }) => (
        <NumberInput
          label={label}
          required={term !== 'bonusInstalments' || bonusRequired}
          min={min}
          max={max}
          allowDecimal={false}
          // Not clamped on blur: a term out of range gets the contract's message, not a silent other value.
          clampBehavior="none"
          value={field.value ?? ''}
          // A cleared field is no number: the schema says so, rather than keeping the old value.
          onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
          onBlur={field.onBlur}
          error={errorAt(term)}
        />
      )}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }}>
      <TextInput label="Name" required maxLength={80} error={errorAt('name')} {...form.register('name')} />
      <TextInput
        label="Monthly instalment (USDT)"
        required
        inputMode="decimal"
        error={errorAt('instalmentUsdt')}
        // People type spaces around amounts; the wire format has none.
        {...form.register('instalmentUsdt', { setValueAs: (value: string) => value.trim() })}
      />
      <TextInput
        label="First instalment (start date)"
        type="date"
        required
        description="Days 1-28: instalments fall on this day each month"
        error={errorAt('startDate')}
        {...form.register('startDate')}
      />
      {numberField('termMonths', 'Term (months)', GES_TERM_MONTHS)}
      {numberField('memberCap', 'Member cap', GES_MEMBER_CAP)}
      {numberField('bonusInstalments', 'Maturity bonus (instalments)', GES_BONUS_INSTALMENTS)}
    </SimpleGrid>
  );
}

/**
 * The operator's "edit before start": a draft's terms, or an open group's while nobody has
 * joined and its start date has not come. Only the terms that differ are sent, so the audit
 * log records what really changed.
 */
export function EditGroupDialog({ group, onClose }: { group: AdminGesGroup | null; onClose: () => void }) {
  return (
    <Modal opened={group !== null} onClose={onClose} title={`Edit ${group?.name ?? ''}`} centered size="lg">
      {/* Keyed by group: each opening starts from the group's current terms. */}
      {group ? <EditGroupForm key={group.id} group={group} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditGroupForm({ group, onClose }: { group: AdminGesGroup; onClose: () => void }) {
  const form = useForm<TermsInput, unknown, Terms>({
    resolver: zodResolver(termsSchema),
    defaultValues: {
      name: group.name,
      instalmentUsdt: group.instalmentUsdt,
      termMonths: group.termMonths,
      memberCap: group.memberCap,
      startDate: group.startDate,
      bonusInstalments: group.bonusInstalments,
    },
  });
  const edit = useMutation({
    ...editGesGroupMutation(group.id),
    onSuccess: ({ group: edited }) => {
      notifySuccess(`${edited.name}: the new terms are saved.`);
      onClose();
    },
    onError: (failure) => refuseAtField(form, failure, GES_GROUP_TERMS),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((terms) => {
    const changes = Object.fromEntries(
      GES_GROUP_TERMS.filter((term) => terms[term] !== group[term]).map((term) => [term, terms[term]]),
    ) as GesGroupEdit;
    if (Object.keys(changes).length === 0) {
      form.setError('root', { message: 'Nothing has changed: edit a term, or cancel.' });
      return;
    }
    edit.mutate(changes);
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {group.status === 'draft'
              ? 'A draft can change freely until it is opened.'
              : 'Nobody has joined yet: the terms can change until someone joins or the start date comes.'}
          </Text>
          <GroupTermsFields cols={2} bonusRequired />
          {errors.root ? (
            <Alert color="yellow" variant="light">
              {errors.root.message}
            </Alert>
          ) : null}
          {edit.error && !termOf(edit.error) ? (
            <Alert color="red" variant="light">
              {errorMessage(edit.error, 'The terms could not be saved.')}
            </Alert>
          ) : null}
          <DialogFooter
            submitLabel="Save terms"
            onCancel={onClose}
            busy={edit.isPending}
            cancelDisabled={edit.isPending}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
