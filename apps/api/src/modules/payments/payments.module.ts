import fp from 'fastify-plugin';
import { API_BASE, apiPaths } from '@qmgt/contracts';
import { createSandboxGateway, type SandboxGateway } from '../../adapters/payments/sandbox.js';
import { createStripeGateway } from '../../adapters/payments/stripe.js';
import type { PaymentGateway } from '../../adapters/payments/port.js';
import { amount } from '../../lib/mail-layout.js';
import { usersService } from '../users/index.js';
import { paymentCreditedMail, remittanceReceivedMail, remittanceSentMail } from './payments.mails.js';
import { paymentsRoutes, paymentsWebhookRoutes, sandboxCheckoutRoutes } from './payments.routes.js';
import { PAYMENT_MAIL, createPaymentsService, type PaymentMail, type PaymentsService } from './payments.service.js';
import { REMIT_MAIL, createRemitService, type RemitMail, type RemitService } from './remit.service.js';

declare module '../../services.js' {
  interface Services {
    payments: PaymentsService;
    remit: RemitService;
  }
}

/** How often pending checkouts past their expiry are settled. */
const SWEEP_MS = 60_000;

/**
 * Gold Convert services: Spend To Save (operation type payment_credit) through Stripe Checkout
 * with STRIPE_SECRET_KEY, else the sandbox gateway; Remit to save (operation type remit).
 */
export default fp(
  async (app) => {
    const { money, market, transactions, mail, kyc, notifications } = app.services;
    const db = app.database.db;
    let sandbox: SandboxGateway | undefined;
    let gateway: PaymentGateway;
    if (app.config.stripeSecretKey && app.config.stripeWebhookSecret) {
      gateway = createStripeGateway({
        secretKey: app.config.stripeSecretKey,
        webhookSecret: app.config.stripeWebhookSecret,
        timeoutMs: app.config.stripeTimeoutMs,
      });
    } else {
      sandbox = createSandboxGateway({
        db,
        queue: app.jobs,
        webhookSecret: `whsec_${app.services.derivedSecret('sandbox-payments-webhook')}`,
      });
      gateway = sandbox.gateway;
    }
    const payments = createPaymentsService({
      db,
      money,
      market,
      gateway,
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
    const remit = createRemitService({ db, money, market, transactions, kyc });
    app.services.payments = payments;
    app.services.remit = remit;

    app.outbox.handle<PaymentMail>(PAYMENT_MAIL, async (owed, delivery) => {
      const row = await payments.row(owed.id);
      if (!row || row.status !== 'credited') return;
      const user = await usersService.findById(db, row.userId);
      if (!user) return;
      const wire = payments.toWire(row);
      await notifications.deliver(
        {
          userId: user.id,
          kind: 'deposit',
          key: delivery.key,
          title: `Payment credited: ${amount(wire.grams, 'GOLD')} of gold`,
          body: `Your card payment of $${wire.amountUsd} bought ${amount(wire.grams, 'GOLD')} at ${amount(wire.price, 'USDT')} per gram.`,
          link: '/transactions',
        },
        () => mail.send(paymentCreditedMail(user.email, user.username, app.config.publicUrl, wire)),
      );
    });
    // Both sides' mails are one outbox message: a crash between them repeats the sender's.
    app.outbox.handle<RemitMail>(REMIT_MAIL, async (owed, delivery) => {
      const row = await remit.row(owed.id);
      if (!row) return;
      const [sender, recipient] = await Promise.all([
        usersService.findById(db, row.senderId),
        usersService.findById(db, row.recipientId),
      ]);
      // One message, two customers: a notification each, under the message's key and the side.
      if (sender) {
        const wire = await remit.toWire(row, sender.id);
        await notifications.deliver(
          {
            userId: sender.id,
            kind: 'remittance',
            key: `${delivery.key}:sent`,
            title: `You sent ${amount(wire.amountUsdt, 'USDT')}`,
            body: `${amount(wire.amountUsdt, 'USDT')} went to ${wire.counterparty} (${wire.code}).`,
            link: '/transactions',
          },
          () => mail.send(remittanceSentMail(sender.email, sender.username, app.config.publicUrl, wire)),
        );
      }
      if (recipient) {
        const wire = await remit.toWire(row, recipient.id);
        await notifications.deliver(
          {
            userId: recipient.id,
            kind: 'remittance',
            key: `${delivery.key}:received`,
            title: `You received ${amount(wire.amountUsdt, 'USDT')}`,
            body: `${wire.counterparty} sent you ${amount(wire.amountUsdt, 'USDT')} (${wire.code}). It is in your wallet.`,
            link: '/transactions',
          },
          () => mail.send(remittanceReceivedMail(recipient.email, recipient.username, app.config.publicUrl, wire)),
        );
      }
    });

    // One process a period sweeps (the schedule), and need not be the only one: a sweep claims
    // the payments it looks at, the credit is the money operation that credits a payment once,
    // and every close is conditional, so two processes never do a thing twice.
    app.schedule.every('payments.sweep', { everyMs: SWEEP_MS }, () => payments.sweep());

    await app.register(
      async (api) => {
        await api.register(paymentsRoutes, { payments, remit });
        await api.register(paymentsWebhookRoutes, { payments });
        if (app.config.sandbox && sandbox) await api.register(sandboxCheckoutRoutes, { sandbox });
      },
      { prefix: API_BASE },
    );

    // The sandbox gateway calls our real webhook endpoint, in-process, with Stripe's signature.
    await sandbox?.start(async (body, headers) => {
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE}${apiPaths.paymentsWebhook}`,
        payload: body,
        headers,
      });
      if (res.statusCode >= 300)
        throw new Error(`payment webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    });
  },
  {
    name: 'module:payments',
    dependencies: [
      'auth',
      'idempotency',
      'outbox',
      'module:money',
      'module:market',
      'module:transactions',
      'module:notifications',
    ],
  },
);
