import fp from 'fastify-plugin';
import { API_BASE, adminBankAccountResponseSchema, adminBankAccountsResponseSchema, apiPaths } from '@qmgt/contracts';
import { createSandboxBank } from '../../adapters/bank/sandbox.js';
import { createStripeBank } from '../../adapters/bank/stripe.js';
import { declareReview, reviewNotice } from '../../platform/review/index.js';
import { createNomineesService, type NomineesService } from './nominees.service.js';
import { nomineesRoutes } from './nominees.routes.js';
import { createBankService, type BankAccountRow, type BankService } from './bank.service.js';
import { bankRoutes } from './bank.routes.js';
import { maskAccount } from './bank.rules.js';
import { bankAccounts } from './bank.schema.js';

declare module '../../services.js' {
  interface Services {
    nominees: NomineesService;
    bank: BankService;
  }
}

/**
 * Compliance (issue 13, decision 009): one product in every layer — `contracts/compliance.ts`,
 * `features/compliance`, `e2e/tests/compliance.spec.ts` — holding the nominees (the multi-step
 * form's draft and the saved set) and bank verification (Stripe's micro-deposits with
 * STRIPE_SECRET_KEY, else the sandbox bank). Nominees' routes are registered before the bank's,
 * as they were when these were two modules, so the OpenAPI document lists them in that order.
 */
export default fp(
  async (app) => {
    const nominees = createNomineesService(app.database.db);
    app.services.nominees = nominees;
    await app.register(nomineesRoutes, { prefix: API_BASE, nominees });

    const port = app.config.stripeSecretKey
      ? createStripeBank({ secretKey: app.config.stripeSecretKey })
      : createSandboxBank();
    const bank = createBankService({
      db: app.database.db,
      bank: port,
      cipher: app.services.fieldCipher,
      kyc: app.services.kyc,
    });
    app.services.bank = bank;
    await app.register(bankRoutes, { prefix: API_BASE, bank, sandbox: app.config.sandbox && port.kind === 'sandbox' });
    // The operator's review of an account whose holder is not the customer's KYC name: no
    // money moves, so no Idempotency-Key; a second decision is a 409. No mail: a notification
    // in the app, and the status on their accounts page.
    await declareReview(
      app,
      {
        audit: 'bank.account.review',
        table: bankAccounts,
        requestedAt: bankAccounts.createdAt,
        open: 'review',
        notFound: 'Bank account not found.',
        booking: {
          apply: bank.applyDecision,
          taken: (row: BankAccountRow) => `This account is ${row.status}, not waiting for review.`,
        },
        subject: (row) => maskAccount(row.last4),
        present: bank.reviewItems,
        // In the app only (sql/outbox_owe_status_mail.sql owes it when the account is decided).
        message: {
          kind: 'compliance.bank-account',
          notice: (row) => reviewNotice(`bank account ${maskAccount(row.last4)}`, row.status, '/BankVerification'),
        },
      },
      {
        queue: apiPaths.adminBankAccounts,
        decide: '/admin/bank-accounts/:id/:decision',
        queueSummary: "Bank accounts whose holder differs from the customer's KYC name",
        decideSummary: 'Approve or reject (with a reason) an account under review',
        queueResponse: adminBankAccountsResponseSchema,
        answerKey: 'bankAccount',
        answerResponse: adminBankAccountResponseSchema,
      },
    );
  },
  { name: 'module:compliance', dependencies: ['auth'] },
);
