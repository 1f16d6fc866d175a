import type { KycStatus, ReviewAnswer, ReviewRejectType } from '@qmgt/contracts';

/** The applicant's review as we hold it. */
export interface ApplicantReview {
  reviewStatus: string;
  reviewAnswer: ReviewAnswer | null;
  reviewRejectType: ReviewRejectType | null;
  rejectLabels: string[];
  moderationComment: string | null;
}

/** Statuses during which the provider is looking at the applicant. */
const IN_REVIEW = new Set(['pending', 'queued', 'onHold', 'prechecked', 'awaitingService', 'awaitingUser']);

/**
 * Only a completed review with answer GREEN verifies; a completed RED rejects (a later RED
 * takes an earlier GREEN back); anything under review is pending.
 */
export function kycStatusFor(review: Pick<ApplicantReview, 'reviewStatus' | 'reviewAnswer'>): KycStatus {
  if (review.reviewStatus === 'completed') {
    if (review.reviewAnswer === 'GREEN') return 'Verified';
    if (review.reviewAnswer === 'RED') return 'Rejected';
    return 'Pending';
  }
  if (IN_REVIEW.has(review.reviewStatus)) return 'Pending';
  return 'Not Verified';
}

/** A RETRY rejection (or no review yet) lets the user send documents again; FINAL does not. */
export function canResubmit(
  review: Pick<ApplicantReview, 'reviewStatus' | 'reviewAnswer' | 'reviewRejectType'> | undefined,
): boolean {
  if (!review) return true;
  const status = kycStatusFor(review);
  if (status === 'Not Verified') return true;
  return status === 'Rejected' && review.reviewRejectType !== 'FINAL';
}

export interface WebhookEvent {
  type: string;
  reviewStatus?: string | undefined;
  reviewResult?:
    | {
        reviewAnswer: ReviewAnswer;
        reviewRejectType?: ReviewRejectType | undefined;
        rejectLabels?: string[] | undefined;
        moderationComment?: string | undefined;
      }
    | undefined;
}

/**
 * What a webhook does to the applicant's review: the new review, or undefined for event
 * types that do not change it (personal info changed, actions, ...).
 */
export function reviewAfterEvent(event: WebhookEvent): ApplicantReview | undefined {
  const blank = { reviewAnswer: null, reviewRejectType: null, rejectLabels: [], moderationComment: null };
  switch (event.type) {
    case 'applicantReviewed': {
      const result = event.reviewResult;
      if (!result) return undefined;
      const red = result.reviewAnswer === 'RED';
      return {
        reviewStatus: 'completed',
        reviewAnswer: result.reviewAnswer,
        // Sumsub omits the type on some RED answers; without FINAL the user may try again.
        reviewRejectType: red ? (result.reviewRejectType ?? 'RETRY') : null,
        rejectLabels: red ? (result.rejectLabels ?? []) : [],
        moderationComment: result.moderationComment ?? null,
      };
    }
    case 'applicantPending':
      return { ...blank, reviewStatus: 'pending' };
    case 'applicantOnHold':
      return { ...blank, reviewStatus: 'onHold' };
    case 'applicantReset':
    case 'applicantCreated':
      return { ...blank, reviewStatus: 'init' };
    default:
      return undefined;
  }
}

/** Sumsub's createdAtMs: "2020-02-21 13:23:19.321" (UTC), an ISO string, or epoch milliseconds. */
export function parseEventTime(value: string | number | undefined): Date | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : undefined;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** Events are applied in the provider's order: one older than the newest applied is stale. */
export function isStale(eventAt: Date | undefined, lastAppliedAt: Date | null): boolean {
  if (!eventAt || !lastAppliedAt) return false;
  return eventAt.getTime() < lastAppliedAt.getTime();
}

/**
 * What a reading of the identity document adds to a draft (decision 024): only the fields the
 * customer left empty, so nothing typed is ever overwritten; the fields filled are remembered
 * for the form to point out.
 */
export function fillFromDocument<F extends string>(
  form: Readonly<Record<string, string>>,
  reading: Readonly<Partial<Record<F, string>>>,
): { form: Record<string, string>; filled: F[] } {
  const next = { ...form };
  const filled: F[] = [];
  for (const [field, value] of Object.entries(reading) as [F, string | undefined][]) {
    if (!value || (next[field] ?? '').trim() !== '') continue;
    next[field] = value;
    filled.push(field);
  }
  return { form: next, filled };
}
