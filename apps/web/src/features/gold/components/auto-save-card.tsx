import {
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AUTO_SAVE_MAX_DAY,
  autoSaveRequestSchema,
  type AutoSave,
  type AutoSaveFrequency,
  type AutoSaveRequest,
  type AutoSaveRun,
  type GaePlan,
} from '@qmgt/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LoadFailure } from '@/components/ui/load-states';
import { LoadMore } from '@/components/ui/load-more';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { refuseAtField } from '@/lib/form-refusal';
import { formatAmount, formatGrams, parseAmount } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { requestResolver } from '@/lib/request-resolver';
import { autoSaveRunsQueryOptions, setAutoSaveMutation } from '../api/gold-api';

/** ISO weekdays: 1 = Monday ... 7 = Sunday, as the API numbers them. */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const FREQUENCIES: { value: AutoSaveFrequency; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];
const SKIP_REASON = { balance: 'USDT balance too low', cap: 'monthly cap reached' } as const;

/** "150.00 USDT every Wednesday, at most 600.00 USDT a month" */
export function describeAutoSave(autoSave: AutoSave): string {
  const amount = `${formatAmount(autoSave.amountUsdt, 'USDT')} USDT`;
  const when =
    autoSave.frequency === 'daily'
      ? 'every day'
      : autoSave.frequency === 'weekly'
        ? `every ${WEEKDAYS[(autoSave.dayOfWeek ?? 1) - 1]}`
        : `on day ${autoSave.dayOfMonth} of each month`;
  const cap = autoSave.monthlyCapUsdt ? `, at most ${formatAmount(autoSave.monthlyCapUsdt, 'USDT')} USDT a month` : '';
  return `${amount} ${when}${cap}`;
}

type AutoSaveFields = {
  enabled: boolean;
  frequency: AutoSaveFrequency;
  amountUsdt: string;
  dayOfWeek: string;
  dayOfMonth: number | string;
  monthlyCapUsdt: string;
};
const FIELDS = ['amountUsdt', 'dayOfWeek', 'dayOfMonth', 'monthlyCapUsdt'] as const;

/** The request the form says: off, or the schedule of its frequency (a cap only when one is typed). */
function toRequest(values: AutoSaveFields): z.input<typeof autoSaveRequestSchema> {
  if (!values.enabled) return { enabled: false };
  const amountUsdt = values.amountUsdt.trim();
  const cap = values.monthlyCapUsdt.trim();
  const monthlyCapUsdt = cap === '' ? {} : { monthlyCapUsdt: cap };
  if (values.frequency === 'daily') return { amountUsdt, frequency: 'daily', ...monthlyCapUsdt };
  if (values.frequency === 'weekly')
    return { amountUsdt, frequency: 'weekly', dayOfWeek: Number(values.dayOfWeek), ...monthlyCapUsdt };
  const day = values.dayOfMonth === '' ? Number.NaN : Number(values.dayOfMonth);
  return { amountUsdt, frequency: 'monthly', dayOfMonth: day, ...monthlyCapUsdt };
}

/** The contract's schema checks the request the fields make; its complaints land on those fields. */
const autoSaveResolver = requestResolver<AutoSaveFields, AutoSaveRequest>(autoSaveRequestSchema, toRequest);

/**
 * Auto-save: an amount of USDT daily, weekly on a weekday or monthly on a day 1-28, an optional
 * monthly cap, pause and resume, the next purchase day and the last outcomes. A period the
 * balance or the cap cannot pay is skipped, never overdrawn, and the customer is told.
 */
