import { BankRefusedAccount, BankUnavailable, type BankPort } from './port.js';

/** Stripe's answers to `verify_microdeposits` that mean "these are not the amounts". */
const WRONG_AMOUNTS = new Set([
  'payment_method_microdeposit_verification_amounts_mismatch',
  'payment_method_microdeposit_verification_amounts_invalid',
  'payment_method_microdeposit_verification_attempts_exceeded',
]);

interface StripeError {
  type?: string;
  code?: string;
  param?: string;
  message?: string;
}

/** An answer of Stripe's own (4xx with an `error` object), as opposed to not reaching it. */
class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeError,
  ) {
    super(error.message ?? `Stripe answered ${status}`);
  }
}

/**
 * Stripe's ACH micro-deposit verification (US bank accounts): a SetupIntent with the account
 * details and `verification_method=microdeposits`; the customer's two amounts are checked by
 * `verify_microdeposits`. Not exercised against Stripe here (no network); its documented error
 * shapes are tested with MSW. Not covered: Stripe may send one deposit with a descriptor code
 * instead of two amounts (`next_action.verify_with_microdeposits.microdeposit_type`), which this
 * contract (two amounts) cannot take.
 */
export function createStripeBank(options: { secretKey: string; apiBase?: string; timeoutMs?: number }): BankPort {
  const base = options.apiBase ?? 'https://api.stripe.com/v1';
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(path: string, form: Record<string, string>) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new BankUnavailable(`Stripe ${path} unreachable: ${String(error)}`);
    }
    const body = (await response.json().catch(() => ({}))) as { id?: string; status?: string; error?: StripeError };
    if (response.ok) return body;
    // Our key refused, rate-limited or Stripe's own failure: nobody's answer was weighed.
    if (response.status >= 500 || response.status === 401 || response.status === 403 || response.status === 429)
      throw new BankUnavailable(`Stripe ${path}: ${response.status} ${body.error?.message ?? ''}`.trim());
    throw new StripeRefusal(response.status, body.error ?? {});
  }

  return {
    kind: 'stripe',
    async startVerification(account) {
      const [routing, number] = account.accountNumber.includes('/')
        ? account.accountNumber.split('/', 2)
        : ['', account.accountNumber];
      try {
        const intent = await call('/setup_intents', {
          'payment_method_types[]': 'us_bank_account',
          'payment_method_options[us_bank_account][verification_method]': 'microdeposits',
          'payment_method_data[type]': 'us_bank_account',
          'payment_method_data[billing_details][name]': account.holderName,
          'payment_method_data[us_bank_account][account_number]': (number ?? '').replace(/\s/g, ''),
          'payment_method_data[us_bank_account][routing_number]': (routing ?? '').replace(/\s/g, ''),
          'payment_method_data[us_bank_account][account_holder_type]': 'individual',
          confirm: 'true',
          'mandate_data[customer_acceptance][type]': 'offline',
        });
        if (!intent.id) throw new BankUnavailable('Stripe answered without a SetupIntent id');
        return { externalId: intent.id };
      } catch (error) {
        // A 4xx about the account's own details is the customer's to correct; any other is ours.
        if (error instanceof StripeRefusal && /us_bank_account|routing|account_number/.test(error.error.param ?? ''))
          throw new BankRefusedAccount(error.message);
        if (error instanceof StripeRefusal)
          throw new BankUnavailable(`Stripe refused the SetupIntent: ${error.message}`);
        throw error;
      }
    },
    async confirmDeposits(externalId, cents) {
      try {
        const intent = await call(`/setup_intents/${encodeURIComponent(externalId)}/verify_microdeposits`, {
          'amounts[0]': String(cents[0]),
          'amounts[1]': String(cents[1]),
        });
        return intent.status === 'succeeded';
      } catch (error) {
        if (error instanceof StripeRefusal && WRONG_AMOUNTS.has(error.error.code ?? '')) return false;
        // Anything else (an intent in an unexpected state, Stripe down) weighed nothing.
        if (error instanceof StripeRefusal) throw new BankUnavailable(`Stripe verify_microdeposits: ${error.message}`);
        throw error;
      }
    },
  };
}
