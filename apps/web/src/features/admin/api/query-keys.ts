export const adminKeys = {
  all: ['admin'] as const,
  kycApplicants: () => [...adminKeys.all, 'kyc-applicants'] as const,
};
