import { cutPage, fromUnits, type BarAllocationResponse, type CursorKey } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import type { LedgerService } from '../ledger/index.js';
import * as repo from './allocation.repository.js';
import { AllocationBook, shareOf } from './allocation.rules.js';

/** Entries read a page; bars counted again a page; waiting holders placed a page. */
const ENTRY_PAGE = 500;
const BAR_PAGE = 50;
const WAITING_PAGE = 200;
const ROOM_PAGE = 50;
/**
 * The holder for the gold the platform itself holds of what it has issued (Convert's fees in
 * grams): ledgerGold less the customers' gold. No customer has this id.
 */
export const PLATFORM_HOLDER = '00000000-0000-0000-0000-000000000000';
/** A pass works pages until caught up or out of time; the next pass goes on from its mark. */
const PASS_BUDGET_MS = 2_000;

export interface AllocationDeps {
  db: Db;
  ledger: Pick<LedgerService, 'goldLiabilityChanges' | 'goldLiabilityBalances' | 'issued'>;
}

/**
 * Bar allocation (decision 023): the reserves job places every gram the ledger owes in gold
 * over the vault bars, reading only what changed since its last pass; a customer reads their
 * bars a page at a time.
 */
export function createAllocation({ db, ledger }: AllocationDeps) {
  /** Loads bars with room, in order, until they can take `demand` (or there are no more). */
  async function loadRoom(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    book: AllocationBook,
    demand: bigint,
    resized: ReadonlySet<string>,
  ) {
    let after: string | null = null;
    let room = 0n;
    while (room < demand) {
      const page = await repo.roomBars(tx, after, ROOM_PAGE);
      for (const bar of page) {
        book.addBar(bar);
        const b = book.bars.get(bar.id)!;
        // A bar being resized counts for nothing here: its new size is not its room yet.
        if (!resized.has(b.id) && b.capacity > b.allocated) room += b.capacity - b.allocated;
      }
      if (page.length < ROOM_PAGE) break;
      after = page[page.length - 1]!.rank;
    }
  }

  /** One page of a pass in one transaction; says whether anything is left for another. */
  async function passPage(): Promise<{ more: boolean }> {
    return db.transaction(async (tx) => {
      const mark = await repo.lockMark(tx);
      const changes = await ledger.goldLiabilityChanges(tx, { at: mark.at, entry: mark.entry }, ENTRY_PAGE);
      const due = await repo.dueBars(tx, BAR_PAGE);
      const book = new AllocationBook(mark.nextSeq);
      for (const bar of due) book.addBar(bar);
      const evicted = await repo.holdersOnBars(
        tx,
        due.filter((b) => b.size < b.allocated).map((b) => b.id),
      );
      await repo.loadHolders(tx, book, [
        ...new Set([...changes.accounts.map((a) => a.id), ...evicted, PLATFORM_HOLDER]),
      ]);
      // The platform's part: what the ledger issued less the customers' gold (after this page).
      let customersDelta = 0n;
      for (const a of changes.accounts) customersDelta += a.balance - book.held(a.id);
      const customers = mark.allocated + mark.unallocated - book.held(PLATFORM_HOLDER) + customersDelta;
      const platformTarget = changes.issued > customers ? changes.issued - customers : 0n;
      // What the pass will place: growth, and what shrunk bars give up.
      let demand = 0n;
      for (const a of changes.accounts) if (a.balance > book.held(a.id)) demand += a.balance - book.held(a.id);
      if (platformTarget > book.held(PLATFORM_HOLDER)) demand += platformTarget - book.held(PLATFORM_HOLDER);
      for (const b of due) if (b.allocated > b.size) demand += b.allocated - b.size;
      const resized = new Set(due.map((b) => b.id));
      await loadRoom(tx, book, demand, resized);
      for (const bar of due) book.setCapacity(bar.id, bar.size);
      for (const a of changes.accounts) book.setHolding(a.id, a.balance);
      book.setHolding(PLATFORM_HOLDER, platformTarget);
      // Room left (an added or grown bar, grams released) takes the longest waiting.
      let fillMore = false;
      const probe = await repo.roomAndWaiting(tx);
      if (probe.waiting && (probe.room || book.room() > 0n)) {
        const waiting = await repo.waitingHolders(tx, WAITING_PAGE);
        await repo.loadHolders(tx, book, waiting);
        let wanted = 0n;
        for (const h of waiting) wanted += book.waiting.get(h)?.grams ?? 0n;
        await loadRoom(tx, book, wanted, new Set());
        book.fillRoom();
        fillMore = waiting.length >= WAITING_PAGE && book.room() > 0n;
      }
      await repo.writeBook(tx, book);
      await repo.writeMark(tx, {
        ...mark,
        at: changes.next.at,
        entry: changes.next.entry,
        nextSeq: book.nextSeq,
        allocated: mark.allocated + book.allocatedDelta,
        unallocated: mark.unallocated + book.unallocatedDelta,
      });
      return { more: !changes.caughtUp || due.length >= BAR_PAGE || fillMore };
    });
  }

  return {
    /** The reserves job's pass: pages until caught up or out of time. */
    async pass(budgetMs = PASS_BUDGET_MS) {
      const started = Date.now();
      let page;
      do page = await passPage();
      while (page.more && Date.now() - started < budgetMs);
      return { caughtUp: !page.more, ...(await repo.readMark(db)) };
    },

    totals: () => repo.readMark(db),

    /** GET /reserves/allocation: the bars behind the customer's grams, a page in bar order. */
    async mine(userId: string, query: { cursor?: CursorKey; pageSize: number }): Promise<BarAllocationResponse> {
      const accounts = [userId];
      const [rows, waiting, mark] = await Promise.all([
        repo.barsOfAccounts(db, accounts, query.cursor, query.pageSize + 1),
        repo.waitingOfAccounts(db, accounts),
        repo.readMark(db),
      ]);
      const page = cutPage(rows, query.pageSize, (r) => ({ at: r.key, id: r.id }));
      return {
        data: page.items.map((r) => ({
          barId: r.id,
          serial: r.serial,
          refinery: r.refinery,
          fineGrams: fromUnits(BigInt(r.fine_grams), 'GOLD'),
          myGrams: fromUnits(BigInt(r.grams), 'GOLD'),
          share: shareOf(BigInt(r.grams), BigInt(r.fine_grams)),
        })),
        unallocatedGrams: fromUnits(waiting, 'GOLD'),
        computedAt: mark.computedAt?.toISOString() ?? null,
        nextCursor: page.nextCursor,
      };
    },

    /**
     * The check the tests hold the allocation to: each customer's rows and remainder equal the
     * gold they are owed, the platform's equal the rest of what the ledger issued, and the stored
     * totals equal the rows. Reads everything: tests and audits, never a request.
     */
    async check() {
      const [balances, allocated, mark, owed] = await Promise.all([
        ledger.goldLiabilityBalances(),
        repo.wholeAllocation(db),
        repo.readMark(db),
        ledger.issued('GOLD'),
      ]);
      let customers = 0n;
      for (const v of balances.values()) customers += v;
      balances.set(PLATFORM_HOLDER, owed - customers);
      const differing: string[] = [];
      for (const id of new Set([...balances.keys(), ...allocated.keys()]))
        if ((balances.get(id) ?? 0n) !== (allocated.get(id) ?? 0n)) differing.push(id);
      let whole = 0n;
      for (const v of allocated.values()) whole += v;
      return { differing, owed, whole, allocated: mark.allocated, unallocated: mark.unallocated };
    },
  };
}

export type Allocation = ReturnType<typeof createAllocation>;
