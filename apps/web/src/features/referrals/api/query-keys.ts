// Apart from the calls: the money refresh after every move (app/money/money-actions.ts) reads
// these keys, and the swap screen's first paint must not load the calls and their schemas.
import type { AffiliatesFilter } from './growth-api';

export const growthKeys = {
  /** SPEC.md section 7 names this query key 'upline'. */
  upline: () => ['upline'] as const,
  affiliates: (filter: AffiliatesFilter) => ['growth', 'affiliates', filter] as const,
  rewards: () => ['growth', 'rewards'] as const,
  requests: () => ['growth', 'reward-requests'] as const,
  adminRequests: () => ['growth', 'admin', 'reward-requests'] as const,
  adminConsultants: () => ['growth', 'admin', 'consultants'] as const,
};
