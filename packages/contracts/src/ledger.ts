import { z } from 'zod';

/** GET /api/admin/ledger/check (operator): the ledger's invariants over the whole database. */
export const ledgerCheckResponseSchema = z.object({
  balanced: z.boolean(),
  nonNegative: z.boolean(),
  entries: z.number().int(),
  checkedAt: z.string(),
});
export type LedgerCheckResponse = z.infer<typeof ledgerCheckResponseSchema>;
