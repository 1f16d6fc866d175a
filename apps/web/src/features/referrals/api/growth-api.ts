import {
  adminConsultantSchema,
  adminConsultantsResponseSchema,
  adminRewardRequestsResponseSchema,
  affiliatesResponseSchema,
  apiPaths,
  rewardRequestResponseSchema,
  rewardRequestsResponseSchema,
  rewardsResponseSchema,
  swapQuoteSchema,
  transactionResponseSchema,
  uplineResponseSchema,
  type AffiliatesQuery,
  type ConsultantInput,
} from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { decisionRequest } from '@/lib/decision-request';
import { reviewQueueOptions } from '@/lib/review-queue';
import { growthKeys } from './query-keys';
import { refreshingMutation } from '@/lib/refreshing-mutation';

export { growthKeys };

/* Affiliates, rewards and consultants (DESIGN.md section 8); staking is features/staking. */

/** The filters of /My-Affiliates; pages follow the server's nextCursor. */
export type AffiliatesFilter = Pick<Partial<AffiliatesQuery>, 'level' | 'search'> & { pageSize: number };

export const affiliatesQueryOptions = (filter: AffiliatesFilter) =>
  pagedQueryOptions({
    queryKey: growthKeys.affiliates(filter),
    path: apiPaths.affiliates,
    schema: affiliatesResponseSchema,
    query: {
      level: filter.level ? String(filter.level) : undefined,
      search: filter.search || undefined,
      pageSize: String(filter.pageSize),
    },
  });

/** GET /rewards, a page at a time by key; the totals come with every page (the first page's are shown). */
export const rewardsQueryOptions = (pageSize = 50) =>
  pagedQueryOptions({
    queryKey: growthKeys.rewards(),
    path: apiPaths.rewards,
    schema: rewardsResponseSchema,
    query: { pageSize: String(pageSize) },
  });

export const rewardRequestsQueryOptions = () =>
  queryOptions({
    queryKey: growthKeys.requests(),
    queryFn: ({ signal }) => apiRequest(apiPaths.rewardRequests, { schema: rewardRequestsResponseSchema, signal }),
  });

/** The operator's payout review, a view and a page at a time. */
export const adminRewardRequestsQueryOptions = reviewQueueOptions({
  key: growthKeys.adminRequests(),
  path: apiPaths.listAunRequest,
  schema: adminRewardRequestsResponseSchema,
});

const withKey = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

export const claimReward = (rewardid: string, idempotencyKey: string) =>
  apiRequest(apiPaths.claimToken, {
    method: 'POST',
    body: { rewardid },
    headers: withKey(idempotencyKey),
    schema: transactionResponseSchema,
  });

export const requestPayout = (amount: string, idempotencyKey: string) =>
  apiRequest(apiPaths.tokenReward, {
    method: 'POST',
    body: { amount },
    headers: withKey(idempotencyKey),
    schema: rewardRequestResponseSchema,
  });

/** The screen passes the attempt's Idempotency-Key (kept until the server answers). */
export const requestPayoutMutation = () =>
  refreshingMutation(
    ({ amount, idempotencyKey }: { amount: string; idempotencyKey: string }) => requestPayout(amount, idempotencyKey),
    growthKeys.requests(),
    'success',
  );

/** The sell price of `amount` QMGT, as a swap quote shows it (the same pricing as a vested-rewards sale). */
export const quoteRewardSale = (amount: string) =>
  apiRequest(apiPaths.swapQuote, {
    method: 'POST',
    body: { from: 'QMGT', to: 'USDT', amount },
    schema: swapQuoteSchema,
  });

export const sellVestedRewards = (amount: string, minAmountOut: string, idempotencyKey: string) =>
  apiRequest(apiPaths.sellTokenOnlyVesting, {
    method: 'POST',
    body: { amount, minAmountOut },
    headers: withKey(idempotencyKey),
    schema: transactionResponseSchema,
  });

export const decideRewardRequest = decisionRequest(apiPaths.adminRewardRequestDecision, rewardRequestResponseSchema);

/** GET /admin/consultants, the latest changed first, a page at a time by key. */
export const adminConsultantsQueryOptions = () =>
  pagedQueryOptions({
    queryKey: growthKeys.adminConsultants(),
    path: apiPaths.adminConsultants,
    schema: adminConsultantsResponseSchema,
  });

export const saveConsultant = (input: ConsultantInput) =>
  apiRequest(apiPaths.adminConsultants, { method: 'PUT', body: input, schema: adminConsultantSchema });

export const withdrawConsultant = (name: string) =>
  apiRequest(`${apiPaths.adminConsultants}/${encodeURIComponent(name)}`, {
    method: 'DELETE',
    schema: adminConsultantSchema,
  });

export const saveConsultantMutation = () =>
  refreshingMutation(saveConsultant, growthKeys.adminConsultants(), 'success');
export const withdrawConsultantMutation = () =>
  refreshingMutation(withdrawConsultant, growthKeys.adminConsultants(), 'success');

/** GET /get-upline (bearer): whether the caller was referred by someone; staking needs it. */
export const getUpline = (signal?: AbortSignal) =>
  apiRequest(apiPaths.getUpline, { schema: uplineResponseSchema, signal });

export const uplineQueryOptions = () =>
  queryOptions({ queryKey: growthKeys.upline(), queryFn: ({ signal }) => getUpline(signal) });

/** True only once the server has said so; loading and failure both count as "no upline". */
export const useHasUpline = (enabled: boolean) => {
  const query = useQuery({ ...uplineQueryOptions(), enabled });
  return { hasUpline: query.data?.upline === true, isPending: enabled && query.isPending, isError: query.isError };
};
