import { Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { executeSwap } from '@/features/swap/api/swap-api';
import { SwapForm, type SwapConfirmation } from '@/features/swap/components/swap-form';
import { useBalance } from '@/features/wallet/api/get-balance';
import { formatMoney } from '@/lib/money';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { KycTradeNotice } from '../money/kyc-trade-notice';
import { readSwapPreset } from '../money/swap-preset';
import { useTransactionFlow } from '../money/use-transaction-flow';

/** `/` for a signed-in client: USDT <-> QMGT with a live quote, confirmed through the transaction modal. */
export function SwapRoute() {
  const location = useLocation();
  const preset = readSwapPreset(location.state);
  const canTrade = useSessionStore(selectIsKycVerified);
  const setWalletOpen = useSessionStore((s) => s.setWalletOpen);
  const balance = useBalance();
  const runTransaction = useTransactionFlow();

  const confirm = useCallback(
    ({ quote, idempotencyKey }: SwapConfirmation) =>
      runTransaction({
        action: 'swap',
        submit: () => executeSwap({ quoteId: quote.quoteId, idempotencyKey }),
        description: `Swapping ${formatMoney(quote.amountIn, quote.from)} for ${quote.to}.`,
      }),
    [runTransaction],
  );

  return (
    <>
      <ScreenTitle>Swap</ScreenTitle>
      <Stack gap="md" align="center">
        <SwapForm
          // 'Get $QMGT' (a new navigation with a preset) starts the form over on that direction.
          key={preset ? location.key : 'swap'}
          initialDirection={preset ?? 'buy'}
          balance={balance.data}
          canTrade={canTrade}
          kycNotice={<KycTradeNotice />}
          onConfirm={confirm}
          onDeposit={() => setWalletOpen(true)}
        />
        {balance.isError ? (
          <Text size="sm" c="red" role="alert">
            Your balances could not be loaded; the amount cannot be checked against them.
          </Text>
        ) : null}
      </Stack>
    </>
  );
}
