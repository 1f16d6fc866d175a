import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { formatDate } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { gesGroupQueryOptions, savePassbookPdfMutation } from '../api/ges-api';
import { GroupTerms } from './group-terms';

const STATUS = {
  active: { label: 'Active', color: 'green' },
  matured: { label: 'Matured', color: 'gold' },
  lapsed: { label: 'Lapsed', color: 'red' },
} as const;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} ff="monospace">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** /GES/{groupId}/{groupName}/{documentId}: the group's terms and the member's passbook. */
export function Passbook({ groupId }: { groupId: string }) {
  const query = useQuery(gesGroupQueryOptions(groupId));
  const pdf = useMutation({
    ...savePassbookPdfMutation(groupId),
    onError: (failure) => notifyError(errorMessage(failure, 'The passbook PDF could not be made. Try again.')),
  });
  if (query.isPending) return <Loader aria-label="Loading the passbook" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'This group could not be loaded.')}</Alert>;
  const { group, membership } = query.data;
  const saved = membership
    ? membership.status === 'active'
      ? membership.grams
      : (membership.passbook.at(-1)?.runningGrams ?? '0')
    : '0';
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {group.name}
            </Title>
            {membership ? (
              <Badge color={STATUS[membership.status].color}>{STATUS[membership.status].label}</Badge>
            ) : null}
          </Group>
          <GroupTerms group={group} />
        </Stack>
      </Paper>
      {!membership ? (
        <Text c="dimmed">You are not a member of this group.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Stat
              label={membership.status === 'active' ? 'Grams saved' : 'Grams moved to your GSA'}
              value={formatGrams(saved)}
              hint={`${membership.paidCount} paid, ${membership.missedCount} missed (3 missed end the membership)`}
            />
            <Stat
              label="Next instalment"
              value={membership.nextDue ? `${formatAmount(membership.nextDue.amountUsdt, 'USDT')} USDT` : '—'}
              hint={
                membership.nextDue ? `due ${formatDate(membership.nextDue.dueOn)}; keep it in your wallet` : undefined
              }
            />
            <Stat
              label={membership.status === 'active' ? 'Projected at maturity' : 'Total with bonus'}
              value={formatGrams(membership.projectedGrams)}
              hint={
                membership.status === 'active' ? "remaining instalments at today's price, with the bonus" : undefined
              }
            />
            <Stat
              label="Bonus"
              value={membership.bonusGrams ? formatGrams(membership.bonusGrams) : '—'}
              hint={membership.status === 'lapsed' ? 'not paid: the membership lapsed' : 'paid at maturity'}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h4">
                Passbook
              </Title>
              <Button size="xs" variant="light" onClick={() => pdf.mutate()} loading={pdf.isPending}>
                Download PDF
              </Button>
            </Group>
            <DataTable
              rows={membership.passbook}
              rowKey={(line) => String(line.seq)}
              label="Passbook"
              minWidth={720}
              columns={[
                { header: '#', cell: (line) => line.seq },
                { header: 'Due', cell: (line) => formatDate(line.dueOn) },
                {
                  header: 'Paid',
                  cell: (line) =>
                    line.status === 'paid' && line.paidAt ? (
                      <Text size="sm" title={line.transactionCode ?? undefined}>
                        {formatDate(line.paidAt)}
                      </Text>
                    ) : (
                      <Badge color="red" variant="light">
                        Missed
                      </Badge>
                    ),
                },
                {
                  header: 'Instalment',
                  numeric: true,
                  cell: (line) => (line.amountUsdt ? `${formatAmount(line.amountUsdt, 'USDT')} USDT` : '—'),
                },
                {
                  header: 'Price (USDT/g)',
                  numeric: true,
                  cell: (line) => (line.price ? formatAmount(line.price, 'USDT') : '—'),
                },
                {
                  header: 'Grams',
                  numeric: true,
                  cell: (line) => (line.grams ? `+${formatAmount(line.grams, 'GOLD')}` : '—'),
                },
                { header: 'Running grams', numeric: true, cell: (line) => formatAmount(line.runningGrams, 'GOLD') },
              ]}
            />
            <Text size="xs" c="dimmed">
              Agreement version {membership.documentVersion} accepted {formatDate(membership.joinedAt)} (SHA-256{' '}
              {membership.documentSha256.slice(0, 16)}…).
            </Text>
          </Stack>
        </>
      )}
    </Stack>
  );
}
