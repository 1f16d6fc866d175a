import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { transactionKeys } from '@/features/transactions/api/query-keys';
import { walletKeys } from '@/features/wallet/api/query-keys';

/** After money moved: balances and every history list, detail and recent activity are asked again. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.balance() });
    void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  }, [queryClient]);
}
