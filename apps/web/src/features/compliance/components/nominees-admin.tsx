import { Alert, Loader, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadMore } from '@/components/ui/load-more';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { adminNomineesQueryOptions } from '../api/nominee-api';

/** The back office's view of customers' nominees, latest changes first, a page at a time. */
export function NomineesAdmin() {
  const query = useInfiniteQuery(adminNomineesQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading nominees" />;
  if (query.isError && !query.data)
    return <Alert color="red">{errorMessage(query.error, 'Nominees could not be loaded.')}</Alert>;
  const customers = query.data?.pages.flatMap((page) => page.data) ?? [];
  if (customers.length === 0) return <Text c="dimmed">No customer has named a nominee yet.</Text>;
  return (
    <Stack gap="md">
      {customers.map((customer) => (
        <Paper key={customer.userId} withBorder radius="lg" p="md">
          <Text fw={600} size="sm">
            {customer.username}{' '}
            <Text span c="dimmed" size="xs">
              {customer.email} · saved {formatDateTime(customer.updatedAt)}
            </Text>
          </Text>
          <ScrollArea type="auto">
            <Table miw={760} aria-label={`Nominees of ${customer.username}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Relation</Table.Th>
                  <Table.Th>Born</Table.Th>
                  <Table.Th>ID type</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th ta="right">Share</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {customer.nominees.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td>{[n.firstName, n.middleName, n.lastName].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td>{n.relationTestator}</Table.Td>
                    <Table.Td>{formatDate(n.dateOfBirth)}</Table.Td>
                    <Table.Td>{n.idType}</Table.Td>
                    <Table.Td>{n.contact}</Table.Td>
                    <Table.Td>
                      {n.address}, {n.postalCode} {n.city}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {n.sharePercent.toFixed(2)}%
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      ))}
      <LoadMore
        shown={`Showing ${customers.length} customers`}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label="Load more customers' nominees"
      />
      {query.isFetchNextPageError ? (
        <Alert color="red">{errorMessage(query.error, 'Nominees could not be loaded.')}</Alert>
      ) : null}
    </Stack>
  );
}
