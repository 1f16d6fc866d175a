import { Text } from '@mantine/core';
import type { Asset } from '@qmgt/contracts';
import { formatMoney } from '@/lib/money';

/**
 * An amount of an asset, rounded down for display; the exact figure is in the title (hover)
 * so nothing is hidden. A missing amount is a dash.
 */
export function TransactionAmount({ amount, asset }: { amount: string | null; asset: Asset | null }) {
  if (amount === null || asset === null) {
    return (
      <Text span c="dimmed" aria-label="none">
        —
      </Text>
    );
  }
  return (
    <Text span ff="monospace" title={`${amount} ${asset === 'GOLD' ? 'g' : asset}`} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(amount, asset)}
    </Text>
  );
}
