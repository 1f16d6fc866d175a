import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import type { JobAttempt, JobQueue } from '../../jobs/queue.js';
import { ChainSendError, type ChainPort } from '../../adapters/chain/port.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { TransactionsService } from '../transactions/transactions.service.js';
import { usersService } from '../users/users.service.js';
import { SETTLE_SWAP_JOB, swapPostings } from '../swap/swap.service.js';

export interface SettlementDeps {
  db: Db;
  chain: ChainPort;
  ledger: LedgerService;
  transactions: TransactionsService;
  queue: JobQueue;
  confirmations: bigint;
}

export class NotYetFinal extends Error {}

/* Retries back off 2 s, 4 s, ... 256 s: about 8.5 minutes of trying before compensation. */
const SETTLE_ATTEMPTS = 9;
/* A pending swap older than this without a job lost it. */
const SWEEP_AFTER_MS = 15 * 60_000;

/**
 * On-chain settlement of a QMGT swap, after its ledger entry: a buy mints QMGT to the
 * customer's custodial address, a sell burns it there. The job is retried until the chain
 * transaction is final; if it reverts, or the last attempt fails, a compensating entry puts the
 * ledger back and the transaction is marked failed.
 */
export function createSettlement(deps: SettlementDeps) {
  const { db, chain } = deps;

  async function compensate(transactionId: string, reason: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await deps.transactions.find(tx, transactionId);
      if (!row || row.status !== 'pending') return;
      const original = {
        assetIn: row.assetIn!,
        assetOut: row.assetOut!,
        amountIn: BigInt(row.amountIn!),
        amountOut: BigInt(row.amountOut!),
        fee: BigInt(row.fee ?? '0'),
        price: BigInt(row.price ?? '0'),
      };
      // The reversal of every posting of the swap: the customer gets back what they paid.
      const reversal = swapPostings(row.userId, original).map((line) => ({ ...line, amount: -line.amount }));
      await deps.ledger.post(tx, { type: 'swap.compensation', memo: `${row.code}: ${reason}` }, reversal);
      await deps.transactions.update(tx, row.id, { status: 'failed', failureReason: reason });
    });
  }

  async function settle(transactionId: string, attempt: JobAttempt): Promise<void> {
    const row = await deps.transactions.find(db, transactionId);
    if (!row || row.status !== 'pending' || row.type !== 'QMGT') return;
    const user = await usersService.findById(db, row.userId);
    if (!user) return;
    const address = chain.depositAddress(user.walletIndex);
    try {
      let hash = row.txHash as `0x${string}` | null;
      if (hash && attempt.attempt > 1) {
        // A hash no node has ever seen, on a later attempt, was never broadcast: sending again cannot double it.
        const earlier = await chain.receipt(hash);
        if (earlier.status === 'pending' && !earlier.known) hash = null;
      }
      if (!hash) {
        try {
          hash =
            row.assetOut === 'QMGT'
              ? await chain.mintQmgt(address, BigInt(row.amountOut!))
              : await chain.burnQmgt(address, BigInt(row.amountIn!));
        } catch (error) {
          // The node may have the transaction even though the send failed: follow its hash, never send twice.
          if (error instanceof ChainSendError) await deps.transactions.update(db, row.id, { txHash: error.txHash });
          throw error;
        }
        await deps.transactions.update(db, row.id, { txHash: hash });
      }
      const receipt = await chain.receipt(hash);
      if (receipt.status === 'reverted') return compensate(row.id, 'The chain transaction was reverted.');
      if (receipt.status !== 'success' || receipt.confirmations < deps.confirmations)
        throw new NotYetFinal(`waiting for ${hash}`);
      await deps.transactions.update(db, row.id, { status: 'completed', settledAt: new Date() });
    } catch (error) {
      if (attempt.final)
        return compensate(
          row.id,
          error instanceof NotYetFinal
            ? 'The chain transaction did not become final in time.'
            : 'The chain transaction could not be sent.',
        );
      throw error;
    }
  }

  /**
   * A swap is booked, then its job is queued: a process that dies in between leaves a pending
   * transaction without a job. The sweep queues those again; the singleton key keeps it to one job.
   */
  async function sweep(): Promise<void> {
    const stale = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.status, 'pending'),
          eq(transactions.type, 'QMGT'),
          lt(transactions.createdAt, new Date(Date.now() - SWEEP_AFTER_MS)),
        ),
      )
      .limit(100);
    for (const row of stale)
      await deps.queue.send(SETTLE_SWAP_JOB, { transactionId: row.id }, { singletonKey: row.id });
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    async start(): Promise<void> {
      await deps.queue.register<{ transactionId: string }>(
        SETTLE_SWAP_JOB,
        (job, attempt) => settle(job.transactionId, attempt),
        { retryLimit: SETTLE_ATTEMPTS - 1 },
      );
      timer = setInterval(() => void sweep().catch(() => undefined), SWEEP_AFTER_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
    settle,
    sweep,
  };
}
