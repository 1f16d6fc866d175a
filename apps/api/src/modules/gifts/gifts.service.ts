import {
  QUOTE_TTL_MS,
  cutPage,
  fromUnits,
  type Gift,
  type GiftQuote,
  type GiftQuoteRequest,
  type GiftRequest,
  type GiftsQuery,
  type GiftsResponse,
  type Transaction,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { unprocessable } from '../../lib/errors.js';
import { findRecipient, maskedNames } from '../../lib/recipients.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { KycService } from '../kyc/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MarketService } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import { usersService } from '../users/index.js';
import * as repo from './gifts.repository.js';
import type { GiftRow } from './gifts.repository.js';
import { GiftRuleError, escrowUntil, giftGrams, giftValue, maskedEmail } from './gifts.rules.js';

/** Outbox kinds: a gift credited to its recipient, an invitation to an address, a gift returned, a claim owed. */
export const GIFT_RECEIVED = 'gifts.received';
export const GIFT_INVITED = 'gifts.invited';
export const GIFT_RETURNED = 'gifts.returned';
export const GIFT_CLAIM = 'gifts.claim';

/** How many gifts one pass settles before it looks again (a page, not every gift at once). */
const PASS_PAGE = 100;

export interface GiftsDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  ledger: LedgerService;
  transactions: TransactionsService;
  kyc: Pick<KycService, 'formsOf'>;
  now?: () => Date;
}

function byRules<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof GiftRuleError) throw unprocessable(error.message, { field: error.field });
    throw error;
  }
}

/**
 * Gift gold (DESIGN.md section 11, decision 021): grams from the sender's GSA to another
 * customer's GSA, or into escrow for an address no verified customer has, claimed when that
 * address is a verified customer's or returned after 30 days.
 */
