import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  formatGrams,
  fromUnits,
  toUnits,
  type MailboxMessage,
  type Payment,
  type PaymentQuote,
  type SandboxCheckout,
} from '@qmgt/contracts';
import { createSandboxGateway } from '../../adapters/payments/sandbox.js';
import { stripeSignatureHeader } from '../../adapters/payments/stripe-signature.js';
import { requestHash } from '../../plugins/idempotency.js';
import { newTransactionCode } from '../transactions/transactions.service.js';
import { createPaymentsService } from './payments.service.js';
import type { TestApp } from '../../test/build.js';
import { get, signedInUser } from '../../test/factories.js';
import { buildWithOperator } from '../../test/operator.js';
import { customerKit, sendWithKey } from '../../test/customers.js';
import { within } from '../../test/within.js';

/*
 * Spend To Save through the API on the sandbox gateway: quote, checkout, the checkout page's
 * pay and cancel, the signed webhooks it delivers (and forged, replayed and out-of-order
 * ones), abandoned checkouts, and every payment against the ledger.
 */

let t: TestApp;
let operatorToken: string;
let secret: string;
beforeAll(async () => {
  ({ t, operatorToken } = await buildWithOperator());
  secret = `whsec_${t.app.services.derivedSecret('sandbox-payments-webhook')}`;
}, 120_000);
afterAll(async () => t.close());

/** A POST; `key`: its Idempotency-Key (checkout requires one). */
const send = (url: string, body: unknown, token?: string, key?: string | null) =>
  sendWithKey(t.app, 'POST', url, body, token, key);
const checkout = (body: { amountUsd: string; quoteId: string }, token: string, key: string | null = randomUUID()) =>
  send('/payments/checkout', body, token, key);
const payment = async (token: string, id: string) =>
  (await get(t.app, `/payments/${id}`, token)).json<{ payment: Payment }>().payment;
/** `customer()`: a verified customer holding nothing; the gateway's payments fund them. */
const { balances, customer, ledgerIsSound } = customerKit(
  () => t,
  () => operatorToken,
);

async function openCheckout(token: string, amountUsd = '50') {
  const quote = await send('/payments/quote', { amountUsd }, token);
  expect(quote.statusCode, quote.body).toBe(200);
  const q = quote.json<PaymentQuote>();
  const res = await checkout({ amountUsd, quoteId: q.quoteId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return { quote: q, ...res.json<{ paymentId: string; checkoutUrl: string; payment: Payment }>() };
}

const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/sandbox-checkout/')[1]!;
/** The gateway events our endpoint took for a payment, in order. */
const eventsOf = async (paymentId: string) =>
  (
    await t.database.executeSql('SELECT type, outcome FROM payment_events WHERE payment_id = $1 ORDER BY received_at', [
      paymentId,
    ])
  ).rows;
const pendingIds = async () =>
  (await t.database.executeSql("SELECT id::text AS id FROM payments WHERE status = 'pending'")).rows.map((r) =>
    String((r as { id: string }).id),
  );

/**
 * The payments service of another API process whose clock (and the sandbox gateway's, the
 * world's) is `minutes` ahead, over this app's database, engine and queue: the module's `now` hook.
 */
function later(minutes: number) {
  const { money, market } = t.app.services;
  const now = () => new Date(Date.now() + minutes * 60_000);
  const sandbox = createSandboxGateway({
    db: t.database.db,
    queue: t.app.jobs,
    webhookSecret: secret,
    now,
  });
  return createPaymentsService({
    db: t.database.db,
    money,
    market,
    gateway: sandbox.gateway,
    publicUrl: 'http://qmgt.test',
    now,
  });
}

/** A Stripe-shaped event about a session, signed like the gateway signs (or not). */
function event(
  type: string,
  s: { sessionId: string; paymentId: string; cents?: number; currency?: string; paid?: boolean },
  id = `evt_${randomBytes(8).toString('hex')}`,
) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: s.sessionId,
        object: 'checkout.session',
        client_reference_id: s.paymentId,
        amount_total: s.cents ?? 5000,
        currency: s.currency ?? 'usd',
        payment_status: s.paid === false ? 'unpaid' : 'paid',
      },
    },
  });
}
const deliver = (body: string, signature: string | undefined = stripeSignatureHeader(body, secret)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });

