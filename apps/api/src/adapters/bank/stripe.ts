import Stripe from 'stripe';
import { BankRefusedAccount, BankUnavailable, type BankPort } from './port.js';

/** Stripe's answers to `verify_microdeposits` that mean "these are not the amounts". */
const WRONG_AMOUNTS = new Set([
  'payment_method_microdeposit_verification_amounts_mismatch',
  'payment_method_microdeposit_verification_amounts_invalid',
  'payment_method_microdeposit_verification_attempts_exceeded',
]);

/**
 * An answer of Stripe's own about the request (a 4xx other than our key refused or rate
 * limited), as opposed to not reaching it or its own failure: nobody's answer was weighed then.
 */
function refusalOf(error: unknown): Stripe.errors.StripeError | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  const status = error.statusCode ?? 0;
  if (status < 400 || status >= 500 || status === 401 || status === 403 || status === 429) return undefined;
  return error;
}

function unavailable(error: unknown, what: string): BankUnavailable {
  return new BankUnavailable(`Stripe ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Stripe's ACH micro-deposit verification (US bank accounts) through the official SDK: a
 * SetupIntent with the account details and `verification_method=microdeposits`; the
 * customer's two amounts are checked by `verify_microdeposits`. Not exercised against Stripe
 * here (no network); its documented error shapes are tested with MSW. Not covered: Stripe may
 * send one deposit with a descriptor code instead of two amounts
 * (`next_action.verify_with_microdeposits.microdeposit_type`), which this contract (two
 * amounts) cannot take.
 */
export function createStripeBank(options: { secretKey: string; apiBase?: string; timeoutMs?: number }): BankPort {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    // The global fetch looked up at each call (not captured now): the tests' MSW handlers apply.
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: 1,
    ...(base
      ? {
          host: base.hostname,
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
          ...(base.port ? { port: Number(base.port) } : {}),
        }
      : {}),
  });

  return {
    kind: 'stripe',
    async startVerification(account) {
      const [routing, number] = account.accountNumber.includes('/')
        ? account.accountNumber.split('/', 2)
        : ['', account.accountNumber];
      let intent: Stripe.SetupIntent;
      try {
        intent = await stripe.setupIntents.create({
          payment_method_options: { us_bank_account: { verification_method: 'microdeposits' } },
          payment_method_data: {
            type: 'us_bank_account',
            billing_details: { name: account.holderName },
            us_bank_account: {
              account_number: (number ?? '').replace(/\s/g, ''),
              routing_number: (routing ?? '').replace(/\s/g, ''),
              account_holder_type: 'individual',
            },
          },
          confirm: true,
          mandate_data: { customer_acceptance: { type: 'offline' } },
        });
      } catch (error) {
        const refusal = refusalOf(error);
        // A 4xx about the account's own details is the customer's to correct; any other is ours.
        if (refusal && /us_bank_account|routing|account_number/.test(refusal.param ?? ''))
          throw new BankRefusedAccount(refusal.message);
        throw unavailable(error, refusal ? 'refused the SetupIntent' : 'setupIntents.create');
      }
      if (!intent.id) throw new BankUnavailable('Stripe answered without a SetupIntent id');
      return { externalId: intent.id };
    },
    async confirmDeposits(externalId, cents) {
      try {
        const intent = await stripe.setupIntents.verifyMicrodeposits(externalId, { amounts: [cents[0], cents[1]] });
        return intent.status === 'succeeded';
      } catch (error) {
        if (WRONG_AMOUNTS.has(refusalOf(error)?.code ?? '')) return false;
        // Anything else (an intent in an unexpected state, Stripe down) weighed nothing.
        throw unavailable(error, 'verify_microdeposits');
      }
    },
  };
}
