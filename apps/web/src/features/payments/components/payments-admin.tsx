import { Alert, Badge, Loader, Paper, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { PAYMENT_STATUSES, type PaymentStatus } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { adminPaymentsQueryOptions, adminRemittancesQueryOptions } from '../api/payments-api';
import { PAYMENT_STATUS } from './payments-list';

/** The back office's view of Spend To Save: every payment, a failed one with its reason. */
export function PaymentsAdmin() {
  const [status, setStatus] = useState<PaymentStatus | 'all'>('all');
  const query = useQuery(adminPaymentsQueryOptions(status));
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
      {query.isPending ? (
        <Loader aria-label="Loading payments" />
      ) : query.isError ? (
        <Alert color="red">{errorMessage(query.error, 'The payments could not be loaded.')}</Alert>
      ) : query.data.data.length === 0 ? (
        <Text c="dimmed">No payments{status === 'all' ? '' : ` with this status`}.</Text>
      ) : (
        <Paper withBorder radius="lg" p="md">
          <ScrollArea type="auto">
            <Table striped miw={900} aria-label="Payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Gold</Table.Th>
                  <Table.Th>Gateway session</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
                    <Table.Td ff="monospace">{p.code}</Table.Td>
                    <Table.Td>
                      {p.username}
                      <Text size="xs" c="dimmed">
                        {p.email}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatAmount(p.amountUsd, 'USD')} USD
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatAmount(p.grams, 'GOLD')} g
                    </Table.Td>
                    <Table.Td ff="monospace" fz="xs">
                      {p.gateway}: {p.sessionId ?? '—'}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={PAYMENT_STATUS[p.status].color} variant="light">
                        {PAYMENT_STATUS[p.status].label}
                      </Badge>
                      {p.failureReason ? (
                        <Text size="xs" c="dimmed">
                          {p.failureReason}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
    </Stack>
  );
}

/** Every remittance, both sides by username. */
export function RemittancesAdmin() {
  const query = useQuery(adminRemittancesQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading remittances" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'The remittances could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No remittances yet.</Text>;
  return (
    <Paper withBorder radius="lg" p="md">
      <ScrollArea type="auto">
        <Table striped miw={760} aria-label="Remittances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th ta="right">USDT</Table.Th>
              <Table.Th ta="right">Round-up</Table.Th>
              <Table.Th ta="right">Gold saved</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td ff="monospace">{r.code}</Table.Td>
                <Table.Td>{r.sender}</Table.Td>
                <Table.Td>{r.recipient}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(r.amountUsdt, 'USDT')}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(r.roundUpUsdt, 'USDT')}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {r.grams === '0' ? '—' : `${formatAmount(r.grams, 'GOLD')} g`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
