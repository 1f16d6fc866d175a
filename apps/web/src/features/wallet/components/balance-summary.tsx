import { useQuery } from '@tanstack/react-query';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { formatAmount, formatPrice, formatUsd, parseAmount, qmgtValueInUsdt } from '@/lib/money';
import { useBalance } from '../api/get-balance';
import { goldPriceQueryOptions } from '../api/wallet-api';

function Line({ asset, amount, value }: { asset: 'USDT' | 'QMGT'; amount: string; value: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase">
          {asset}
        </Text>
        <Text
          size="xl"
          fw={700}
          ff="monospace"
          title={`${amount} ${asset}`}
          data-testid={`balance-${asset.toLowerCase()}`}
        >
          {formatAmount(amount, asset)}
        </Text>
      </div>
      <Text size="sm" c="dimmed" ta="right">
        {value}
      </Text>
    </Group>
  );
}

/**
 * The dashboard's balances and their worth in USD: USDT at par, QMGT at the sell price (what
 * selling it would yield before the fee). Every figure comes from the API.
 */
export function BalanceSummary({ actions }: { actions?: ReactNode }) {
  const balance = useBalance();
  const gold = useQuery(goldPriceQueryOptions());

  let body: ReactNode;
  if (balance.isPending) {
    body = <LoadingStatus size="xs">Loading your balances…</LoadingStatus>;
  } else if (balance.isError) {
    body = <LoadFailure title="Your balances could not be loaded" query={balance} gap="xs" />;
  } else {
    const { usdt, qmgt } = balance.data;
    const sell = gold.data?.sell;
    const qmgtValue = sell === undefined ? null : qmgtValueInUsdt(qmgt, sell);
    const usdtUnits = parseAmount(usdt, 'USDT');
    const total = qmgtValue !== null && usdtUnits !== null ? usdtUnits + qmgtValue : null;
    const pricing = gold.isError ? 'price unavailable' : 'pricing…';
    body = (
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed">
            {/* The wallet's worth only: gold savings are valued in their own card below. */}
            Wallet value
          </Text>
          <Text fz={32} fw={750} lh={1.1} data-testid="balance-total">
            {total === null ? '…' : `≈ ${formatUsd(total)}`}
          </Text>
        </div>
        <Line asset="USDT" amount={usdt} value={usdtUnits === null ? '' : `≈ ${formatUsd(usdtUnits)}`} />
        <Line
          asset="QMGT"
          amount={qmgt}
          value={
            qmgtValue !== null && sell !== undefined ? `≈ ${formatUsd(qmgtValue)} at ${formatPrice(sell)}` : pricing
          }
        />
        <Text size="xs" c="dimmed">
          QMGT is valued at the sell price; 1 USDT is counted as 1 USD. Gold savings are shown under Gold holdings.
        </Text>
      </Stack>
    );
  }

  return (
    <SectionCard title="Balances" titleId="balances-title" h="100%">
      {body}
      {actions}
    </SectionCard>
  );
}
