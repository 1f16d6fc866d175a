import { fromUnits, type ReconciliationResponse, type SettlementStatusResponse } from '@qmgt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import {
  ChainSendError,
  ChainUsageError,
  type Address,
  type ChainMovement,
  type ChainPort,
  type Hex,
} from '../../adapters/chain/port.js';
import type { LedgerService } from '../ledger/index.js';
import type { TransactionsService } from '../transactions/index.js';
import { usersService } from '../users/index.js';
import { createSenderLease } from './settlement.lease.js';
import { sql } from 'drizzle-orm';
import {
  bytes32ToMovementId,
  idList,
  mayBatchGo,
  movementIdToBytes32,
  netByHolder,
  type OpenMovement,
} from './settlement.rules.js';

export interface SettlementDeps {
  database: Database;
  db: Db;
  chain: ChainPort;
  ledger: LedgerService;
  transactions: TransactionsService;
  /** Blocks deep a settlement must be before its operations count as completed. */
  confirmations: bigint;
  log: FastifyBaseLogger;
  /** Movements per chain transaction (bounded by the block gas limit: ~110k gas each). */
  batchSize?: number;
  /** Sends of one movement before its operation is compensated. */
  maxAttempts?: number;
  /** After a batch that was not full, how long movements gather before the next (mayBatchGo). */
  sendGapMs?: number;
  /** A sent batch the node has never heard of after this long was lost: its movements go again. */
  lostAfterMs?: number;
}

interface SentBatch {
  id: string;
  hash: Hex;
  sentAt: number;
  /** A token transfer's batch: its nonce and the signed bytes, sent again (never re-signed) while the nonce is free. */
  transfer?: { nonce: number; raw: Hex };
}

/** A pending token transfer, as the sender reads it. */
interface OpenTransfer {
  seq: string;
  transactionId: string;
  token: 'USDAU';
  to: Address;
  amount: string;
}

/** Final movements read per query by a pass (it reads them all, a page at a time). */
const TOUCHED_PAGE = 5000;
/** Open differences shown and checked again per pass. */
const OPEN_DIFFERENCES_SHOWN = 1000;

const rowsOf = <T>(result: { rows: Record<string, unknown>[] }) => result.rows as T[];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Chain settlement: the money engine writes each QMGT supply change as a `chain_movements`
 * row in the same transaction as its ledger entry (a transactional outbox); this one sender
 * (the holder of the lease, in whichever process) takes pending movements in ledger order,
 * applies them in batches through the QMGT contract's `settleBatch` under the treasury's
 * nonce, and completes their operations once final. Each movement's id goes on chain, so a
 * batch sent again after a crash cannot apply anything twice; a burn the contract refuses
 * runs its operation's compensation (`money_compensate`).
 */
/**
 * GET /admin/settlement's one statement: the backlog (pending and in flight) through the
 * open-movements partial index, the settled and refused totals from their counters (migration
 * 0040). Nothing in it reads the settled history. Exported for the test that EXPLAINs it.
 */
export const SETTLEMENT_STATUS_SQL = `SELECT
    (SELECT count(*)::int FROM chain_movements WHERE status IN ('pending', 'sent')) AS pending,
    (SELECT count(*)::int FROM chain_movements WHERE status IN ('pending', 'sent') AND status = 'sent') AS sent,
    (SELECT min(created_at) FROM chain_movements WHERE status IN ('pending', 'sent')) AS oldest,
    (SELECT coalesce(sum(movements), 0)::int FROM chain_movement_counts WHERE status = 'settled') AS settled,
    (SELECT coalesce(sum(movements), 0)::int FROM chain_movement_counts WHERE status = 'refused') AS refused`;

