import { randomUUID } from 'node:crypto';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect } from './test.js';
import { operatorMissing, operatorSession, verifyKycViaApi } from './kyc.js';
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

/**
 * The operator's two checks of the books, run at the end of a journey: the ledger check (every
 * entry balances, no customer below zero) and the chain reconciliation (the QMGT on chain plus
 * what is still settling equals what the ledger owes, and no holder's address differs). The
 * reconciliation is polled: a holder whose movement is settling as it runs is judged again at
 * its next pass, so a difference may stand for up to one pass before it clears.
 */
export async function expectBooksSound(request: APIRequestContext, testInfo: TestInfo) {
  const operator = await operatorSession(request, testInfo);
  expect(operator, operatorMissing(testInfo)).not.toBeNull();
  const headers = bearer(operator!);
  const check = await request.get('/api/admin/ledger/check', { headers });
  expect(check.ok(), await check.text()).toBe(true);
  expect(await check.json()).toMatchObject({ balanced: true, nonNegative: true });
  let last = '';
  try {
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/admin/chain/reconciliation', { headers });
          last = await res.text();
          expect(res.ok(), last).toBe(true);
          return (JSON.parse(last) as { matches: boolean }).matches;
        },
        { timeout: 150_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(true);
  } catch (error) {
    throw new Error(`The chain reconciliation does not match the ledger: ${last}`, { cause: error });
  }
}
