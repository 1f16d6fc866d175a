import { describe, expect, it } from 'vitest';
import { CONVERT_FEE_BPS, toUnits } from '@qmgt/contracts';
import { GoldRuleError, QMGT_PER_MICROGRAM, quoteConvert, type ConvertFigures } from '../modules/gae/gae.rules.js';
import { transactionId } from '../test/sql-kit.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';

/*
 * Convert QMGT <-> GSA grams 1:1 with a 0.5% fee: quoteConvert() in gae.rules.ts prices it
 * (the fee ROUNDED UP to the smallest unit of what the customer receives, kept back from it);
 * money_op_convert.sql books the quote: the customer's side to its issuer (QMGT burned, grams
 * back to the vault), the other asset from its issuer (amountOut + fee), the fee to `fees`.
 */

const { k } = sqlRulesDatabase();

const USDT = (v: string) => toUnits(v, 'USDT');
const SPOT = USDT('97.123456789');
const NOW = new Date();

async function convert(userId: string, q: ConvertFigures) {
  const quoteId = await k.goldQuote(
    userId,
    {
      kind: 'CONVERT',
      assetIn: q.from,
      amountIn: q.amountIn,
      assetOut: q.to,
      amountOut: q.amountOut,
      fee: q.fee,
      feeAsset: q.to,
    },
    NOW,
  );
  return k.execute({ kind: 'convert', userId, quoteId, code: k.code('CONVERT'), now: NOW.toISOString() });
}

/** A customer holding QMGT bought at TypeScript's swap quote, whole micrograms of it. */
async function holder() {
  const userId = await k.customer();
  await k.deposit(userId, USDT('500'));
  const { quote } = await k.buyQmgt(userId, USDT('500'), SPOT, NOW);
  return { userId, qmgt: quote.amountOut };
}

async function snapshot(userId: string) {
  return {
    qmgt: await k.balance(userId, 'QMGT', 'available'),
    grams: await k.balance(userId, 'GOLD', 'available'),
    qmgtFees: await k.balance(null, 'QMGT', 'fees'),
    gramFees: await k.balance(null, 'GOLD', 'fees'),
    treasury: await k.balance(null, 'QMGT', 'treasury'),
    vault: await k.balance(null, 'GOLD', 'gold_vault'),
  };
}

