import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { fromUnits, toUnits, type MailboxMessage, type UsdauRequest } from '@qmgt/contracts';
import type { TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit } from '../../test/customers.js';

/*
 * USDAU requests without a chain: the rules, the lock, the operator's decision and the payout
 * booked into the outbox (chain_transfers). usdau.chain.test.ts pays it on the local chain.
 */

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
}, 120_000);
afterAll(async () => t.close());

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const { send, balances, customer, buyQmgt, convertToGold, ledgerIsSound } = customerKit(
  () => t,
  () => operatorToken,
);

/** A verified customer holding `grams` in the GSA: USDT deposited, swapped to QMGT, converted. */
async function customerWithGrams(grams: string) {
  const session = await customer('5000');
  // Enough QMGT for `grams` after Convert's 0.5% fee (with a margin), rounded up to 4 decimals;
  // grams counted in 18-decimal units like QMGT, in bigint.
  const step = 10n ** 14n;
  const needed = (toUnits(grams, 'QMGT') * 1001n) / 995n + toUnits('0.01', 'QMGT');
  const qmgt = fromUnits(((needed + step - 1n) / step) * step, 'QMGT');
  await buyQmgt(session.token, '4000');
  await convertToGold(session.token, qmgt);
  const gsa = (await balances(session.token)).GOLD.available;
  expect(toUnits(gsa, 'GOLD')).toBeGreaterThanOrEqual(toUnits(grams, 'GOLD'));
  return { ...session, gsa };
}

