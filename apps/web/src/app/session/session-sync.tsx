import { useEffect } from 'react';
import { useInfo } from '@/features/auth/api/get-info';
import { setSessionEndedHandler } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useSessionStore } from '@/lib/session-store';
import { useEndSession } from './use-end-session';

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/**
 * Keeps the stored client record fresh (GET /getInfo) while signed in, and signs the browser
 * out when the server refuses the token (expired or revoked session).
 */
export function SessionSync() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const setInfo = useSessionStore((s) => s.setInfo);
  const endSession = useEndSession();
  const { data } = useInfo(isAuthenticated);

  useEffect(() => {
    if (data && useSessionStore.getState().isAuthenticated) setInfo(data.user);
  }, [data, setInfo]);

  useEffect(() => {
    setSessionEndedHandler((error) => {
      // Several calls may fail together; the first one ends the session, the rest find it over.
      if (!useSessionStore.getState().isAuthenticated) return;
      notifyError(error.message || SESSION_ENDED);
      void endSession({ revoke: false });
    });
    return () => setSessionEndedHandler(null);
  }, [endSession]);

  return null;
}
