import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { usersService } from '../users/index.js';
import { USDAU_MAIL, createUsdauService, type UsdauMail, type UsdauService } from './usdau.service.js';
import { usdauRoutes } from './usdau.routes.js';
import { usdauRequestMail } from './usdau.mails.js';

declare module '../../services.js' {
  interface Services {
    usdau: UsdauService;
  }
}

/**
 * USDAU Request External (operation types usdau_request and usdau_decide): the customer's
 * requests, the operator's queue and the mails. The settlement sender pays approved requests.
 */
export default fp(
  async (app) => {
    const { money, market, transactions, mail } = app.services;
    const db = app.database.db;
    const usdau = createUsdauService({
      db,
      money,
      market,
      transactions,
      // Without a chain (CHAIN_ENABLED=false) payouts wait in the outbox as mints do; a chain
      // without a USDAU token could never pay them.
      canPay: () => !app.chain || app.chain.usdau !== null,
    });
    app.services.usdau = usdau;
    // Mailed when filed and when decided; a status the request has left is not mailed (the
    // later one owes its own mail, which tells where the request stands).
    app.outbox.handle<UsdauMail>(USDAU_MAIL, async (owed) => {
      const row = await usdau.row(owed.id);
      if (!row || row.status !== owed.status) return;
      const user = await usersService.findById(db, row.userId);
      if (!user) return;
      await mail.send(usdauRequestMail(user.email, user.username, app.config.publicUrl, await usdau.toWire(row)));
    });
    await app.register(usdauRoutes, { prefix: API_BASE, usdau });
  },
  {
    name: 'module:usdau',
    dependencies: ['auth', 'idempotency', 'outbox', 'module:money', 'module:market', 'module:transactions'],
  },
);
