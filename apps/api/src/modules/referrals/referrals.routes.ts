import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  affiliatesQuerySchema,
  affiliatesResponseSchema,
  apiPaths,
  claimTokenRequestSchema,
  rewardRequestResponseSchema,
  rewardRequestsResponseSchema,
  rewardsQuerySchema,
  rewardsResponseSchema,
  sellVestingRequestSchema,
  tokenRewardRequestSchema,
  transactionResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { ReferralsService } from './referrals.service.js';

/** Affiliates and the reward center: thin handlers over the service (the payout queue is its declared review). */
export const referralsRoutes: FastifyPluginAsync<{ referrals: ReferralsService }> = async (fastify, { referrals }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routeDeclarer({ tags: ['referrals'] });
  const moneyOperation = moneyOperationDeclarer(app, route);

  app.get(
    apiPaths.affiliates,
    route({
      guard: app.requireVerified,
      summary: 'The downline three levels deep (paged, by level or name) with counts and volume per level',
      querystring: affiliatesQuerySchema,
      ok: affiliatesResponseSchema,
    }),
    async (request) => referrals.affiliates(currentAuth(request).user.id, request.query),
  );

  app.get(
    apiPaths.rewards,
    route({
      guard: app.requireVerified,
      summary: 'Referral rewards with source, level, vesting date and status (paged by key), and totals',
      querystring: rewardsQuerySchema,
      ok: rewardsResponseSchema,
    }),
    async (request) => referrals.rewards(currentAuth(request).user.id, request.query),
  );

  moneyOperation(apiPaths.claimToken, {
    guard: app.requireVerified,
    // 404 another's or unknown reward; 409 not vested yet or already claimed.
    config: { errorStatuses: [404, 409] },
    summary: 'Claim one vested reward into available QMGT, minted on chain (Idempotency-Key header)',
    body: claimTokenRequestSchema,
    ok: transactionResponseSchema,
    operate: ({ user, body, claim }) => referrals.claim(user.id, body.rewardid, claim),
  });

  moneyOperation(apiPaths.tokenReward, {
    guard: app.requireVerified,
    config: { errorStatuses: [422] },
    summary: 'Request a payout of vested rewards worth `amount` QMGT (Idempotency-Key header)',
    body: tokenRewardRequestSchema,
    ok: rewardRequestResponseSchema,
    operate: async ({ user, body, claim }) => ({ request: await referrals.requestPayout(user.id, body.amount, claim) }),
  });

  app.get(
    apiPaths.rewardRequests,
    route({
      guard: app.requireVerified,
      summary: "The caller's payout requests",
      ok: rewardRequestsResponseSchema,
    }),
    async (request) => ({ data: await referrals.myRequests(currentAuth(request).user.id) }),
  );

  moneyOperation(apiPaths.sellTokenOnlyVesting, {
    guard: app.requireVerified,
    // 422: under the minimum sale, fewer vested rewards, or a price below minAmountOut; 503: no price.
    config: { errorStatuses: [422, 503] },
    summary: 'Sell vested rewards for USDT at the sell price, at least minAmountOut (Idempotency-Key header)',
    body: sellVestingRequestSchema,
    ok: transactionResponseSchema,
    operate: ({ user, body, claim }) => referrals.sellVested(user.id, body, claim),
  });
};
