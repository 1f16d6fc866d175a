import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AUTO_SAVE_MAX_DAY, type GaePlan } from '@qmgt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoadFailure } from '@/components/ui/load-states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatAmount, formatGrams, parseAmount } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { gaePlanQueryOptions, goldKeys, setAutoSave } from '../api/gold-api';

const STATUS_COLOR: Record<GaePlan['status'], string> = { active: 'green', terminating: 'orange', terminated: 'gray' };
const STATUS_TEXT: Record<GaePlan['status'], string> = {
  active: 'Active',
  terminating: 'Termination requested',
  terminated: 'Terminated',
};

function Stat({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" ff="monospace" title={title}>
        {value}
      </Text>
    </Paper>
  );
}

/** /GAE/Purchase: the plan (or the invitation to open one), its figures, auto-save and what can be done next. */
export function PlanOverview() {
  const query = useQuery(gaePlanQueryOptions());
  if (query.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading your GAE plan" />
      </Group>
    );
  if (query.isError)
    return <LoadFailure title="Your plan could not be loaded" query={query} fallback="Please try again." gap="xs" />;
  const { plan, price } = query.data;
  const open = plan !== null && plan.status !== 'terminated';
  return (
    <Stack gap="lg" maw={960}>
      <Text c="dimmed" size="sm">
        Today: gold spot {formatAmount(price.spot, 'USDT')} USDT per gram; a GAE gram costs{' '}
        {formatAmount(price.gae, 'USDT')} USDT (spot + 3%).
      </Text>
      {!plan || plan.status === 'terminated' ? (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {plan ? 'Your plan is closed' : 'Start your GAE gold plan'}
            </Title>
            <Text size="sm">
              {plan
                ? `Your plan opened on ${formatDate(plan.openedAt)} was terminated${plan.closedAt ? ` on ${formatDate(plan.closedAt)}` : ''}. You can open a new one with a purchase.`
                : 'Save in physical gold: buy grams with USDT whenever you like, top them up, or let auto-save buy every month. Your first purchase opens the plan.'}
            </Text>
            <Button component={Link} to={paths.purchaseGae.to()} w="fit-content">
              Open a plan
            </Button>
          </Stack>
        </Paper>
      ) : null}
      {plan ? (
        <Stack gap="md">
          <Group gap="sm">
            <Title order={2} size="h4">
              GAE plan
            </Title>
            <Badge color={STATUS_COLOR[plan.status]} variant="light">
              {STATUS_TEXT[plan.status]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Stat label="Grams in the plan" value={formatGrams(plan.grams)} title={`${plan.grams} g`} />
            <Stat label="Value at spot" value={`${formatAmount(plan.valuationUsdt, 'USDT')} USDT`} />
            <Stat label="Paid in" value={`${formatAmount(plan.costUsdt, 'USDT')} USDT`} />
            <Stat label="Opened" value={formatDate(plan.openedAt)} />
          </SimpleGrid>
          {plan.status === 'active' ? (
            <Text size="sm" c="dimmed">
              {new Date(plan.earlyExitUntil).getTime() > Date.now()
                ? `Terminating before ${formatDate(plan.earlyExitUntil)} costs a 5% early-exit fee.`
                : 'Your plan is past its first year: terminating it costs no early-exit fee.'}
            </Text>
          ) : null}
          {plan.status === 'terminating' && plan.terminationId ? (
            <Alert color="orange" variant="light" title="Termination requested">
              <Stack gap={6}>
                <Text size="sm">
                  {formatGrams(plan.lockedGrams)} are locked while an operator reviews your request. Purchases are
                  paused until then.
                </Text>
                <Button
                  component={Link}
                  to={paths.terminationSummary.to(plan.terminationId)}
                  size="xs"
                  variant="light"
                  w="fit-content"
                >
                  Follow your request
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group gap="sm">
            {open && plan.status === 'active' ? (
              <>
                <Button component={Link} to={paths.purchaseGae.to()}>
                  Buy GAE
                </Button>
                <Button component={Link} to={paths.purchaseGaeExtra.to()} variant="light">
                  Top up (GAEX)
                </Button>
              </>
            ) : null}
            <Button component={Link} to={paths.gaeAccountStatement.to()} variant="default">
              Account statement
            </Button>
            {plan.status === 'active' ? (
              <Button component={Link} to={paths.termination.to()} variant="subtle" color="red">
                Terminate plan
              </Button>
            ) : null}
          </Group>
          {plan.status === 'active' ? <AutoSaveCard plan={plan} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Monthly auto-save: an amount of USDT on a day 1-28; a short balance skips the month and mails. */
function AutoSaveCard({ plan }: { plan: GaePlan }) {
  const queryClient = useQueryClient();
  const current = plan.autoSave;
  const [enabled, setEnabled] = useState(current !== null);
  const [amount, setAmount] = useState(current?.amountUsdt ?? '');
  const [day, setDay] = useState<number | string>(current?.dayOfMonth ?? 1);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: setAutoSave,
    meta: { silent: true },
    onSuccess: (answer) => {
      setError(null);
      notifySuccess(
        answer.autoSave
          ? `Auto-save is on: next purchase on ${formatDate(answer.autoSave.nextRunOn)}.`
          : 'Auto-save is off.',
      );
      void queryClient.invalidateQueries({ queryKey: goldKeys.plan() });
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : errorMessage(failure)),
  });

  const submit = () => {
    if (!enabled) {
      save.mutate({ enabled: false });
      return;
    }
    const units = parseAmount(amount.trim(), 'USDT');
    const dayOfMonth = typeof day === 'number' ? day : Number.parseInt(day, 10);
    if (units === null || units <= 0n) return setError('Enter the monthly amount in USDT.');
    if (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > AUTO_SAVE_MAX_DAY)
      return setError('Choose a day from 1 to 28.');
    save.mutate({ amountUsdt: amount.trim(), dayOfMonth });
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Auto-save
        </Title>
        <Text size="sm" c="dimmed">
          {current
            ? `${formatAmount(current.amountUsdt, 'USDT')} USDT on day ${current.dayOfMonth} of each month; next on ${formatDate(current.nextRunOn)}.`
            : 'Buy gold every month without thinking about it. A month your USDT balance is short is skipped, never overdrawn, and we e-mail you.'}
          {current?.lastRun
            ? ` Last: ${current.lastRun.period}, ${current.lastRun.outcome === 'bought' ? `bought (${current.lastRun.transactionCode ?? ''})` : 'skipped (balance short)'}.`
            : ''}
        </Text>
        <Switch label="Buy every month" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        {enabled ? (
          <Group align="flex-start" grow>
            <TextInput
              label="Monthly amount (USDT)"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
            />
            <NumberInput
              label="Day of the month"
              min={1}
              max={AUTO_SAVE_MAX_DAY}
              allowDecimal={false}
              value={day}
              onChange={setDay}
            />
          </Group>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Button onClick={submit} loading={save.isPending} w="fit-content" variant="light">
          Save auto-save
        </Button>
      </Stack>
    </Paper>
  );
}
