import {
  AmountError,
  cutPage,
  fromUnits,
  type Reserves,
  type VaultBar,
  type VaultBarInput,
  type VaultBarsQuery,
  type VaultBarsResponse,
} from '@qmgt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { UNIQUE_VIOLATION, pgError } from '../../lib/db-errors.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { LedgerService } from '../ledger/index.js';
import * as repo from './reserves.repository.js';
import type { SnapshotRow, VaultBarRow } from './reserves.repository.js';
import { ReserveRuleError, barGrams, coverageOf } from './reserves.rules.js';
import { createAllocation } from './allocation.service.js';

export interface ReservesDeps {
  db: Db;
  ledger: Pick<LedgerService, 'issued' | 'rewardsOwed' | 'goldLiabilityChanges' | 'goldLiabilityBalances'>;
  /** The QMGT contract's total supply; undefined when no chain is configured. */
  qmgtSupply?: () => Promise<bigint>;
  log: FastifyBaseLogger;
}

const barWire = (row: VaultBarRow): VaultBar => ({
  id: row.id,
  serial: row.serial,
  refinery: row.refinery,
  fineGrams: fromUnits(BigInt(row.fineGrams), 'GOLD'),
  addedAt: row.addedAt.toISOString(),
  allocatedGrams: fromUnits(BigInt(row.allocatedGrams), 'GOLD'),
});

function parseBar(input: VaultBarInput) {
  try {
    return {
      serial: input.serial.trim(),
      refinery: input.refinery.trim(),
      fineGrams: barGrams(input.fineGrams).toString(),
    };
  } catch (error) {
    if (error instanceof ReserveRuleError || error instanceof AmountError)
      throw unprocessable(error.message.endsWith('.') ? error.message : `${error.message}.`, { field: 'fineGrams' });
    throw error;
  }
}

/**
 * Proof of reserves: what the platform owes in gold (QMGT on the ledger and on chain, grams in
 * GSAs, plans and locks) against the bars the operator lists in the vault. A job records a
 * snapshot; GET /reserves shows the latest; every change to the bar list records a new one.
 */
