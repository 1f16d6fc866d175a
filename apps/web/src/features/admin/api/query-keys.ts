export const adminKeys = {
  all: ['admin'] as const,
  kycApplicants: () => [...adminKeys.all, 'kyc-applicants'] as const,
  kycDocument: (applicantId: string, documentId: string) =>
    [...adminKeys.all, 'kyc-document', applicantId, documentId] as const,
};
