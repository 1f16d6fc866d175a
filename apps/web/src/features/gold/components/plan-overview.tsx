import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { GaePlan } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoadFailure } from '@/components/ui/load-states';
import { formatDate } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { gaePlanQueryOptions } from '../api/gold-api';
import { AutoSaveCard } from './auto-save-card';

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
                : 'Save in physical gold: buy grams with USDT whenever you like, top them up, or let auto-save buy every day, week or month. Your first purchase opens the plan.'}
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
