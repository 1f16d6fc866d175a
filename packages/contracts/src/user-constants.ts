// Plain values, no zod: the client's first load needs them (the session store's "is verified")
// without the schemas; a module that builds a schema at its top level brings zod along
// (decision 011).

/** KYC status values of SPEC.md section 3 / DESIGN.md section 4. Only 'Verified' opens gated pages. */
export const KYC_STATUSES = ['Not Verified', 'Pending', 'Rejected', 'Verified'] as const;
export const KYC_VERIFIED: (typeof KYC_STATUSES)[number] = 'Verified';

export const ROLES = ['customer', 'operator'] as const;
