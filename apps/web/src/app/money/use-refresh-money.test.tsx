import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { goldKeys } from '@/features/gold/api/query-keys';
import { transactionKeys } from '@/features/transactions/api/query-keys';
import { walletKeys } from '@/features/wallet/api/query-keys';
import { createQueryClient } from '@/lib/query-client';
import { useRefreshMoney } from './use-refresh-money';

describe('useRefreshMoney', () => {
  it('marks every view of the customer’s money stale, the gold holdings and plan with the wallet', () => {
    const queryClient = createQueryClient();
    const moneyViews = [
      walletKeys.balance(),
      [...transactionKeys.all, 'list'],
      goldKeys.balances(),
      goldKeys.plan(),
      goldKeys.statement('2026-01-01', '2026-11-25'),
    ];
    // The operator's queue is not the customer's money: it stays as it was.
    const unrelated = goldKeys.adminTerminations();
    for (const key of [...moneyViews, unrelated]) queryClient.setQueryData(key, { cached: true });

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRefreshMoney(), { wrapper });
    result.current();

    for (const key of moneyViews) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    expect(queryClient.getQueryState(unrelated)?.isInvalidated).toBe(false);
  });
});
