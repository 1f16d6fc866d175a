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
  type AutoSave,
  type AutoSaveFrequency,
  type AutoSaveRequest,
  type AutoSaveRun,
  type GaePlan,
} from '@qmgt/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LoadFailure } from '@/components/ui/load-states';
import { LoadMore } from '@/components/ui/load-more';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatAmount, formatGrams, parseAmount } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { autoSaveRunsQueryOptions, goldKeys, setAutoSave } from '../api/gold-api';

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

/**
 * Auto-save: an amount of USDT daily, weekly on a weekday or monthly on a day 1-28, an optional
 * monthly cap, pause and resume, the next purchase day and the last outcomes. A period the
 * balance or the cap cannot pay is skipped, never overdrawn, and the customer is told.
 */
export function AutoSaveCard({ plan }: { plan: GaePlan }) {
  const queryClient = useQueryClient();
  const current = plan.autoSave;
  const [enabled, setEnabled] = useState(current !== null);
  const [frequency, setFrequency] = useState<AutoSaveFrequency>(current?.frequency ?? 'monthly');
  const [amount, setAmount] = useState(current?.amountUsdt ?? '');
  const [dayOfWeek, setDayOfWeek] = useState(String(current?.dayOfWeek ?? 1));
  const [dayOfMonth, setDayOfMonth] = useState<number | string>(current?.dayOfMonth ?? 1);
  const [cap, setCap] = useState(current?.monthlyCapUsdt ?? '');
  const [error, setError] = useState<string | null>(null);
  const frequencyLabel = useId();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: goldKeys.plan() });
  const onError = (failure: Error) => setError(failure instanceof ApiError ? failure.message : errorMessage(failure));
  const save = useMutation({
    mutationFn: setAutoSave,
    meta: { silent: true },
    onSuccess: ({ autoSave }) => {
      setError(null);
      notifySuccess(
        !autoSave
          ? 'Auto-save is off.'
          : autoSave.paused
            ? 'Auto-save saved. It stays paused until you resume it.'
            : `Auto-save is on: next purchase on ${formatDate(autoSave.nextRunOn ?? '')}.`,
      );
      refresh();
    },
    onError,
  });
  const pause = useMutation({
    mutationFn: (paused: boolean) => setAutoSave({ paused }),
    meta: { silent: true },
    onSuccess: ({ autoSave }) => {
      setError(null);
      notifySuccess(
        autoSave?.paused
          ? 'Auto-save is paused: nothing is bought until you resume it.'
          : `Auto-save resumed: next purchase on ${formatDate(autoSave?.nextRunOn ?? '')}.`,
      );
      refresh();
    },
    onError,
  });

  const submit = () => {
    if (!enabled) {
      save.mutate({ enabled: false });
      return;
    }
    const amountUsdt = amount.trim();
    const units = parseAmount(amountUsdt, 'USDT');
    if (units === null || units <= 0n) return setError('Enter the amount of each purchase in USDT.');
    const capText = cap.trim();
    const capUnits = capText === '' ? null : parseAmount(capText, 'USDT');
    if (capUnits === null && capText !== '') return setError('Enter the monthly cap in USDT, or leave it empty.');
    if (capUnits !== null && capUnits < units)
      return setError('The monthly cap must be at least the amount of one purchase.');
    const monthlyCapUsdt = capText === '' ? {} : { monthlyCapUsdt: capText };
    let request: AutoSaveRequest;
    if (frequency === 'daily') request = { amountUsdt, frequency, ...monthlyCapUsdt };
    else if (frequency === 'weekly')
      request = { amountUsdt, frequency, dayOfWeek: Number(dayOfWeek), ...monthlyCapUsdt };
    else {
      const day = typeof dayOfMonth === 'number' ? dayOfMonth : Number.parseInt(dayOfMonth, 10);
      if (!Number.isInteger(day) || day < 1 || day > AUTO_SAVE_MAX_DAY) return setError('Choose a day from 1 to 28.');
      request = { amountUsdt, frequency, dayOfMonth: day, ...monthlyCapUsdt };
    }
    save.mutate(request);
  };

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
                onClick={() => pause.mutate(!current.paused)}
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
        <Switch
          label="Buy gold automatically"
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
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
                onChange={(value) => setFrequency(value as AutoSaveFrequency)}
              />
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="Amount each time (USDT)"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
              />
              {frequency === 'weekly' ? (
                <NativeSelect
                  label="Weekday"
                  data={WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }))}
                  value={dayOfWeek}
                  onChange={(e) => setDayOfWeek(e.currentTarget.value)}
                />
              ) : null}
              {frequency === 'monthly' ? (
                <NumberInput
                  label="Day of the month"
                  description="1 to 28, so every month has it"
                  min={1}
                  max={AUTO_SAVE_MAX_DAY}
                  allowDecimal={false}
                  value={dayOfMonth}
                  onChange={setDayOfMonth}
                />
              ) : null}
              <TextInput
                label="Monthly cap (USDT, optional)"
                description="Purchases that would pass it in a calendar month are skipped"
                inputMode="decimal"
                value={cap}
                onChange={(e) => setCap(e.currentTarget.value)}
              />
            </SimpleGrid>
          </Stack>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Button onClick={submit} loading={save.isPending} w="fit-content" variant="light">
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
