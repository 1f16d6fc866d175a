import type { KnownApplicantStatus } from '../api/kyc-api';

/** What the verification screen shows, decided by the server's answer alone (never local memory). */
export type VerificationView =
  | { kind: 'start' }
  | { kind: 'retry'; reason: string }
  | { kind: 'in-review' }
  | { kind: 'verified' }
  | { kind: 'final'; reason: string | null };

/** Provider statuses in which the client has nothing to do but wait. */
const WAITING = new Set(['pending', 'queued', 'onHold', 'prechecked', 'awaitingService']);

const DEFAULT_RETRY_REASON = 'Please upload a clear photo of your identity document and a new selfie.';

/** 'DOCUMENT_DAMAGED' -> 'Document damaged' */
const humanLabel = (label: string) => {
  const words = label.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Our own `kycVerified` decides Verified (it is what opens the private pages); the provider's
 * review decides the rest. A GREEN answer whose webhook has not landed yet still reads as
 * "in review" for the second it takes.
 */
export function verificationView(status: KnownApplicantStatus): VerificationView {
  if (status.kycVerified === 'Verified') return { kind: 'verified' };
  const result = status.reviewResult;
  if (status.reviewStatus === 'completed' && result?.reviewAnswer === 'RED') {
    const comment = result.moderationComment?.trim() || null;
    if (result.reviewRejectType === 'FINAL') return { kind: 'final', reason: comment };
    const labels = result.rejectLabels.map(humanLabel).join(', ');
    return { kind: 'retry', reason: comment ?? (labels ? `${labels}. ${DEFAULT_RETRY_REASON}` : DEFAULT_RETRY_REASON) };
  }
  if (status.reviewStatus === 'completed' || WAITING.has(status.reviewStatus)) return { kind: 'in-review' };
  return { kind: 'start' };
}

/** The provider's status as one line of text, kept in the session store's `sumsubStat`. */
export function providerStatusText(status: KnownApplicantStatus): string {
  const result = status.reviewResult;
  if (!result) return status.reviewStatus;
  const type = result.reviewRejectType ? ` ${result.reviewRejectType}` : '';
  return `${status.reviewStatus}: ${result.reviewAnswer}${type}`;
}
