import { eq, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Db } from '../../db/client.js';
import type { Address, ChainPort } from '../../adapters/chain/port.js';
import { usersService } from '../users/index.js';
import { scanCursors, walletDepositAddresses } from './wallet.schema.js';

const BACKFILL_CURSOR = 'deposit-addresses';
/** Customers per backfill step: one page query, one lookup of who already has an address, one insert. */
export const BACKFILL_PAGE = 1_000;
/** Steps one pass may take before it yields to the deposit scan; a first fill resumes next pass. */
const BACKFILL_BUDGET_MS = 1_000;
/**
 * A wallet index is taken when a registration's INSERT runs, not when it commits, so a
 * registration still in flight can commit below indexes already seen. The stored cursor stays
 * behind customers younger than this, so a late commit is still found; re-reading them costs
 * one indexed lookup of rows that already have addresses.
 */
const SETTLE_MS = 60_000;
/** A derivation is ~0.5 ms of CPU: yield to the event loop between slices so requests do not wait on a page. */
const DERIVATIONS_PER_SLICE = 100;
/** Recipients per lookup: bounds one statement's parameter when a wide range has many recipients. */
const LOOKUP_CHUNK = 5_000;

export interface DepositAddresses {
  /**
   * The user's custodial address. A customer's is derived once and stored, so the deposit
   * watcher can match it; an operator's is derived and not stored (operators hold no wallet
   * balance and the watcher credits customers only).
   */
  ownAddress(user: { id: string; walletIndex: number; role: string }): Promise<Address>;
  /** Which customers own these addresses (any case): lower-case address -> user id, one indexed query per chunk. */
  owners(addresses: readonly string[]): Promise<Map<string, string>>;
  /**
   * Derives and stores the addresses of customers who have none, in wallet-index order from a
   * stored cursor, a page at a time, within a time budget. `caughtUp`: the last page was
   * short, so every customer registered before this pass has an address.
   */
  backfill(options?: { pageSize?: number; budgetMs?: number }): Promise<{ derived: number; caughtUp: boolean }>;
}

export function createDepositAddresses(deps: { db: Db; chain: Pick<ChainPort, 'depositAddress'> }): DepositAddresses {
  const { db, chain } = deps;

  async function storedAddress(userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ address: walletDepositAddresses.address })
      .from(walletDepositAddresses)
      .where(eq(walletDepositAddresses.userId, userId))
      .limit(1);
    return row?.address;
  }

  async function usersWithAddresses(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .select({ userId: walletDepositAddresses.userId })
      .from(walletDepositAddresses)
      .where(sql`${walletDepositAddresses.userId} = ANY(string_to_array(${userIds.join(',')}, ',')::uuid[])`);
    return new Set(rows.map((r) => r.userId));
  }

  /** Derives and stores the addresses of the page's customers who have none; answers how many it derived. */
  async function fill(page: readonly { id: string; walletIndex: number }[]): Promise<number> {
    const have = await usersWithAddresses(page.map((c) => c.id));
    const missing = page.filter((c) => !have.has(c.id));
    const rows: { userId: string; address: string }[] = [];
    for (const customer of missing) {
      if (rows.length > 0 && rows.length % DERIVATIONS_PER_SLICE === 0)
        await new Promise<void>((resolve) => setImmediate(resolve));
      rows.push({ userId: customer.id, address: chain.depositAddress(customer.walletIndex).toLowerCase() });
    }
    // Another process filling the same page, or the customer's own first request, may have stored some.
    if (rows.length > 0) await db.insert(walletDepositAddresses).values(rows).onConflictDoNothing();
    return rows.length;
  }

  async function backfillCursor(): Promise<number> {
    const [row] = await db
      .select({ position: scanCursors.position })
      .from(scanCursors)
      .where(eq(scanCursors.name, BACKFILL_CURSOR))
      .limit(1);
    return row ? Number(row.position) : -1;
  }

  return {
    async ownAddress(user) {
      if (user.role !== 'customer') return chain.depositAddress(user.walletIndex);
      const stored = await storedAddress(user.id);
      if (stored) return getAddress(stored);
      const address = chain.depositAddress(user.walletIndex);
      await db
        .insert(walletDepositAddresses)
        .values({ userId: user.id, address: address.toLowerCase() })
        .onConflictDoNothing();
      return address;
    },

    async owners(addresses) {
      const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
      const owners = new Map<string, string>();
      for (let i = 0; i < wanted.length; i += LOOKUP_CHUNK) {
        const chunk = wanted.slice(i, i + LOOKUP_CHUNK);
        const rows = await db
          .select({ userId: walletDepositAddresses.userId, address: walletDepositAddresses.address })
          .from(walletDepositAddresses)
          .where(sql`${walletDepositAddresses.address} = ANY(string_to_array(${chunk.join(',')}, ','))`);
        for (const row of rows) owners.set(row.address, row.userId);
      }
      return owners;
    },

    async backfill(options = {}) {
      const pageSize = options.pageSize ?? BACKFILL_PAGE;
      const budgetMs = options.budgetMs ?? BACKFILL_BUDGET_MS;
      const started = Date.now();
      const settledBefore = started - SETTLE_MS;
      const stored = await backfillCursor();
      let position = stored;
      let settled = stored;
      let settling = true;
      let derived = 0;
      let caughtUp = false;
      for (;;) {
        const page = await usersService.customersByWalletIndex(db, position, pageSize);
        derived += await fill(page);
        for (const customer of page) {
          if (settling && customer.createdAt.getTime() < settledBefore) settled = customer.walletIndex;
          else settling = false;
        }
        position = page.at(-1)?.walletIndex ?? position;
        if (page.length < pageSize) {
          caughtUp = true;
          break;
        }
        if (Date.now() - started >= budgetMs) break;
      }
      if (settled > stored) {
        // GREATEST: a slower process finishing an older page must not move the cursor back.
        await db
          .insert(scanCursors)
          .values({ name: BACKFILL_CURSOR, position: settled.toString() })
          .onConflictDoUpdate({
            target: scanCursors.name,
            set: { position: sql`GREATEST(${scanCursors.position}, excluded.position)`, updatedAt: new Date() },
          });
      }
      return { derived, caughtUp };
    },
  };
}
