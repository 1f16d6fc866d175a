import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  sandbox: z.boolean(),
  version: z.string(),
  /** Present when the sandbox runs under NODE_ENV=production (SANDBOX=true): says what is not real. */
  warning: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
