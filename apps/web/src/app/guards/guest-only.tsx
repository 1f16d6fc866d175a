import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/session-store';
import type { SignInRedirectState } from './require-auth';

/**
 * Sign-in and sign-up are for guests. A signed-in client (including one who just signed in
 * here) goes on to the page that sent them to sign in, or to the swap screen.
 */
export function GuestOnly() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) return <Outlet />;
  const from = (location.state as SignInRedirectState | null)?.from;
  return <Navigate to={from ?? paths.home.to()} replace />;
}
