import { useQuery } from '@tanstack/react-query';
import type { KycStatus } from '@qmgt/contracts';
import { useEffect } from 'react';
import { useSessionStore } from '@/lib/session-store';
import { applicantStatusQueryOptions } from '../api/kyc-api';
import type { KycSubject } from '../api/query-keys';
import { providerStatusText } from './verification-view';

/**
 * The polled verification status. For the signed-in client it is mirrored into the session
 * store at once: `info.kycVerified` (so the sidebar and the 'Verified' pages open or close
 * without signing in again) and `sumsubStat`. A hand-off token's user may not be whoever is
 * signed in on this device, so nothing is mirrored then.
 */
export function useKycStatus(subject: KycSubject | null, onKycStatusChange?: (status: KycStatus) => void) {
  const query = useQuery({ ...applicantStatusQueryOptions(subject ?? { kind: 'self' }), enabled: subject !== null });
  const status = query.data;
  const mirror = subject?.kind === 'self';

  useEffect(() => {
    if (!mirror || !status) return;
    const session = useSessionStore.getState();
    const text = providerStatusText(status);
    if (session.sumsubStat !== text) session.setSumsubStat(text);
    if (session.isAuthenticated && session.info && session.info.kycVerified !== status.kycVerified) {
      session.setInfo({ ...session.info, kycVerified: status.kycVerified });
      onKycStatusChange?.(status.kycVerified);
    }
  }, [mirror, status, onKycStatusChange]);

  return query;
}
