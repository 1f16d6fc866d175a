import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  stakeRequestSchema,
  stakingPositionResponseSchema,
  stakingPositionsResponseSchema,
  stakingPreviewSchema,
  stakingTermsResponseSchema,
  transactionResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { StakingService } from './staking.service.js';

/** Staking QMGT+: thin handlers over the service. */
export const stakingRoutes: FastifyPluginAsync<{ staking: StakingService }> = async (fastify, { staking }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staking'];
  const security = [{ bearer: [] }];
  const route = routeDeclarer({ tags, security });
  const moneyOperation = moneyOperationDeclarer(app, route);

  app.get(
    apiPaths.stakingTerms,
    route({
      guard: app.requireUser,
      summary: 'Terms and APRs',
      ok: stakingTermsResponseSchema,
    }),
    async () => staking.terms(),
  );

  app.post(
    apiPaths.stakingPreview,
    route({
      guard: app.requireVerified,
      config: { errorStatuses: [422] },
      summary: 'The interest and maturity date of a stake, before confirming (upline required)',
      body: stakeRequestSchema,
      ok: stakingPreviewSchema,
    }),
    async (request) => staking.preview(currentAuth(request).user.id, request.body),
  );

  moneyOperation(apiPaths.staking, {
    guard: app.requireVerified,
    // 403 without an upline; 422 under the minimum or more than the balance.
    config: { errorStatuses: [422] },
    summary: 'Stake QMGT for 90, 180 or 365 days (Idempotency-Key header; upline required)',
    body: stakeRequestSchema,
    ok: stakingPositionResponseSchema,
    operate: ({ user, body, claim }) => staking.stake(user.id, body, claim),
  });

  app.get(
    apiPaths.stakingPositions,
    route({
      guard: app.requireVerified,
      summary: "The caller's positions with interest accrued so far",
      ok: stakingPositionsResponseSchema,
    }),
    async (request) => ({ positions: await staking.positions(currentAuth(request).user.id) }),
  );

  moneyOperation('/staking/:id/unstake', {
    guard: app.requireVerified,
    // 404 another's or unknown position; 409 already closed.
    config: { errorStatuses: [404, 409] },
    summary: 'Unstake: before maturity the principal returns and the interest is forfeited (Idempotency-Key header)',
    params: z.object({ id: z.uuid({ error: 'Staking position not found.' }) }),
    ok: transactionResponseSchema,
    operate: ({ user, params, claim }) => staking.unstake(user.id, params.id, claim),
  });
};
