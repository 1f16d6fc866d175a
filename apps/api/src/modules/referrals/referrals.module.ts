import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { usersService } from '../users/users.service.js';
import { REWARD_MAIL_JOB, createReferralsService, type ReferralsService } from './referrals.service.js';
import { referralsRoutes } from './referrals.routes.js';
import { rewardRequestMail } from './referrals.mails.js';
import type { RewardRequestRow } from './referrals.repository.js';
import { rewardRequests } from './referrals.schema.js';
import { payStatusMail, sweepStatusMailsEveryMinute, type StatusMailOutbox } from '../../jobs/status-mails.js';

/** A payout request's customer is mailed when the operator decides it (not when it is filed). */
export const rewardMails: StatusMailOutbox = {
  table: rewardRequests,
  id: rewardRequests.id,
  status: rewardRequests.status,
  mailedStatus: rewardRequests.mailedStatus,
  mailSweptAt: rewardRequests.mailSweptAt,
  createdAt: rewardRequests.createdAt,
  decidedAt: rewardRequests.decidedAt,
  statuses: ['approved', 'rejected'],
  job: REWARD_MAIL_JOB,
  jobKey: 'requestId',
};

declare module '../../services.js' {
  interface Services {
    referrals: ReferralsService;
  }
}

/**
 * Referral rewards: credited by the money engine inside every purchase (migration 0010), and
 * the operation types reward_claim, reward_payout_request, reward_payout_decide, reward_sell.
 */
export default fp(
  async (app) => {
    const { money, market, transactions, mail } = app.services;
    const db = app.database.db;
    const referrals = createReferralsService({
      db,
      money,
      market,
      policy: market.policy,
      transactions,
      jobs: app.jobs,
    });
    app.services.referrals = referrals;
    // The vesting period the SQL crediting reads (migration 0010), from the configuration.
    await app.database.executeSql(
      `INSERT INTO platform_settings (key, value) VALUES ('reward_vesting_days', $1)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [String(app.config.rewardVestingDays)],
    );
    await app.jobs.register<{ requestId: string }>(REWARD_MAIL_JOB, (job) =>
      payStatusMail(db, rewardMails, job.requestId, async () => {
        const row: RewardRequestRow | undefined = await referrals.requestRow(job.requestId);
        const user = row && (await usersService.findById(db, row.userId));
        if (!row || !user) return;
        const wire = (await referrals.myRequests(user.id)).find((r) => r.id === row.id);
        if (wire) await mail.send(rewardRequestMail(user.email, user.username, app.config.publicUrl, wire));
      }),
    );
    sweepStatusMailsEveryMinute(app, rewardMails);
    await app.register(referralsRoutes, { prefix: API_BASE, referrals });
  },
  {
    name: 'module:referrals',
    dependencies: ['auth', 'idempotency', 'module:money', 'module:market', 'module:transactions'],
  },
);
