import { ScreenTitle } from '@/components/ui/screen-title';
import { BalanceCard } from '@/features/wallet/components/balance-card';

// SPEC.md section 2: /test shows a sample balance card with placeholder figures.
const placeholderBalance = { usdt: '0.00', qmgt: '0.0000' };

export function SampleBalanceRoute() {
  return (
    <>
      <ScreenTitle>Test</ScreenTitle>
      <BalanceCard balance={placeholderBalance} sample />
    </>
  );
}
