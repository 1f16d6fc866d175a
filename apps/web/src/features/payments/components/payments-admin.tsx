import { SegmentedControl, Stack, Text } from '@mantine/core';
import { PAYMENT_STATUSES, type PaymentStatus } from '@qmgt/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedQueryTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { adminPaymentsQueryOptions, adminRemittancesQueryOptions } from '../api/payments-api';
import { PAYMENT_STATUS, PaymentStatusBadge } from './payments-list';

/** The back office's view of Spend To Save: every payment, a failed one with its reason. */
export function PaymentsAdmin() {
  const [status, setStatus] = useState<PaymentStatus | 'all'>('all');
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Payment status"
        value={status}
        onChange={(value) => setStatus(value as PaymentStatus | 'all')}
        data={[
          { value: 'all', label: 'All' },
          ...PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS[s].label })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <PagedQueryTable
        query={useInfiniteQuery(adminPaymentsQueryOptions(status))}
        noun={{ one: 'payment', other: 'payments' }}
        loadingLabel="Loading payments"
        failure="The payments could not be loaded."
        empty={<>No payments{status === 'all' ? '' : ` with this status`}.</>}
        label="Payments"
        minWidth={900}
        columns={[
          { header: 'Date', cell: (p) => formatDateTime(p.createdAt) },
          { header: 'Reference', mono: true, cell: (p) => p.code },
          {
            header: 'Customer',
            cell: (p) => (
              <>
                {p.username}
                <Text size="xs" c="dimmed">
                  {p.email}
                </Text>
              </>
            ),
          },
          { header: 'Amount', numeric: true, cell: (p) => `${formatAmount(p.amountUsd, 'USD')} USD` },
          { header: 'Gold', numeric: true, cell: (p) => formatGrams(p.grams) },
          { header: 'Gateway session', mono: true, fz: 'xs', cell: (p) => `${p.gateway}: ${p.sessionId ?? '—'}` },
          {
            header: 'Status',
            cell: (p) => (
              <>
                <PaymentStatusBadge status={p.status} />
                {p.failureReason ? (
                  <Text size="xs" c="dimmed">
                    {p.failureReason}
                  </Text>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** Every remittance, both sides by username. */
export function RemittancesAdmin() {
  return (
    <PagedQueryTable
      query={useInfiniteQuery(adminRemittancesQueryOptions())}
      noun={{ one: 'remittance', other: 'remittances' }}
      loadingLabel="Loading remittances"
      failure="The remittances could not be loaded."
      empty="No remittances yet."
      label="Remittances"
      minWidth={760}
      columns={[
        { header: 'Date', cell: (r) => formatDateTime(r.createdAt) },
        { header: 'Reference', mono: true, cell: (r) => r.code },
        { header: 'From', cell: (r) => r.sender },
        { header: 'To', cell: (r) => r.recipient },
        { header: 'USDT', numeric: true, cell: (r) => formatAmount(r.amountUsdt, 'USDT') },
        { header: 'Round-up', numeric: true, cell: (r) => formatAmount(r.roundUpUsdt, 'USDT') },
        {
          header: 'Gold saved',
          numeric: true,
          cell: (r) => (r.grams === '0' ? '—' : formatGrams(r.grams)),
        },
      ]}
    />
  );
}
