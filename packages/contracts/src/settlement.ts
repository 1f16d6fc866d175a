import { z } from 'zod';

/** GET /api/admin/settlement (operator): the chain settlement outbox. */
export const settlementStatusResponseSchema = z.object({
  /** Movements written by the ledger and not yet final on chain. */
  pending: z.number().int(),
  /** Of those, sent in a batch and waiting for finality. */
  inFlight: z.number().int(),
  oldestPendingAt: z.string().nullable(),
  settled: z.number().int(),
  failed: z.number().int(),
  /** Whether this process currently owns the treasury nonce (the one sender). */
  senderHere: z.boolean(),
});
export type SettlementStatusResponse = z.infer<typeof settlementStatusResponseSchema>;

/**
 * GET /api/admin/chain/reconciliation (operator): on-chain QMGT against the ledger. The supply
 * is compared now; the holders' differences are those the reconciliation's passes found and
 * have not seen cleared (`coverage` says when holders were last checked).
 */
export const reconciliationResponseSchema = z.object({
  /** QMGT totalSupply on chain (decimal string). */
  onChainSupply: z.string(),
  /** QMGT the ledger has created and not destroyed (decimal string). */
  ledgerSupply: z.string(),
  /** Net QMGT of movements not yet settled (mints minus burns), which explains a temporary difference. */
  pendingNet: z.string(),
  /** onChainSupply + pendingNet == ledgerSupply and every address matches. */
  matches: z.boolean(),
  differences: z.array(
    z.object({ address: z.string(), userId: z.string().nullable(), onChain: z.string(), ledger: z.string() }),
  ),
  checkedAt: z.string(),
  /** What the holders' part rests on. Absent from servers before the incremental reconciliation. */
  coverage: z
    .object({
      /** When a pass last checked holders (those whose movements settled since the pass before), null: never. */
      lastPassAt: z.string().nullable(),
      /** Holders that pass asked the chain about. */
      lastPassHolders: z.number().int(),
      /** When a full sweep over every holder last reached its end, null: never. */
      lastSweepAt: z.string().nullable(),
    })
    .optional(),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;
