import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/session-store';

export type SignInRedirectState = { from?: string };

/** The private tree: guests are sent to /signin and brought back after signing in. */
export function RequireAuth() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.signIn.to()} replace state={state} />;
  }
  return <Outlet />;
}
