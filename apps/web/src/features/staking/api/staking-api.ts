import {
  apiPaths,
  stakingPositionResponseSchema,
  stakingPositionsResponseSchema,
  stakingPreviewSchema,
  stakingTermsResponseSchema,
  transactionResponseSchema,
  type StakeRequest,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { stakingKeys } from './query-keys';

export { stakingKeys };

/* Staking QMGT+ (DESIGN.md section 8): terms, positions, the interest before staking, early unstake. */

export const stakingQueryOptions = () =>
  queryOptions({
    queryKey: stakingKeys.all(),
    queryFn: async ({ signal }) => {
      const [terms, positions] = await Promise.all([
        apiRequest(apiPaths.stakingTerms, { schema: stakingTermsResponseSchema, signal }),
        apiRequest(apiPaths.stakingPositions, { schema: stakingPositionsResponseSchema, signal }),
      ]);
      return { terms: terms.terms, positions: positions.positions };
    },
  });

export const previewStake = (request: StakeRequest) =>
  apiRequest(apiPaths.stakingPreview, { method: 'POST', body: request, schema: stakingPreviewSchema });

export const stake = (request: StakeRequest, idempotencyKey: string) =>
  apiRequest(apiPaths.staking, {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: stakingPositionResponseSchema,
  });

export const unstake = (id: string, idempotencyKey: string) =>
  apiRequest(apiPaths.unstake(id), {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transactionResponseSchema,
  });
