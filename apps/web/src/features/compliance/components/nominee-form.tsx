import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ID_TYPES,
  NOMINEE_MAX,
  nomineesRequestSchema,
  type NomineesRequest,
  type NomineesResponse,
} from '@qmgt/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { requestResolver } from '@/lib/request-resolver';
import { useSessionStore } from '@/lib/session-store';
import { useDraftAutosave } from '@/lib/use-draft-autosave';
import { nomineesQueryOptions, saveNomineeDraft, saveNomineesMutation } from '../api/nominee-api';

type Field =
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'relationTestator'
  | 'contact'
  | 'dateOfBirth'
  | 'idType'
  | 'address'
  | 'city'
  | 'postalCode'
  | 'sharePercent';
type Row = Record<Field, string>;
type NomineeFields = { nominees: Row[] };

const EMPTY: Row = {
  firstName: '',
  middleName: '',
  lastName: '',
  relationTestator: '',
  contact: '',
  dateOfBirth: '',
  idType: '',
  address: '',
  city: '',
  postalCode: '',
  sharePercent: '',
};

/** The form's steps and the fields each checks. */
const STEPS: {
  label: string;
  fields: { name: Field; label: string; required?: boolean; kind?: 'date' | 'idType' }[];
}[] = [
  {
    label: 'Who',
    fields: [
      { name: 'firstName', label: 'First name', required: true },
      { name: 'middleName', label: 'Middle name' },
      { name: 'lastName', label: 'Last name', required: true },
      { name: 'relationTestator', label: 'Relation to you', required: true },
    ],
  },
  {
    label: 'Contact and ID',
    fields: [
      { name: 'contact', label: 'Contact (phone or e-mail)', required: true },
      { name: 'dateOfBirth', label: 'Date of birth', required: true, kind: 'date' },
      { name: 'idType', label: 'ID type', required: true, kind: 'idType' },
    ],
  },
  {
    label: 'Address',
    fields: [
      { name: 'address', label: 'Address', required: true },
      { name: 'city', label: 'City', required: true },
      { name: 'postalCode', label: 'Postal code', required: true },
    ],
  },
  { label: 'Shares', fields: [{ name: 'sharePercent', label: 'Share (%)', required: true }] },
];

const toRows = (data: NomineesResponse): { rows: Row[]; step: number } => {
  if (data.draft && data.draft.nominees.length > 0)
    return { rows: data.draft.nominees.map((n) => ({ ...EMPTY, ...n })), step: data.draft.step ?? 0 };
  if (data.nominees.length > 0)
    return {
      rows: data.nominees.map(({ id: _id, sharePercent, ...n }) => ({
        ...EMPTY,
        ...n,
        sharePercent: String(sharePercent),
      })),
      step: 0,
    };
  return { rows: [{ ...EMPTY, sharePercent: '100' }], step: 0 };
};

/** Hundredths of a percent, or null for text that is not a share. */
const bps = (text: string) =>
  /^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null;

/**
 * The set the rows say, for the contract's schema to check: the share typed as text is a number
 * there (anything but digits and a point is no number at all, which the contract refuses).
 */
const nomineesResolver = requestResolver<NomineeFields, NomineesRequest>(nomineesRequestSchema, ({ nominees }) => ({
  nominees: nominees.map((row) => {
    const share = row.sharePercent.trim();
    return { ...row, sharePercent: /^\d+(\.\d+)?$/.test(share) ? Number(share) : Number.NaN };
  }),
}));

/** The first step showing a field the check refused, if any. */
const firstStepWithError = (errors: FieldErrors<NomineeFields>, rows: number) =>
  STEPS.findIndex((s) =>
    s.fields.some((f) => Array.from({ length: rows }, (_, i) => errors.nominees?.[i]?.[f.name]).some(Boolean)),
  );

/**
 * /nominee: who receives the customer's holdings, in the shares they set. Four steps checked
 * one at a time, a draft saved as the customer types (it survives a reload), and the whole
 * set saved at the end once the shares add up to 100%.
 */
