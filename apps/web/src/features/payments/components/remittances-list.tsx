import { Badge } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedQueryTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { remittancesQueryOptions } from '../api/payments-api';

/** Remittances sent and received, newest first. */
export function RemittancesList() {
  return (
    <PagedQueryTable
      query={useInfiniteQuery(remittancesQueryOptions())}
      noun={{ one: 'remittance', other: 'remittances' }}
      loadingLabel="Loading your remittances"
      failure="Your remittances could not be loaded."
      empty="No remittances yet."
      label="Your remittances"
      minWidth={640}
      columns={[
        { header: 'Date', cell: (r) => formatDateTime(r.createdAt) },
        { header: 'Reference', mono: true, cell: (r) => r.code },
        {
          header: '',
          cell: (r) => (
            <Badge variant="light" color={r.direction === 'sent' ? 'blue' : 'green'}>
              {r.direction === 'sent' ? 'Sent' : 'Received'}
            </Badge>
          ),
        },
        { header: 'With', cell: (r) => r.counterparty },
        {
          header: 'USDT',
          numeric: true,
          cell: (r) => (
            <>
              {r.direction === 'sent' ? '−' : '+'}
              {formatAmount(r.amountUsdt, 'USDT')}
            </>
          ),
        },
        {
          header: 'Gold saved',
          numeric: true,
          title: (r) => `${r.grams} g`,
          cell: (r) => (r.grams === '0' ? '—' : formatGrams(r.grams)),
        },
      ]}
    />
  );
}
