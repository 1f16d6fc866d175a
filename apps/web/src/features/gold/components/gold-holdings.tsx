import { Alert, Anchor, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatGrams, formatUsd, parseAmount } from '@/lib/money';
import { balancesQueryOptions } from '../api/gold-api';

/** grams x spot, in USDT units, rounded down; null while either is unknown. */
function valueOf(grams: string, spot: string): bigint | null {
  const g = parseAmount(grams, 'GOLD');
  const price = parseAmount(spot, 'USDT');
  return g === null || price === null ? null : (g * price) / 1_000_000n;
}

/** The dashboard's gold: the GSA, the GAE plan, group savings and locked grams, each valued at spot. */
export function GoldHoldings() {
  const query = useQuery(balancesQueryOptions());
  return (
    <SectionCard
      title="Gold holdings"
      titleId="gold-holdings-title"
      gap="sm"
      action={
        <Group gap="md">
          <Anchor component={Link} to={paths.myBars.to()} size="sm">
            Bars behind my grams
          </Anchor>
          <Anchor component={Link} to={paths.gaePurchase.to()} size="sm">
            GAE plan
          </Anchor>
        </Group>
      }
    >
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading your gold" />
      ) : query.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(query.error, 'Your gold holdings could not be loaded.')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {(
            [
              ['Gold savings (GSA)', query.data.GOLD.available],
              ['GAE plan', query.data.GOLD.plan],
              ['GDS groups', query.data.GOLD.ges],
              ['Locked', query.data.GOLD.locked],
            ] as const
          ).map(([label, grams]) => {
            const value = valueOf(grams, query.data.spot);
            return (
              <Stack key={label} gap={2}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} ff="monospace" title={`${grams} g`}>
                  {formatGrams(grams)}
                </Text>
                <Text size="xs" c="dimmed">
                  {value === null ? '' : `≈ ${formatUsd(value)}`}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
    </SectionCard>
  );
}