export function createReservesService(deps: ReservesDeps) {
  const { db, log } = deps;
  const allocation = createAllocation({ db, ledger: deps.ledger });

  function toWire(row: SnapshotRow): Reserves {
    const ledgerQmgt = BigInt(row.ledgerQmgt);
    const ledgerGold = BigInt(row.ledgerGold);
    const vaultGold = BigInt(row.vaultGold);
    const rewardsQmgt = BigInt(row.rewardsQmgt);
    const { liabilities, surplus, coverage } = coverageOf({ ledgerQmgt, ledgerGold, rewardsQmgt, vaultGold });
    return {
      onChainQmgt: row.onChainQmgt === null ? null : fromUnits(BigInt(row.onChainQmgt), 'QMGT'),
      ledgerQmgt: fromUnits(ledgerQmgt, 'QMGT'),
      ledgerGold: fromUnits(ledgerGold, 'GOLD'),
      rewardsQmgt: fromUnits(rewardsQmgt, 'QMGT'),
      liabilitiesGrams: fromUnits(liabilities, 'GOLD'),
      vaultGrams: fromUnits(vaultGold, 'GOLD'),
      surplusGrams: fromUnits(surplus, 'GOLD'),
      coverage,
      // Readings before migration 0058 kept a copy of the bars and no count.
      barCount: row.barCount ?? (Array.isArray(row.bars) ? row.bars.length : 0),
      allocatedGrams: fromUnits(BigInt(row.allocatedGold ?? '0'), 'GOLD'),
      unallocatedGrams: fromUnits(BigInt(row.unallocatedGold ?? '0'), 'GOLD'),
      allocatedAt: row.allocatedAt?.toISOString() ?? null,
      checkedAt: row.checkedAt.toISOString(),
    };
  }

  async function snapshot(): Promise<Reserves> {
    let onChain: bigint | null = null;
    if (deps.qmgtSupply) {
      try {
        onChain = await deps.qmgtSupply();
      } catch (error) {
        // The page still shows the ledger and the vault; the chain figure says it could not be read.
        log.warn({ err: error }, 'proof of reserves: the chain supply could not be read');
      }
    }
    // The allocation first (what changed since its last pass), so the reading shows its totals.
    const placed = await allocation.pass();
    const [ledgerQmgt, ledgerGold, rewardsQmgt, vault] = await Promise.all([
      deps.ledger.issued('QMGT'),
      deps.ledger.issued('GOLD'),
      deps.ledger.rewardsOwed(),
      repo.vaultTotals(db),
    ]);
    const row = await repo.insertSnapshot(db, {
      onChainQmgt: onChain?.toString() ?? null,
      ledgerQmgt: ledgerQmgt.toString(),
      ledgerGold: ledgerGold.toString(),
      rewardsQmgt: rewardsQmgt.toString(),
      vaultGold: vault.grams.toString(),
      // No copy of the bars (decision 023): the list at this reading is the bars listed by then.
      bars: null,
      barCount: vault.bars,
      allocatedGold: placed.allocated.toString(),
      unallocatedGold: placed.unallocated.toString(),
      allocatedAt: placed.computedAt,
    });
    return toWire(row);
  }

  async function barChanged<T>(operatorId: string, ip: string | null, action: string, detail: string, row: T) {
    await audit(db, { action, actorId: operatorId, subjectId: null, detail, ip });
    await snapshot();
    return row;
  }

  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgError(error)?.code === UNIQUE_VIOLATION)
        throw conflict("This refinery's bar serial is already on the list.", { field: 'serial' });
      throw error;
    }
  }

  return {
    snapshot,
    /** GET /reserves: the latest snapshot (a first one is taken when there is none). */
    async current(): Promise<Reserves> {
      const latest = await repo.latestSnapshot(db);
      return latest ? toWire(latest) : snapshot();
    },
    /** The bars in the vault, a page at a time in the order they were listed (public and operators' lists). */
    async bars(query: VaultBarsQuery): Promise<VaultBarsResponse> {
      const rows = await repo.activeBarsPage(db, query.cursor, query.pageSize + 1);
      const page = cutPage(rows, query.pageSize, (r) => ({ at: r.key, id: r.bar.id }));
      return { data: page.items.map((r) => barWire(r.bar)), nextCursor: page.nextCursor };
    },
    /** GET /reserves/allocation: the bars behind the customer's grams. */
    allocationOf: allocation.mine,
    /** The allocation's pass and its whole-ledger check (tests). */
    allocation,
    async addBar(operatorId: string, input: VaultBarInput, ip: string | null): Promise<VaultBar> {
      const bar = parseBar(input);
      const row = await write(() => repo.insertBar(db, bar));
      return barChanged(
        operatorId,
        ip,
        'reserves.bar.add',
        `${row.refinery} ${row.serial}: ${barWire(row).fineGrams} g`,
        barWire(row),
      );
    },
    async editBar(operatorId: string, id: string, input: VaultBarInput, ip: string | null): Promise<VaultBar> {
      const bar = parseBar(input);
      const before = await repo.barById(db, id);
      if (!before) throw notFound('Vault bar not found.');
      const row = await write(() => repo.updateBar(db, id, bar));
      if (!row) throw notFound('Vault bar not found.');
      return barChanged(
        operatorId,
        ip,
        'reserves.bar.edit',
        `${before.refinery} ${before.serial} ${barWire(before).fineGrams} g -> ${row.refinery} ${row.serial} ${barWire(row).fineGrams} g`,
        barWire(row),
      );
    },
    async withdrawBar(operatorId: string, id: string, ip: string | null): Promise<VaultBar> {
      const row = await repo.withdrawBar(db, id);
      if (!row) throw notFound('Vault bar not found.');
      return barChanged(operatorId, ip, 'reserves.bar.withdraw', `${row.refinery} ${row.serial}`, barWire(row));
    },
  };
}

export type ReservesService = ReturnType<typeof createReservesService>;
