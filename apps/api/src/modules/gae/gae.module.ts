import fp from 'fastify-plugin';
import { API_BASE, fromUnits } from '@qmgt/contracts';
import { usersService } from '../users/index.js';
import {
  GAE_MAILS,
  createGaeService,
  type AutoSaveSkipMail,
  type GaeService,
  type TerminationMail,
} from './gae.service.js';
import { gaeRoutes } from './gae.routes.js';
import { gaeAdminRoutes } from './gae.admin.routes.js';
import { autoSaveSkippedMail, terminationMail } from './gae.mails.js';

declare module '../../services.js' {
  interface Services {
    gae: GaeService;
  }
}

/** How often the auto-save job looks for plans whose day has come. */
const AUTO_SAVE_PASS_MS = 60_000;

/**
 * Gold savings: the GAE plan (operation types gae_purchase, gae_auto_save, gae_terminate,
 * gae_termination_decide) and Convert (convert), their routes, the operator's queue, the
 * mails and the monthly auto-save job.
 */
export default fp(
  async (app) => {
    const { money, market, ledger, transactions, mail } = app.services;
    const db = app.database.db;
    const gae = createGaeService({ db, money, market, ledger, transactions });
    app.services.gae = gae;

    // A termination's customer is mailed when it is filed and when it is decided. A status the
    // request has already left is not mailed: the later status owes its own mail, which tells
    // where the request stands (a request decided before its "received" mail went out is
    // mailed the decision only).
    app.outbox.handle<TerminationMail>(GAE_MAILS.termination, async (owed) => {
      const row = await gae.terminationRow(owed.id);
      if (!row || row.status !== owed.status) return;
      const user = await usersService.findById(db, row.userId);
      if (!user) return;
      await mail.send(
        terminationMail(user.email, user.username, app.config.publicUrl, await gae.termination(user.id, row.id)),
      );
    });
    app.outbox.handle<AutoSaveSkipMail>(GAE_MAILS.autoSaveSkipped, async (owed) => {
      const run = await gae.skippedRun(owed);
      const user = run && (await usersService.findById(db, run.userId));
      if (!run || !user || run.amount === null) return;
      await mail.send(
        autoSaveSkippedMail(user.email, user.username, app.config.publicUrl, {
          period: owed.period,
          amountUsdt: fromUnits(BigInt(run.amount), 'USDT'),
        }),
      );
    });

    // The monthly auto-save: each pass buys what is due; the operation makes every (plan,
    // month) run once, even should two passes meet.
    app.schedule.every('gae.auto-save', { everyMs: AUTO_SAVE_PASS_MS }, () => gae.runAutoSaves());

    await app.register(gaeRoutes, { prefix: API_BASE, gae });
    await app.register(gaeAdminRoutes, { prefix: API_BASE, gae });
  },
  {
    name: 'module:gae',
    dependencies: [
      'auth',
      'idempotency',
      'outbox',
      'module:money',
      'module:market',
      'module:ledger',
      'module:transactions',
    ],
  },
);
