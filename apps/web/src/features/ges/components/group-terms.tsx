import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GesGroup } from '@qmgt/contracts';
import { formatDate } from '@/lib/format';
import { formatAmount } from '@/lib/money';

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {children}
      </Text>
    </Stack>
  );
}

/** "2026-12-15" -> "day 15": the day of the month instalments fall on (1-28, so every month has it). */
const dayOfMonth = (day: string) => `day ${Number(day.slice(8, 10))}`;

/**
 * A group's terms as a customer reads them before joining and in the passbook. Joining pays the
 * first instalment at once (the join operation books instalment 1, due on the start date), so a
 * customer who may join reads that, not a date weeks away (issue 23, problem 13).
 */
export function GroupTerms({ group }: { group: GesGroup }) {
  const prospective = group.membership === null && group.joinable;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
      <Term label="Monthly instalment">{formatAmount(group.instalmentUsdt, 'USDT')} USDT</Term>
      <Term label="Term">{group.termMonths} months</Term>
      {prospective ? (
        <Term label="First instalment">Paid when you join; then monthly on {dayOfMonth(group.startDate)}</Term>
      ) : (
        <Term label="First instalment">{formatDate(group.startDate)}</Term>
      )}
      <Term label="Maturity">{formatDate(group.maturityDate)}</Term>
      <Term label="Members">
        {group.membersCount} of {group.memberCap}
      </Term>
      <Term label="Maturity bonus">
        {group.bonusInstalments === 0
          ? 'none'
          : `${group.bonusInstalments} instalment${group.bonusInstalments > 1 ? "s'" : "'s"} worth of grams`}
      </Term>
    </SimpleGrid>
  );
}

export function GroupStatus({ group }: { group: GesGroup }) {
  // Badges keep their width beside a long group name.
  const keep = { flexShrink: 0 } as const;
  if (group.membership === 'active')
    return (
      <Badge color="green" style={keep}>
        Member
      </Badge>
    );
  if (group.membership === 'matured')
    return (
      <Badge color="gold" style={keep}>
        Matured
      </Badge>
    );
  if (group.membership === 'lapsed')
    return (
      <Badge color="red" style={keep}>
        Lapsed
      </Badge>
    );
  if (group.joinable)
    return (
      <Group gap={6} style={keep} wrap="nowrap">
        <Badge color="blue" variant="light">
          Open
        </Badge>
        <Text size="xs" c="dimmed">
          {group.seatsLeft} seat{group.seatsLeft === 1 ? '' : 's'} left
        </Text>
      </Group>
    );
  return (
    <Badge color="gray" variant="light" style={keep}>
      {group.seatsLeft === 0 ? 'Full' : group.status === 'closed' ? 'Closed' : 'Started'}
    </Badge>
  );
}