describe('Convert: money_op_convert against quoteConvert()', () => {
  it('QMGT -> grams: exactly amountIn leaves, amountOut arrives, the rounded-up fee goes to fees, 1:1 overall', async () => {
    const { userId, qmgt } = await holder();
    const amountIn = (qmgt / QMGT_PER_MICROGRAM) * QMGT_PER_MICROGRAM - 12_345n * QMGT_PER_MICROGRAM;
    const q = quoteConvert('QMGT', amountIn);
    const gross = amountIn / QMGT_PER_MICROGRAM;
    expect((gross * BigInt(CONVERT_FEE_BPS)) % 10_000n).not.toBe(0n);
    expect(q.fee).toBe((gross * BigInt(CONVERT_FEE_BPS)) / 10_000n + 1n);
    expect(q.amountOut + q.fee).toBe(gross);
    const before = await snapshot(userId);
    const answer = await convert(userId, q);
    expect(answer.status).toBe(200);
    const after = await snapshot(userId);
    expect(before.qmgt - after.qmgt).toBe(q.amountIn);
    expect(after.grams - before.grams).toBe(q.amountOut);
    expect(after.gramFees - before.gramFees).toBe(q.fee);
    expect(after.treasury - before.treasury).toBe(q.amountIn);
    expect(before.vault - after.vault).toBe(gross);
    const tx = await k.transaction(transactionId(answer));
    expect(tx).toMatchObject({
      type: 'CONVERT',
      assetIn: 'QMGT',
      amountIn: q.amountIn,
      assetOut: 'GOLD',
      amountOut: q.amountOut,
      fee: q.fee,
      feeAsset: 'GOLD',
    });
    // The QMGT that left is burned on chain.
    const movements = await k.rows(`SELECT kind::text, amount::text FROM chain_movements WHERE transaction_id = $1`, [
      transactionId(answer),
    ]);
    expect(movements).toEqual([{ kind: 'burn', amount: q.amountIn.toString() }]);
  });

  it('grams -> QMGT: the fee in QMGT units, rounded up, minted with what the customer gets', async () => {
    const { userId, qmgt } = await holder();
    await convert(userId, quoteConvert('QMGT', (qmgt / QMGT_PER_MICROGRAM) * QMGT_PER_MICROGRAM));
    const grams = await k.balance(userId, 'GOLD', 'available');
    const amountIn = grams - 7n;
    const q = quoteConvert('GOLD', amountIn);
    expect(q.amountOut + q.fee).toBe(amountIn * QMGT_PER_MICROGRAM);
    const before = await snapshot(userId);
    const answer = await convert(userId, q);
    expect(answer.status).toBe(200);
    const after = await snapshot(userId);
    expect(before.grams - after.grams).toBe(amountIn);
    expect(after.qmgt - before.qmgt).toBe(q.amountOut);
    expect(after.qmgtFees - before.qmgtFees).toBe(q.fee);
    expect(after.vault - before.vault).toBe(amountIn);
    expect(before.treasury - after.treasury).toBe(q.amountOut + q.fee);
    const movements = await k.rows(
      `SELECT user_id::text, kind::text, amount::text FROM chain_movements WHERE transaction_id = $1 ORDER BY user_id NULLS LAST`,
      [transactionId(answer)],
    );
    expect(movements).toEqual([
      { user_id: userId, kind: 'mint', amount: q.amountOut.toString() },
      { user_id: null, kind: 'mint', amount: q.fee.toString() },
    ]);
  });

  it('the smallest amounts: 200 micrograms pay a 1-microgram fee (0.5% is exactly 1), 199 pay 1 too (rounded up)', async () => {
    expect(quoteConvert('QMGT', 200n * QMGT_PER_MICROGRAM)).toMatchObject({ amountOut: 199n, fee: 1n });
    expect(quoteConvert('QMGT', 199n * QMGT_PER_MICROGRAM)).toMatchObject({ amountOut: 198n, fee: 1n });
    expect(quoteConvert('QMGT', 201n * QMGT_PER_MICROGRAM)).toMatchObject({ amountOut: 199n, fee: 2n });
    expect(() => quoteConvert('QMGT', QMGT_PER_MICROGRAM)).toThrow(GoldRuleError);
    expect(quoteConvert('GOLD', 1n)).toMatchObject({
      amountOut: QMGT_PER_MICROGRAM - 5_000_000_000n,
      fee: 5_000_000_000n,
    });
    const { userId } = await holder();
    for (const micrograms of [200n, 199n, 201n]) {
      const q = quoteConvert('QMGT', micrograms * QMGT_PER_MICROGRAM);
      const before = await snapshot(userId);
      expect((await convert(userId, q)).status).toBe(200);
      const after = await snapshot(userId);
      expect([after.grams - before.grams, after.gramFees - before.gramFees]).toEqual([q.amountOut, q.fee]);
    }
    const q = quoteConvert('GOLD', 1n);
    const before = await snapshot(userId);
    expect((await convert(userId, q)).status).toBe(200);
    const after = await snapshot(userId);
    expect([after.qmgt - before.qmgt, after.qmgtFees - before.qmgtFees]).toEqual([q.amountOut, q.fee]);
  });

  it('a quote is booked once and only while the customer holds amountIn', async () => {
    const { userId, qmgt } = await holder();
    const whole = (qmgt / QMGT_PER_MICROGRAM) * QMGT_PER_MICROGRAM;
    const tooMuch = quoteConvert('QMGT', whole + QMGT_PER_MICROGRAM);
    expect(await convert(userId, tooMuch)).toMatchObject({ status: 422, error: { name: 'InsufficientFundsError' } });
    const q = quoteConvert('QMGT', whole);
    const quoteId = await k.goldQuote(
      userId,
      {
        kind: 'CONVERT',
        assetIn: 'QMGT',
        amountIn: q.amountIn,
        assetOut: 'GOLD',
        amountOut: q.amountOut,
        fee: q.fee,
        feeAsset: 'GOLD',
      },
      NOW,
    );
    const op = { kind: 'convert', userId, quoteId, now: NOW.toISOString() };
    expect((await k.execute({ ...op, code: k.code('CONVERT') })).status).toBe(200);
    expect(await k.execute({ ...op, code: k.code('CONVERT') })).toMatchObject({ status: 409 });
  });
});
