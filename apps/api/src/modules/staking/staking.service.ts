import {
  AmountError,
  STAKING_TERMS,
  fromUnits,
  toUnits,
  type StakeRequest,
  type StakingPosition,
  type StakingPreview,
  type Transaction,
} from '@qmgt/contracts';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forbidden, unprocessable } from '../../lib/errors.js';
import type { IdempotencyClaim } from '../../plugins/idempotency.js';
import type { MoneyEngine } from '../money/index.js';
import { newTransactionCode, type TransactionsService } from '../transactions/index.js';
import { usersService } from '../users/index.js';
import { accruedBy, interestFor, maturityOf, termOf } from './staking.rules.js';
import { stakingPositions } from './staking.schema.js';

type PositionRow = typeof stakingPositions.$inferSelect;

export interface StakingDeps {
  db: Db;
  money: MoneyEngine;
  transactions: TransactionsService;
  now?: () => Date;
}

/** The smallest stake: 0.01 QMGT, as the smallest sale. */
const MIN_STAKE = toUnits('0.01', 'QMGT');

/** Staking QMGT+: stake, positions, early unstake and the maturity job, each movement an operation type (0011). */
export function createStakingService(deps: StakingDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  function wire(row: PositionRow, at: Date): StakingPosition {
    const amount = BigInt(row.amount);
    const accrued =
      row.status === 'active'
        ? accruedBy({ amount, aprBps: row.aprBps, termDays: row.termDays, startsAt: row.startsAt }, at)
        : row.status === 'matured'
          ? BigInt(row.interest)
          : 0n;
    return {
      id: row.id,
      code: row.code,
      amount: fromUnits(amount, 'QMGT'),
      termDays: row.termDays,
      aprBps: row.aprBps,
      interest: fromUnits(BigInt(row.interest), 'QMGT'),
      accrued: fromUnits(accrued, 'QMGT'),
      startsAt: row.startsAt.toISOString(),
      maturesAt: row.maturesAt.toISOString(),
      status: row.status,
      closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    };
  }

  async function requireUpline(userId: string) {
    if (!(await usersService.hasUpline(db, userId)))
      throw forbidden('Staking QMGT+ is open to customers who joined through a referral.');
  }

  function figures(request: StakeRequest, at: Date) {
    let amount: bigint;
    try {
      amount = toUnits(request.amount, 'QMGT');
    } catch (error) {
      if (error instanceof AmountError) throw unprocessable(`${error.message}.`, { field: 'amount' });
      throw error;
    }
    if (amount < MIN_STAKE) throw unprocessable('The smallest stake is 0.01 QMGT.', { field: 'amount' });
    const term = termOf(request.termDays);
    return {
      amount,
      term,
      interest: interestFor(amount, term.aprBps, term.termDays),
      maturesAt: maturityOf(at, term.termDays),
    };
  }

  async function closeOne(
    userId: string,
    positionId: string,
    reason: 'unstake' | 'maturity',
    at: Date,
    claim?: IdempotencyClaim,
  ) {
    return deps.money.run(
      userId,
      { kind: 'staking_close', positionId, reason, code: newTransactionCode('STAKING') },
      { now: at, claim },
    );
  }

  return {
    terms: () => ({ terms: STAKING_TERMS.map((t) => ({ ...t })) }),

    async preview(userId: string, request: StakeRequest): Promise<StakingPreview> {
      await requireUpline(userId);
      const f = figures(request, now());
      return {
        amount: fromUnits(f.amount, 'QMGT'),
        termDays: f.term.termDays,
        aprBps: f.term.aprBps,
        interest: fromUnits(f.interest, 'QMGT'),
        maturesAt: f.maturesAt.toISOString(),
      };
    },

    async stake(userId: string, request: StakeRequest, claim: IdempotencyClaim) {
      await requireUpline(userId);
      const at = now();
      const f = figures(request, at);
      const answer = await deps.money.run(
        userId,
        {
          kind: 'staking_stake',
          code: newTransactionCode('STAKING'),
          amount: f.amount.toString(),
          termDays: f.term.termDays,
          aprBps: f.term.aprBps,
          interest: f.interest.toString(),
          maturesAt: f.maturesAt.toISOString(),
        },
        { now: at, claim },
      );
      const [row] = await db
        .select()
        .from(stakingPositions)
        .where(eq(stakingPositions.id, String(answer.positionId)));
      return { position: wire(row!, at), replayed: answer.replayed === true };
    },

    async positions(userId: string): Promise<StakingPosition[]> {
      const at = now();
      const rows = await db
        .select()
        .from(stakingPositions)
        .where(eq(stakingPositions.userId, userId))
        .orderBy(desc(stakingPositions.startsAt))
        .limit(200);
      return rows.map((r) => wire(r, at));
    },

    /** Early unstake: the principal back, the interest forfeited (after maturity it is the maturity payment). */
    async unstake(userId: string, positionId: string, claim: IdempotencyClaim): Promise<{ transaction: Transaction }> {
      const answer = await closeOne(userId, positionId, 'unstake', now(), claim);
      return { transaction: deps.transactions.fromEngine(answer.transaction!) };
    },

    /** The maturity job's pass at `at`: every due position is paid once (its status is the guard). */
    async runMaturities(at: Date = now()): Promise<number> {
      const due = await db
        .select({ id: stakingPositions.id, userId: stakingPositions.userId })
        .from(stakingPositions)
        .where(and(eq(stakingPositions.status, 'active'), lte(stakingPositions.maturesAt, at)))
        .orderBy(asc(stakingPositions.maturesAt))
        .limit(200);
      let paid = 0;
      for (const position of due) {
        try {
          const answer = await closeOne(position.userId, position.id, 'maturity', at);
          if (answer.outcome === 'matured') paid++;
        } catch (error) {
          // Closed meanwhile (another process, or the customer): nothing to pay.
          if ((error as { status?: number }).status !== 409) throw error;
        }
      }
      return paid;
    },
  };
}

export type StakingService = ReturnType<typeof createStakingService>;
