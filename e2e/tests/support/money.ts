import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './test.js';
import { verifyKycViaApi } from './kyc.js';
import type { Session } from './users.js';

export const bearer = (session: Session) => ({ Authorization: `Bearer ${session.jwt}` });

/** KYC-verified, then test USDT from the sandbox faucet: a real deposit, waited for until credited. */
export async function fundedWithUsdt(request: APIRequestContext, session: Session, usdt: string) {
  await verifyKycViaApi(request, session);
  const faucet = await request.post('/api/dev/faucet', {
    headers: { ...bearer(session), 'Idempotency-Key': randomUUID() },
    data: { asset: 'USDT', amount: usdt },
  });
  expect(faucet.ok(), await faucet.text()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/get-qmgt-balance', { headers: bearer(session) })).json()) as { usdt: string })
          .usdt,
      { timeout: 60_000 },
    )
    .toBe(usdt);
}

/** A money call of the customer's own, with its Idempotency-Key; fails the test on any refusal. */
export async function postAs(request: APIRequestContext, session: Session, url: string, data: unknown) {
  const response = await request.post(url, {
    headers: { ...bearer(session), 'Idempotency-Key': randomUUID() },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** The customer's balances as the API answers them (decimal strings), gold grams by where they are. */
export async function balancesOf(request: APIRequestContext, session: Session) {
  const response = await request.get('/api/balances', { headers: bearer(session) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as {
    USDT: { available: string };
    QMGT: { available: string };
    GOLD: { available: string; plan: string; locked: string };
  };
}

/** A USDT or QMGT decimal string in its smallest units (18 decimals): compared exactly, never as a JS number. */
export function units18(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0') || '0');
}
