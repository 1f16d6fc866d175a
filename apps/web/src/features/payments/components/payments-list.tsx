import { Alert, Anchor, Badge, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { Payment } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { paymentsQueryOptions } from '../api/payments-api';

export const PAYMENT_STATUS: Record<Payment['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for payment', color: 'orange' },
  credited: { label: 'Credited', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** The customer's Spend To Save payments, each linking to its status page. */
export function PaymentsList() {
  const query = useQuery(paymentsQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading your payments" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'Your payments could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No payments yet.</Text>;
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={640} aria-label="Your Spend To Save payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Gold</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
                <Table.Td ff="monospace">
                  <Anchor component={Link} to={`${paths.paymentSuccess.to()}?paymentId=${p.id}`}>
                    {p.code}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(p.amountUsd, 'USD')} USD
                </Table.Td>
                <Table.Td ta="right" ff="monospace" title={`${p.grams} g`}>
                  {formatAmount(p.grams, 'GOLD')} g
                </Table.Td>
                <Table.Td>
                  <Badge color={PAYMENT_STATUS[p.status].color} variant="light">
                    {PAYMENT_STATUS[p.status].label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
