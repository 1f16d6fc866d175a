import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Accordion,
  Alert,
  Button,
  Group,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { KYC_STEPS, kycFormSchema, type PersonalInfoResponse } from '@qmgt/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDraftAutosave } from '@/lib/use-draft-autosave';
import { saveDraftPersonalMutation, submitPersonalInfoMutation } from '../../api/kyc-api';
import { PictureUploader } from '../picture-uploader';
import { COUNTRY_NAMES, defaultCountry } from './countries';
import { detailsDefaults, STEP_FIELDS, STEP_TITLES, type FieldSpec, type StepValues } from './kyc-fields';

type KycDetailsFormProps = {
  saved: PersonalInfoResponse;
  /** The whole form passed kycFormSchema and the server took it. */
  onSubmitted: () => void;
  /** The submit button's words: where the customer goes next. */
  submitLabel?: string;
};

/** Every field in the form's reading order: what was read from the document is listed in it. */
const FIELDS_IN_ORDER = KYC_STEPS.flatMap((step) => STEP_FIELDS[step]);

/**
 * The personal details of SPEC.md section 3 on one screen (decision 024): the required fields
 * in four short sections, the optional ones folded away. Countries are searchable lists with
 * the browser's country as default, short choices are segmented controls. A draft is saved
 * shortly after typing stops, so a reload loses nothing.
 */
export function KycDetailsForm({ saved, onSubmitted, submitLabel = 'Continue to your document' }: KycDetailsFormProps) {
  const saveDraft = useMutation(saveDraftPersonalMutation());
  const submit = useMutation(submitPersonalInfoMutation());
  const [initialValues] = useState(() => detailsDefaults(saved.form, defaultCountry()));
  const [draftNote, setDraftNote] = useState<{ text: string; failed: boolean } | null>(null);
  const [problem, setProblem] = useState<ReactNode>(null);
  const form = useForm<StepValues>({
    // The schema types gender/ID type as enums; the inputs hold plain text until checked.
    resolver: zodResolver(kycFormSchema) as unknown as Resolver<StepValues>,
    defaultValues: initialValues,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const autosave = useCallback(
    (fields: StepValues) => {
      setDraftNote({ text: 'Saving draft…', failed: false });
      saveDraft.mutate(
        { fields },
        {
          onSuccess: () =>
            setDraftNote({
              text: `Draft saved at ${new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`,
              failed: false,
            }),
          onError: (error) =>
            setDraftNote({ text: `Draft not saved: ${errorMessage(error, 'please try again.')}`, failed: true }),
        },
      );
    },
    [saveDraft],
  );
  const { schedule, cancel } = useDraftAutosave(autosave);
  useEffect(() => {
    const subscription = form.watch((values) => schedule(values as StepValues));
    return () => subscription.unsubscribe();
  }, [form, schedule]);

  const send = async (values: StepValues) => {
    cancel();
    setProblem(null);
    const whole = kycFormSchema.safeParse(values);
    if (!whole.success) {
      setProblem(whole.error.issues[0]?.message ?? 'Some details are missing.');
      return;
    }
    try {
      await submit.mutateAsync(whole.data);
    } catch (error) {
      setProblem(errorMessage(error, 'Your details could not be submitted. Please try again.'));
      return;
    }
    onSubmitted();
  };

  const field = (spec: FieldSpec) => {
    const common = { label: spec.label, description: spec.description, required: spec.required };
    const error = errors[spec.name]?.message;
    if (spec.kind === 'segmented') {
      return (
        <Controller
          key={spec.name}
          control={form.control}
          name={spec.name}
          render={({ field: control }) => (
            <Input.Wrapper {...common} error={error} id={`kyc-${spec.name}`}>
              <SegmentedControl
                fullWidth
                aria-label={spec.label}
                data={[...(spec.options ?? [])]}
                value={control.value ?? ''}
                onChange={(value) => control.onChange(value)}
                name={control.name}
                mt={4}
              />
            </Input.Wrapper>
          )}
        />
      );
    }
    if (spec.kind === 'select' || spec.kind === 'country') {
      const isCountry = spec.kind === 'country';
      return (
        <Controller
          key={spec.name}
          control={form.control}
          name={spec.name}
          render={({ field: control }) => (
            <Select
              {...common}
              error={error}
              data={isCountry ? [...COUNTRY_NAMES] : [...(spec.options ?? [])]}
              searchable={isCountry}
              nothingFoundMessage="No country of that name"
              placeholder={spec.required ? 'Choose one' : 'Choose one (optional)'}
              value={control.value || null}
              onChange={(value) => control.onChange(value ?? '')}
              onBlur={control.onBlur}
              ref={control.ref}
              name={control.name}
              clearable={!spec.required}
              allowDeselect={!spec.required}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      );
    }
    return (
      <TextInput
        key={spec.name}
        {...common}
        error={error}
        type={spec.kind === 'date' ? 'date' : spec.kind === 'tel' ? 'tel' : 'text'}
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete}
        inputMode={spec.inputMode}
        maxLength={200}
        {...form.register(spec.name)}
      />
    );
  };

  const busy = submit.isPending;
  return (
    <form onSubmit={form.handleSubmit((values) => void send(values))} noValidate>
      <Stack gap="lg">
        {saved.submittedAt ? (
          <Alert color="teal" variant="light" title="Details submitted" role="status">
            You sent your details on {formatDateTime(saved.submittedAt)}. Correct them and submit again if needed.
          </Alert>
        ) : saved.fromDocument.length > 0 ? (
          <Alert color="blue" variant="light" title="Read from your document" role="status">
            {`${FIELDS_IN_ORDER.filter((spec) => saved.fromDocument.includes(spec.name))
              .map((spec) => spec.label)
              .join(', ')}: please check them against your document and correct anything misread.`}
          </Alert>
        ) : null}
        {KYC_STEPS.map((step) => (
          <Stack key={step} gap="xs">
            <Title order={3} size="h5">
              {STEP_TITLES[step].title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              {STEP_FIELDS[step].filter((spec) => spec.required).map(field)}
            </SimpleGrid>
          </Stack>
        ))}
        <Accordion variant="contained" radius="md">
          <Accordion.Item value="optional">
            <Accordion.Control>More about you (optional)</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="md">
                <PictureUploader
                  profileLink={saved.profileLink}
                  fallback={`${saved.form.firstName?.[0] ?? ''}${saved.form.lastName?.[0] ?? ''}`.toUpperCase()}
                  upload={(profilePicture, onProgress) => saveDraft.mutateAsync({ profilePicture, onProgress })}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  {KYC_STEPS.flatMap((step) => STEP_FIELDS[step].filter((spec) => !spec.required)).map(field)}
                </SimpleGrid>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c={draftNote?.failed ? 'red' : 'dimmed'} aria-live="polite">
            {draftNote?.text ?? 'Fields marked * are required.'}
          </Text>
        </Group>
        {problem ? (
          <Alert color="red" variant="light" title="Please check">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
