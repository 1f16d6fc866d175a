import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { customerKit } from '../../test/customers.js';

/*
 * Gift gold's recipient look-ups (POST /gifts/quote finds a customer by e-mail or referral
 * code) are counted per customer, as Remit to save's are (remit.lookup-limit.test.ts):
 * changing address does not buy more guesses, and one customer's do not spend another's.
 */
const MAX = 3;
let t: TestApp;
beforeAll(async () => {
  t = await build({ lookupRateLimit: { max: MAX, windowMs: 60_000 } });
}, 120_000);
afterAll(async () => t.close());

const { customer: verifiedCustomer } = customerKit(() => t);

const lookUp = (token: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/gifts/quote',
    payload: { recipient: 'NOSUCH1', grams: '1' },
    headers: { authorization: `Bearer ${token}` },
    remoteAddress,
  });

describe('gift recipient look-ups per customer', () => {
  it('a customer gets MAX look-ups per window across addresses; another customer is unaffected', async () => {
    const guesser = await verifiedCustomer();
    const statuses = [];
    for (let i = 0; i < MAX + 2; i++) statuses.push((await lookUp(guesser.token, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array(MAX).fill(422), 429, 429]);
    expect((await lookUp(guesser.token, '198.51.100.1')).json().error).toMatchObject({
      status: 429,
      name: 'RateLimitError',
    });
    const other = await verifiedCustomer();
    expect((await lookUp(other.token, '203.0.113.1')).statusCode).toBe(422);
  });

  it('a signed-out caller is refused before any look-up is counted', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/gifts/quote', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
