import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createSandboxBank } from '../../adapters/bank/sandbox.js';
import { createStripeBank } from '../../adapters/bank/stripe.js';
import { createBankService, type BankService } from './bank.service.js';
import { bankRoutes } from './bank.routes.js';

declare module '../../services.js' {
  interface Services {
    bank: BankService;
  }
}

/** Bank verification (issue 13): Stripe's micro-deposits with STRIPE_SECRET_KEY, else the sandbox bank. */
export default fp(
  async (app) => {
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
  },
  { name: 'module:bank', dependencies: ['auth'] },
);
