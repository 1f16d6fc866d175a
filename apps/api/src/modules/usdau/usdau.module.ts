import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { payStatusMail, sweepStatusMailsEveryMinute, type StatusMailOutbox } from '../../jobs/status-mails.js';
import { usersService } from '../users/users.service.js';
import { usdauRequests } from './usdau.schema.js';
import { USDAU_MAIL_JOB, createUsdauService, type UsdauMailJob, type UsdauService } from './usdau.service.js';
import { usdauRoutes } from './usdau.routes.js';
import { usdauRequestMail } from './usdau.mails.js';

/** A USDAU request's customer is mailed when it is filed and when it is decided. */
export const usdauMails: StatusMailOutbox = {
  table: usdauRequests,
  id: usdauRequests.id,
  status: usdauRequests.status,
  mailedStatus: usdauRequests.mailedStatus,
  mailSweptAt: usdauRequests.mailSweptAt,
  createdAt: usdauRequests.createdAt,
  decidedAt: usdauRequests.decidedAt,
  statuses: ['requested', 'approved', 'rejected'],
  job: USDAU_MAIL_JOB,
  jobKey: 'requestId',
};

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
      jobs: app.jobs,
      // Without a chain (CHAIN_ENABLED=false) payouts wait in the outbox as mints do; a chain
      // without a USDAU token could never pay them.
      canPay: () => !app.chain || app.chain.usdau !== null,
    });
    app.services.usdau = usdau;
    await app.jobs.register<UsdauMailJob>(USDAU_MAIL_JOB, (job) =>
      payStatusMail(db, usdauMails, job.requestId, async () => {
        const row = await usdau.row(job.requestId);
        const user = row && (await usersService.findById(db, row.userId));
        if (!row || !user) return;
        await mail.send(usdauRequestMail(user.email, user.username, app.config.publicUrl, await usdau.toWire(row)));
      }),
    );
    sweepStatusMailsEveryMinute(app, usdauMails);
    await app.register(usdauRoutes, { prefix: API_BASE, usdau });
  },
  {
    name: 'module:usdau',
    dependencies: ['auth', 'idempotency', 'module:money', 'module:market', 'module:transactions'],
  },
);
