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
import { currentAuth } from '../../plugins/auth.js';
import { idempotencyOf, markReplayed } from '../../plugins/idempotency.js';
import type { ReferralsService } from './referrals.service.js';

/** Affiliates and the reward center: thin handlers over the service (the payout queue is its declared review). */
export const referralsRoutes: FastifyPluginAsync<{ referrals: ReferralsService }> = async (fastify, { referrals }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['referrals'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.affiliates,
    {
      onRequest: app.requireVerified,
      schema: {
        tags,
        security,
        summary: 'The downline three levels deep (paged, by level or name) with counts and volume per level',
        querystring: affiliatesQuerySchema,
        response: { 200: affiliatesResponseSchema },
      },
    },
    async (request) => referrals.affiliates(currentAuth(request).user.id, request.query),
  );

  app.get(
    apiPaths.rewards,
    {
      onRequest: app.requireVerified,
      schema: {
        tags,
        security,
        summary: 'Referral rewards with source, level, vesting date and status (paged by key), and totals',
        querystring: rewardsQuerySchema,
        response: { 200: rewardsResponseSchema },
      },
    },
    async (request) => referrals.rewards(currentAuth(request).user.id, request.query),
  );

  app.post(
    apiPaths.claimToken,
    {
      onRequest: app.requireVerified,
      // 404 another's or unknown reward; 409 not vested yet or already claimed.
      config: { idempotent: true, errorStatuses: [404, 409] },
      schema: {
        tags,
        security,
        summary: 'Claim one vested reward into available QMGT, minted on chain (Idempotency-Key header)',
        body: claimTokenRequestSchema,
        response: { 200: transactionResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await referrals.claim(
        currentAuth(request).user.id,
        request.body.rewardid,
        idempotencyOf(request),
      );
      markReplayed(reply, outcome.replayed);
      return { transaction: outcome.transaction };
    },
  );

  app.post(
    apiPaths.tokenReward,
    {
      onRequest: app.requireVerified,
      config: { idempotent: true, errorStatuses: [422] },
      schema: {
        tags,
        security,
        summary: 'Request a payout of vested rewards worth `amount` QMGT (Idempotency-Key header)',
        body: tokenRewardRequestSchema,
        response: { 200: rewardRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await referrals.requestPayout(currentAuth(request).user.id, request.body.amount, idempotencyOf(request)),
    }),
  );

  app.get(
    apiPaths.rewardRequests,
    {
      onRequest: app.requireVerified,
      schema: {
        tags,
        security,
        summary: "The caller's payout requests",
        response: { 200: rewardRequestsResponseSchema },
      },
    },
    async (request) => ({ data: await referrals.myRequests(currentAuth(request).user.id) }),
  );

  app.post(
    apiPaths.sellTokenOnlyVesting,
    {
      onRequest: app.requireVerified,
      // 422: under the minimum sale, fewer vested rewards, or a price below minAmountOut; 503: no price.
      config: { idempotent: true, errorStatuses: [422, 503] },
      schema: {
        tags,
        security,
        summary: 'Sell vested rewards for USDT at the sell price, at least minAmountOut (Idempotency-Key header)',
        body: sellVestingRequestSchema,
        response: { 200: transactionResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await referrals.sellVested(currentAuth(request).user.id, request.body, idempotencyOf(request));
      markReplayed(reply, outcome.replayed);
      return { transaction: outcome.transaction };
    },
  );
};
