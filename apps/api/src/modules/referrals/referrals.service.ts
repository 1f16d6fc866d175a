import {
  AmountError,
  cutPage,
  encodeCursor,
  fromUnits,
  toUnits,
  type AffiliatesQuery,
  type AffiliatesResponse,
  type Reward,
  type RewardRequest,
  type RewardsQuery,
  type RewardsResponse,
  type Transaction,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { MarketService } from '../market/index.js';
import { QuoteError, quoteSwap, type PricingPolicy } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import { usersService } from '../users/index.js';
import * as repo from './referrals.repository.js';
import type { RewardRequestRow, RewardRow } from './referrals.repository.js';
import type { InputOf, MoneyOperationKind } from '../money/index.js';

/**
 * A payout request's status mail, an outbox kind: owed when the operator decides it (not when
 * it is filed), by a trigger on its status (sql/outbox_owe_status_mail.sql), in the operation's transaction.
 */
export const REWARD_MAIL = 'referrals.reward-request';

export interface ReferralsDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  policy: PricingPolicy;
  transactions: TransactionsService;
  now?: () => Date;
}

function parseQmgt(amount: string, field = 'amount'): bigint {
  try {
    const units = toUnits(amount, 'QMGT');
    if (units <= 0n) throw unprocessable('The amount must be more than zero.', { field });
    return units;
  } catch (error) {
    if (error instanceof AmountError) throw unprocessable(`${error.message}.`, { field });
    throw error;
  }
}

/** A stored reward as the customer sees it: vesting turns claimable once its date has passed. */
export function rewardStatus(row: Pick<RewardRow, 'status' | 'vestsAt'>, now: Date): Reward['status'] {
  if (row.status === 'vesting' && row.vestsAt.getTime() <= now.getTime()) return 'claimable';
  return row.status;
}

export const requestWire = (row: RewardRequestRow): RewardRequest => ({
  id: row.id,
  code: row.code,
  amountQmgt: fromUnits(BigInt(row.amount), 'QMGT'),
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
});

/**
 * Referral rewards: credited by the money engine inside every purchase (0010), listed,
 * claimed, sold or requested for payout here; each movement one operation type.
 */
