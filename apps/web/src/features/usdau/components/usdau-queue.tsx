import { Text } from '@mantine/core';
import { ReviewQueue } from '@/components/ui/review-queue';
import { formatAmount } from '@/lib/money';
import { adminUsdauRequestsQueryOptions, decideUsdau } from '../api/usdau-api';
import { USDAU_STATUS, UsdauExplorerLink } from './usdau-requests';

/** /admin/usdau-requests (operators): USDAU requests, open ones first; approving sends the USDAU on chain. */
export function UsdauQueue() {
  return (
    <ReviewQueue
      pages={adminUsdauRequestsQueryOptions}
      noun={{ one: 'USDAU request', other: 'USDAU requests' }}
      label="USDAU requests"
      minWidth={980}
      requestedAt={(r) => r.createdAt}
      columns={[
        { header: 'Grams', numeric: true, cell: (r) => `${formatAmount(r.grams, 'GOLD')} g` },
        { header: 'USDAU', numeric: true, cell: (r) => formatAmount(r.usdauAmount, 'USDAU') },
        {
          header: 'To address',
          cell: (r) => (
            <Text ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
              {r.address}
            </Text>
          ),
        },
      ]}
      status={(r) => ({ ...USDAU_STATUS[r.status], more: <UsdauExplorerLink request={r} /> })}
      decide={decideUsdau}
      decided={({ request }) => request}
      describe={({ request }) =>
        `${request.code} ${request.status === 'rejected' ? 'rejected: the grams are returned' : 'approved: the USDAU is being sent'}.`
      }
    />
  );
}
