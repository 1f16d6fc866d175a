import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { BankRefusedAccount, BankUnavailable } from './port.js';
import { createStripeBank } from './stripe.js';

/* Stripe's SetupIntent micro-deposit calls, answered with the shapes of Stripe's API reference. */

const BASE = 'https://api.stripe.test/v1';
const stripeError = (status: number, error: Record<string, string>) =>
  HttpResponse.json({ error: { type: 'invalid_request_error', ...error } }, { status });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const bank = createStripeBank({ secretKey: 'sk_test_123', apiBase: BASE, timeoutMs: 500 });
const account = {
  holderName: 'Jenny Rosen',
  accountNumber: '110000000 / 000123456789',
  bankName: 'STRIPE TEST BANK',
  country: 'US',
};

describe('Stripe bank adapter', () => {
  it('starts a SetupIntent with the routing and account numbers, authenticated by the secret key', async () => {
    let sent: URLSearchParams | undefined;
    let auth: string | null = null;
    server.use(
      http.post(`${BASE}/setup_intents`, async ({ request }) => {
        auth = request.headers.get('authorization');
        sent = new URLSearchParams(await request.text());
        return HttpResponse.json({ id: 'seti_123', object: 'setup_intent', status: 'requires_action' });
      }),
    );
    expect(await bank.startVerification(account)).toEqual({ externalId: 'seti_123' });
    expect(auth).toBe('Bearer sk_test_123');
    expect(sent?.get('payment_method_data[us_bank_account][routing_number]')).toBe('110000000');
    expect(sent?.get('payment_method_data[us_bank_account][account_number]')).toBe('000123456789');
    expect(sent?.get('payment_method_options[us_bank_account][verification_method]')).toBe('microdeposits');
  });

  it("refuses the customer's details when Stripe names them, and is unavailable otherwise", async () => {
    server.use(
      http.post(`${BASE}/setup_intents`, () =>
        stripeError(400, {
          message: 'Routing number must have 9 digits',
          param: 'payment_method_data[us_bank_account][routing_number]',
        }),
      ),
    );
    await expect(bank.startVerification(account)).rejects.toBeInstanceOf(BankRefusedAccount);
    server.use(http.post(`${BASE}/setup_intents`, () => stripeError(401, { message: 'Invalid API Key provided' })));
    await expect(bank.startVerification(account)).rejects.toBeInstanceOf(BankUnavailable);
    server.use(http.post(`${BASE}/setup_intents`, () => HttpResponse.error()));
    await expect(bank.startVerification(account)).rejects.toBeInstanceOf(BankUnavailable);
  });

  it('weighs the amounts: succeeded is right, a mismatch is wrong, an outage weighs nothing', async () => {
    let amounts: string[] = [];
    server.use(
      http.post(`${BASE}/setup_intents/seti_123/verify_microdeposits`, async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        amounts = [form.get('amounts[0]') ?? '', form.get('amounts[1]') ?? ''];
        return amounts.join() === '32,45'
          ? HttpResponse.json({ id: 'seti_123', object: 'setup_intent', status: 'succeeded' })
          : stripeError(400, {
              code: 'payment_method_microdeposit_verification_amounts_mismatch',
              message: 'The amounts provided do not match the amounts that were sent to the bank account.',
            });
      }),
    );
    expect(await bank.confirmDeposits('seti_123', [32, 45])).toBe(true);
    expect(amounts).toEqual(['32', '45']);
    expect(await bank.confirmDeposits('seti_123', [10, 11])).toBe(false);

    server.use(
      http.post(`${BASE}/setup_intents/seti_123/verify_microdeposits`, () =>
        HttpResponse.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, { status: 500 }),
      ),
    );
    await expect(bank.confirmDeposits('seti_123', [32, 45])).rejects.toBeInstanceOf(BankUnavailable);
    server.use(
      http.post(`${BASE}/setup_intents/seti_123/verify_microdeposits`, () =>
        stripeError(400, {
          code: 'setup_intent_unexpected_state',
          message: 'This SetupIntent is not awaiting verification.',
        }),
      ),
    );
    await expect(bank.confirmDeposits('seti_123', [32, 45])).rejects.toBeInstanceOf(BankUnavailable);
  });
});
