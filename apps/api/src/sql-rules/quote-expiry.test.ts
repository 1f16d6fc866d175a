import { describe, expect, it } from 'vitest';
import { toUnits } from '@qmgt/contracts';
import { quoteGae } from '../modules/gae/gae.rules.js';
import { quoteSwap } from '../modules/market/market.rules.js';
import { sqlRulesDatabase } from '../test/sql-rules-database.js';

/*
 * A quote's expiry (DESIGN.md section 2: valid 30 s, "executing an expired quote is refused")
 * is checked only in SQL, in several copies: gold_quote_refusal.sql line 12 (GAE, GAEX,
 * Convert), money_op_swap.sql line 20, money_op_payment_open.sql line 26 and
 * money_op_remit.sql line 39 refuse at the expiry instant (expires_at <= now), while
 * money_op_ges_join.sql line 49 accepts it (expires_at < now). The instant itself is the
 * boundary under test; a millisecond later every copy refuses.
 */

const { k, ges } = sqlRulesDatabase();

const USDT = (v: string) => toUnits(v, 'USDT');
const SPOT = USDT('97.123456789');
const EXPIRES = new Date('2027-05-01T10:00:30.000Z');
const LATER = new Date(EXPIRES.getTime() + 1);

async function gae(now: Date) {
  const userId = await k.customer();
  await k.deposit(userId, USDT('200'));
  const q = quoteGae(USDT('200'), SPOT);
  const quoteId = await k.goldQuote(
    userId,
    {
      kind: 'GAE',
      assetIn: 'USDT',
      amountIn: q.amountUsdt,
      assetOut: 'GOLD',
      amountOut: q.grams,
      fee: q.fee,
      feeAsset: 'USDT',
    },
    EXPIRES,
  );
  await k.rows(`UPDATE gold_quotes SET expires_at = $1 WHERE id = $2`, [EXPIRES, quoteId]);
  return k.execute({ kind: 'gae_purchase', userId, quoteId, code: k.code('GAE'), now: now.toISOString() });
}

async function swap(now: Date) {
  const userId = await k.customer();
  await k.deposit(userId, USDT('100'));
  const q = quoteSwap({ from: 'USDT', to: 'QMGT' }, USDT('100'), SPOT);
  const row = await k.one(
    `INSERT INTO swap_quotes (user_id, asset_in, asset_out, amount_in, amount_out, fee, price, expires_at)
     VALUES ($1, 'USDT', 'QMGT', $2::numeric, $3::numeric, $4::numeric, $5::numeric, $6) RETURNING id::text`,
    [userId, q.amountIn.toString(), q.amountOut.toString(), q.fee.toString(), q.price.toString(), EXPIRES],
  );
  return k.execute({ kind: 'swap', userId, quoteId: row.id, code: k.code('QMGT'), now: now.toISOString() });
}

async function gesJoin(now: Date) {
  const groupId = await ges.group({
    instalmentUsdt: USDT('100'),
    termMonths: 3,
    bonusInstalments: 1,
    startDate: '2027-05-10',
  });
  const userId = await k.customer();
  await k.deposit(userId, USDT('100'));
  return ges.tryJoin(userId, groupId, SPOT, now, { quoteExpiresAt: EXPIRES });
}

describe('quote expiry at its instant, in each SQL copy', () => {
  it('a GAE quote and a swap quote are refused at their expiry instant (expires_at <= now)', async () => {
    expect(await gae(EXPIRES)).toMatchObject({ status: 422, error: { name: 'QuoteExpiredError' } });
    expect(await swap(EXPIRES)).toMatchObject({ status: 422, error: { name: 'QuoteExpiredError' } });
  });

  it('a millisecond earlier they are taken', async () => {
    const before = new Date(EXPIRES.getTime() - 1);
    expect((await gae(before)).status).toBe(200);
    expect((await swap(before)).status).toBe(200);
    expect((await gesJoin(before)).status).toBe(200);
  });

  it('a millisecond later every copy refuses, the GES join too', async () => {
    expect(await gae(LATER)).toMatchObject({ status: 422 });
    expect(await swap(LATER)).toMatchObject({ status: 422 });
    expect(await gesJoin(LATER)).toMatchObject({ status: 422, error: { name: 'QuoteExpiredError' } });
  });

  // money_op_ges_join refused only after the instant until this check found it.
  it('a GES join quote is refused at its expiry instant, as every other quote', async () => {
    expect(await gesJoin(EXPIRES)).toMatchObject({ status: 422, error: { name: 'QuoteExpiredError' } });
  });
});
