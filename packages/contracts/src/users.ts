import { z } from 'zod';
import { KYC_STATUSES, ROLES } from './user-constants.js';

export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

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