export function createReferralsService(deps: ReferralsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** One money operation of this product, as this customer, now (the engine's typed entry). */
  const execute = <K extends MoneyOperationKind>(
    op: { kind: K } & InputOf<K>,
    userId: string,
    claim: IdempotencyClaim,
    at: Date = now(),
  ) => deps.money.run<K>(userId, op, { now: at, claim });

  return {
    /** GET /rewards: one page of rewards (newest first, by key) with their sources, and totals per status. */
    async rewards(userId: string, query: RewardsQuery): Promise<RewardsResponse> {
      const at = now();
      const page = cutPage(
        await repo.rewardsPage(db, userId, query.cursor, query.pageSize + 1),
        query.pageSize,
        (r) => ({
          at: r.key,
          id: r.row.id,
        }),
      );
      const rows = page.items.map((r) => r.row);
      const sources = await usersService.byIds(
        db,
        rows.map((r) => r.sourceUserId),
      );
      const totals = await repo.rewardTotals(db, userId, at);
      const total = (status: string) => fromUnits(totals.get(status) ?? 0n, 'QMGT');
      return {
        rewards: rows.map((r) => ({
          id: r.id,
          source: { type: r.sourceType, code: r.sourceCode, username: sources.get(r.sourceUserId)?.username ?? '' },
          level: r.level,
          purchaseUsdt: fromUnits(BigInt(r.purchaseUsdt), 'USDT'),
          amountQmgt: fromUnits(BigInt(r.amount), 'QMGT'),
          vestsAt: r.vestsAt.toISOString(),
          status: rewardStatus(r, at),
          createdAt: r.createdAt.toISOString(),
        })),
        totals: {
          vesting: total('vesting'),
          claimable: total('claimable'),
          requested: total('requested'),
          claimed: total('claimed'),
          paid: total('paid'),
          sold: total('sold'),
        },
        nextCursor: page.nextCursor,
      };
    },

    /** POST /claim-token: one vested reward to available QMGT (minted on chain). */
    async claim(userId: string, rewardId: string, claim: IdempotencyClaim) {
      const answer = await execute(
        { kind: 'reward_claim', rewardId, code: newTransactionCode('REWARD') },
        userId,
        claim,
      );
      return { transaction: deps.transactions.fromEngine(answer.transaction!), replayed: answer.replayed === true };
    },

    /** POST /token-reward: vested rewards worth `amount` wait for an operator's payout. */
    async requestPayout(userId: string, amount: string, claim: IdempotencyClaim): Promise<RewardRequest> {
      const units = parseQmgt(amount);
      const answer = await execute(
        { kind: 'reward_payout_request', amount: units.toString(), code: newTransactionCode('REWARD') },
        userId,
        claim,
      );
      const row = await repo.requestById(db, String(answer.requestId));
      if (!row) throw new Error('payout request answered without its row');
      return requestWire(row);
    },

    async myRequests(userId: string): Promise<RewardRequest[]> {
      return (await repo.requestsOf(db, userId)).map(requestWire);
    },

    /** POST /sell-token-only-vesting: vested rewards sold at the sell price, never below `minAmountOut`. */
    async sellVested(
      userId: string,
      request: { amount: string; minAmountOut: string },
      claim: IdempotencyClaim,
    ): Promise<{ transaction: Transaction; replayed: boolean }> {
      const amountIn = parseQmgt(request.amount);
      let minAmountOut: bigint;
      try {
        minAmountOut = toUnits(request.minAmountOut, 'USDT');
      } catch (error) {
        if (error instanceof AmountError) throw unprocessable(`${error.message}.`, { field: 'minAmountOut' });
        throw error;
      }
      const { usdPerGram } = await deps.market.spot();
      let q;
      try {
        q = quoteSwap({ from: 'QMGT', to: 'USDT' }, amountIn, usdPerGram, deps.policy);
      } catch (error) {
        if (error instanceof QuoteError) throw unprocessable(error.message, { field: 'amount' });
        throw error;
      }
      const answer = await execute(
        {
          kind: 'reward_sell',
          amountIn: q.amountIn.toString(),
          amountOut: q.amountOut.toString(),
          fee: q.fee.toString(),
          price: q.price.toString(),
          minAmountOut: minAmountOut.toString(),
          code: newTransactionCode('REWARD'),
        },
        userId,
        claim,
      );
      return { transaction: deps.transactions.fromEngine(answer.transaction!), replayed: answer.replayed === true };
    },

    /**
     * GET /affiliates: the downline three levels deep, a page of members by key with the volume
     * that rewarded the caller, and per-level counts and volumes, all read from the counters
     * kept at registration and purchase (migration 0034): nothing is summed per call.
     */
    async affiliates(userId: string, query: AffiliatesQuery): Promise<AffiliatesResponse> {
      // A cursor is a position in (level, newest first): one without a level is in level 1. Asked
      // of one level, a cursor in an earlier level starts it from the top, a later one is past its end.
      const cursor = query.cursor && { ...query.cursor, level: query.cursor.level ?? 1 };
      const offset = !cursor && query.page ? (query.page - 1) * query.pageSize : 0;
      const found = query.search
        ? await repo.affiliateSearchPage(
            db,
            userId,
            { level: query.level, search: query.search, cursor, offset },
            query.pageSize + 1,
          )
        : {
            rows: await repo.affiliateMembersPage(
              db,
              userId,
              { level: query.level, cursor, offset },
              query.pageSize + 1,
            ),
          };
      const keyOf = (m: repo.AffiliateMemberRow) => ({ at: m.key, id: m.id, level: m.level });
      const page = cutPage(found.rows, query.pageSize, keyOf);
      // A search that used its walk before the page was full goes on from where it stopped.
      const nextCursor = page.nextCursor ?? (found.resumeAt ? encodeCursor(keyOf(found.resumeAt)) : null);
      const counters = await repo.affiliateLevelsOf(db, userId);
      const levels = [1, 2, 3].map((level) => ({
        level,
        count: counters.get(level)?.members ?? 0,
        volumeUsdt: fromUnits(counters.get(level)?.volumeUsdt ?? 0n, 'USDT'),
      }));
      return {
        members: page.items.map((m) => ({
          username: m.username,
          level: m.level,
          joinedAt: m.joinedAt,
          kycVerified: m.kycStatus,
          volumeUsdt: fromUnits(BigInt(m.volumeUsdt), 'USDT'),
        })),
        levels,
        total: query.search
          ? null
          : levels.filter((l) => query.level === undefined || l.level === query.level).reduce((n, l) => n + l.count, 0),
        nextCursor,
      };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
