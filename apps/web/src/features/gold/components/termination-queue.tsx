import { ReviewQueue } from '@/components/ui/review-queue';
import { formatAmount, formatGrams } from '@/lib/money';
import { adminTerminationsQueryOptions, decideTermination } from '../api/gold-api';

const STATUS_COLOR = { requested: 'orange', approved: 'green', rejected: 'red', withdrawn: 'gray' } as const;

/** /admin/terminations (operators): GAE termination requests, open ones first; approve pays the refund. */
export function TerminationQueue() {
  return (
    <ReviewQueue
      pages={adminTerminationsQueryOptions}
      noun={{ one: 'termination request', other: 'termination requests' }}
      label="Termination requests"
      minWidth={900}
      requestedAt={(t) => t.requestedAt}
      columns={[
        { header: 'Grams', numeric: true, cell: (t) => formatGrams(t.grams) },
        { header: 'Refund', numeric: true, cell: (t) => `${formatAmount(t.refund, t.currency)} ${t.currency}` },
        {
          header: 'Early exit',
          cell: (t) => (t.earlyExit ? `yes (${formatAmount(t.earlyExitFee, t.currency)} ${t.currency})` : 'no'),
        },
      ]}
      status={(t) => ({ label: t.status, color: STATUS_COLOR[t.status] })}
      decide={decideTermination}
      decided={({ termination }) => termination}
      describe={({ termination }) =>
        `${termination.code} ${termination.status === 'approved' ? 'approved: the refund is paid' : 'rejected'}.`
      }
    />
  );
}
