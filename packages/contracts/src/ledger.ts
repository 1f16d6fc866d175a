import { z } from 'zod';

/**
 * GET /api/admin/ledger/check (operator): the ledger's invariants. The route answers from the
 * incremental check: the entries since the last check and the accounts they touched (what
 * `coverage` says); the full audit over every entry is a nightly job's.
 */
export const ledgerCheckResponseSchema = z.object({
  balanced: z.boolean(),
  nonNegative: z.boolean(),
  /** Entries in the ledger up to what the checks have covered (`coverage.through`). */
  entries: z.number().int(),
  checkedAt: z.string(),
  /** What this check looked at. Absent from servers before the incremental check. */
  coverage: z
    .object({
      /** incremental: entries since the previous check; full: the whole ledger. */
      scope: z.enum(['incremental', 'full']),
      entriesChecked: z.number().int(),
      /** Customer accounts whose balance was compared with their postings (null: all of them). */
      accountsChecked: z.number().int().nullable(),
      /** Entries created before this instant are covered by the checks so far. */
      through: z.string(),
      /** false: more entries were waiting than one check takes; the next check goes on. */
      caughtUp: z.boolean(),
    })
    .optional(),
});
export type LedgerCheckResponse = z.infer<typeof ledgerCheckResponseSchema>;
