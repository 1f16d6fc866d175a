import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logoutRequest } from '@/features/auth/api/logout';
import { useSessionStore } from '@/lib/session-store';

type EndSessionOptions = {
  /** Ask the server to revoke the token first (logout, idle); skip it when the server already refused it. */
  revoke: boolean;
};

/**
 * Ends the session in this browser: the store back to its defaults (the persisted token goes
 * with them; useClearCacheOnSignOut drops the cached answers) and the sign-in page.
 */
export function useEndSession() {
  const navigate = useNavigate();

  return useCallback(
    async ({ revoke }: EndSessionOptions) => {
      // Whatever the server answers, the person asked to be signed out here.
      if (revoke) await logoutRequest().catch(() => undefined);
      useSessionStore.getState().logout();
      await navigate(paths.signIn.to(), { replace: true });
    },
    [navigate],
  );
}
