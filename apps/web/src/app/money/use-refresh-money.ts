import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { goldKeys } from '@/features/gold/api/query-keys';
import { transactionKeys } from '@/features/transactions/api/query-keys';
import { walletKeys } from '@/features/wallet/api/query-keys';

/**
 * After money moved: balances, every history list, detail and recent activity are asked again,
 * and so are the gold holdings (the dashboard's grams), the GAE plan and its statements, which
 * a purchase, a top-up, a Convert or a plan's instalment change as much as the wallet.
 */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.balance() });
    void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    void queryClient.invalidateQueries({ queryKey: goldKeys.balances() });
    void queryClient.invalidateQueries({ queryKey: goldKeys.plan() });
    void queryClient.invalidateQueries({ queryKey: goldKeys.statements() });
  }, [queryClient]);
}
