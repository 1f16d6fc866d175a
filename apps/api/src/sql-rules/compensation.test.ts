import { describe, expect, it } from 'vitest';
import { REFERRAL_RATES_BPS, toUnits } from '@qmgt/contracts';
import { rewardStatus } from '../modules/referrals/referrals.service.js';
import { interestFor, maturityOf } from '../modules/staking/staking.rules.js';
import { transactionId } from '../test/sql-kit.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';

/*
 * money_compensate.sql and referral_rewards_reverse.sql: a pending purchase the chain finally
 * refused is reversed posting by posting, its unclaimed rewards taken back from the uplines
 * (the rewards the TypeScript rule priced: 5/2/1% of the QMGT bought, rounded down), its
 * pending chain movements cancelled and its settled ones undone; a reward already claimed or
 * sold stays with its owner; a reversal that would overdraw a customer is left to an operator.
 */

const { k } = sqlRulesDatabase({
  // Rewards vest at once, so that one can be claimed or sold before the purchase is reversed.
  prepare: async (k) => {
    await k.rows(`UPDATE platform_settings SET value = '0' WHERE key = 'reward_vesting_days'`);
  },
});

const USDT = (v: string) => toUnits(v, 'USDT');
const SPOT = USDT('97.123456789');
const NOW = new Date();
const AMOUNT = USDT('321.123456789123456789');

async function compensate(txId: string, reason = 'The chain refused the mint.') {
  const [row] = await k.rows(`SELECT money_compensate($1::uuid, $2) AS done`, [txId, reason]);
  return row!.done as boolean;
}

const movements = async (txId: string) =>
  k.rows(
    `SELECT user_id::text, kind::text, status::text, amount::text FROM chain_movements
      WHERE transaction_id = $1 ORDER BY seq, user_id NULLS LAST`,
    [txId],
  );

async function rewards(txId: string) {
  return (
    await k.rows(
      `SELECT id::text, beneficiary_id::text AS who, level, amount::text AS amount, status, split_from::text AS split_from,
              (extract(epoch FROM vests_at) * 1000)::bigint::text AS vests_ms
         FROM referral_rewards WHERE source_transaction_id = $1 ORDER BY level, split_from NULLS FIRST`,
      [txId],
    )
  ).map((r) => ({
    id: String(r.id),
    who: String(r.who),
    level: Number(r.level),
    amount: BigInt(String(r.amount)),
    status: String(r.status),
    splitFrom: r.split_from === null ? null : String(r.split_from),
    vestsAt: new Date(Number(r.vests_ms)),
  }));
}

/** A buyer under three uplines buys QMGT (a pending transaction: its mint is on the outbox). */
async function purchase() {
  const l3 = await k.customer();
  const l2 = await k.customer(l3);
  const l1 = await k.customer(l2);
  const buyer = await k.customer(l1);
  await k.deposit(buyer, AMOUNT);
  const pool = await k.balance(null, 'QMGT', 'rewards_pool');
  const { answer, quote } = await k.buyQmgt(buyer, AMOUNT, SPOT, NOW);
  const txId = transactionId(answer);
  expect((await k.transaction(txId)).status).toBe('pending');
  return { buyer, uplines: [l1, l2, l3], txId, quote, pool };
}

