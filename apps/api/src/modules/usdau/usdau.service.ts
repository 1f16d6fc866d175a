import {
  AmountError,
  fromUnits,
  toUnits,
  type Transaction,
  type UsdauRequest,
  type UsdauRequestBody,
} from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { MarketService } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import * as repo from './usdau.repository.js';
import type { UsdauRequestRow } from './usdau.repository.js';
import { UsdauRuleError, payableAddress, usdauPayout } from './usdau.rules.js';
import type { InputOf, MoneyOperationKind } from '../money/index.js';

/**
 * A USDAU request's status mail, an outbox kind: owed when it is filed and when it is decided,
 * by a trigger on its status (sql/outbox_owe_status_mail.sql), in the operation's transaction.
 */
export const USDAU_MAIL = 'usdau.request';

export interface UsdauDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  transactions: TransactionsService;
  now?: () => Date;
}

function byRules<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof UsdauRuleError) throw unprocessable(error.message, { field: error.field });
    if (error instanceof AmountError) throw unprocessable(`${error.message}.`, { field: 'grams' });
    throw error;
  }
}

/**
 * USDAU Request External: a customer asks for grams of their GSA to be paid out as USDAU to
 * an external address; the grams are locked until an operator decides; an approval books the
 * payout and the settlement sender makes the transfer on chain (migration 0013).
 */
export function createUsdauService(deps: UsdauDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** One money operation of this product, as this customer, now (the engine's typed entry). */
  const execute = <K extends MoneyOperationKind>(
    op: { kind: K } & InputOf<K>,
    userId: string,
    claim?: IdempotencyClaim,
    at: Date = now(),
  ) => deps.money.run<K>(userId, op, { now: at, claim });

  /** The request as the customer follows it: its payout's transaction tells whether it was sent. */
  async function toWire(row: UsdauRequestRow): Promise<UsdauRequest> {
    const payout = row.transactionId ? await deps.transactions.byIdForOwner(row.userId, row.transactionId) : undefined;
    return wireOf(row, payout);
  }

  /** Requests with their payouts read in one query (the operator's queue page). */
  async function toWires(rows: UsdauRequestRow[]): Promise<UsdauRequest[]> {
    const payouts = await deps.transactions.byIds(rows.map((r) => r.transactionId));
    return rows.map((row) => wireOf(row, row.transactionId ? payouts.get(row.transactionId) : undefined));
  }

  function wireOf(row: UsdauRequestRow, payout: Transaction | undefined): UsdauRequest {
    const status =
      row.status === 'requested'
        ? 'pending'
        : row.status === 'rejected'
          ? 'rejected'
          : payout?.status === 'completed'
            ? 'sent'
            : payout?.status === 'failed'
              ? 'failed'
              : 'approved';
    return {
      id: row.id,
      code: row.code,
      grams: fromUnits(BigInt(row.grams), 'GOLD'),
      address: row.address,
      usdauAmount: fromUnits(BigInt(row.usdauAmount), 'USDAU'),
      price: fromUnits(BigInt(row.price), 'USDT'),
      status,
      reason: row.status === 'rejected' ? row.reason : status === 'failed' ? (payout?.failureReason ?? null) : null,
      txHash: payout?.txHash ?? null,
      explorerUrl: payout?.explorerUrl ?? null,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  return {
    toWire,
    toWires,

    /** POST /request-external-usdau: grams of the GSA locked against a USDAU payout at today's price. */
    async request(
      userId: string,
      body: UsdauRequestBody,
      claim: IdempotencyClaim,
    ): Promise<{ request: UsdauRequest; replayed: boolean }> {
      const grams = byRules(() => toUnits(body.grams, 'GOLD'));
      const address = byRules(() => payableAddress(body.address));
      const { usdPerGram } = await deps.market.spot();
      const { price, usdauAmount } = byRules(() => usdauPayout(grams, usdPerGram));
      const answer = await execute(
        {
          kind: 'usdau_request',
          code: newTransactionCode('USDAU'),
          grams: grams.toString(),
          address,
          price: price.toString(),
          usdauAmount: usdauAmount.toString(),
        },
        userId,
        claim,
      );
      const row = await repo.byId(db, String(answer.requestId));
      if (!row) throw new Error('usdau_request answered without its row');
      return { request: await toWire(row), replayed: !!answer.replayed };
    },

    /** GET /request-external-usdau: the caller's requests, newest first. */
    async list(userId: string): Promise<UsdauRequest[]> {
      return toWires(await repo.ofUser(db, userId));
    },
  };
}

export type UsdauService = ReturnType<typeof createUsdauService>;
