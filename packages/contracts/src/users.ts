import { z } from 'zod';

/** KYC status values of SPEC.md section 3 / DESIGN.md section 4. Only 'Verified' opens gated pages. */
export const KYC_STATUSES = ['Not Verified', 'Pending', 'Rejected', 'Verified'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;
export const KYC_VERIFIED: KycStatus = 'Verified';

export const ROLES = ['customer', 'operator'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in client record: login, getInfo and register all answer this shape. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  userHash: z.string(),
  refCode: z.string(),
  kycVerified: kycStatusSchema,
  confirmed: z.boolean(),
  role: roleSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
