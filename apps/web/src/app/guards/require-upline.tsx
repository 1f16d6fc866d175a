import { Outlet } from 'react-router';
import { useHasUpline } from '@/features/referrals/api/get-upline';

/** SPEC.md section 5: the staking page renders only if the upline check returns true. */
export function RequireUpline() {
  const { hasUpline } = useHasUpline(true);
  return hasUpline ? <Outlet /> : null;
}