export function createGiftsService(deps: GiftsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const names = (ids: readonly string[]) => maskedNames(db, (userIds) => deps.kyc.formsOf(userIds), ids);

  function wire(row: GiftRow, viewer: string, name: (id: string) => string): Gift {
    const sent = row.senderId === viewer;
    const counterparty = sent
      ? row.recipientId
        ? name(row.recipientId)
        : maskedEmail(row.invitedEmail ?? '')
      : name(row.senderId);
    return {
      id: row.id,
      code: row.code,
      direction: sent ? 'sent' : 'received',
      counterparty,
      invited: row.invitedEmail !== null,
      grams: fromUnits(BigInt(row.grams), 'GOLD'),
      valueUsdt: fromUnits(BigInt(row.value), 'USDT'),
      message: row.message,
      status: row.status,
      expiresAt: row.status === 'waiting' ? (row.expiresAt?.toISOString() ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  async function toWire(row: GiftRow, viewer: string): Promise<Gift> {
    const named = await names([row.senderId, ...(row.recipientId ? [row.recipientId] : [])]);
    return wire(row, viewer, (id) => named.get(id) ?? '');
  }

  /** Claims one gift for the verified customer who has its address: books once, whoever asks first. */
  const claim = (userId: string, giftId: string, at: Date) =>
    deps.money.run(userId, { kind: 'gift_claim', giftId, code: newTransactionCode('GIFT') }, { now: at });

  return {
    toWire,
    row: (id: string) => repo.giftById(db, id),

    /** POST /gifts/quote: who receives (masked, or invited), the grams and their value, held 30 s. */
    async quote(userId: string, body: GiftQuoteRequest): Promise<GiftQuote> {
      const found = await findRecipient(db, userId, body.recipient, 'You cannot gift gold to yourself.');
      const held = (await deps.ledger.balances(userId)).GOLD.available;
      const grams = byRules(() => giftGrams(body.grams, held));
      const { usdPerGram } = await deps.market.spot();
      const value = giftValue(grams, usdPerGram);
      const message = body.message?.trim() || null;
      const expiresAt = new Date(now().getTime() + QUOTE_TTL_MS);
      const row = await repo.insertQuote(db, {
        userId,
        recipientId: 'user' in found ? found.user.id : null,
        invitedEmail: 'email' in found ? found.email : null,
        grams: grams.toString(),
        value: value.toString(),
        price: usdPerGram.toString(),
        message,
        expiresAt,
      });
      const recipient =
        'user' in found
          ? { maskedName: (await names([found.user.id])).get(found.user.id) ?? '' }
          : { invited: true as const };
      return {
        quoteId: row.id,
        recipient,
        grams: fromUnits(grams, 'GOLD'),
        valueUsdt: fromUnits(value, 'USDT'),
        message,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** POST /gifts: the quoted gift, one money operation under the Idempotency-Key. */
    async send(
      userId: string,
      body: GiftRequest,
      claimed: IdempotencyClaim,
    ): Promise<{ gift: Gift; transaction: Transaction; replayed: boolean }> {
      const at = now();
      const answer = await deps.money.run(
        userId,
        {
          kind: 'gift_send',
          quoteId: body.quoteId,
          code: newTransactionCode('GIFT'),
          recipientCode: newTransactionCode('GIFT'),
          escrowUntil: escrowUntil(at).toISOString(),
        },
        { now: at, claim: claimed },
      );
      const row = await repo.giftById(db, answer.giftId);
      if (!row) throw new Error('gift_send answered without its gift');
      const transaction = await deps.transactions.byIdForOwner(userId, row.senderTransactionId);
      if (!transaction) throw new Error('gift_send answered without its transaction');
      return { gift: await toWire(row, userId), transaction, replayed: !!answer.replayed };
    },

    /** GET /gifts: sent, received and waiting for the caller's address, newest first, a page by key. */
    async list(userId: string, query: GiftsQuery): Promise<GiftsResponse> {
      const user = await usersService.findById(db, userId);
      if (!user) return { data: [], nextCursor: null };
      const page = cutPage(
        await repo.giftsOfPage(db, { id: user.id, email: user.email }, query.cursor, query.pageSize + 1),
        query.pageSize,
        (r) => ({ at: r.key, id: r.row.id }),
      );
      const rows = page.items.map((r) => r.row);
      const named = await names(rows.flatMap((r) => [r.senderId, ...(r.recipientId ? [r.recipientId] : [])]));
      return { data: rows.map((r) => wire(r, userId, (id) => named.get(id) ?? '')), nextCursor: page.nextCursor };
    },

    /** The claim a KYC decision owed: every gift waiting for the customer's address. */
    async claimFor(userId: string): Promise<number> {
      const user = await usersService.findById(db, userId);
      if (!user || user.kycStatus !== 'Verified') return 0;
      let claimed = 0;
      for (const { id } of await repo.waitingFor(db, user.email)) {
        if ((await claim(userId, id, now())).outcome === 'claimed') claimed++;
      }
      return claimed;
    },

    /** The pass that finds claims a missed event left (job gifts.claims). */
    async runClaims(at: Date = now()): Promise<number> {
      let claimed = 0;
      for (;;) {
        const due = await repo.claimable(db, at, PASS_PAGE);
        for (const c of due) if ((await claim(c.userId, c.giftId, at)).outcome === 'claimed') claimed++;
        if (due.length < PASS_PAGE) return claimed;
      }
    },

    /**
     * The expiry pass (job gifts.expiry): every waiting gift due at `at` back to its sender,
     * read through gifts_waiting_expiry_idx. Each return is conditional on the gift still
     * waiting, so two passes at once return a gift once.
     */
    async returnDue(at: Date = now()): Promise<number> {
      let returned = 0;
      for (;;) {
        const due = await repo.dueGifts(db, at, PASS_PAGE);
        for (const gift of due) {
          const answer = await deps.money.run(gift.senderId, { kind: 'gift_return', giftId: gift.id }, { now: at });
          if (answer.outcome === 'returned') returned++;
        }
        if (due.length < PASS_PAGE) return returned;
      }
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
