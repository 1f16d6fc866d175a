import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { kycStepSchemas, type KycStep } from '@qmgt/contracts';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { STEP_FIELDS, type FieldSpec, type StepValues } from './kyc-fields';

type KycStepFormProps = {
  step: KycStep;
  initialValues: StepValues;
  /** The step's values passed its schema (trimmed, as the schema outputs them). */
  onValid: (values: StepValues) => void;
  /** Any change: the draft autosave listens. */
  onChange: (values: StepValues) => void;
  onBack?: (values: StepValues) => void;
  busy: boolean;
  submitLabel: string;
  /** What failed last time (save or submit). */
  problem?: ReactNode;
  children?: ReactNode;
};

/** One step of the KYC form, checked by that step's schema from @qmgt/contracts. */
export function KycStepForm({
  step,
  initialValues,
  onValid,
  onChange,
  onBack,
  busy,
  submitLabel,
  problem,
  children,
}: KycStepFormProps) {
  const form = useForm<StepValues>({
    // The step schemas type gender/ID type as enums; the inputs hold plain text until checked.
    resolver: zodResolver(kycStepSchemas[step]) as unknown as Resolver<StepValues>,
    defaultValues: initialValues,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  useEffect(() => {
    const subscription = form.watch((values) => onChange(values as StepValues));
    return () => subscription.unsubscribe();
  }, [form, onChange]);

  const field = (spec: FieldSpec) => {
    const error = errors[spec.name]?.message;
    const common = {
      label: spec.label,
      description: spec.description,
      required: spec.required,
      error,
    };
    if (spec.kind === 'select') {
      return (
        <Controller
          key={spec.name}
          control={form.control}
          name={spec.name}
          render={({ field: control }) => (
            <Select
              {...common}
              data={[...(spec.options ?? [])]}
              placeholder={spec.required ? 'Choose one' : 'Choose one (optional)'}
              value={control.value || null}
              onChange={(value) => control.onChange(value ?? '')}
              onBlur={control.onBlur}
              ref={control.ref}
              name={control.name}
              clearable={!spec.required}
              allowDeselect={!spec.required}
            />
          )}
        />
      );
    }
    return (
      <TextInput
        key={spec.name}
        {...common}
        type={spec.kind === 'date' ? 'date' : spec.kind === 'tel' ? 'tel' : 'text'}
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete}
        inputMode={spec.inputMode}
        maxLength={200}
        {...form.register(spec.name)}
      />
    );
  };

  return (
    <form onSubmit={form.handleSubmit((values) => onValid(values))} noValidate>
      <Stack gap="lg">
        {children}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
          {STEP_FIELDS[step].map(field)}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Fields marked * are required.
        </Text>
        {problem ? (
          <Alert color="red" variant="light" title="Please check">
            {problem}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {onBack ? (
            <Button variant="default" onClick={() => onBack(form.getValues())} disabled={busy}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
