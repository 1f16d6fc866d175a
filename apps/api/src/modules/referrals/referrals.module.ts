import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { usersService } from '../users/index.js';
import { REWARD_MAIL, createReferralsService, type ReferralsService, type RewardMail } from './referrals.service.js';
import { referralsRoutes } from './referrals.routes.js';
import { rewardRequestMail } from './referrals.mails.js';

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
    });
    app.services.referrals = referrals;
    // The vesting period the SQL crediting reads (migration 0010), from the configuration.
    await app.database.executeSql(
      `INSERT INTO platform_settings (key, value) VALUES ('reward_vesting_days', $1)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [String(app.config.rewardVestingDays)],
    );
    app.outbox.handle<RewardMail>(REWARD_MAIL, async (owed) => {
      const row = await referrals.requestRow(owed.id);
      if (!row || row.status !== owed.status) return;
      const user = await usersService.findById(db, row.userId);
      if (!user) return;
      const wire = (await referrals.myRequests(user.id)).find((r) => r.id === row.id);
      if (wire) await mail.send(rewardRequestMail(user.email, user.username, app.config.publicUrl, wire));
    });
    await app.register(referralsRoutes, { prefix: API_BASE, referrals });
  },
  {
    name: 'module:referrals',
    dependencies: ['auth', 'idempotency', 'outbox', 'module:money', 'module:market', 'module:transactions'],
  },
);
