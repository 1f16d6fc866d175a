import { Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { formatGrams } from '@/lib/money';
import { gaePlanQueryOptions } from '../api/gold-api';

/**
 * The plan itself above the GAE history (the sidebar's GAE is the history, SPEC.md section 2):
 * its grams and the way to it, or to a first purchase when there is none.
 */
export function PlanShortcut() {
  const query = useQuery(gaePlanQueryOptions());
  const plan = query.data?.plan;
  const open = plan !== undefined && plan !== null && plan.status !== 'terminated';
  return (
    <SectionCard title="Your GAE plan" gap="sm">
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading your GAE plan" />
      ) : open ? (
        <Group justify="space-between" gap="sm">
          <Text>
            <Text span fw={700} ff="monospace" title={`${plan.grams} g`}>
              {formatGrams(plan.grams)}
            </Text>{' '}
            in your plan{plan.status === 'terminating' ? ', termination requested' : ''}.
          </Text>
          <Button component={Link} to={paths.gaePurchase.to()} variant="light">
            Open your GAE plan
          </Button>
        </Group>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {query.isError
              ? 'Your plan could not be loaded; the history below is complete.'
              : 'No GAE plan yet: your first purchase opens one.'}
          </Text>
          <Button component={Link} to={paths.purchaseGae.to()} variant="light">
            Start a GAE plan
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
