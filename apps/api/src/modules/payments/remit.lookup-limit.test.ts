import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { customerKit } from '../../test/customers.js';

/*
 * Recipient look-ups (POST /remit/quote and /remit find a customer by e-mail or referral code)
 * are counted per customer, not per address: changing address does not buy more guesses, and
 * one customer's guesses do not spend another's budget (issue 24's audit).
 */
const MAX = 3;
let t: TestApp;
beforeAll(async () => {
  t = await build({ lookupRateLimit: { max: MAX, windowMs: 60_000 } });
}, 120_000);
afterAll(async () => t.close());

const { customer: verifiedCustomer } = customerKit(() => t);

const lookUp = (url: string, token: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: { recipient: 'guess@example.com', amountUsdt: '5' },
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    remoteAddress,
  });

describe('recipient look-ups per customer', () => {
  it('a customer gets MAX look-ups per window across addresses and both routes; another customer is unaffected', async () => {
    const guesser = await verifiedCustomer();
    const statuses = [];
    for (let i = 0; i < MAX + 2; i++)
      statuses.push((await lookUp(i % 2 ? '/remit' : '/remit/quote', guesser.token, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array(MAX).fill(422), 429, 429]);
    const limited = await lookUp('/remit/quote', guesser.token, '198.51.100.1');
    expect(limited.json().error).toMatchObject({ status: 429, name: 'RateLimitError' });

    const other = await verifiedCustomer();
    expect((await lookUp('/remit/quote', other.token, '203.0.113.1')).statusCode).toBe(422);
  });

  it('a signed-out caller is refused before any look-up is counted', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/remit/quote', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
