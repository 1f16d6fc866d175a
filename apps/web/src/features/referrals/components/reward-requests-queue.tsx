import { ReviewQueue } from '@/components/ui/review-queue';
import { formatAmount } from '@/lib/money';
import { adminRewardRequestsQueryOptions, decideRewardRequest } from '../api/growth-api';

const STATUS_COLOR = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

/** /reward-requests (operators): reward payout requests, pending first; approve mints, reject returns them. */
export function RewardRequestsQueue() {
  return (
    <ReviewQueue
      pages={adminRewardRequestsQueryOptions}
      noun={{ one: 'reward payout request', other: 'reward payout requests' }}
      label="Reward payout requests"
      minWidth={760}
      requestedAt={(r) => r.createdAt}
      columns={[{ header: 'Amount', numeric: true, cell: (r) => `${formatAmount(r.amountQmgt, 'QMGT')} QMGT` }]}
      status={(r) => ({ label: r.status, color: STATUS_COLOR[r.status] })}
      decide={decideRewardRequest}
      decided={({ request }) => request}
      describe={({ request }) => `${request.code} ${request.status}.`}
    />
  );
}
