import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/session-store';

/**
 * Back-office screens are for the operator role only (DESIGN.md section 5). Anyone else is
 * sent home; the API refuses them as well, this only keeps the screen from appearing.
 */
export function RequireOperator() {
  const isOperator = useSessionStore((s) => s.isAuthenticated && s.info?.role === 'operator');
  return isOperator ? <Outlet /> : <Navigate to={paths.home.to()} replace />;
}
