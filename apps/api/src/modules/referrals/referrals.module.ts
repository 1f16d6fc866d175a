import fp from 'fastify-plugin';
import {
  API_BASE,
  REFERRAL_LEVELS,
  REFERRAL_RATES_BPS,
  adminRewardRequestsResponseSchema,
  apiPaths,
  rewardRequestResponseSchema,
} from '@qmgt/contracts';
import { intArraySetting, writePlatformSettings } from '../../db/platform-settings.js';
import { declareReview, reviewNotice } from '../../platform/review/index.js';
import { REWARD_MAIL, createReferralsService, requestWire, type ReferralsService } from './referrals.service.js';
import type { RewardRequestRow } from './referrals.repository.js';
import { rewardRequests } from './referrals.schema.js';
import { referralsRoutes } from './referrals.routes.js';
import { rewardRequestMail } from './referrals.mails.js';

/** The contracts' referral rates, level 1 first, as platform_settings holds them for the SQL. */
const referralRatesSetting = intArraySetting(REFERRAL_LEVELS.map((level) => REFERRAL_RATES_BPS[level]));

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
    // What the SQL crediting reads (referral_rewards_credit, referral_reward_amounts): the
    // vesting period from the configuration, the rates per level from the contracts.
    await writePlatformSettings(app.database, {
      reward_vesting_days: String(app.config.rewardVestingDays),
      referral_rates_bps: referralRatesSetting,
    });
    await app.register(referralsRoutes, { prefix: API_BASE, referrals });
    // The operator's payout review: an approval mints the rewards to the customer, a rejection
    // vests them again (reward_payout_decide). The customer is mailed the decision.
    await declareReview(
      app,
      {
        audit: 'reward.payout',
        table: rewardRequests,
        requestedAt: rewardRequests.createdAt,
        open: 'pending',
        notFound: 'Reward request not found.',
        booking: {
          money: (row: RewardRequestRow, decided) => ({ kind: 'reward_payout_decide', requestId: row.id, ...decided }),
        },
        subject: (row) => row.code,
        present: async (rows) => rows.map(requestWire),
        answer: async (row) => requestWire(row),
        message: {
          kind: REWARD_MAIL,
          notice: (row) => reviewNotice(`reward payout ${row.code}`, row.status, '/My-Reward-Center'),
          send: (row, customer) =>
            mail.send(rewardRequestMail(customer.email, customer.username, app.config.publicUrl, requestWire(row))),
        },
      },
      {
        queue: apiPaths.listAunRequest,
        decide: '/admin/reward-requests/:id/:decision',
        queueSummary: 'Reward payout requests: pending first',
        decideSummary: 'Pay (mint to the customer) or reject (vested again) a reward payout request',
        queueResponse: adminRewardRequestsResponseSchema,
        answerKey: 'request',
        answerResponse: rewardRequestResponseSchema,
      },
    );
  },
  {
    name: 'module:referrals',
    dependencies: ['auth', 'idempotency', 'outbox', 'module:money', 'module:market', 'module:transactions'],
  },
);
