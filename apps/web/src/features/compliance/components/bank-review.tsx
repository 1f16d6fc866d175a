import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useOperatorDecision } from '@/components/ui/operator-decision';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { bankKeys, bankReviewQueryOptions, decideBankAccount } from '../api/bank-api';

/** Bank accounts whose holder is not the customer's KYC name: approve or reject (with a reason). */
export function BankReview() {
  const query = useQuery(bankReviewQueryOptions());
  const { buttons, dialog } = useOperatorDecision({
    decide: ({ id, decision, reason }) => decideBankAccount({ id, decision, ...(reason ? { reason } : {}) }),
    queue: bankKeys.review(),
    describe: ({ bankAccount }) => `${bankAccount.accountNumberMasked} ${bankAccount.status}.`,
  });
  if (query.isPending) return <Loader aria-label="Loading accounts to review" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'The accounts could not be loaded.')}</Alert>;
  if (query.data.data.length === 0) return <Text c="dimmed">No bank account waits for review.</Text>;
  return (
    <Stack gap="md">
      {query.data.data.map((a) => (
        <Paper key={a.id} withBorder radius="lg" p="md">
          <Text fw={600} size="sm">
            {a.username}{' '}
            <Text span c="dimmed" size="xs">
              {a.email}
            </Text>
          </Text>
          <Text size="sm">
            Holder on the account: <strong>{a.accountHolder}</strong> · name on the identity check:{' '}
            <strong>{a.kycName || '—'}</strong>
          </Text>
          <Text size="xs" c="dimmed" mb="sm">
            {a.bankName} {a.accountNumberMasked} · {a.country} · added {formatDate(a.createdAt)}
          </Text>
          {buttons(a.id, a.accountNumberMasked)}
        </Paper>
      ))}
      {dialog}
    </Stack>
  );
}
