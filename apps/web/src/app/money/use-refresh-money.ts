import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { viewsChangedBy, type MoneyAction } from './money-actions';

/**
 * After money moved: every view the action changed (money-actions.ts) is marked stale, so that
 * the screens on view ask again at once and the others do when they are next opened.
 */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return useCallback(
    (action: MoneyAction) => {
      for (const queryKey of viewsChangedBy(action)) void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );
}
