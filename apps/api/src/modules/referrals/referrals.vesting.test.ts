import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { REFERRAL_LEVELS, REFERRAL_RATES_BPS, toUnits, type RewardsResponse, type SwapQuote } from '@qmgt/contracts';
import { build, type TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';

/* The vesting period is configuration (REWARD_VESTING_DAYS): the SQL crediting follows it. */

let t: TestApp;
beforeAll(async () => {
  t = await build({ rewardVestingDays: 0 });
}, 120_000);
afterAll(async () => t.close());

const send = (url: string, body: unknown, token: string, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });

describe('a configured vesting period', () => {
  it("at start the module writes the numbers the SQL crediting reads: the configured days, the contracts' rates", async () => {
    const { rows } = await t.database.executeSql(
      `SELECT key, value FROM platform_settings WHERE key IN ('reward_vesting_days', 'referral_rates_bps') ORDER BY key`,
    );
    expect(rows).toEqual([
      { key: 'referral_rates_bps', value: `{${REFERRAL_LEVELS.map((level) => REFERRAL_RATES_BPS[level]).join(',')}}` },
      { key: 'reward_vesting_days', value: '0' },
    ]);
  });

  it('with 0 days a reward is claimable at once and claimed into available QMGT', async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app, { ref: a.user.refCode });
    for (const s of [a, b])
      await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${s.user.id}'`);
    await t.app.services.money.execute({
      kind: 'deposit',
      userId: b.user.id,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: 0,
      amount: toUnits('300', 'USDT').toString(),
      blockNumber: '1',
      code: `DP-${randomBytes(5).toString('hex').toUpperCase()}`,
    });
    const quote = (
      await send('/swap/quote', { from: 'USDT', to: 'QMGT', amount: '200' }, b.token, null)
    ).json<SwapQuote>();
    expect((await send('/swap', { quoteId: quote.quoteId }, b.token)).statusCode).toBe(200);
    const [reward] = (await get(t.app, '/rewards', a.token)).json<RewardsResponse>().rewards;
    expect(reward).toMatchObject({ status: 'claimable' });
    expect(new Date(reward!.vestsAt).getTime()).toBe(new Date(reward!.createdAt).getTime());
    const claimed = await send('/claim-token', { rewardid: reward!.id }, a.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await get(t.app, '/get-qmgt-balance', a.token)).json().qmgt).toBe(reward!.amountQmgt);
  });
});