export function createSettlement(deps: SettlementDeps) {
  const { database, db, chain, log } = deps;
  const batchSize = deps.batchSize ?? 200;
  const sendGapMs = deps.sendGapMs ?? 250;
  const maxAttempts = deps.maxAttempts ?? 5;
  const lostAfterMs = deps.lostAfterMs ?? 10_000;
  /** A transfer the node does not know is sent again (the same bytes) after this long. */
  const resendTransferAfterMs = Math.min(lostAfterMs, 2_000);
  /** The pause before asking again about a batch that is not mined or not deep enough yet. */
  const waitingPauseMs = 20;
  const lease = createSenderLease(database, (error) => {
    log.error({ err: error }, 'settlement: lost the sender lease; another process takes over');
    reset();
  });
  const exec = (text: string, values?: unknown[]) => database.executeSql(text, values);

  let nonce: number | undefined;
  let inFlight: SentBatch | undefined;
  /** Mined batches waiting to be deep enough, oldest first. */
  let mined: SentBatch[] = [];
  /** The last batch of movements sent: when, and whether it was full. */
  let lastSend: { sentAt: number; full: boolean } | undefined;

  function reset() {
    nonce = undefined;
    inFlight = undefined;
    mined = [];
  }

  async function addresses(userIds: (string | null)[]): Promise<Map<string | null, Address>> {
    const indexes = await usersService.walletIndexes(db, [...new Set(userIds.filter((u): u is string => !!u))]);
    const map = new Map<string | null, Address>([[null, chain.treasury]]);
    for (const [id, index] of indexes) map.set(id, chain.depositAddress(index));
    return map;
  }

  /** Movements of a batch that did not make it go back to pending, or are compensated after too many tries. */
  async function requeue(batch: SentBatch, status: 'reverted' | 'dropped') {
    await exec(`UPDATE chain_batches SET status = $2, updated_at = now() WHERE id = $1`, [batch.id, status]);
    for (const table of ['chain_movements', 'chain_transfers'])
      await exec(`UPDATE ${table} SET status = 'pending', batch_id = NULL WHERE batch_id = $1 AND status = 'sent'`, [
        batch.id,
      ]);
    const exhausted = rowsOf<{ transaction_id: string }>(
      await exec(
        `SELECT transaction_id FROM chain_movements WHERE status = 'pending' AND attempts >= $1
         UNION SELECT transaction_id FROM chain_transfers WHERE status = 'pending' AND attempts >= $1`,
        [maxAttempts],
      ),
    );
    for (const row of exhausted) await compensate(row.transaction_id, 'The chain transaction could not be sent.');
  }

  async function compensate(transactionId: string, reason: string) {
    const result = rowsOf<{ ok: boolean }>(
      await exec(`SELECT money_compensate($1::uuid, $2) AS ok`, [transactionId, reason]),
    );
    if (result[0]?.ok === false)
      log.error(
        { transactionId, reason },
        'settlement: a refused movement could not be compensated; an operator must act',
      );
    else log.warn({ transactionId, reason }, 'settlement: operation compensated');
  }

  /** After taking the lease: where the previous holder left its batches. */
  async function recover() {
    reset();
    nonce = await chain.pendingNonce();
    const open = rowsOf<{ id: string; tx_hash: Hex; created_at: Date | string; nonce: number; raw_tx: Hex | null }>(
      await exec(
        `SELECT id::text, tx_hash, created_at, nonce, raw_tx FROM chain_batches WHERE status IN ('sent', 'mined') ORDER BY chain_batches.id`,
      ),
    );
    for (const row of open) {
      const batch: SentBatch = {
        id: row.id,
        hash: row.tx_hash,
        sentAt: new Date(row.created_at).getTime(),
        ...(row.raw_tx ? { transfer: { nonce: row.nonce, raw: row.raw_tx } } : {}),
      };
      const receipt = await chain.receipt(batch.hash);
      if (receipt.status === 'success') mined.push(batch);
      else if (receipt.status === 'reverted') await requeue(batch, 'reverted');
      // A transfer the node does not have: its recorded bytes go out again while their nonce is free.
      else if (!receipt.known && batch.transfer) {
        if (await resendTransfer(batch)) inFlight ??= batch;
      }
      // Unknown to the node: never mined and never will be (its nonce is taken or free again).
      else if (!receipt.known) await requeue(batch, 'dropped');
      else inFlight ??= batch;
    }
    if (open.length) log.warn({ batches: open.length }, 'settlement: took over open batches of an earlier sender');
  }

  /**
   * A transfer the node does not have goes out again as the same signed bytes while its nonce
   * is free (true); once another transaction has used the nonce these bytes can never be
   * mined, so the transfer is signed afresh (false).
   */
  async function resendTransfer(batch: SentBatch): Promise<boolean> {
    const transfer = batch.transfer!;
    if ((await chain.minedNonce()) > transfer.nonce) {
      // Ask once more: mined between the two questions, it is not lost.
      if ((await chain.receipt(batch.hash)).known) return true;
      await requeue(batch, 'dropped');
      nonce = undefined;
      return false;
    }
    try {
      await chain.broadcast(transfer.raw);
    } catch (error) {
      log.warn({ err: error, hash: batch.hash }, 'settlement: a transfer could not be sent again yet');
    }
    batch.sentAt = Date.now();
    return true;
  }

  /**
   * Sends the oldest pending token transfer as its own treasury transaction. Write-ahead: the
   * signed bytes are recorded before they are broadcast, so a crash in between sends the same
   * bytes (the same nonce) again on recovery, never a second payment.
   */
  async function sendTransfer(): Promise<boolean> {
    const [transfer] = rowsOf<OpenTransfer>(
      await exec(
        `SELECT seq::text, transaction_id::text AS "transactionId", token, to_address AS "to", amount::text
           FROM chain_transfers WHERE status = 'pending' ORDER BY chain_transfers.seq LIMIT 1`,
      ),
    );
    if (!transfer) return false;
    nonce ??= await chain.pendingNonce();
    let signed;
    try {
      signed = await chain.signTransfer(transfer.token, transfer.to, BigInt(transfer.amount), nonce);
    } catch (error) {
      if (!(error instanceof ChainUsageError)) throw error;
      // No USDAU token configured (or a bad address): it can never be paid; the grams go back.
      await compensate(transfer.transactionId, `The transfer cannot be made: ${error.message}.`);
      return true;
    }
    const batchId = await db.transaction(async (tx) => {
      const inserted = await tx.execute<{ id: string }>(
        sql`INSERT INTO chain_batches (tx_hash, nonce, status, transfer_seq, raw_tx)
            VALUES (${signed.hash}, ${signed.nonce}, 'sent', ${transfer.seq}::bigint, ${signed.raw}) RETURNING id::text`,
      );
      const id = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await tx.execute(
        sql`UPDATE chain_transfers SET status = 'sent', batch_id = ${id}::bigint, attempts = attempts + 1
             WHERE seq = ${transfer.seq}::bigint AND status = 'pending'`,
      );
      await deps.transactions.recordChainHash(tx, [transfer.transactionId], signed.hash);
      return id;
    });
    nonce++;
    inFlight = {
      id: batchId,
      hash: signed.hash,
      sentAt: Date.now(),
      transfer: { nonce: signed.nonce, raw: signed.raw },
    };
    try {
      await chain.broadcast(signed.raw);
    } catch (error) {
      // Recorded: following the batch sends the same bytes again.
      log.warn({ err: error, hash: signed.hash }, 'settlement: a transfer was not taken by the node yet');
    }
    return true;
  }

  /**
   * Sends the oldest pending movements as one batch; false when there is nothing to send.
   * `ORDER BY chain_movements.seq`, qualified: a bare `seq` would sort by the text column of
   * the same name in the select list ("10" before "9"), putting a burn before the mint that
   * pays for it (the chain then refuses the burn) and taking other than the oldest.
   */
  async function sendNext(): Promise<boolean> {
    // Token transfers (rare, one per chain transaction) go first, in their own order.
    if (await sendTransfer()) return true;
    const movements = rowsOf<OpenMovement>(
      await exec(
        `SELECT seq::text, id::text, user_id::text AS "userId", kind, amount::text, transaction_id::text AS "transactionId"
           FROM chain_movements WHERE status = 'pending' ORDER BY chain_movements.seq LIMIT $1`,
        [batchSize],
      ),
    );
    if (movements.length === 0) return false;
    const holders = await addresses(movements.map((m) => m.userId));
    const onChain: ChainMovement[] = movements.map((m) => ({
      id: movementIdToBytes32(m.id),
      account: holders.get(m.userId)!,
      amount: BigInt(m.amount),
      mint: m.kind === 'mint',
    }));
    nonce ??= await chain.pendingNonce();
    let hash: Hex;
    try {
      hash = await chain.settleBatch(onChain, nonce);
    } catch (error) {
      // The node did not take it: count again from the node's view next time.
      if (error instanceof ChainSendError) nonce = undefined;
      throw error;
    }
    const usedNonce = nonce;
    nonce++;
    const seqs = movements.map((m) => m.seq);
    const transactionIds = [...new Set(movements.map((m) => m.transactionId))];
    const batchId = await db.transaction(async (tx) => {
      const inserted = await tx.execute<{ id: string }>(
        sql`INSERT INTO chain_batches (tx_hash, nonce, status) VALUES (${hash}, ${usedNonce}, 'sent') RETURNING id::text`,
      );
      const id = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await tx.execute(
        sql`UPDATE chain_movements SET status = 'sent', batch_id = ${id}::bigint, attempts = attempts + 1
             WHERE seq = ANY(string_to_array(${seqs.join(',')}, ',')::bigint[]) AND status = 'pending'`,
      );
      await deps.transactions.recordChainHash(tx, transactionIds, hash);
      return id;
    });
    inFlight = { id: batchId, hash, sentAt: Date.now() };
    lastSend = { sentAt: inFlight.sentAt, full: movements.length >= batchSize };
    return true;
  }

  async function followInFlight(batch: SentBatch) {
    const receipt = await chain.receipt(batch.hash);
    if (receipt.status === 'pending') {
      if (!receipt.known && batch.transfer) {
        if (Date.now() - batch.sentAt > resendTransferAfterMs && !(await resendTransfer(batch))) inFlight = undefined;
        return;
      }
      if (!receipt.known && Date.now() - batch.sentAt > lostAfterMs) {
        inFlight = undefined;
        nonce = undefined;
        await requeue(batch, 'dropped');
      }
      return;
    }
    inFlight = undefined;
    if (receipt.status === 'reverted') {
      log.error({ hash: batch.hash }, 'settlement: a batch reverted as a whole; its movements go again');
      await requeue(batch, 'reverted');
      return;
    }
    await exec(`UPDATE chain_batches SET status = 'mined', block_number = $2, updated_at = now() WHERE id = $1`, [
      batch.id,
      receipt.blockNumber?.toString() ?? null,
    ]);
    mined.push(batch);
  }

  /** Batches deep enough: their movements settle, refused burns are compensated, operations complete. */
  async function finalizeMined() {
    while (mined.length > 0) {
      const batch = mined[0]!;
      const receipt = await chain.receipt(batch.hash);
      if (receipt.status !== 'success' && batch.transfer && !receipt.known) {
        // A transfer gone from the chain (a reorganisation): the same bytes, never a new payment.
        if (await resendTransfer(batch)) return;
        mined.shift();
        continue;
      }
      if (receipt.status !== 'success') {
        // Gone from the chain (a reorganisation): send its movements again; their ids keep it exact.
        mined.shift();
        await requeue(batch, 'dropped');
        continue;
      }
      if (receipt.confirmations < deps.confirmations) return;
      const results = batch.transfer ? { refused: [] as Hex[] } : await chain.settlementResults(batch.hash);
      const refused = results.refused.map(bytes32ToMovementId);
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE chain_movements
                 SET status = CASE WHEN id = ANY(string_to_array(${idList(refused)}, ',')::uuid[]) THEN 'refused'
                                   ELSE 'settled' END::chain_movement_status,
                     settled_at = now(),
                     -- The reconciliation checks these holders next (its mark is on this order).
                     settled_seq = nextval('chain_movements_settled_seq')
               WHERE batch_id = ${batch.id}::bigint AND status = 'sent'`,
        );
        await tx.execute(
          sql`UPDATE chain_transfers SET status = 'settled', settled_at = now()
               WHERE batch_id = ${batch.id}::bigint AND status = 'sent'`,
        );
        // Operations of this batch with nothing left in flight or refused are done.
        const done = await tx.execute<{ id: string }>(
          sql`WITH ops AS (SELECT transaction_id FROM chain_movements WHERE batch_id = ${batch.id}::bigint
                           UNION SELECT transaction_id FROM chain_transfers WHERE batch_id = ${batch.id}::bigint),
                   parts AS (SELECT transaction_id, status FROM chain_movements WHERE transaction_id IN (SELECT transaction_id FROM ops)
                             UNION ALL
                             SELECT transaction_id, status FROM chain_transfers WHERE transaction_id IN (SELECT transaction_id FROM ops))
              SELECT transaction_id::text AS id FROM parts
               GROUP BY transaction_id HAVING bool_and(status IN ('settled', 'cancelled'))`,
        );
        await deps.transactions.completeSettled(
          tx,
          (done as unknown as { rows: { id: string }[] }).rows.map((r) => r.id),
        );
        await tx.execute(
          sql`UPDATE chain_batches SET status = 'final', updated_at = now() WHERE id = ${batch.id}::bigint`,
        );
      });
      mined.shift();
      if (refused.length) {
        const owners = rowsOf<{ transaction_id: string }>(
          await exec(
            `SELECT DISTINCT transaction_id::text FROM chain_movements
              WHERE batch_id = $1 AND id = ANY(string_to_array($2, ',')::uuid[])`,
            [batch.id, idList(refused)],
          ),
        );
        for (const row of owners)
          await compensate(row.transaction_id, 'The chain refused the movement: the on-chain balance was short.');
      }
    }
  }

  /** One step of the sender; true when it did something (so the loop goes on at once). */
  async function tick(): Promise<boolean> {
    if (!lease.held) {
      if (!(await lease.acquire())) return false;
      log.info('settlement: this process is now the chain sender');
      await recover();
    }
    let sent = false;
    if (inFlight) await followInFlight(inFlight);
    if (!inFlight && mayBatchGo(lastSend, Date.now(), sendGapMs)) sent = await sendNext();
    const minedBefore = mined.length;
    await finalizeMined();
    // Only progress makes the loop go on at once. A batch still waiting for its receipt or its
    // confirmations is asked about again after a short pause: asking in a tight loop took the
    // event loop (and the node) from the requests the sender serves.
    return sent || mined.length < minedBefore;
  }

  /**
   * The backlog through the open-movements index, the settled and refused totals from their
   * counters (migration 0040): the cost follows what is pending, not the settled history.
   */
  async function status(): Promise<SettlementStatusResponse> {
    const [row] = rowsOf<{
      pending: number;
      sent: number;
      oldest: Date | string | null;
      settled: number;
      refused: number;
    }>(await exec(SETTLEMENT_STATUS_SQL));
    return {
      pending: row?.pending ?? 0,
      inFlight: row?.sent ?? 0,
      oldestPendingAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
      settled: row?.settled ?? 0,
      failed: row?.refused ?? 0,
      senderHere: lease.held,
    };
  }

  /**
   * The supply half of the reconciliation, cheap enough for every pass and every request: the
   * chain's totalSupply (one call), the ledger's issued QMGT (its running totals) and the
   * unsettled movements (through the open-movements index: the backlog, not the history).
   */
  async function supply() {
    const open = rowsOf<{ userId: string | null; kind: 'mint' | 'burn'; amount: string }>(
      await exec(
        `SELECT user_id::text AS "userId", kind, amount::text FROM chain_movements WHERE status IN ('pending', 'sent')`,
      ),
    );
    const pendingByHolder = netByHolder(open);
    const [onChainSupply, ledgerSupply] = await Promise.all([chain.qmgtTotalSupply(), deps.ledger.issued('QMGT')]);
    const pendingNet = [...pendingByHolder.values()].reduce((a, b) => a + b, 0n);
    return {
      onChainSupply,
      ledgerSupply,
      pendingNet,
      pendingByHolder,
      matches: onChainSupply + pendingNet === ledgerSupply,
    };
  }

  type Difference = ReconciliationResponse['differences'][number];

  /**
   * Asks the chain about the given holders (customer ids; null: the treasury address, which
   * holds the platform's QMGT) and compares each with its ledger holding plus what is still
   * on its way. `skipEmpty`: a holder with nothing in the ledger and nothing on its way is not
   * asked about (the sweep's economy; a touched holder is always asked).
   */
  async function checkHolders(
    holders: readonly (string | null)[],
    pendingByHolder: ReadonlyMap<string | null, bigint>,
    options: { skipEmpty?: boolean; addressOf?: Map<string | null, Address> } = {},
  ) {
    const customers = holders.filter((h): h is string => h !== null);
    const [holdings, addressOf, platformHeld] = await Promise.all([
      deps.ledger.holdingsOf('QMGT', customers),
      options.addressOf ?? addresses(customers),
      holders.includes(null) ? deps.ledger.platformIssued('QMGT') : Promise.resolve(0n),
    ]);
    const agreeing: Address[] = [];
    const disagreeing: { holder: string | null; address: Address; onChain: bigint; pending: bigint }[] = [];
    const work: (() => Promise<void>)[] = [];
    for (const holder of new Set(holders)) {
      const address = addressOf.get(holder);
      if (!address) continue;
      const ledger = holder === null ? platformHeld : (holdings.get(holder) ?? 0n);
      const pending = pendingByHolder.get(holder) ?? 0n;
      if (options.skipEmpty && holder !== null && ledger === 0n && pending === 0n) continue;
      work.push(async () => {
        const onChain = await chain.balanceOf('QMGT', address);
        if (onChain + pending === ledger) agreeing.push(address);
        else disagreeing.push({ holder, address, onChain, pending });
      });
    }
    for (let i = 0; i < work.length; i += 8) await Promise.all(work.slice(i, i + 8).map((w) => w()));
    const differences = await judgeAgain(disagreeing, agreeing);
    return { checked: work.length, differences, agreeing };
  }

  /**
   * The ledger and the backlog were read before the chain: a movement that settled, or an
   * operation booked, in between makes a holder disagree for a moment. Each holder that
   * disagreed is read again after its chain balance (its holding and its open movements, one
   * query each for all of them): it agrees now, or it differs with nothing of its in flight
   * and nothing moved since the first read (a difference), or it is left to the pass after its
   * movements are final, which asks about it again (touched).
   */
  async function judgeAgain(
    disagreeing: readonly { holder: string | null; address: Address; onChain: bigint; pending: bigint }[],
    agreeing: Address[],
  ): Promise<Difference[]> {
    if (disagreeing.length === 0) return [];
    const customers = disagreeing.flatMap((d) => (d.holder === null ? [] : [d.holder]));
    const withTreasury = disagreeing.some((d) => d.holder === null);
    const [open, holdings, platformHeld] = await Promise.all([
      exec(
        `SELECT user_id::text AS "userId", kind, amount::text, status FROM chain_movements
          WHERE status IN ('pending', 'sent')
            AND (user_id = ANY (string_to_array($1, ',')::uuid[]) OR ($2 AND user_id IS NULL))`,
        [idList(customers), withTreasury],
      ),
      deps.ledger.holdingsOf('QMGT', customers),
      withTreasury ? deps.ledger.platformIssued('QMGT') : Promise.resolve(0n),
    ]);
    const movements = rowsOf<{ userId: string | null; kind: 'mint' | 'burn'; amount: string; status: string }>(open);
    const pendingNow = netByHolder(movements);
    const inFlight = new Set(movements.filter((m) => m.status === 'sent').map((m) => m.userId));
    const differences: Difference[] = [];
    for (const d of disagreeing) {
      const ledger = d.holder === null ? platformHeld : (holdings.get(d.holder) ?? 0n);
      const pending = pendingNow.get(d.holder) ?? 0n;
      if (d.onChain + pending === ledger) agreeing.push(d.address);
      else if (!inFlight.has(d.holder) && pending === d.pending)
        differences.push({
          address: d.address,
          userId: d.holder,
          onChain: fromUnits(d.onChain, 'QMGT'),
          ledger: fromUnits(ledger, 'QMGT'),
        });
    }
    return differences;
  }

  /** What the checks found, kept per address: differing holders stay until a check sees them agree. */
  async function recordHolders(found: { differences: Difference[]; agreeing: Address[] }) {
    if (found.agreeing.length > 0)
      await exec(`DELETE FROM chain_holder_differences WHERE address = ANY(string_to_array($1, ','))`, [
        found.agreeing.join(','),
      ]);
    if (found.differences.length > 0)
      await exec(
        `INSERT INTO chain_holder_differences (address, user_id, on_chain, ledger)
         SELECT d->>'address', (d->>'userId')::uuid, (d->>'onChain')::numeric, (d->>'ledger')::numeric
           FROM jsonb_array_elements($1::jsonb) AS d
         ON CONFLICT (address) DO UPDATE SET user_id = excluded.user_id, on_chain = excluded.on_chain,
           ledger = excluded.ledger, found_at = now()`,
        [
          JSON.stringify(
            found.differences.map((d) => ({
              address: d.address,
              userId: d.userId,
              onChain: toUnitsText(d.onChain),
              ledger: toUnitsText(d.ledger),
            })),
          ),
        ],
      );
  }

  /** Differences found by earlier passes and not seen cleared (a page: there should be none). */
  async function openDifferences(): Promise<Difference[]> {
    const rows = rowsOf<{ address: Address; userId: string | null; onChain: string; ledger: string }>(
      await exec(
        `SELECT address, user_id::text AS "userId", on_chain::text AS "onChain", ledger::text AS ledger
           FROM chain_holder_differences ORDER BY address LIMIT $1`,
        [OPEN_DIFFERENCES_SHOWN],
      ),
    );
    return rows.map((r) => ({
      address: r.address,
      userId: r.userId,
      onChain: fromUnits(BigInt(r.onChain), 'QMGT'),
      ledger: fromUnits(BigInt(r.ledger), 'QMGT'),
    }));
  }

  /**
   * The holders whose movements became final since the stored mark (chain_movements_settled_idx,
   * a page at a time), and the mark they take the pass to.
   */
  async function touchedSinceMark(): Promise<{ holders: Set<string | null>; through: bigint }> {
    const [mark] = rowsOf<{ position: string }>(
      await exec(`SELECT position::text FROM chain_reconciliation_marks WHERE name = 'touched'`),
    );
    let through = BigInt(mark?.position ?? '0');
    const holders = new Set<string | null>();
    for (;;) {
      const rows = rowsOf<{ seq: string; userId: string | null }>(
        await exec(
          `SELECT settled_seq::text AS seq, user_id::text AS "userId" FROM chain_movements
            WHERE settled_seq > $1 ORDER BY settled_seq LIMIT $2`,
          [through.toString(), TOUCHED_PAGE],
        ),
      );
      for (const row of rows) holders.add(row.userId);
      if (rows.length > 0) through = BigInt(rows[rows.length - 1]!.seq);
      if (rows.length < TOUCHED_PAGE) return { holders, through };
    }
  }

  async function lastPasses() {
    const [last] = rowsOf<{ checkedAt: Date | string; holdersChecked: number }>(
      await exec(
        `SELECT checked_at AS "checkedAt", holders_checked AS "holdersChecked" FROM chain_reconciliations
          ORDER BY id DESC LIMIT 1`,
      ),
    );
    const [sweep] = rowsOf<{ completedAt: Date | string | null }>(
      await exec(`SELECT completed_at AS "completedAt" FROM chain_reconciliation_marks WHERE name = 'sweep'`),
    );
    return {
      lastPassAt: last ? new Date(last.checkedAt).toISOString() : null,
      lastPassHolders: last?.holdersChecked ?? 0,
      lastSweepAt: sweep?.completedAt ? new Date(sweep.completedAt).toISOString() : null,
    };
  }

  const response = (
    now: Awaited<ReturnType<typeof supply>>,
    differences: Difference[],
    coverage: NonNullable<ReconciliationResponse['coverage']>,
  ): ReconciliationResponse => ({
    onChainSupply: fromUnits(now.onChainSupply, 'QMGT'),
    ledgerSupply: fromUnits(now.ledgerSupply, 'QMGT'),
    pendingNet: fromUnits(now.pendingNet, 'QMGT'),
    matches: now.matches && differences.length === 0,
    differences,
    checkedAt: new Date().toISOString(),
    coverage,
  });

  /**
   * GET /api/admin/chain/reconciliation: the supply compared now, and the holders' differences
   * the passes have found and not seen cleared. Never asks the chain about any holder.
   */
  async function report(): Promise<ReconciliationResponse> {
    const [now, differences, coverage] = await Promise.all([supply(), openDifferences(), lastPasses()]);
    return response(now, differences, coverage);
  }

  /**
   * One reconciliation pass, without recording it: the supply, plus the holders whose movements
   * settled since the last recorded pass and those an earlier pass found differing.
   */
  async function reconcile() {
    const now = await supply();
    const touched = await touchedSinceMark();
    const holders = new Set(touched.holders);
    for (const open of await openDifferences()) holders.add(open.userId);
    const found = await checkHolders([...holders], now.pendingByHolder);
    return {
      ...response(now, found.differences, {
        lastPassAt: new Date().toISOString(),
        lastPassHolders: found.checked,
        lastSweepAt: (await lastPasses()).lastSweepAt,
      }),
      found,
      through: touched.through,
    };
  }

  async function record(result: ReconciliationResponse, scope: 'touched' | 'sweep', holdersChecked: number) {
    await exec(
      `INSERT INTO chain_reconciliations (matches, on_chain_supply, ledger_supply, pending_net, differences, scope, holders_checked)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
      [
        result.matches,
        toUnitsText(result.onChainSupply),
        toUnitsText(result.ledgerSupply),
        toUnitsText(result.pendingNet),
        JSON.stringify(result.differences),
        scope,
        holdersChecked,
      ],
    );
    // Movements in flight explain a difference for a moment; status() would count every settled movement.
    const [sent] = rowsOf<{ n: number }>(
      await exec(
        `SELECT count(*)::int AS n FROM chain_movements WHERE status IN ('pending', 'sent') AND status = 'sent'`,
      ),
    );
    if (!result.matches && (sent?.n ?? 0) === 0)
      log.error({ reconciliation: result }, 'chain reconciliation: the chain and the ledger disagree');
  }

  /**
   * The periodic proof (every minute on the sender): the supply every pass, the holders touched
   * since the last pass, recorded, and loud when the chain and the ledger disagree while
   * nothing is in flight. Then the mark moves on.
   */
  async function reconcileAndRecord(): Promise<ReconciliationResponse> {
    const { found, through, ...result } = await reconcile();
    await recordHolders(found);
    await exec(
      `UPDATE chain_reconciliation_marks SET position = greatest(position, $1::bigint), updated_at = now() WHERE name = 'touched'`,
      [through.toString()],
    );
    await record(result, 'touched', found.checked);
    return result;
  }

  /**
   * The full sweep, for a nightly job: every customer's address against the ledger, `pageSize`
   * customers a page in id order, the treasury address at the end. Each page stores its last id,
   * so a sweep stopped (or limited by `maxPages`) goes on from there at the next call; a sweep
   * that reaches the end is recorded and the next call starts over.
   */
  async function fullSweep(options: { pageSize?: number; maxPages?: number } = {}) {
    const pageSize = options.pageSize ?? 500;
    const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
    const [mark] = rowsOf<{ cursor: string | null; position: string }>(
      await exec(`SELECT cursor, position::text FROM chain_reconciliation_marks WHERE name = 'sweep'`),
    );
    let cursor = mark?.cursor ?? null;
    let checkedSoFar = cursor ? Number(mark?.position ?? 0) : 0;
    if (!cursor)
      await exec(
        `UPDATE chain_reconciliation_marks SET started_at = now(), position = 0, updated_at = now() WHERE name = 'sweep'`,
      );
    const now = await supply();
    let pages = 0;
    let differences = 0;
    while (pages < maxPages) {
      const page = await usersService.customerWalletIndexesPage(db, cursor, pageSize);
      pages++;
      const addressOf = new Map<string | null, Address>(page.map((c) => [c.id, chain.depositAddress(c.walletIndex)]));
      const last = page.length < pageSize;
      if (last) addressOf.set(null, chain.treasury);
      const found = await checkHolders([...addressOf.keys()], now.pendingByHolder, { skipEmpty: true, addressOf });
      await recordHolders(found);
      differences += found.differences.length;
      checkedSoFar += found.checked;
      cursor = page[page.length - 1]?.id ?? cursor;
      if (last) {
        await exec(
          `UPDATE chain_reconciliation_marks SET cursor = NULL, position = $1, completed_at = now(), updated_at = now()
            WHERE name = 'sweep'`,
          [checkedSoFar],
        );
        const result = response(now, await openDifferences(), {
          lastPassAt: new Date().toISOString(),
          lastPassHolders: checkedSoFar,
          lastSweepAt: new Date().toISOString(),
        });
        await record(result, 'sweep', checkedSoFar);
        return { done: true, pages, holdersChecked: checkedSoFar, differences, resumeAfter: null };
      }
      await exec(
        `UPDATE chain_reconciliation_marks SET cursor = $1, position = $2, updated_at = now() WHERE name = 'sweep'`,
        [cursor, checkedSoFar],
      );
    }
    return { done: false, pages, holdersChecked: checkedSoFar, differences, resumeAfter: cursor };
  }

  let running = false;
  let loop: Promise<void> | undefined;
  return {
    start() {
      running = true;
      loop = (async () => {
        while (running) {
          try {
            const busy = await tick();
            if (!busy) await sleep(!lease.held ? 1000 : inFlight || mined.length > 0 ? waitingPauseMs : 50);
          } catch (error) {
            log.error({ err: error }, 'settlement: step failed; trying again');
            await sleep(500);
          }
        }
      })();
    },
    async stop() {
      running = false;
      await loop;
      await lease.release();
    },
    tick,
    status,
    report,
    reconcile,
    reconcileAndRecord,
    fullSweep,
  };
}

export type Settlement = ReturnType<typeof createSettlement>;

/** Decimal text back to integer units, for the reconciliation record. */
function toUnitsText(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = decimal.replace('-', '').split('.');
  const units = BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, '0') || '0');
  return (negative ? -units : units).toString();
}
