import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PagedQueryTable } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { publicBarsQueryOptions, reservesQueryOptions } from '../api/reserves-api';
import { vaultBarColumns } from './vault-bar-columns';

/** "1.0250" -> "102.50%", in integers (the ratio has four decimals). */
function asPercent(ratio: string): string {
  const [whole = '0', fraction = ''] = ratio.split('.');
  const basisPoints = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}%`;
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} ff="monospace">
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

/**
 * The public proof of reserves: every gram the platform owes (QMGT and gold savings) against
 * the bars in the vault, bar by bar, with the time of the reading.
 */
export function ReservesView() {
  const query = useQuery(reservesQueryOptions());
  const bars = useInfiniteQuery(publicBarsQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading the proof of reserves" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'The proof of reserves could not be loaded.')}</Alert>;
  const r = query.data;
  const short = r.surplusGrams.startsWith('-');
  const percent = r.coverage === null ? null : asPercent(r.coverage);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Badge size="lg" color={r.coverage === null ? 'gray' : short ? 'red' : 'green'} variant="light">
          {r.coverage === null ? 'Nothing owed yet' : short ? `Covered ${percent}: short` : `Covered ${percent}`}
        </Badge>
        <Text size="sm" c="dimmed">
          Read {formatDateTime(r.checkedAt)}; refreshed every 10 minutes and whenever the vault list changes.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat
          label="Gold owed"
          value={formatGrams(r.liabilitiesGrams)}
          hint={`QMGT (1 QMGT = 1 g), gold savings, and ${formatAmount(r.rewardsQmgt, 'QMGT')} QMGT of unclaimed rewards`}
        />
        <Stat
          label="Gold in the vault"
          value={formatGrams(r.vaultGrams)}
          hint={r.barCount === 1 ? '1 bar' : `${r.barCount} bars`}
        />
        <Stat
          label={short ? 'Shortfall' : 'Surplus'}
          value={formatGrams(r.surplusGrams.replace('-', ''))}
          hint="vault minus gold owed"
        />
        <Stat
          label="QMGT on chain"
          value={r.onChainQmgt === null ? 'not read' : formatAmount(r.onChainQmgt, 'QMGT')}
          hint={`ledger: ${formatAmount(r.ledgerQmgt, 'QMGT')} QMGT, ${formatGrams(r.ledgerGold)} saved`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Stat
          label="Grams allocated to bars"
          value={formatGrams(r.allocatedGrams)}
          hint="every gram saved is placed on a listed bar while the vault has room"
        />
        <Stat
          label="Unallocated grams"
          value={formatGrams(r.unallocatedGrams)}
          hint={
            r.allocatedAt === null
              ? 'not allocated yet'
              : `grams saved that no bar holds; allocated ${formatDateTime(r.allocatedAt)}`
          }
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Vault bar list
        </Title>
        <PagedQueryTable
          query={bars}
          loadingLabel="Loading the vault bars"
          failure="The vault bars could not be loaded."
          empty="No bars are listed yet."
          noun={{ one: 'bar', other: 'bars' }}
          columns={vaultBarColumns}
          label="Vault bar list"
          minWidth={640}
        />
      </Stack>
    </Stack>
  );
}
