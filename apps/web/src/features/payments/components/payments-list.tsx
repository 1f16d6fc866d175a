import { Anchor, Badge } from '@mantine/core';
import type { Payment } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryTable } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { paymentsQueryOptions } from '../api/payments-api';

export const PAYMENT_STATUS: Record<Payment['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for payment', color: 'orange' },
  credited: { label: 'Credited', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** A payment's status as a badge, in the customer's list and the back office's. */
export function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  return (
    <Badge color={PAYMENT_STATUS[status].color} variant="light">
      {PAYMENT_STATUS[status].label}
    </Badge>
  );
}

/** The customer's Spend To Save payments, each linking to its status page. */
export function PaymentsList() {
  return (
    <QueryTable
      query={useQuery(paymentsQueryOptions())}
      loadingLabel="Loading your payments"
      failure="Your payments could not be loaded."
      empty="No payments yet."
      label="Your Spend To Save payments"
      minWidth={640}
      columns={[
        { header: 'Date', cell: (p) => formatDateTime(p.createdAt) },
        {
          header: 'Reference',
          mono: true,
          cell: (p) => (
            <Anchor component={Link} to={`${paths.paymentSuccess.to()}?paymentId=${p.id}`}>
              {p.code}
            </Anchor>
          ),
        },
        { header: 'Amount', numeric: true, cell: (p) => `${formatAmount(p.amountUsd, 'USD')} USD` },
        {
          header: 'Gold',
          numeric: true,
          title: (p) => `${p.grams} g`,
          cell: (p) => formatGrams(p.grams),
        },
        { header: 'Status', cell: (p) => <PaymentStatusBadge status={p.status} /> },
      ]}
    />
  );
}
