import { Text } from '@mantine/core';
import { ReviewQueue } from '@/components/ui/review-queue';
import { formatAmount } from '@/lib/money';
import { adminRedemptionsQueryOptions, decideRedemption } from '../api/redemptions-api';
import { REDEMPTION_STATUS } from './my-redemptions';

/** The operator's review of redemptions: open ones first; approving keeps the grams locked for shipping. */
export function RedemptionQueue() {
  return (
    <ReviewQueue
      pages={adminRedemptionsQueryOptions}
      noun={{ one: 'redemption', other: 'redemptions' }}
      label="Redemption requests"
      minWidth={900}
      requestedAt={(r) => r.requestedAt}
      columns={[
        { header: 'Product', cell: (r) => `${r.quantity} x ${r.productName}` },
        { header: 'Grams', numeric: true, cell: (r) => `${formatAmount(r.grams, 'GOLD')} g` },
        {
          header: 'Deliver to',
          cell: (r) => (
            <Text fz="xs">
              {r.address.fullName}, {r.address.city}, {r.address.country}
            </Text>
          ),
        },
      ]}
      status={(r) => REDEMPTION_STATUS[r.status]}
      decide={decideRedemption}
      decided={({ redemption }) => redemption}
      describe={({ redemption }) =>
        `${redemption.code} ${redemption.status === 'rejected' ? 'rejected: the grams are returned' : 'approved: ship it from the fulfilment list'}.`
      }
    />
  );
}
