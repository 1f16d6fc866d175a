import { Badge, Text } from '@mantine/core';
import type { Gift } from '@qmgt/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedQueryTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { giftsQueryOptions } from '../api/gifts-api';

/** A gift's state in the customer's words, from their side of it. */
export function giftStatusLabel(gift: Gift): { label: string; color: string } {
  switch (gift.status) {
    case 'waiting':
      return gift.direction === 'received'
        ? { label: 'Waiting for your verification', color: 'orange' }
        : { label: 'Waiting for them to join', color: 'orange' };
    case 'claimed':
      return { label: gift.direction === 'received' ? 'Received' : 'Claimed', color: 'green' };
    case 'returned':
      return { label: 'Returned to you', color: 'gray' };
  }
}

/** Gifts sent and received (and waiting for the customer's address), newest first. */
export function GiftsList() {
  return (
    <PagedQueryTable
      query={useInfiniteQuery(giftsQueryOptions())}
      noun={{ one: 'gift', other: 'gifts' }}
      loadingLabel="Loading your gifts"
      failure="Your gifts could not be loaded."
      empty="No gifts yet."
      label="Your gifts"
      minWidth={720}
      focusableScroll
      stackOnPhone
      columns={[
        {
          header: '',
          cell: (g) => (
            <Badge variant="light" color={g.direction === 'sent' ? 'blue' : 'green'}>
              {g.direction === 'sent' ? 'Sent' : 'Received'}
            </Badge>
          ),
        },
        {
          header: 'With',
          cell: (g) => (
            <>
              {g.counterparty}
              {g.message ? (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  “{g.message}”
                </Text>
              ) : null}
            </>
          ),
        },
        {
          header: 'Gold',
          numeric: true,
          title: (g) => `${g.grams} g (${formatAmount(g.valueUsdt, 'USDT')} USDT when sent)`,
          cell: (g) => (
            <>
              {g.direction === 'sent' ? '−' : '+'}
              {formatGrams(g.grams)}
            </>
          ),
        },
        {
          header: 'Status',
          cell: (g) => {
            const status = giftStatusLabel(g);
            return (
              <Badge variant="light" color={status.color}>
                {status.label}
              </Badge>
            );
          },
          title: (g) =>
            g.expiresAt ? `Returns to the sender ${formatDateTime(g.expiresAt)} if not claimed` : undefined,
        },
        { header: 'Date', cell: (g) => formatDateTime(g.createdAt) },
        { header: 'Reference', mono: true, cell: (g) => g.code },
      ]}
    />
  );
}
