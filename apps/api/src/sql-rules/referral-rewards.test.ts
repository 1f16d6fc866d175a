import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { REFERRAL_LEVELS, REFERRAL_RATES_BPS, REWARD_VESTING_DAYS, toUnits } from '@qmgt/contracts';
import { loadConfig } from '../config.js';
import { rewardStatus } from '../modules/referrals/referrals.service.js';
import { referralRewards } from '../modules/referrals/referrals.schema.js';
import { QMGT_PER_MICROGRAM } from '../modules/gae/gae.rules.js';
import { spendToSave } from '../modules/payments/payments.rules.js';
import { transactionId } from '../test/sql-kit.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';
import { intArraySetting } from '../db/platform-settings.js';
import { dueOn } from '../modules/ges/ges.rules.js';

/*
 * Referral rewards have one home, in SQL: referral_reward_amounts.sql (level n of a purchase
 * that bought `bought` QMGT units earns floor(bought x rate_n / 10,000), as many levels as
 * rates), paid by referral_rewards_credit.sql inside the purchase's commit. The rates are the
 * contracts' REFERRAL_RATES_BPS, which the referrals module writes to platform_settings
 * ('referral_rates_bps') at start, as it writes the vesting days; no TypeScript computes a
 * reward. `bought` is the QMGT bought gross of a QMGT fee, or the grams bought as QMGT
 * (1 QMGT = 1 gram, a fee in USDT excluded).
 */

const { k, ges, database } = sqlRulesDatabase();

const USDT = (v: string) => toUnits(v, 'USDT');
const SPOT = USDT('97.123456789');
const NOW = new Date();

/** The rule as the contracts state it, for level `level` (1-3) of a purchase that bought `bought` QMGT units. */
const tsReward = (bought: bigint, level: 1 | 2 | 3) => (bought * BigInt(REFERRAL_RATES_BPS[level])) / 10_000n;

/** A chain of `uplines` customers above a buyer: [buyer, level 1, level 2, ...]. */
async function chain(uplines: number): Promise<string[]> {
  let above: string | undefined;
  const tops: string[] = [];
  for (let i = 0; i < uplines; i++) {
    above = await k.customer(above);
    tops.unshift(above);
  }
  const buyer = await k.customer(above);
  return [buyer, ...tops];
}

async function rewardsOf(txId: string) {
  return (
    await k.rows(
      `SELECT beneficiary_id::text AS who, level, amount::text AS amount, purchase_usdt::text AS purchase_usdt,
              status, (extract(epoch FROM vests_at - created_at))::text AS vest_seconds
         FROM referral_rewards WHERE source_transaction_id = $1 ORDER BY level`,
      [txId],
    )
  ).map((r) => ({
    who: String(r.who),
    level: Number(r.level),
    amount: BigInt(String(r.amount)),
    purchaseUsdt: BigInt(String(r.purchase_usdt)),
    status: String(r.status),
    vestSeconds: Number(r.vest_seconds),
  }));
}

/** referral_reward_amounts() called directly: the amount of each level, level 1 first. */
async function amounts(bought: bigint | string): Promise<bigint[]> {
  const [row] = await k.rows(`SELECT referral_reward_amounts($1::numeric)::text[] AS amounts`, [bought.toString()]);
  return (row!.amounts as string[]).map((a) => BigInt(a));
}

