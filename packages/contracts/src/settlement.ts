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

/** GET /api/admin/chain/reconciliation (operator): on-chain QMGT against the ledger, checked now. */
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
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;