export function NomineeForm() {
  const query = useQuery(nomineesQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading your nominees" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'Your nominees could not be loaded.')}</Alert>;
  return <NomineeSteps initial={toRows(query.data)} saved={query.data.nominees.length} />;
}

function NomineeSteps({ initial, saved }: { initial: { rows: Row[]; step: number }; saved: number }) {
  const form = useForm<NomineeFields, unknown, NomineesRequest>({
    resolver: nomineesResolver,
    defaultValues: { nominees: initial.rows },
  });
  const list = useFieldArray({ control: form.control, name: 'nominees' });
  const rows = form.watch('nominees');
  const { errors } = form.formState;
  const [step, setStep] = useState(Math.min(initial.step, STEPS.length - 1));
  const [draftAt, setDraftAt] = useState<string | null>(null);
  const setStoreStep = useSessionStore((s) => s.setCurrentNomineeStep);

  /*
   * The last draft sent, until it is answered. "Save nominees" waits for it: the save clears
   * the server's draft, and a draft still on its way would otherwise land after the save and
   * bring back an old draft over the saved set.
   */
  const draftInFlight = useRef<Promise<unknown>>(Promise.resolve());
  const sendDraft = useCallback((next: { rows: Row[]; step: number }) => {
    const sent = saveNomineeDraft({ nominees: next.rows, step: next.step }).then(
      (answer) => setDraftAt(answer.draft?.savedAt ?? null),
      // A lost draft costs only the convenience of resuming: the form still holds what was typed.
      () => undefined,
    );
    draftInFlight.current = Promise.all([draftInFlight.current, sent]);
  }, []);
  // Sent 0.8 s after the last change, and at once if the customer leaves the screen before that.
  const { schedule, cancel } = useDraftAutosave(sendDraft, 800);
  useEffect(() => setStoreStep(step), [step, setStoreStep]);
  /** The draft of what the form holds now, on `at` (the step shown unless said). */
  const scheduleDraft = (at = step) =>
    schedule({ rows: form.getValues('nominees').map((row) => ({ ...row })), step: at });

  const save = useMutation({
    // The save supersedes a draft still waiting, and goes after any draft already sent.
    ...saveNomineesMutation(() => {
      cancel();
      return draftInFlight.current;
    }),
    onSuccess: (answer) => {
      cancel();
      notifySuccess(`${answer.nominees.length} nominee${answer.nominees.length > 1 ? 's' : ''} saved.`);
      setDraftAt(null);
    },
  });

  /** A field's edit: its complaint and the last answer go, the draft follows. */
  const edited = (name: `nominees.${number}.${Field}`) => {
    if (form.getFieldState(name).error) form.clearErrors(name);
    save.reset();
    scheduleDraft();
  };
  const go = async (target: number) => {
    if (target > step) {
      const names = STEPS[step]!.fields.flatMap((f) => rows.map((_, i) => `nominees.${i}.${f.name}` as const));
      if (!(await form.trigger(names, { shouldFocus: true }))) return;
    }
    setStep(target);
    scheduleDraft(target);
  };
  const total = rows.reduce((sum, r) => sum + (bps(r.sharePercent) ?? 0), 0);

  // The contract's schema checks every field of every step, and that the shares add up to 100%.
  const submit = form.handleSubmit(
    (request) => save.mutate(request),
    // A refused field on an earlier step (a resumed draft) is shown there.
    (found) => {
      const at = firstStepWithError(found, rows.length);
      if (at >= 0 && at !== step) setStep(at);
    },
  );

  return (
    <Stack gap="lg" maw={860}>
      <Text c="dimmed" size="sm">
        {saved > 0
          ? `You have ${saved} nominee${saved > 1 ? 's' : ''} saved. Changes here replace them when you save.`
          : 'Name up to five people who receive your holdings, and the share each receives.'}
        {draftAt
          ? ` Draft saved at ${new Date(draftAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`
          : ''}
      </Text>
      <Stepper active={step} onStepClick={(target) => void go(target)} size="sm" allowNextStepsSelect={false}>
        {STEPS.map((s) => (
          <Stepper.Step key={s.label} label={s.label} />
        ))}
      </Stepper>
      {list.fields.map((entry, i) => {
        const row = rows[i] ?? entry;
        return (
          <Paper key={entry.id} withBorder radius="lg" p="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h5">
                Nominee {i + 1}
                {row.firstName ? `: ${row.firstName} ${row.lastName}` : ''}
              </Title>
              {rows.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove nominee ${i + 1}`}
                  onClick={() => {
                    list.remove(i);
                    form.clearErrors();
                    scheduleDraft();
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              ) : null}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {STEPS[step]!.fields.map((f) => {
                const label = rows.length > 1 ? `${f.label} (nominee ${i + 1})` : f.label;
                const error = errors.nominees?.[i]?.[f.name]?.message;
                return f.kind === 'idType' ? (
                  <Controller
                    key={f.name}
                    control={form.control}
                    name={`nominees.${i}.idType`}
                    render={({ field }) => (
                      <Select
                        label={label}
                        required
                        data={[...ID_TYPES]}
                        ref={field.ref}
                        value={field.value || null}
                        onChange={(value) => {
                          field.onChange(value ?? '');
                          edited(field.name);
                        }}
                        onBlur={field.onBlur}
                        error={error}
                      />
                    )}
                  />
                ) : (
                  <TextInput
                    key={f.name}
                    label={label}
                    required={f.required}
                    type={f.kind === 'date' ? 'date' : 'text'}
                    inputMode={f.name === 'sharePercent' ? 'decimal' : undefined}
                    maxLength={200}
                    {...form.register(`nominees.${i}.${f.name}`, { onChange: () => edited(`nominees.${i}.${f.name}`) })}
                    error={error}
                  />
                );
              })}
            </SimpleGrid>
          </Paper>
        );
      })}
      {step === 0 && rows.length < NOMINEE_MAX ? (
        <Button
          variant="light"
          w="fit-content"
          onClick={() => {
            list.append({ ...EMPTY }, { shouldFocus: false });
            scheduleDraft();
          }}
        >
          Add a nominee
        </Button>
      ) : null}
      {step === STEPS.length - 1 ? (
        <Text size="sm" c={total === 10_000 ? 'green' : 'red'} role="status">
          Shares add up to {(total / 100).toFixed(2)}%{total === 10_000 ? '' : ': they must add up to 100%'}
        </Text>
      ) : null}
      {save.isError ? (
        <Alert color="red">
          {save.error instanceof ApiError ? errorMessage(save.error) : 'Your nominees could not be saved. Try again.'}
        </Alert>
      ) : null}
      <Group>
        {step > 0 ? (
          <Button variant="default" onClick={() => void go(step - 1)}>
            Back
          </Button>
        ) : null}
        {step < STEPS.length - 1 ? (
          <Button onClick={() => void go(step + 1)}>Next</Button>
        ) : (
          <Button onClick={() => void submit()} loading={save.isPending}>
            Save nominees
          </Button>
        )}
      </Group>
    </Stack>
  );
}
