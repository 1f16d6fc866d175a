import type { AdminApplicantQueue } from '@qmgt/contracts';

export const adminKeys = {
  all: ['admin'] as const,
  /** Every queue without an argument (what a decision invalidates), one queue with it. */
  kycApplicants: (queue?: AdminApplicantQueue) =>
    queue ? ([...adminKeys.all, 'kyc-applicants', queue] as const) : ([...adminKeys.all, 'kyc-applicants'] as const),
  kycDocument: (applicantId: string, documentId: string) =>
    [...adminKeys.all, 'kyc-document', applicantId, documentId] as const,
};
