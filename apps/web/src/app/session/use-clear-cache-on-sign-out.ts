import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '@/lib/session-store';

/**
 * Whatever ends a session (log out, idle, a refused token, a password reset), no cached answer
 * of that client may reach the next one to sign in on this browser.
 */
export function useClearCacheOnSignOut() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.accessToken && !state.accessToken) queryClient.clear();
      }),
    [queryClient],
  );
}
