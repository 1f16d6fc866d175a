import { STAKING_TERMS } from '@qmgt/contracts';

/* Staking maths, pure: QMGT in 1e-18 units, simple interest, rounded down. */

const DAY_MS = 86_400_000;

export function termOf(termDays: number) {
  const term = STAKING_TERMS.find((t) => t.termDays === termDays);
  if (!term) throw new Error(`no staking term of ${termDays} days`);
  return term;
}

/** Simple interest for the whole term: principal x APR x days / 365. */
export function interestFor(principal: bigint, aprBps: number, termDays: number): bigint {
  return (principal * BigInt(aprBps) * BigInt(termDays)) / (10_000n * 365n);
}

export const maturityOf = (startsAt: Date, termDays: number) => new Date(startsAt.getTime() + termDays * DAY_MS);

/** Interest earned by `now`, in proportion to the time elapsed, never more than the term's. */
export function accruedBy(
  position: { amount: bigint; aprBps: number; termDays: number; startsAt: Date },
  now: Date,
): bigint {
  const termMs = BigInt(position.termDays * DAY_MS);
  const elapsed = BigInt(
    Math.max(0, Math.min(now.getTime() - position.startsAt.getTime(), position.termDays * DAY_MS)),
  );
  return (interestFor(position.amount, position.aprBps, position.termDays) * elapsed) / termMs;
}
