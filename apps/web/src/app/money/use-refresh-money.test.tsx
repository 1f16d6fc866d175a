import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { gesKeys } from '@/features/ges/api/ges-api';
import { goldKeys } from '@/features/gold/api/query-keys';
import { stakingKeys } from '@/features/staking/api/staking-api';
import { transactionKeys } from '@/features/transactions/api/query-keys';
import { walletKeys } from '@/features/wallet/api/query-keys';
import { createQueryClient } from '@/lib/query-client';
import { MONEY_ACTION_VIEWS, type MoneyAction } from './money-actions';
import { useRefreshMoney } from './use-refresh-money';

const everyMove: QueryKey[] = [walletKeys.balance(), [...transactionKeys.all, 'list'], goldKeys.balances()];
const plan = goldKeys.plan();
const statement = goldKeys.statement('2026-01-01', '2026-11-25');
const groups = gesKeys.groups();
const staking = stakingKeys.all();
// The operator's queue is not the customer's money: no action touches it.
const unrelated = goldKeys.adminTerminations();

function refreshAfter(action: MoneyAction) {
  const queryClient = createQueryClient();
  for (const key of [...everyMove, plan, statement, groups, staking, unrelated])
    queryClient.setQueryData(key, { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useRefreshMoney(), { wrapper }).result.current(action);
  return (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
}

describe('useRefreshMoney', () => {
  it.each(Object.keys(MONEY_ACTION_VIEWS) as MoneyAction[])(
    'after %s: the wallet, the history and the dashboard’s grams are read again',
    (action) => {
      const stale = refreshAfter(action);
      for (const key of everyMove) expect(stale(key), String(key)).toBe(true);
      expect(stale(unrelated)).toBe(false);
    },
  );

  it('after a GAE purchase: the plan and its statements too, and not the views it leaves alone', () => {
    const stale = refreshAfter('gae-purchase');
    expect(stale(plan)).toBe(true);
    expect(stale(statement)).toBe(true);
    expect(stale(groups)).toBe(false);
    expect(stale(staking)).toBe(false);
  });

  it('after joining a GDS group: the groups, the membership and its passbook', () => {
    const stale = refreshAfter('ges-join');
    expect(stale(groups)).toBe(true);
    expect(stale(plan)).toBe(false);
  });

  it('after staking or unstaking: the positions', () => {
    expect(refreshAfter('stake')(staking)).toBe(true);
    expect(refreshAfter('swap')(staking)).toBe(false);
  });
});
