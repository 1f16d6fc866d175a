import { AmountError, fromUnits, toUnits, type UsdauRequest, type UsdauRequestBody } from '@qmgt/contracts';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { ApplicationUnavailable, badRequest, notFound, unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { MarketService } from '../market/index.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import { usersService } from '../users/index.js';
import * as repo from './usdau.repository.js';
import type { UsdauRequestRow } from './usdau.repository.js';
import { UsdauRuleError, payableAddress, usdauPayout } from './usdau.rules.js';
import type { InputOf, MoneyOperationKind } from '../money/index.js';

/**
 * A USDAU request's status mail, an outbox kind: owed when it is filed and when it is decided,
 * by a trigger on its status (sql/outbox_owe_status_mail.sql), in the operation's transaction.
 */
export const USDAU_MAIL = 'usdau.request';
export interface UsdauMail {
  id: string;
  status: string;
}

export interface UsdauDeps {
  db: Db;
  money: MoneyEngine;
  market: MarketService;
  transactions: TransactionsService;
  /** Whether a USDAU token is configured on the chain: without one nothing can be approved. */
  canPay: () => boolean;
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
    row: (id: string) => repo.byId(db, id),

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
      return Promise.all((await repo.ofUser(db, userId)).map(toWire));
    },

    async queue() {
      return usersService.withCustomers(db, await repo.queue(db), toWire);
    },

    /** An operator approves (the payout is booked and sent on chain) or rejects (the grams return). Audited. */
    async decide(
      operatorId: string,
      id: string,
      decision: 'approve' | 'reject',
      reason: string | undefined,
      claim: IdempotencyClaim,
      ip: string | null,
    ): Promise<UsdauRequest> {
      const row = await repo.byId(db, id);
      if (!row) throw notFound('USDAU request not found.');
      if (decision === 'reject' && !reason?.trim())
        throw badRequest('Give the customer a reason for the rejection.', { field: 'reason' });
      if (decision === 'approve' && !deps.canPay())
        throw new ApplicationUnavailable('No USDAU token is configured (USDAU_ADDRESS): the payout cannot be sent.');
      const answer = await execute(
        { kind: 'usdau_decide', requestId: id, decision, operatorId, reason: reason?.trim() ?? null },
        row.userId,
        claim,
      );
      if (!answer.replayed) {
        await audit(db, {
          action: `usdau.request.${decision}`,
          actorId: operatorId,
          subjectId: row.userId,
          detail: `${row.code}${reason ? `: ${reason.trim().slice(0, 400)}` : ''}`,
          ip,
        });
      }
      return toWire((await repo.byId(db, id))!);
    },
  };
}

export type UsdauService = ReturnType<typeof createUsdauService>;