describe('USDAU Request External', () => {
  it('locks the grams, and an approval books the payout into the outbox at the request price', async () => {
    const { token, user, input, gsa } = await customerWithGrams('3');
    const spot = toUnits((await get(t.app, '/gae/plan', token)).json().price.spot, 'USDT');

    const res = await send('/request-external-usdau', { grams: '2.5', address: ADDRESS.toLowerCase() }, token);
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json<{ request: UsdauRequest }>().request;
    // The address is stored checksummed; USDAU = grams x spot x 0.98, rounded down.
    const price = (spot * 9_800n) / 10_000n;
    expect(request).toMatchObject({ status: 'pending', grams: '2.5', address: ADDRESS, txHash: null });
    expect(toUnits(request.price, 'USDT')).toBe(price);
    expect(toUnits(request.usdauAmount, 'USDAU')).toBe((toUnits('2.5', 'GOLD') * price) / 1_000_000n);
    expect(request.code).toMatch(/^UA/);

    const locked = await balances(token);
    expect(locked.GOLD.locked).toBe('2.5');
    expect(toUnits(locked.GOLD.available, 'GOLD')).toBe(toUnits(gsa, 'GOLD') - toUnits('2.5', 'GOLD'));
    expect((await get(t.app, '/request-external-usdau', token)).json().data).toHaveLength(1);

    // The operator sees it first in the queue and approves it.
    const queue = (await get(t.app, '/admin/usdau-requests', operatorToken)).json<{
      data: (UsdauRequest & { username: string })[];
    }>();
    expect(queue.data[0]).toMatchObject({ id: request.id, status: 'pending', username: user.username });
    const approved = await send(`/admin/usdau-requests/${request.id}/approve`, {}, operatorToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved' });
    expect((await balances(token)).GOLD.locked).toBe('0');

    // The payout: a USDAU transaction, pending until the chain has the transfer, in the outbox.
    const history = (await get(t.app, '/transactions?type=USDAU', token)).json();
    expect(history.data[0]).toMatchObject({
      type: 'USDAU',
      status: 'pending',
      code: request.code,
      assetIn: 'GOLD',
      amountIn: '2.5',
      assetOut: 'USDAU',
      amountOut: request.usdauAmount,
    });
    const outbox = await t.database.executeSql(
      `SELECT to_address, amount::text, status::text FROM chain_transfers WHERE transaction_id = $1`,
      [history.data[0].id],
    );
    expect(outbox.rows).toEqual([
      { to_address: ADDRESS, amount: toUnits(request.usdauAmount, 'USDAU').toString(), status: 'pending' },
    ]);

    // Decided once; audited; the customer is mailed at the request and at the decision.
    expect(
      (await send(`/admin/usdau-requests/${request.id}/reject`, { reason: 'late' }, operatorToken)).statusCode,
    ).toBe(409);
    const audit = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'usdau.request.approve'`,
    );
    expect((audit.rows[0] as { n: number }).n).toBe(1);
    const mails = async () =>
      (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(input.email)}`)).json<MailboxMessage[]>();
    for (let i = 0; i < 50 && (await mails()).filter((m) => m.subject.includes('USDAU')).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await mails()).map((m) => m.subject).filter((s) => s.includes('USDAU'))).toEqual([
      `Your USDAU request is approved (${request.code})`,
      `We received your USDAU request (${request.code})`,
    ]);
    await ledgerIsSound();
  });

  it('a rejection returns the grams, with the reason the operator must give', async () => {
    const { token, gsa } = await customerWithGrams('1');
    const request = (await send('/request-external-usdau', { grams: '1', address: ADDRESS }, token)).json<{
      request: UsdauRequest;
    }>().request;
    const noReason = await send(`/admin/usdau-requests/${request.id}/reject`, {}, operatorToken);
    expect(noReason.statusCode).toBe(400);
    const rejected = await send(
      `/admin/usdau-requests/${request.id}/reject`,
      { reason: 'Address not whitelisted' },
      operatorToken,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().request).toMatchObject({ status: 'rejected', reason: 'Address not whitelisted' });
    expect((await balances(token)).GOLD).toMatchObject({ available: gsa, locked: '0' });
    await ledgerIsSound();
  });

  it('refuses junk, too little, too much, a bad checksum and a replayed key with a different body; nothing moves', async () => {
    const { token, gsa } = await customerWithGrams('1');
    const cases: [unknown, number, RegExp][] = [
      [{ grams: 'abc', address: ADDRESS }, 400, /decimal|number|amount/i],
      [{ grams: '-1', address: ADDRESS }, 400, /.+/],
      [{ grams: '0.05', address: ADDRESS }, 422, /smallest USDAU request is 0\.1 g/],
      [{ grams: '0.1234567', address: ADDRESS }, 422, /decimal/i],
      [{ grams: '999', address: ADDRESS }, 422, /Insufficient gold/],
      [{ grams: '0.5', address: '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, 422, /checksum/],
      [{ grams: '0.5', address: '0x1234' }, 400, /40 hexadecimal/],
      [{ grams: '0.5', address: `0x${'0'.repeat(40)}` }, 422, /zero address/],
      [{ grams: '0.5' }, 400, /Address is required/],
    ];
    for (const [body, status, message] of cases) {
      const res = await send('/request-external-usdau', body, token);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await send('/request-external-usdau', { grams: '0.5', address: ADDRESS }, token, null)).statusCode).toBe(
      400,
    );
    const key = randomUUID();
    expect((await send('/request-external-usdau', { grams: '0.5', address: ADDRESS }, token, key)).statusCode).toBe(
      200,
    );
    const replay = await send('/request-external-usdau', { grams: '0.5', address: ADDRESS }, token, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await send('/request-external-usdau', { grams: '0.4', address: ADDRESS }, token, key)).statusCode).toBe(
      422,
    );
    // One request of 0.5 g: the replay moved nothing.
    const after = await balances(token);
    expect(after.GOLD.locked).toBe('0.5');
    expect(toUnits(after.GOLD.available, 'GOLD')).toBe(toUnits(gsa, 'GOLD') - toUnits('0.5', 'GOLD'));
    expect((await get(t.app, '/request-external-usdau', token)).json().data).toHaveLength(1);
  });

  it('keeps each customer to their own requests and the queue to operators; needs KYC', async () => {
    const owner = await customerWithGrams('1');
    const other = await signedInUser(t.app);
    const request = (await send('/request-external-usdau', { grams: '0.5', address: ADDRESS }, owner.token)).json<{
      request: UsdauRequest;
    }>().request;
    expect((await get(t.app, '/request-external-usdau', other.token)).json().data).toEqual([]);
    expect((await get(t.app, '/admin/usdau-requests', other.token)).statusCode).toBe(403);
    expect((await send(`/admin/usdau-requests/${request.id}/approve`, {}, owner.token)).statusCode).toBe(403);
    expect((await send('/request-external-usdau', { grams: '0.5', address: ADDRESS }, other.token)).statusCode).toBe(
      403,
    );
    expect((await send(`/admin/usdau-requests/${randomUUID()}/approve`, {}, operatorToken)).statusCode).toBe(404);
    expect((await send('/admin/usdau-requests/nope/approve', {}, operatorToken)).statusCode).toBe(400);
  });
});