describe('money_compensate and referral_rewards_reverse', () => {
  it('reverses the postings, takes back every unclaimed reward exactly, cancels the pending mint', async () => {
    const { buyer, uplines, txId, quote, pool } = await purchase();
    const bought = quote.amountOut + quote.fee;
    const credited = await rewards(txId);
    expect(credited.map((r) => r.amount)).toEqual(
      ([1, 2, 3] as const).map((level) => (bought * BigInt(REFERRAL_RATES_BPS[level])) / 10_000n),
    );
    expect(await compensate(txId)).toBe(true);
    const tx = await k.transaction(txId);
    expect(tx).toMatchObject({ status: 'failed', failureReason: 'The chain refused the mint.' });
    expect(await k.balance(buyer, 'USDT', 'available')).toBe(AMOUNT);
    expect(await k.balance(buyer, 'QMGT', 'available')).toBe(0n);
    for (const who of uplines) expect(await k.balance(who, 'QMGT', 'rewards')).toBe(0n);
    expect(await k.balance(null, 'QMGT', 'rewards_pool')).toBe(pool);
    const after = await rewards(txId);
    expect(after.map((r) => r.status)).toEqual(['reversed', 'reversed', 'reversed']);
    // TypeScript shows a reversed reward as reversed, never claimable, whatever its date.
    for (const r of after)
      expect(rewardStatus({ status: 'reversed', vestsAt: r.vestsAt }, new Date(r.vestsAt.getTime() + 1))).toBe(
        'reversed',
      );
    // The buyer's QMGT and the fee (the fees account's, user null) were both to be minted: both cancelled.
    expect(await movements(txId)).toEqual([
      { user_id: buyer, kind: 'mint', status: 'cancelled', amount: quote.amountOut.toString() },
      { user_id: null, kind: 'mint', status: 'cancelled', amount: quote.fee.toString() },
    ]);
  });

  it('a second compensation of the same transaction changes nothing', async () => {
    const { txId } = await purchase();
    expect(await compensate(txId)).toBe(true);
    const entries = await k.rows(`SELECT count(*)::int AS n FROM journal_entries`);
    expect(await compensate(txId, 'again')).toBe(true);
    expect(await k.rows(`SELECT count(*)::int AS n FROM journal_entries`)).toEqual(entries);
    expect((await k.transaction(txId)).failureReason).toBe('The chain refused the mint.');
  });

  it('a claimed reward stays with its owner (the platform bears it); the others are taken back', async () => {
    const { uplines, txId } = await purchase();
    const [first] = await rewards(txId);
    const claimed = await k.execute({
      kind: 'reward_claim',
      userId: uplines[0],
      rewardId: first!.id,
      code: k.code('REWARD'),
      now: new Date(first!.vestsAt.getTime() + 1000).toISOString(),
    });
    expect(claimed.status).toBe(200);
    expect(await compensate(txId)).toBe(true);
    const after = await rewards(txId);
    expect(after.map((r) => r.status)).toEqual(['claimed', 'reversed', 'reversed']);
    expect(await k.balance(uplines[0]!, 'QMGT', 'available')).toBe(first!.amount);
    for (const who of uplines) expect(await k.balance(who, 'QMGT', 'rewards')).toBe(0n);
  });

  it('a reward partly sold is split: the sold part stays sold, only the unsold rest is reversed', async () => {
    const { uplines, txId, pool } = await purchase();
    const [first, second, third] = await rewards(txId);
    const part = first!.amount / 3n;
    const sold = await k.execute({
      kind: 'reward_sell',
      userId: uplines[0],
      amountIn: part.toString(),
      amountOut: '1',
      fee: '0',
      price: '1',
      minAmountOut: '1',
      code: k.code('REWARD'),
      now: new Date(first!.vestsAt.getTime() + 1000).toISOString(),
    });
    expect(sold.status).toBe(200);
    expect(await compensate(txId)).toBe(true);
    const after = await rewards(txId);
    expect(after.map((r) => [r.level, r.amount, r.status])).toEqual([
      [1, part, 'sold'],
      [1, first!.amount - part, 'reversed'],
      [2, second!.amount, 'reversed'],
      [3, third!.amount, 'reversed'],
    ]);
    expect(await k.balance(uplines[0]!, 'QMGT', 'rewards')).toBe(0n);
    // The pool got back everything but the sold part (which the sale itself returned to it).
    expect(await k.balance(null, 'QMGT', 'rewards_pool')).toBe(pool);
  });

  it('a reversal that would overdraw the buyer (the QMGT is staked) is left pending for an operator, rewards untouched', async () => {
    const { buyer, txId, quote } = await purchase();
    const interest = interestFor(quote.amountOut, 400, 90);
    const staked = await k.execute({
      kind: 'staking_stake',
      userId: buyer,
      amount: quote.amountOut.toString(),
      termDays: 90,
      aprBps: 400,
      interest: interest.toString(),
      now: NOW.toISOString(),
      maturesAt: maturityOf(NOW, 90).toISOString(),
      code: k.code('STAKING'),
    });
    expect(staked.status).toBe(200);
    expect(await compensate(txId)).toBe(false);
    const tx = await k.transaction(txId);
    expect(tx.status).toBe('pending');
    expect(tx.failureReason).toMatch(/Reversal needs an operator/);
    expect((await rewards(txId)).map((r) => r.status)).toEqual(['vesting', 'vesting', 'vesting']);
  });

  it('a mint already settled is undone by a burn of the same amount', async () => {
    const { buyer, txId, quote } = await purchase();
    await k.rows(`UPDATE chain_movements SET status = 'settled', settled_at = now() WHERE transaction_id = $1`, [txId]);
    expect(await compensate(txId)).toBe(true);
    expect(await movements(txId)).toEqual([
      { user_id: buyer, kind: 'mint', status: 'settled', amount: quote.amountOut.toString() },
      { user_id: null, kind: 'mint', status: 'settled', amount: quote.fee.toString() },
      { user_id: buyer, kind: 'burn', status: 'pending', amount: quote.amountOut.toString() },
      { user_id: null, kind: 'burn', status: 'pending', amount: quote.fee.toString() },
    ]);
  });

  it('a completed transaction (a GAE purchase moves no QMGT on chain) is not compensated', async () => {
    const buyer = await k.customer(await k.customer());
    await k.deposit(buyer, USDT('200'));
    const { answer } = await k.buyGae(buyer, USDT('200'), SPOT, NOW);
    const txId = transactionId(answer);
    expect((await k.transaction(txId)).status).toBe('completed');
    expect(await compensate(txId)).toBe(true);
    expect((await k.transaction(txId)).status).toBe('completed');
    expect((await rewards(txId)).map((r) => r.status)).toEqual(['vesting']);
  });
});