describe('referral_reward_amounts.sql: the rule, called directly', () => {
  it(`the rates are the contracts' REFERRAL_RATES_BPS: the default row, and what the referrals module writes`, async () => {
    expect(REFERRAL_LEVELS.map((level) => REFERRAL_RATES_BPS[level])).toEqual([500, 200, 100]);
    const [row] = await k.rows(`SELECT value FROM platform_settings WHERE key = 'referral_rates_bps'`);
    expect(row!.value).toBe('{500,200,100}');
    expect(intArraySetting(REFERRAL_LEVELS.map((level) => REFERRAL_RATES_BPS[level]))).toBe('{500,200,100}');
    const file = await readFile(path.join(import.meta.dirname, '../../sql/referral_reward_amounts.sql'), 'utf8');
    expect(file).toContain(`('referral_rates_bps', '{500,200,100}')`);
  });

  it('5% / 2% / 1% of 1.234567890123456789 QMGT, each rounded down to the QMGT unit (1e-18)', async () => {
    expect(await amounts(1_234_567_890_123_456_789n)).toEqual([
      61_728_394_506_172_839n, // x 500 / 10,000 = ...839.45
      24_691_357_802_469_135n, // x 200 / 10,000 = ...135.78
      12_345_678_901_234_567n, // x 100 / 10,000 = ...567.89
    ]);
  });

  it('one microgram of gold bought (1e12 QMGT units) earns 5e10, 2e10 and 1e10 units', async () => {
    expect(await amounts(10n ** 12n)).toEqual([50_000_000_000n, 20_000_000_000n, 10_000_000_000n]);
  });

  it('at the edge of a unit: 19 units earn nothing, 20 earn level 1 one unit, 100 earn 5 / 2 / 1', async () => {
    expect(await amounts(0n)).toEqual([0n, 0n, 0n]);
    expect(await amounts(19n)).toEqual([0n, 0n, 0n]);
    expect(await amounts(20n)).toEqual([1n, 0n, 0n]);
    expect(await amounts(49n)).toEqual([2n, 0n, 0n]);
    expect(await amounts(50n)).toEqual([2n, 1n, 0n]);
    expect(await amounts(100n)).toEqual([5n, 2n, 1n]);
  });

  it('follows the setting: other rates, and as many levels as rates; without the row it refuses to pay', async () => {
    try {
      await k.rows(`UPDATE platform_settings SET value = '{1000,50}' WHERE key = 'referral_rates_bps'`);
      expect(await amounts(1_000_001n)).toEqual([100_000n, 5_000n]);
      // The crediting pays the levels the setting has: two, of a three-deep chain.
      const [buyer, l1, l2, l3] = await chain(3);
      await k.deposit(buyer!, USDT('10'));
      const { answer, quote } = await k.buyQmgt(buyer!, USDT('10'), SPOT, NOW);
      const bought = quote.amountOut + quote.fee;
      expect((await rewardsOf(transactionId(answer))).map((r) => [r.who, r.level, r.amount])).toEqual([
        [l1, 1, (bought * 1000n) / 10_000n],
        [l2, 2, (bought * 50n) / 10_000n],
      ]);
      expect(await k.balance(l3!, 'QMGT', 'rewards')).toBe(0n);
      await k.rows(`DELETE FROM platform_settings WHERE key = 'referral_rates_bps'`);
      await expect(amounts(100n)).rejects.toThrow(/referral_rates_bps/);
    } finally {
      await k.rows(
        `INSERT INTO platform_settings (key, value) VALUES ('referral_rates_bps', '{500,200,100}')
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
    }
  });
});

describe('referral rates: referral_rewards_credit.sql against the contracts', () => {
  it('a QMGT buy pays levels 1-3 of a four-deep chain their rates of the QMGT gross of the fee, rounded down', async () => {
    const [buyer, l1, l2, l3, l4] = await chain(4);
    await k.deposit(buyer!, USDT('1234.567891234567891'));
    const { answer, quote } = await k.buyQmgt(buyer!, USDT('1234.567891234567891'), SPOT, NOW);
    expect(answer.status).toBe(200);
    const bought = quote.amountOut + quote.fee;
    // Every level's product is not a multiple of 10,000: each reward really rounds.
    for (const level of REFERRAL_LEVELS) expect((bought * BigInt(REFERRAL_RATES_BPS[level])) % 10_000n).not.toBe(0n);
    const rewards = await rewardsOf(transactionId(answer));
    expect(rewards.map((r) => [r.who, r.level, r.amount])).toEqual([
      [l1, 1, tsReward(bought, 1)],
      [l2, 2, tsReward(bought, 2)],
      [l3, 3, tsReward(bought, 3)],
    ]);
    // The fourth upline gets nothing: three levels, as REFERRAL_LEVELS.
    expect(rewards).toHaveLength(REFERRAL_LEVELS.length);
    expect(await k.balance(l4!, 'QMGT', 'rewards')).toBe(0n);
    for (const r of rewards) {
      expect(await k.balance(r.who, 'QMGT', 'rewards')).toBe(r.amount);
      expect(r.purchaseUsdt).toBe(quote.amountIn);
      expect(r.status).toBe('vesting');
    }
  });

  it('a GAE purchase pays on the grams as QMGT (the USDT markup excluded)', async () => {
    const [buyer, l1, l2, l3] = await chain(3);
    await k.deposit(buyer!, USDT('555.55'));
    const { answer, quote } = await k.buyGae(buyer!, USDT('555.55'), SPOT, NOW);
    expect(answer.status).toBe(200);
    const bought = quote.grams * QMGT_PER_MICROGRAM;
    const rewards = await rewardsOf(transactionId(answer));
    expect(rewards.map((r) => [r.who, r.level, r.amount])).toEqual([
      [l1, 1, tsReward(bought, 1)],
      [l2, 2, tsReward(bought, 2)],
      [l3, 3, tsReward(bought, 3)],
    ]);
  });

  for (const uplines of [0, 1, 2]) {
    it(`a chain of ${uplines} upline(s): only the levels that exist are paid, the pool pays exactly their sum`, async () => {
      const [buyer, ...above] = await chain(uplines);
      await k.deposit(buyer!, USDT('100'));
      const poolBefore = await k.balance(null, 'QMGT', 'rewards_pool');
      const { answer, quote } = await k.buyQmgt(buyer!, USDT('100'), SPOT, NOW);
      const bought = quote.amountOut + quote.fee;
      const rewards = await rewardsOf(transactionId(answer));
      const expected = above.map((who, i) => [who, i + 1, tsReward(bought, (i + 1) as 1 | 2 | 3)]);
      expect(rewards.map((r) => [r.who, r.level, r.amount])).toEqual(expected);
      const total = expected.reduce((sum, [, , amount]) => sum + (amount as bigint), 0n);
      expect(poolBefore - (await k.balance(null, 'QMGT', 'rewards_pool'))).toBe(total);
    });
  }

  it('GES instalments (the join and a later one) pay on their grams; the markup goes to fees', async () => {
    const [buyer, l1, l2] = await chain(2);
    const start = '2027-08-08';
    const groupId = await ges.group({
      instalmentUsdt: USDT('77.7'),
      termMonths: 6,
      bonusInstalments: 1,
      startDate: start,
    });
    await k.deposit(buyer!, USDT('77.7') * 2n);
    const fees = await k.balance(null, 'USDT', 'fees');
    const { membershipId, figures: first } = await ges.join(buyer!, groupId, SPOT, new Date('2027-08-01T09:00:00Z'));
    const { answer, figures: second } = await ges.instalment(
      buyer!,
      membershipId,
      2,
      USDT('101.1'),
      new Date(`${dueOn(start, 2)}T09:00:00Z`),
    );
    expect(answer.outcome).toBe('paid');
    expect((await k.balance(null, 'USDT', 'fees')) - fees).toBe(first.fee + second.fee);
    const bought = [first.grams, second.grams].map((g) => g * QMGT_PER_MICROGRAM);
    const expected = (level: 1 | 2) => tsReward(bought[0]!, level) + tsReward(bought[1]!, level);
    expect(await k.balance(l1!, 'QMGT', 'rewards')).toBe(expected(1));
    expect(await k.balance(l2!, 'QMGT', 'rewards')).toBe(expected(2));
    const [row] = await k.rows(
      `SELECT count(*)::int AS n FROM referral_rewards WHERE source_user_id = $1 AND source_type = 'GES'`,
      [buyer],
    );
    expect(row!.n).toBe(4);
  });

  it('a Spend To Save payment (USD) pays on its grams, recording the purchase as USDT units (cents x 1e16)', async () => {
    const [buyer, l1] = await chain(1);
    const cents = 12_345n;
    const f = spendToSave(cents, SPOT);
    const [payment] = await k.rows(
      `INSERT INTO payments (code, user_id, gateway, amount_cents, fee_cents, grams, price, expires_at)
       VALUES ($1, $2, 'sandbox', $3::numeric, $4::numeric, $5::numeric, $6::numeric, $7) RETURNING id::text`,
      [k.code('PAY'), buyer, cents.toString(), f.fee.toString(), f.grams.toString(), f.price.toString(), NOW],
    );
    const answer = await k.execute({
      kind: 'payment_credit',
      userId: buyer,
      paymentId: payment!.id,
      amountCents: cents.toString(),
      currency: 'usd',
      now: NOW.toISOString(),
    });
    expect(answer.status).toBe(200);
    const [reward] = await rewardsOf(transactionId(answer));
    expect(reward).toMatchObject({ who: l1, level: 1, amount: tsReward(f.grams * QMGT_PER_MICROGRAM, 1) });
    expect(reward!.purchaseUsdt).toBe(cents * 10n ** 16n);
  });

  // referral_rewards_credit kept its own list of transaction types until this test found it:
  // registering the operation type is all a new purchase needs.
  it('a new purchase type registered with earns_referral pays uplines, as docs/adding-a-product.md says', async () => {
    await k.rows(`
      CREATE OR REPLACE FUNCTION money_op_sqlrules_gift(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $f$
      BEGIN
        RETURN money_book('sqlrules.gift', NULL, jsonb_build_array(
            jsonb_build_object('owner', (p_op->>'userId')::uuid, 'purpose', 'available', 'asset', 'USDT', 'amount', '-' || (p_op->>'usdt')),
            jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'USDT', 'amount', p_op->>'usdt'),
            jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'QMGT', 'amount', '-' || (p_op->>'qmgt')),
            jsonb_build_object('owner', (p_op->>'userId')::uuid, 'purpose', 'available', 'asset', 'QMGT', 'amount', p_op->>'qmgt')),
          jsonb_build_object('userId', p_op->>'userId', 'type', 'GIFT', 'code', p_op->>'code', 'assetIn', 'USDT',
            'amountIn', p_op->>'usdt', 'assetOut', 'QMGT', 'amountOut', p_op->>'qmgt', 'fee', '0', 'feeAsset', 'QMGT'));
      END $f$`);
    await k.rows(`SELECT money_kind_register('sqlrules_gift', 'money_op_sqlrules_gift', true, NULL)`);
    const [buyer, l1] = await chain(1);
    await k.deposit(buyer!, USDT('100'));
    const qmgt = toUnits('1', 'QMGT');
    const answer = await k.execute({
      kind: 'sqlrules_gift',
      userId: buyer,
      usdt: USDT('100').toString(),
      qmgt: qmgt.toString(),
      code: k.code('GIFT'),
    });
    expect(answer.status).toBe(200);
    expect(await k.balance(l1!, 'QMGT', 'rewards')).toBe(tsReward(qmgt, 1));
  });
});

describe('the vesting date: platform_settings against the configuration and the contracts', () => {
  it('the default vesting period is 30 days in the contracts, the API configuration and the baseline row', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).rewardVestingDays).toBe(REWARD_VESTING_DAYS);
    const baseline = await readFile(path.join(import.meta.dirname, '../../drizzle/0000_baseline.sql'), 'utf8');
    expect(baseline).toContain(`('reward_vesting_days', '${REWARD_VESTING_DAYS}')`);
    const [row] = await k.rows(`SELECT value FROM platform_settings WHERE key = 'reward_vesting_days'`);
    expect(Number(row!.value)).toBe(REWARD_VESTING_DAYS);
  });

  /** A level-1 reward of a fresh purchase, with its vesting instant as SQL holds it (microseconds) and as text. */
  async function vestingReward() {
    const [buyer, l1] = await chain(1);
    await k.deposit(buyer!, USDT('50'));
    const { answer } = await k.buyQmgt(buyer!, USDT('50'), SPOT, NOW);
    const [row] = await k.rows(
      `SELECT id::text, amount::text, (extract(epoch FROM vests_at - created_at))::text AS vest_seconds,
              vests_at::text AS vests_at, (vests_at - interval '1 microsecond')::text AS just_before
         FROM referral_rewards WHERE source_transaction_id = $1`,
      [transactionId(answer)],
    );
    return {
      upline: l1!,
      id: String(row!.id),
      amount: BigInt(String(row!.amount)),
      vestSeconds: Number(row!.vest_seconds),
      vestsAt: String(row!.vests_at),
      justBefore: String(row!.just_before),
    };
  }
  const claim = (userId: string, rewardId: string, now: string) =>
    k.execute({ kind: 'reward_claim', userId, rewardId, code: k.code('REWARD'), now });
  /** vests_at as the API reads it (drizzle: a JS Date, to the millisecond). */
  const vestsAtRead = async (id: string) =>
    (await database().db.select().from(referralRewards).where(eq(referralRewards.id, id)))[0]!.vestsAt;

  for (const days of [REWARD_VESTING_DAYS, 0, 7]) {
    it(`with ${days} vesting days: vests_at = created_at + ${days} x 24 h; the claim is refused 1 µs before, taken at it`, async () => {
      await k.rows(`UPDATE platform_settings SET value = $1 WHERE key = 'reward_vesting_days'`, [String(days)]);
      const r = await vestingReward();
      expect(r.vestSeconds).toBe(days * 86_400);
      expect(await claim(r.upline, r.id, r.justBefore)).toMatchObject({ status: 409 });
      expect((await claim(r.upline, r.id, r.vestsAt)).status).toBe(200);
      expect(await k.balance(r.upline, 'QMGT', 'available')).toBe(r.amount);
    });
  }

  it('on a millisecond instant TypeScript and SQL agree: vesting 1 ms before, claimable (and claimed) at it', async () => {
    const r = await vestingReward();
    // A vesting instant of whole milliseconds (PGlite's clock gives these).
    await k.rows(`UPDATE referral_rewards SET vests_at = date_trunc('milliseconds', vests_at) WHERE id = $1`, [r.id]);
    const vestsAt = await vestsAtRead(r.id);
    const before = new Date(vestsAt.getTime() - 1);
    expect(rewardStatus({ status: 'vesting', vestsAt }, before)).toBe('vesting');
    expect(await claim(r.upline, r.id, before.toISOString())).toMatchObject({ status: 409 });
    expect(rewardStatus({ status: 'vesting', vestsAt }, vestsAt)).toBe('claimable');
    expect((await claim(r.upline, r.id, vestsAt.toISOString())).status).toBe(200);
  });

  /*
   * A reward vests at an instant the API can name: vests_at is stored to the millisecond (a
   * JavaScript Date's precision; a CHECK refuses more), so the instant rewardStatus() first
   * calls claimable is the instant the SQL claim is first taken.
   */
  it('at every instant rewardStatus() calls claimable, the SQL claim is taken', async () => {
    const r = await vestingReward();
    const [stored] = await k.rows(
      `SELECT (vests_at = date_trunc('milliseconds', vests_at)) AS whole_ms FROM referral_rewards WHERE id = $1`,
      [r.id],
    );
    expect(stored!.whole_ms).toBe(true);
    await expect(
      k.rows(
        `UPDATE referral_rewards SET vests_at = date_trunc('second', vests_at) + interval '0.345678 seconds' WHERE id = $1`,
        [r.id],
      ),
    ).rejects.toThrow(/referral_rewards_vests_to_the_ms/);
    const vestsAt = await vestsAtRead(r.id);
    expect(rewardStatus({ status: 'vesting', vestsAt }, new Date(vestsAt.getTime() - 1))).toBe('vesting');
    expect((await claim(r.upline, r.id, new Date(vestsAt.getTime() - 1).toISOString())).status).toBe(409);
    expect(rewardStatus({ status: 'vesting', vestsAt }, vestsAt)).toBe('claimable');
    expect((await claim(r.upline, r.id, vestsAt.toISOString())).status).toBe(200);
  });

  it('selling vested rewards takes those vested at that instant, not one vesting a microsecond later', async () => {
    await k.rows(`UPDATE platform_settings SET value = '3' WHERE key = 'reward_vesting_days'`);
    const r = await vestingReward();
    const sell = (now: string) =>
      k.execute({
        kind: 'reward_sell',
        userId: r.upline,
        amountIn: r.amount.toString(),
        amountOut: '1',
        fee: '0',
        price: '1',
        minAmountOut: '1',
        code: k.code('REWARD'),
        now,
      });
    expect((await sell(r.justBefore)).status).toBe(422);
    expect((await sell(r.vestsAt)).status).toBe(200);
  });
});
