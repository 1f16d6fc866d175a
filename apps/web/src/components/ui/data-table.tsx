import { Alert, Box, Divider, Group, Loader, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { countOf, type Noun } from '@/lib/format';
import { LoadMore } from './load-more';

export type TableColumn<R> = {
  /** '' for a column without a heading (its row's buttons). */
  header: string;
  cell: (row: R) => ReactNode;
  /** An amount: right-aligned, in monospace. */
  numeric?: boolean;
  /** A code, serial or address: monospace. */
  mono?: boolean;
  /** The exact value behind a rounded figure or a shortened address, shown on hover. */
  title?: (row: R) => string | undefined;
  fz?: 'xs';
  style?: CSSProperties;
};

type DataTableProps<R> = {
  rows: R[];
  columns: TableColumn<R>[];
  /** The table's accessible name. */
  label: string;
  /** Below this the table scrolls sideways inside its card, never the page. */
  minWidth: number;
  rowKey?: (row: R) => string;
  /**
   * Rows with nothing to focus (no link or button): the sideways-scrolling area takes the focus
   * itself, so a keyboard can scroll it on a phone (axe: scrollable-region-focusable).
   */
  focusableScroll?: boolean;
  /** Rendered in the card after the table (a dialog its rows open). */
  children?: ReactNode;
  /**
   * On a phone, each row as a small card of "heading: value" lines instead of a table that
   * scrolls sideways: for lists whose last columns (a status) matter as much as the first.
   */
  stackOnPhone?: boolean;
};

/** Narrower than this, a `stackOnPhone` table shows its rows as cards (Mantine's `xs`). */
const PHONE_QUERY = '(max-width: 575px)';

const byId = (row: unknown) => (row as { id: string }).id;

/** A list of records as a striped table in a card, one column definition per column. */
export function DataTable<R>({
  rows,
  columns,
  label,
  minWidth,
  rowKey = byId,
  focusableScroll = false,
  children,
  stackOnPhone = false,
}: DataTableProps<R>) {
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  if (stackOnPhone && phone)
    return (
      <Paper withBorder radius="lg" p="md">
        <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row, index) => (
            <li key={rowKey(row)}>
              {index > 0 ? <Divider my="sm" /> : null}
              <Stack gap={4}>
                {columns.map((column, c) =>
                  column.header === '' ? (
                    <Box key={c}>{column.cell(row)}</Box>
                  ) : (
                    <Group key={c} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Text size="xs" c="dimmed">
                        {column.header}
                      </Text>
                      <Text
                        component="div"
                        size="sm"
                        ta="right"
                        ff={column.numeric || column.mono ? 'monospace' : undefined}
                        title={column.title?.(row)}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {column.cell(row)}
                      </Text>
                    </Group>
                  ),
                )}
              </Stack>
            </li>
          ))}
        </Box>
        {children}
      </Paper>
    );
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea
        type="auto"
        viewportProps={focusableScroll ? { tabIndex: 0, role: 'region', 'aria-label': label } : undefined}
      >
        <Table striped miw={minWidth} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) => (
                <Table.Th key={index} ta={column.numeric ? 'right' : undefined}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column, index) => (
                  <Table.Td
                    key={index}
                    ta={column.numeric ? 'right' : undefined}
                    ff={column.numeric || column.mono ? 'monospace' : undefined}
                    fz={column.fz}
                    title={column.title?.(row)}
                    style={column.style}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {children}
    </Paper>
  );
}

type QueryTableProps<R> = Omit<DataTableProps<R>, 'rows'> & {
  query: UseQueryResult<{ data: R[] }>;
  /** The spinner's accessible name while the list loads. */
  loadingLabel: string;
  /** Shown when the list cannot be loaded and the server gave no words. */
  failure: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
};

/** A list the API answers (`{ data: [...] }`) as a DataTable, with its loading, error and empty states. */
export function QueryTable<R>({ query, loadingLabel, failure, empty, ...table }: QueryTableProps<R>) {
  if (query.isPending) return <Loader aria-label={loadingLabel} />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, failure)}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <DataTable rows={query.data.data} {...table} />;
}

type PagedQueryTableProps<R> = Omit<QueryTableProps<R>, 'query'> & {
  query: UseInfiniteQueryResult<InfiniteData<{ data: R[]; nextCursor: string | null }>>;
  /** What a row is, in both forms: 'Showing 1 payment', 'Showing 2 payments', 'Load more payments'. */
  noun: Noun;
};

/** A list the API pages by key (`{ data, nextCursor }`): the pages loaded so far and 'Load more'. */
export function PagedQueryTable<R>({ query, loadingLabel, failure, empty, noun, ...table }: PagedQueryTableProps<R>) {
  if (query.isPending) return <Loader aria-label={loadingLabel} />;
  if (query.isError && !query.data) return <Alert color="red">{errorMessage(query.error, failure)}</Alert>;
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="sm">
      <DataTable rows={rows} {...table} />
      <LoadMore
        shown={`Showing ${countOf(rows.length, noun)}`}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label={`Load more ${noun.other}`}
      />
      {query.isFetchNextPageError ? <Alert color="red">{errorMessage(query.error, failure)}</Alert> : null}
    </Stack>
  );
}