describe('Spend To Save', () => {
  it('pays 50 USD through the sandbox checkout: the quoted grams land in the GSA once, mailed and in the history', async () => {
    const jane = await customer();
    const { quote, paymentId, checkoutUrl, payment: opened } = await openCheckout(jane.token);
    expect(quote).toMatchObject({ amountUsd: '50', feeUsd: '0.75', netUsd: '49.25' });
    expect(opened).toMatchObject({ status: 'pending', grams: quote.grams, amountUsd: '50' });
    expect(checkoutUrl).toMatch(/\/sandbox-checkout\/cs_test_[0-9a-f]{32}$/);

    const sessionId = sessionIdOf(checkoutUrl);
    const page = (await get(t.app, `/dev/payments/${sessionId}`)).json<SandboxCheckout>();
    expect(page).toMatchObject({ status: 'open', amountUsd: '50' });
    // The grams as the quote showed them (4 decimals, rounded down), not the ledger's 6.
    expect(page.description).toContain(`${formatGrams(toUnits(quote.grams, 'GOLD'))} of gold`);
    const paid = await send(`/dev/payments/${sessionId}/complete`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectTo).toContain(`/payment-success?paymentId=${paymentId}`);

    await within(15_000, async () => (await payment(jane.token, paymentId)).status === 'credited');
    expect((await balances(jane.token)).GOLD.available).toBe(quote.grams);
    const history = (await get(t.app, '/transactions?type=PAYMENT', jane.token)).json();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({
      type: 'PAYMENT',
      status: 'completed',
      assetIn: 'USD',
      amountIn: '50',
      fee: '0.75',
      amountOut: quote.grams,
    });
    await within(15_000, async () => {
      const mails = (await get(t.app, `/dev/mailbox?to=${encodeURIComponent(jane.input.email)}`)).json<
        MailboxMessage[]
      >();
      return mails.some((m) => m.subject.startsWith('Your gold is in your GSA'));
    });

    // The same event again, and another "paid" event for the same session: nothing moves.
    const again = event('checkout.session.completed', { sessionId, paymentId });
    expect((await deliver(again)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await deliver(again)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await balances(jane.token)).GOLD.available).toBe(quote.grams);
    expect((await send(`/dev/payments/${sessionId}/complete`, {})).statusCode).toBe(409);
    await ledgerIsSound();
  });

  it('cancels a checkout: nothing is credited and the checkout can no longer be paid', async () => {
    const sam = await customer();
    const { paymentId, checkoutUrl } = await openCheckout(sam.token, '20');
    const cancelled = await send(`/payments/${paymentId}/cancel`, {}, sam.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().payment).toMatchObject({ status: 'cancelled', checkoutUrl: null });
    const late = await send(`/dev/payments/${sessionIdOf(checkoutUrl)}/complete`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This checkout has expired.');
    // The gateway's own "expired" event for it arrives, is handled, and changes nothing.
    await within(15_000, async () => (await eventsOf(paymentId)).length > 0);
    expect(await eventsOf(paymentId)).toEqual([{ type: 'checkout.session.expired', outcome: 'already_closed' }]);
    expect((await payment(sam.token, paymentId)).status).toBe('cancelled');
    expect((await balances(sam.token)).GOLD.available).toBe('0');
    const list = (await get(t.app, '/payments', sam.token)).json<{ data: Payment[] }>().data;
    expect(list.map((p) => p.status)).toEqual(['cancelled']);
  });

  it('delivers again an event our endpoint failed to take, and the payment is credited exactly once', async () => {
    const ray = await customer();
    const { quote, paymentId, checkoutUrl } = await openCheckout(ray.token);
    // A fault at our end, injected in the database: recording this payment's events fails the
    // first two times, after its credit has committed, so our endpoint answers 500 and the
    // gateway must deliver the event again (the sequence counts every try: it is not rolled back).
    await t.database.executeSql(`
      CREATE SEQUENCE webhook_fault_tries;
      CREATE FUNCTION webhook_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.payment_id = '${paymentId}' AND nextval('webhook_fault_tries') <= 2 THEN
          RAISE EXCEPTION 'injected fault: payment_events is unavailable';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER webhook_fault BEFORE INSERT ON payment_events FOR EACH ROW EXECUTE FUNCTION webhook_fault();
    `);
    try {
      expect((await send(`/dev/payments/${sessionIdOf(checkoutUrl)}/complete`, {})).statusCode).toBe(200);
      // Retried with backoff (2 s, then 4 s): taken at the third delivery.
      await within(45_000, async () => (await eventsOf(paymentId)).length > 0);
    } finally {
      await t.database.executeSql('DROP TRIGGER webhook_fault ON payment_events; DROP FUNCTION webhook_fault(); ');
    }
    const tries = await t.database.executeSql('SELECT last_value::int AS tries FROM webhook_fault_tries');
    await t.database.executeSql('DROP SEQUENCE webhook_fault_tries');
    expect(tries.rows).toEqual([{ tries: 3 }]);
    // The first delivery credited; the two after it found the payment credited.
    expect(await eventsOf(paymentId)).toEqual([{ type: 'checkout.session.completed', outcome: 'duplicate' }]);
    expect((await payment(ray.token, paymentId)).status).toBe('credited');
    expect((await balances(ray.token)).GOLD.available).toBe(quote.grams);
    expect((await get(t.app, '/transactions?type=PAYMENT', ray.token)).json().data).toHaveLength(1);
    await ledgerIsSound();
  }, 60_000);

  it('refuses forged, altered and stale webhooks, and moves nothing', async () => {
    const eve = await customer();
    const { paymentId, checkoutUrl } = await openCheckout(eve.token);
    const body = event('checkout.session.completed', { sessionId: sessionIdOf(checkoutUrl), paymentId });
    expect((await deliver(body, stripeSignatureHeader(body, 'whsec_forged'))).statusCode).toBe(401);
    expect((await deliver(body.replace('"usd"', '"eur"'), stripeSignatureHeader(body, secret))).statusCode).toBe(401);
    expect(
      (await deliver(body, stripeSignatureHeader(body, secret, new Date(Date.now() - 6 * 60_000)))).statusCode,
    ).toBe(401);
    expect((await deliver(body, null as unknown as undefined)).statusCode).toBe(400);
    expect((await payment(eve.token, paymentId)).status).toBe('pending');
    expect((await balances(eve.token)).GOLD.available).toBe('0');
  });

  it('takes events in any order: expired after paid changes nothing, paid after expired still credits', async () => {
    const ann = await customer();
    const first = await openCheckout(ann.token);
    const s1 = { sessionId: sessionIdOf(first.checkoutUrl), paymentId: first.paymentId };
    expect((await deliver(event('checkout.session.completed', s1))).json().outcome).toBe('credited');
    // The late "expired" says what happened: nothing, the payment was credited (issue 24).
    expect((await deliver(event('checkout.session.expired', s1))).json().outcome).toBe('already_credited');
    expect((await payment(ann.token, first.paymentId)).status).toBe('credited');

    const second = await openCheckout(ann.token);
    const s2 = { sessionId: sessionIdOf(second.checkoutUrl), paymentId: second.paymentId };
    await deliver(event('checkout.session.expired', s2));
    expect((await payment(ann.token, second.paymentId)).status).toBe('expired');
    expect((await deliver(event('checkout.session.expired', s2))).json().outcome).toBe('already_closed');
    expect((await deliver(event('checkout.session.completed', s2))).json().outcome).toBe('credited');
    expect((await payment(ann.token, second.paymentId)).status).toBe('credited');

    // An asynchronous payment still unpaid at "completed" waits for its outcome.
    const third = await openCheckout(ann.token);
    const s3 = { sessionId: sessionIdOf(third.checkoutUrl), paymentId: third.paymentId };
    expect((await deliver(event('checkout.session.completed', { ...s3, paid: false }))).json().outcome).toBe(
      'awaiting_payment',
    );
    expect((await deliver(event('checkout.session.async_payment_failed', { ...s3, paid: false }))).json().outcome).toBe(
      'failed',
    );
    expect((await payment(ann.token, third.paymentId)).status).toBe('failed');

    const grams = toUnits(first.quote.grams, 'GOLD') + toUnits(second.quote.grams, 'GOLD');
    expect(toUnits((await balances(ann.token)).GOLD.available, 'GOLD')).toBe(grams);
    await ledgerIsSound();
  });

  it('credits nothing when the gateway reports another amount, or a session that is not the payment’s', async () => {
    const bob = await customer();
    const opened = await openCheckout(bob.token);
    const s = { sessionId: sessionIdOf(opened.checkoutUrl), paymentId: opened.paymentId };
    expect(
      (await deliver(event('checkout.session.completed', { ...s, sessionId: 'cs_test_other' }))).json().outcome,
    ).toBe('unknown_payment');
    expect((await deliver(event('checkout.session.completed', { ...s, cents: 100 }))).json().outcome).toBe('mismatch');
    const p = await payment(bob.token, opened.paymentId);
    expect(p.status).toBe('failed');
    expect(p.failureReason).toContain('different amount');
    expect((await balances(bob.token)).GOLD.available).toBe('0');
    // The back office sees it, with the customer and the gateway's session, to sort it out.
    const failed = (await get(t.app, '/admin/payments?status=failed', operatorToken)).json<{ data: Payment[] }>().data;
    expect(failed).toContainEqual(
      expect.objectContaining({
        id: opened.paymentId,
        email: bob.input.email,
        sessionId: s.sessionId,
        status: 'failed',
      }),
    );
    expect((await get(t.app, '/admin/payments', bob.token)).statusCode).toBe(403);
    expect((await get(t.app, '/admin/payments?status=lost', operatorToken)).statusCode).toBe(400);
  });

  it('closes abandoned checkouts once their time is up, at the gateway first', async () => {
    const kim = await customer();
    const { paymentId, checkoutUrl } = await openCheckout(kim.token);
    // Payable for 35 minutes: a sweep before then leaves it alone.
    await later(34).sweep();
    expect((await payment(kim.token, paymentId)).status).toBe('pending');
    const swept = await later(36).sweep();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await payment(kim.token, paymentId)).status).toBe('expired');
    expect((await get(t.app, `/dev/payments/${sessionIdOf(checkoutUrl)}`)).json().status).toBe('expired');
    // Closed, it is not looked at again.
    expect(await pendingIds()).not.toContain(paymentId);
    expect((await later(36).sweep()).expired).toBe(0);
  });

  it('credits a paid checkout whose event was lost, once past its expiry; the event arriving late credits nothing', async () => {
    const lou = await customer();
    const { quote, paymentId, checkoutUrl } = await openCheckout(lou.token);
    const sessionId = sessionIdOf(checkoutUrl);
    // Paid on the gateway's page, and every delivery of its event lost: the gateway's own
    // record of the session says complete, and no event is on its way.
    await t.database.executeSql(`UPDATE sandbox_checkouts SET status = 'complete' WHERE id = $1`, [sessionId]);
    await later(0).sweep();
    expect((await payment(lou.token, paymentId)).status).toBe('pending');

    expect((await later(36).sweep()).credited).toBeGreaterThanOrEqual(1);
    expect((await payment(lou.token, paymentId)).status).toBe('credited');
    expect((await balances(lou.token)).GOLD.available).toBe(quote.grams);
    expect((await deliver(event('checkout.session.completed', { sessionId, paymentId }))).json().outcome).toBe(
      'duplicate',
    );
    expect((await balances(lou.token)).GOLD.available).toBe(quote.grams);
    expect((await get(t.app, '/transactions?type=PAYMENT', lou.token)).json().data).toHaveLength(1);
    await ledgerIsSound();
  });

  it('rewards the payer’s upline like any purchase: 5% of the grams bought, as QMGT', async () => {
    const upline = await customer();
    const payer = await signedInUser(t.app, { ref: upline.user.refCode });
    await t.database.executeSql(`UPDATE users SET kyc_status = 'Verified' WHERE id = '${payer.user.id}'`);
    const { quote, paymentId, checkoutUrl } = await openCheckout(payer.token, '100');
    const outcome = await deliver(
      event('checkout.session.completed', { sessionId: sessionIdOf(checkoutUrl), paymentId, cents: 10_000 }),
    );
    expect(outcome.json().outcome).toBe('credited');
    const rewards = (await get(t.app, '/rewards', upline.token)).json().rewards;
    expect(rewards).toEqual([
      expect.objectContaining({
        level: 1,
        source: expect.objectContaining({ type: 'PAYMENT' }),
        purchaseUsdt: '100',
        // 1 gram = 1 QMGT; 5% of the grams bought.
        amountQmgt: fromUnits((toUnits(quote.grams, 'GOLD') * 10n ** 12n * 500n) / 10_000n, 'QMGT'),
      }),
    ]);
    await ledgerIsSound();
  });

  it('answers a retried checkout request (same Idempotency-Key) with the first checkout, and opens no other', async () => {
    const zoe = await customer();
    const q = (await send('/payments/quote', { amountUsd: '40' }, zoe.token)).json<PaymentQuote>();
    const body = { amountUsd: '40', quoteId: q.quoteId };
    const key = randomUUID();
    const first = await checkout(body, zoe.token, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await checkout(body, zoe.token, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({
      paymentId: first.json().paymentId,
      checkoutUrl: first.json().checkoutUrl,
      payment: { status: 'pending', grams: q.grams },
    });
    // Another key with the used quote is a second attempt, refused as a double click is; the
    // key with another body is refused; without a key the request is not read.
    const otherKey = await checkout(body, zoe.token, randomUUID());
    expect(otherKey.statusCode).toBe(409);
    expect(otherKey.json().error.name).toBe('QuoteUsedError');
    const otherBody = await checkout({ ...body, amountUsd: '41' }, zoe.token, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().error.message).toContain('Idempotency-Key');
    const noKey = await checkout(body, zoe.token, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toContain('Idempotency-Key header is required');

    expect((await get(t.app, '/payments', zoe.token)).json<{ data: Payment[] }>().data).toHaveLength(1);
    const sessions = await t.database.executeSql('SELECT id FROM sandbox_checkouts WHERE client_reference_id = $1', [
      first.json().paymentId,
    ]);
    expect(sessions.rows).toEqual([{ id: sessionIdOf(first.json().checkoutUrl) }]);
  });

  it('a request that died between writing the payment and the gateway: its retry opens the one checkout', async () => {
    const kai = await customer();
    const q = (await send('/payments/quote', { amountUsd: '60' }, kai.token)).json<PaymentQuote>();
    const body = { amountUsd: '60', quoteId: q.quoteId };
    const key = randomUUID();
    // What the first request committed before its process died: the key, the payment, the
    // quote's use (one database call), and no checkout at the gateway.
    const scope = '/api/payments/checkout';
    const written = await t.app.services.money.execute({
      kind: 'payment_open',
      userId: kai.user.id,
      key,
      scope,
      requestHash: requestHash(scope, body),
      now: new Date().toISOString(),
      quoteId: q.quoteId,
      amountCents: '6000',
      code: newTransactionCode('PAYMENT'),
      gateway: 'sandbox',
      expiresAt: new Date(Date.now() + 35 * 60_000).toISOString(),
    });
    expect(written).toMatchObject({ status: 200 });
    const pending = await payment(kai.token, String(written.paymentId));
    expect(pending).toMatchObject({ status: 'pending', checkoutUrl: null });

    const retried = await checkout(body, kai.token, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    const { paymentId, checkoutUrl } = retried.json<{ paymentId: string; checkoutUrl: string }>();
    expect(paymentId).toBe(written.paymentId);
    expect(checkoutUrl).toMatch(/\/sandbox-checkout\/cs_test_/);
    // Retried again: the same checkout, still one session at the gateway.
    expect((await checkout(body, kai.token, key)).json().checkoutUrl).toBe(checkoutUrl);
    const sessions = await t.database.executeSql('SELECT id FROM sandbox_checkouts WHERE client_reference_id = $1', [
      paymentId,
    ]);
    expect(sessions.rows).toHaveLength(1);
    expect((await send(`/dev/payments/${sessionIdOf(checkoutUrl)}/complete`, {})).statusCode).toBe(200);
    await within(15_000, async () => (await payment(kai.token, paymentId)).status === 'credited');
    expect((await balances(kai.token)).GOLD.available).toBe(q.grams);

    // One whose retry never came: past its expiry the sweep closes it (nobody had a checkout
    // to pay), and a retry after that is told to start again.
    const q2 = (await send('/payments/quote', { amountUsd: '15' }, kai.token)).json<PaymentQuote>();
    const body2 = { amountUsd: '15', quoteId: q2.quoteId };
    const key2 = randomUUID();
    const orphan = await t.app.services.money.execute({
      kind: 'payment_open',
      userId: kai.user.id,
      key: key2,
      scope,
      requestHash: requestHash(scope, body2),
      now: new Date().toISOString(),
      quoteId: q2.quoteId,
      amountCents: '1500',
      code: newTransactionCode('PAYMENT'),
      gateway: 'sandbox',
      expiresAt: new Date(Date.now() + 35 * 60_000).toISOString(),
    });
    await later(36).sweep();
    expect((await payment(kai.token, String(orphan.paymentId))).status).toBe('expired');
    const tooLate = await checkout(body2, kai.token, key2);
    expect(tooLate.statusCode).toBe(422);
    expect(tooLate.json().error.message).toBe(
      'This checkout was never opened and has expired. Please ask for a new quote.',
    );
    expect((await balances(kai.token)).GOLD.available).toBe(q.grams);
  });

  it('refuses bad amounts, used, foreign and mismatched quotes, and other users’ payments', async () => {
    const lee = await customer();
    const max = await customer();
    for (const amountUsd of ['abc', '50.001', '-5', ' 50', '1e3'])
      expect((await send('/payments/quote', { amountUsd }, lee.token)).statusCode, amountUsd).toBe(400);
    for (const amountUsd of ['9.99', '0', '10000.01'])
      expect((await send('/payments/quote', { amountUsd }, lee.token)).statusCode, amountUsd).toBe(422);

    const q = (await send('/payments/quote', { amountUsd: '30' }, lee.token)).json<PaymentQuote>();
    const other = await checkout({ amountUsd: '31', quoteId: q.quoteId }, lee.token);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe('This quote was for another amount. Please ask for a new one.');
    expect((await checkout({ amountUsd: '30', quoteId: q.quoteId }, max.token)).statusCode).toBe(404);
    expect((await checkout({ amountUsd: '30', quoteId: q.quoteId }, lee.token)).statusCode).toBe(200);
    const twice = await checkout({ amountUsd: '30', quoteId: q.quoteId }, lee.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.name).toBe('QuoteUsedError');

    const [mine] = (await get(t.app, '/payments', lee.token)).json<{ data: Payment[] }>().data;
    expect((await get(t.app, `/payments/${mine!.id}`, max.token)).statusCode).toBe(404);
    expect((await send(`/payments/${mine!.id}/cancel`, {}, max.token)).statusCode).toBe(404);
    expect((await get(t.app, '/payments', max.token)).json().data).toEqual([]);
    expect((await send('/payments/quote', { amountUsd: '50' })).statusCode).toBe(401);

    const unverified = await signedInUser(t.app);
    expect((await send('/payments/quote', { amountUsd: '50' }, unverified.token)).statusCode).toBe(403);
  });
});
