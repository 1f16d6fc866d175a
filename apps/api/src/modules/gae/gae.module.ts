import fp from 'fastify-plugin';
import { API_BASE, fromUnits } from '@qmgt/contracts';
import { payStatusMail, sweepStatusMailsEveryMinute, type StatusMailOutbox } from '../../jobs/status-mails.js';
import { usersService } from '../users/users.service.js';
import { gaeTerminations } from './gae.schema.js';
import {
  GAE_MAIL_JOBS,
  createGaeService,
  type AutoSaveSkipMailJob,
  type GaeService,
  type TerminationMailJob,
} from './gae.service.js';
import { gaeRoutes } from './gae.routes.js';
import { gaeAdminRoutes } from './gae.admin.routes.js';
import { autoSaveSkippedMail, terminationMail } from './gae.mails.js';

declare module '../../services.js' {
  interface Services {
    gae: GaeService;
  }
}

/** A termination's customer is mailed when it is filed and when it is decided. */
export const terminationMails: StatusMailOutbox = {
  table: gaeTerminations,
  id: gaeTerminations.id,
  status: gaeTerminations.status,
  mailedStatus: gaeTerminations.mailedStatus,
  mailSweptAt: gaeTerminations.mailSweptAt,
  createdAt: gaeTerminations.requestedAt,
  decidedAt: gaeTerminations.decidedAt,
  statuses: ['requested', 'approved', 'rejected'],
  job: GAE_MAIL_JOBS.termination,
  jobKey: 'terminationId',
};

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
    const gae = createGaeService({ db, money, market, ledger, transactions, jobs: app.jobs });
    app.services.gae = gae;

    await app.jobs.register<TerminationMailJob>(GAE_MAIL_JOBS.termination, (job) =>
      payStatusMail(db, terminationMails, job.terminationId, async () => {
        const row = await gae.terminationRow(job.terminationId);
        const user = row && (await usersService.findById(db, row.userId));
        if (!row || !user) return;
        await mail.send(
          terminationMail(user.email, user.username, app.config.publicUrl, await gae.termination(user.id, row.id)),
        );
      }),
    );
    sweepStatusMailsEveryMinute(app, terminationMails);
    await app.jobs.register<AutoSaveSkipMailJob>(GAE_MAIL_JOBS.autoSaveSkipped, async (job) => {
      const owed = await gae.owedSkipMail(job);
      if (!owed) return;
      const user = await usersService.findById(db, owed.userId);
      if (user && owed.amount !== null)
        await mail.send(
          autoSaveSkippedMail(user.email, user.username, app.config.publicUrl, {
            period: job.period,
            amountUsdt: fromUnits(BigInt(owed.amount), 'USDT'),
          }),
        );
      await gae.markSkipMailed(job);
    });

    // The monthly auto-save: each pass buys what is due; the operation makes every (plan,
    // month) run once, even should two passes meet.
    app.schedule.every('gae.auto-save', { everyMs: AUTO_SAVE_PASS_MS }, () => gae.runAutoSaves());

    await app.register(gaeRoutes, { prefix: API_BASE, gae });
    await app.register(gaeAdminRoutes, { prefix: API_BASE, gae });
  },
  {
    name: 'module:gae',
    dependencies: ['auth', 'idempotency', 'module:money', 'module:market', 'module:ledger', 'module:transactions'],
  },
);
