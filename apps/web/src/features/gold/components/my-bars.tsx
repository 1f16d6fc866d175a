import { Alert, Anchor, Loader, Paper, Stack, Text } from '@mantine/core';
import type { MyBar } from '@qmgt/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { myBarsQueryOptions } from '../api/reserves-api';

/** "0.25000000" -> "25.0000%", in integers (the share has eight decimals). */
function asPercent(share: string): string {
  const [whole = '0', fraction = ''] = share.split('.');
  const millionths = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 6));
  return `${millionths / 10_000n}.${(millionths % 10_000n).toString().padStart(4, '0')}%`;
}

const columns: TableColumn<MyBar>[] = [
  { header: 'Serial', mono: true, cell: (bar) => bar.serial },
  { header: 'Refinery', cell: (bar) => bar.refinery },
  { header: 'Bar fine grams', numeric: true, cell: (bar) => formatAmount(bar.fineGrams, 'GOLD') },
  { header: 'My grams', numeric: true, cell: (bar) => formatAmount(bar.myGrams, 'GOLD') },
  { header: 'My share', numeric: true, cell: (bar) => asPercent(bar.share) },
];

/**
 * "The bars behind my grams": the vault bars the allocation placed the customer's gold on,
 * their grams on each and share of it, and any grams no bar holds.
 */
export function MyBars() {
  const query = useInfiniteQuery(myBarsQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading the bars behind your grams" />;
  if (query.isError && !query.data)
    return <Alert color="red">{errorMessage(query.error, 'The bars behind your grams could not be loaded.')}</Alert>;
  const first = query.data.pages[0];
  const rows = query.data.pages.flatMap((page) => page.data);
  const unallocated = first?.unallocatedGrams ?? '0';
  const computedAt = first?.computedAt ?? null;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {computedAt === null
          ? 'The allocation has not run yet: it runs every 10 minutes and whenever the vault list changes.'
          : `Allocated ${formatDateTime(computedAt)}; recomputed every 10 minutes and whenever the vault list changes.`}
      </Text>
      {rows.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed">
            {unallocated === '0'
              ? 'No bars yet: you hold no grams, or the allocation has not placed them yet.'
              : 'No bar holds your grams yet.'}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          <DataTable
            rows={rows}
            columns={columns}
            label="The bars behind my grams"
            rowKey={(bar) => bar.barId}
            minWidth={560}
            focusableScroll
            stackOnPhone
          />
          <LoadMore
            shown={`Showing ${rows.length === 1 ? '1 bar' : `${rows.length} bars`}`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            label="Load more bars"
          />
          {query.isFetchNextPageError ? (
            <Alert color="red">{errorMessage(query.error, 'The bars behind your grams could not be loaded.')}</Alert>
          ) : null}
        </Stack>
      )}
      {unallocated !== '0' ? (
        <Alert color="yellow" variant="light" title="Grams not on a bar">
          {formatGrams(unallocated)} of your gold is owed but not placed on a bar: the vault is short of it for now. The{' '}
          <Anchor component={Link} to={paths.proofOfReserves.to()}>
            proof of reserves
          </Anchor>{' '}
          shows the whole shortfall.
        </Alert>
      ) : null}
    </Stack>
  );
}
