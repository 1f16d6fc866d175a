import { Outlet } from 'react-router';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';

/** SPEC.md section 5: pages marked "KYC verified" render nothing unless the client is verified. */
export function RequireKyc() {
  const isKycVerified = useSessionStore(selectIsKycVerified);
  return isKycVerified ? <Outlet /> : null;
}
