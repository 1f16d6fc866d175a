import { Badge, Text } from '@mantine/core';
import type { UsdauRequest } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { QueryTable } from '@/components/ui/data-table';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { formatDateTime, shortenAddress } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { usdauRequestsQueryOptions } from '../api/usdau-api';

export const USDAU_STATUS: Record<UsdauRequest['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for approval', color: 'orange' },
  approved: { label: 'Approved, sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  failed: { label: 'Failed, grams returned', color: 'red' },
};

/** The customer's USDAU requests, followed until each is sent, rejected or failed. */
export function UsdauRequests() {
  return (
    <QueryTable
      query={useQuery(usdauRequestsQueryOptions())}
      loadingLabel="Loading your USDAU requests"
      failure="Your USDAU requests could not be loaded."
      empty="No USDAU requests yet."
      label="Your USDAU requests"
      minWidth={760}
      columns={[
        { header: 'Requested', cell: (r) => formatDateTime(r.createdAt) },
        { header: 'Code', mono: true, cell: (r) => r.code },
        { header: 'Grams', numeric: true, cell: (r) => `${formatAmount(r.grams, 'GOLD')} g` },
        {
          header: 'USDAU',
          numeric: true,
          title: (r) => r.usdauAmount,
          cell: (r) => formatAmount(r.usdauAmount, 'USDAU'),
        },
        { header: 'To', mono: true, title: (r) => r.address, cell: (r) => shortenAddress(r.address, 6, 4) },
        {
          header: 'Status',
          cell: (r) => (
            <>
              <Badge color={USDAU_STATUS[r.status].color} variant="light">
                {USDAU_STATUS[r.status].label}
              </Badge>
              {r.reason ? (
                <Text size="xs" c="dimmed">
                  {r.reason}
                </Text>
              ) : null}
              <UsdauExplorerLink request={r} />
            </>
          ),
        },
      ]}
    />
  );
}

/** Where a sent request can be followed on chain; nothing before it is sent. */
export function UsdauExplorerLink({ request }: { request: UsdauRequest }) {
  return request.explorerUrl ? (
    <Text size="xs">
      <ExplorerLink href={request.explorerUrl} />
    </Text>
  ) : null;
}