export function AutoSaveCard({ plan }: { plan: GaePlan }) {
  const current = plan.autoSave;
  const form = useForm<AutoSaveFields, unknown, AutoSaveRequest>({
    resolver: autoSaveResolver,
    defaultValues: {
      enabled: current !== null,
      frequency: current?.frequency ?? 'monthly',
      amountUsdt: current?.amountUsdt ?? '',
      dayOfWeek: String(current?.dayOfWeek ?? 1),
      dayOfMonth: current?.dayOfMonth ?? 1,
      monthlyCapUsdt: current?.monthlyCapUsdt ?? '',
    },
  });
  const { errors } = form.formState;
  const [enabled, frequency] = form.watch(['enabled', 'frequency']);
  const [error, setError] = useState<string | null>(null);
  const frequencyLabel = useId();

  const onError = (failure: Error) => setError(errorMessage(failure));
  const save = useMutation({
    ...setAutoSaveMutation(),
    onSuccess: ({ autoSave }) => {
      setError(null);
      notifySuccess(
        !autoSave
          ? 'Auto-save is off.'
          : autoSave.paused
            ? 'Auto-save saved. It stays paused until you resume it.'
            : `Auto-save is on: next purchase on ${formatDate(autoSave.nextRunOn ?? '')}.`,
      );
    },
    // A refusal about one field is said there; any other under the form.
    onError: (failure) => (refuseAtField(form, failure, FIELDS) ? setError(null) : onError(failure)),
  });
  const pause = useMutation({
    ...setAutoSaveMutation(),
    onSuccess: ({ autoSave }) => {
      setError(null);
      notifySuccess(
        autoSave?.paused
          ? 'Auto-save is paused: nothing is bought until you resume it.'
          : `Auto-save resumed: next purchase on ${formatDate(autoSave?.nextRunOn ?? '')}.`,
      );
    },
    onError,
  });

  // The contract's schema has checked the request; a purchase must also be above zero, the cap at least one.
  const submit = form.handleSubmit((request) => {
    if ('amountUsdt' in request) {
      const units = parseAmount(request.amountUsdt, 'USDT') ?? 0n;
      if (units <= 0n)
        return form.setError(
          'amountUsdt',
          { message: 'Enter the amount of each purchase in USDT.' },
          { shouldFocus: true },
        );
      const capUnits = parseAmount(request.monthlyCapUsdt, 'USDT');
      if (capUnits !== null && capUnits < units)
        return form.setError(
          'monthlyCapUsdt',
          { message: 'The monthly cap must be at least the amount of one purchase.' },
          { shouldFocus: true },
        );
    }
    save.mutate(request);
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} size="h5">
            Auto-save
          </Title>
          {current ? (
            <Badge color={current.paused ? 'orange' : 'green'} variant="light">
              {current.paused ? 'Paused' : 'On'}
            </Badge>
          ) : null}
        </Group>
        {current ? (
          <Stack gap={4}>
            <Text size="sm">{describeAutoSave(current)}.</Text>
            <Text size="sm" fw={600}>
              {current.paused || !current.nextRunOn
                ? 'Paused: nothing is bought or skipped. When you resume, purchases start again from that day; the ones missed while paused are not made up.'
                : `Next purchase on ${formatDate(current.nextRunOn)}.`}
            </Text>
            <Group gap="sm">
              <Button
                size="xs"
                variant="default"
                loading={pause.isPending}
                onClick={() => pause.mutate({ paused: !current.paused })}
              >
                {current.paused ? 'Resume auto-save' : 'Pause auto-save'}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Buy gold every day, week or month without thinking about it. A purchase your USDT balance (or your monthly
            cap) cannot cover is skipped, never overdrawn, and we tell you.
          </Text>
        )}
        <Switch label="Buy gold automatically" {...form.register('enabled')} />
        {enabled ? (
          <Stack gap="sm">
            <div role="radiogroup" aria-labelledby={frequencyLabel}>
              <Text size="sm" fw={500} id={frequencyLabel} mb={4}>
                How often
              </Text>
              <SegmentedControl
                fullWidth
                data={FREQUENCIES}
                value={frequency}
                onChange={(value) => form.setValue('frequency', value as AutoSaveFrequency)}
              />
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="Amount each time (USDT)"
                inputMode="decimal"
                {...form.register('amountUsdt')}
                error={errors.amountUsdt?.message}
              />
              {frequency === 'weekly' ? (
                <NativeSelect
                  label="Weekday"
                  data={WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }))}
                  {...form.register('dayOfWeek')}
                  error={errors.dayOfWeek?.message}
                />
              ) : null}
              {frequency === 'monthly' ? (
                <Controller
                  control={form.control}
                  name="dayOfMonth"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label="Day of the month"
                      description="1 to 28, so every month has it"
                      min={1}
                      max={AUTO_SAVE_MAX_DAY}
                      allowDecimal={false}
                      {...field}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              ) : null}
              <TextInput
                label="Monthly cap (USDT, optional)"
                description="Purchases that would pass it in a calendar month are skipped"
                inputMode="decimal"
                {...form.register('monthlyCapUsdt')}
                error={errors.monthlyCapUsdt?.message}
              />
            </SimpleGrid>
          </Stack>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Button onClick={() => void submit()} loading={save.isPending} w="fit-content" variant="light">
          Save auto-save
        </Button>
        <AutoSaveRuns />
      </Stack>
    </Paper>
  );
}

function RunRow({ run }: { run: AutoSaveRun }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" component="li">
      <Text size="sm">{formatDate(run.ranOn)}</Text>
      {run.outcome === 'bought' ? (
        <Text size="sm" ta="right">
          <Badge color="green" variant="light" mr={6}>
            Bought
          </Badge>
          {run.grams ? formatGrams(run.grams) : ''}
          {run.amountUsdt ? ` for ${formatAmount(run.amountUsdt, 'USDT')} USDT` : ''}
        </Text>
      ) : (
        <Text size="sm" ta="right">
          <Badge color="orange" variant="light" mr={6}>
            Skipped
          </Badge>
          {SKIP_REASON[run.reason ?? 'balance']}
        </Text>
      )}
    </Group>
  );
}

/** The last outcomes, newest first, a few at a time. */
function AutoSaveRuns() {
  const query = useInfiniteQuery(autoSaveRunsQueryOptions());
  let body;
  if (query.isPending) body = <Loader size="sm" aria-label="Loading the last auto-save runs" />;
  else if (query.isError && !query.data)
    body = <LoadFailure title="The last runs could not be loaded" query={query} gap="xs" inline />;
  else {
    const runs = query.data.pages.flatMap((page) => page.data);
    body =
      runs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No auto-save has run yet.
        </Text>
      ) : (
        <Stack gap="xs">
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Last auto-save runs">
            {runs.map((run) => (
              <RunRow key={`${run.period}-${run.ranOn}`} run={run} />
            ))}
          </Stack>
          <LoadMore
            shown={`Showing ${runs.length} ${runs.length === 1 ? 'run' : 'runs'}`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            label="Load older auto-save runs"
          />
        </Stack>
      );
  }
  return (
    <Stack gap={6} mt="xs">
      <Title order={4} size="h6">
        Last outcomes
      </Title>
      {body}
    </Stack>
  );
}
