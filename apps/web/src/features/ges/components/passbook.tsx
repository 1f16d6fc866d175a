import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/files';
import { notifyError } from '@/lib/notify';
import { formatDate } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { downloadPassbookPdf, gesGroupQueryOptions } from '../api/ges-api';
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
    mutationFn: () => downloadPassbookPdf(groupId),
    meta: { silent: true },
    onSuccess: ({ blob, filename }) => saveBlobAs(blob, filename ?? 'qmgt-gds-passbook.pdf'),
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
              value={`${formatAmount(saved, 'GOLD')} g`}
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
              value={`${formatAmount(membership.projectedGrams, 'GOLD')} g`}
              hint={
                membership.status === 'active' ? "remaining instalments at today's price, with the bonus" : undefined
              }
            />
            <Stat
              label="Bonus"
              value={membership.bonusGrams ? `${formatAmount(membership.bonusGrams, 'GOLD')} g` : '—'}
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
            <Paper withBorder radius="lg" p="md">
              <ScrollArea type="auto">
                <Table striped miw={720} aria-label="Passbook">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>#</Table.Th>
                      <Table.Th>Due</Table.Th>
                      <Table.Th>Paid</Table.Th>
                      <Table.Th ta="right">Instalment</Table.Th>
                      <Table.Th ta="right">Price (USDT/g)</Table.Th>
                      <Table.Th ta="right">Grams</Table.Th>
                      <Table.Th ta="right">Running grams</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {membership.passbook.map((line) => (
                      <Table.Tr key={line.seq}>
                        <Table.Td>{line.seq}</Table.Td>
                        <Table.Td>{formatDate(line.dueOn)}</Table.Td>
                        <Table.Td>
                          {line.status === 'paid' && line.paidAt ? (
                            <Text size="sm" title={line.transactionCode ?? undefined}>
                              {formatDate(line.paidAt)}
                            </Text>
                          ) : (
                            <Badge color="red" variant="light">
                              Missed
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {line.amountUsdt ? `${formatAmount(line.amountUsdt, 'USDT')} USDT` : '—'}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {line.price ? formatAmount(line.price, 'USDT') : '—'}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {line.grams ? `+${formatAmount(line.grams, 'GOLD')}` : '—'}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {formatAmount(line.runningGrams, 'GOLD')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Paper>
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
