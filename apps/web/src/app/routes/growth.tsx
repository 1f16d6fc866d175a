import { Button, Text } from '@mantine/core';
import type { Reward } from '@qmgt/contracts';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { paths } from '@/config/paths';
import { claimReward, sellVestedRewards } from '@/features/referrals/api/growth-api';
import { Affiliates } from '@/features/referrals/components/affiliates';
import { ConsultantsAdmin } from '@/features/referrals/components/consultants-admin';
import { RewardCenter } from '@/features/referrals/components/reward-center';
import { RewardRequestsQueue } from '@/features/referrals/components/reward-requests-queue';
import { StakingPanel } from '@/features/staking/components/staking-panel';
import { useBalance } from '@/features/wallet/api/get-balance';
import { referralLink } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useSessionStore } from '@/lib/session-store';
import { swapPreset } from '../money/swap-preset';
import { useRefreshMoney } from '../money/use-refresh-money';
import { useTransactionFlow } from '../money/use-transaction-flow';

/* The growth screens (issue 11): affiliates, the reward center, staking and the operator's payout queue. */

/** /My-Affiliates. */
export function AffiliatesRoute() {
  const refCode = useSessionStore((s) => s.info?.refCode ?? '');
  return (
    <>
      <ScreenTitle>My Affiliates</ScreenTitle>
      <Affiliates referralLink={referralLink(window.location.origin, refCode)} />
    </>
  );
}

/** /My-Reward-Center: claims and sales go through the transaction modal. */
export function RewardCenterRoute() {
  const runTransaction = useTransactionFlow();
  const onClaim = useCallback(
    (reward: Reward, idempotencyKey: string) =>
      runTransaction({
        action: 'reward-claim',
        submit: () => claimReward(reward.id, idempotencyKey),
        description: `Claiming ${formatMoney(reward.amountQmgt, 'QMGT')} into your wallet.`,
      }),
    [runTransaction],
  );
  const onSell = useCallback(
    ({ amount, quote, idempotencyKey }: { amount: string; quote: { amountOut: string }; idempotencyKey: string }) =>
      runTransaction({
        action: 'reward-sale',
        submit: () => sellVestedRewards(amount, quote.amountOut, idempotencyKey),
        description: `Selling ${formatMoney(amount, 'QMGT')} of rewards for ${formatMoney(quote.amountOut, 'USDT')}.`,
      }),
    [runTransaction],
  );
  return (
    <>
      <ScreenTitle>My Reward Center</ScreenTitle>
      <RewardCenter onClaim={onClaim} onSell={onSell} />
    </>
  );
}

/** /staking (only with an upline). */
export function StakingRoute() {
  const balance = useBalance();
  const refreshMoney = useRefreshMoney();
  return (
    <>
      <ScreenTitle>Staking</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        QMGT+: lock QMGT for 90, 180 or 365 days and earn 4, 6 or 8% a year, paid in QMGT with your principal at
        maturity.
      </Text>
      <StakingPanel
        availableQmgt={balance.data?.qmgt}
        onChanged={() => refreshMoney('stake')}
        buyQmgt={
          <Button component={Link} to={paths.home.to()} state={swapPreset('buy')} size="xs" variant="light">
            Buy QMGT
          </Button>
        }
      />
    </>
  );
}

/** /reward-requests (operators). */
export function RewardRequestsRoute() {
  return (
    <>
      <ScreenTitle>Reward Requests</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Approving pays the requested rewards into the customer&apos;s wallet (minted on chain); rejecting makes them
        claimable again. The customer is e-mailed either way, and every decision is recorded with your name.
      </Text>
      <RewardRequestsQueue />
    </>
  );
}

/** /admin/consultants (operators). */
export function AdminConsultantsRoute() {
  return (
    <>
      <ScreenTitle>Consultants</ScreenTitle>
      <ConsultantsAdmin />
    </>
  );
}
