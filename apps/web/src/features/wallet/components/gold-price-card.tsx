import { useQuery } from '@tanstack/react-query';
import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { GoldPriceResponse } from '@qmgt/contracts';
import { lazy, Suspense } from 'react';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { formatDateTime } from '@/lib/format';
import { formatPrice, parseAmount } from '@/lib/money';
import { goldPriceQueryOptions } from '../api/wallet-api';

const CHART_DAYS = 7;

// The charting library is large: it loads with the first chart, not with the app.
const GoldPriceChart = lazy(() => import('./gold-price-chart'));

/** The change over the period in basis points, computed on bigint units. */
function changeBps(history: GoldPriceResponse['history'], spot: string): bigint | null {
  const first = parseAmount(history[0]?.spot, 'USDT');
  const now = parseAmount(spot, 'USDT');
  if (first === null || now === null || first === 0n) return null;
  return ((now - first) * 10_000n) / first;
}

function formatBps(bps: bigint): string {
  const sign = bps > 0n ? '+' : bps < 0n ? '−' : '';
  const abs = bps < 0n ? -bps : bps;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}%`;
}

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700} ff="monospace">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </div>
  );
}

/** Gold spot and the QMGT buy and sell prices (USD per gram = per QMGT), with the week's spot chart. */
export function GoldPriceCard() {
  const gold = useQuery(goldPriceQueryOptions(CHART_DAYS));

  let body;
  if (gold.isPending) {
    body = <LoadingStatus size="xs">Loading the gold price…</LoadingStatus>;
  } else if (gold.isError) {
    body = <LoadFailure title="The gold price could not be loaded" query={gold} gap="xs" />;
  } else {
    const { spot, buy, sell, at, history } = gold.data;
    const change = changeBps(history, spot);
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" role="group" aria-label="Gold price">
          <Figure label="Spot" value={formatPrice(spot)} hint="per gram" />
          <Figure label="Buy QMGT" value={formatPrice(buy)} hint="per QMGT" />
          <Figure label="Sell QMGT" value={formatPrice(sell)} hint="per QMGT" />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Updated {formatDateTime(at)}
          {change !== null && history.length > 1 ? ` · ${formatBps(change)} over the period shown` : ''}
        </Text>
        {history.length > 1 ? (
          <div
            role="img"
            aria-label={`Gold spot price over the last ${CHART_DAYS} days, from ${formatPrice(history[0]!.spot)} to ${formatPrice(spot)}`}
            style={{ minHeight: 220 }}
          >
            <Suspense fallback={<Skeleton height={220} radius="md" />}>
              <GoldPriceChart history={history} />
            </Suspense>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            The chart fills in as prices are recorded.
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <SectionCard title="Gold price" titleId="gold-price-title" h="100%">
      {body}
    </SectionCard>
  );
}
