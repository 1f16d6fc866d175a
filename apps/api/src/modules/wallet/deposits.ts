import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { scanCursors } from './wallet.schema.js';
import type { ChainPort } from '../../adapters/chain/port.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode } from '../transactions/index.js';
import type { DepositAddresses } from './deposit-addresses.js';

const CURSOR = 'usdt-deposits';
/** Blocks scanned per round: bounded so one slow round cannot hold a huge log query. */
const MAX_RANGE = 2_000n;

/**
 * Credits USDT sent to customers' custodial addresses, once final (DEPOSIT_CONFIRMATIONS
 * blocks deep), exactly once per chain log: the (tx hash, log index) row and the ledger
 * entry are written in one database transaction.
 *
 * A pass follows the chain, not the customers: it reads every USDT Transfer of the new final
 * blocks and looks their recipients up in the stored deposit addresses (one indexed query), so
 * its cost grows with the blocks and their transfers, never with the number of customers.
 */
export function createDepositWatcher(deps: {
  db: Db;
  chain: ChainPort;
  money: MoneyEngine;
  addresses: DepositAddresses;
  /** Size of the address backfill's steps in one pass (defaults in deposit-addresses.ts). */
  backfill?: { pageSize?: number; budgetMs?: number };
  confirmations: bigint;
}) {
  const { db, chain } = deps;
  let running: Promise<number> | undefined;

  async function cursor(): Promise<bigint | undefined> {
    const [row] = await db.select().from(scanCursors).where(eq(scanCursors.name, CURSOR)).limit(1);
    return row ? BigInt(row.position) : undefined;
  }

  async function scanOnce(): Promise<number> {
    // Addresses before blocks: a customer registered since the last pass is matched in this one.
    const addresses = await deps.addresses.backfill(deps.backfill);
    const latest = await chain.latestBlock();
    const finalBlock = latest - (deps.confirmations > 0n ? deps.confirmations - 1n : 0n);
    if (finalBlock < 0n) return 0;
    const last = await cursor();
    // A first start scans only recent history: no custodial address existed before the platform did.
    const from = last === undefined ? (finalBlock >= MAX_RANGE ? finalBlock - MAX_RANGE + 1n : 0n) : last + 1n;
    if (from > finalBlock) return 0;
    const to = from + MAX_RANGE - 1n < finalBlock ? from + MAX_RANGE - 1n : finalBlock;

    const transfers = (await chain.usdtTransfers(from, to)).filter((transfer) => transfer.amount > 0n);
    const owners = await deps.addresses.owners(transfers.map((transfer) => transfer.to));

    let credited = 0;
    for (const transfer of transfers) {
      const userId = owners.get(transfer.to.toLowerCase());
      if (!userId) continue;
      // One money operation: the (tx hash, log index) claim, the entry and the transaction commit together.
      const answer = await deps.money.execute({
        kind: 'deposit',
        userId,
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        amount: transfer.amount.toString(),
        blockNumber: transfer.blockNumber.toString(),
        code: newTransactionCode('DEPOSIT'),
      });
      if (answer.status === 200 && !answer.duplicate) credited++;
    }
    // While older customers are still being given addresses (the first passes after
    // migration 0029), a deposit in this range may be to one who has none yet: keep the cursor,
    // and the next pass reads the range again (crediting is idempotent) instead of passing it.
    if (!addresses.caughtUp) return credited;
    await db
      .insert(scanCursors)
      .values({ name: CURSOR, position: to.toString() })
      .onConflictDoUpdate({
        target: scanCursors.name,
        set: { position: sql`excluded.position`, updatedAt: new Date() },
      });
    return credited;
  }

  return {
    /** One scan at a time in this process; another process scanning too only finds rows already claimed. */
    scan(): Promise<number> {
      running ??= scanOnce().finally(() => (running = undefined));
      return running;
    },
  };
}
