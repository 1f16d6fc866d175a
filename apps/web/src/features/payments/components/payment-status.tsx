import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Payment } from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Figure, Figures } from '@/components/ui/figures';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { cancelPayment, paymentKeys, paymentQueryOptions } from '../api/payments-api';

function Summary({ payment }: { payment: Payment }) {
  return (
    <Figures label="Payment">
      <Figure label="Reference">{payment.code}</Figure>
      <Figure label="Amount">{formatAmount(payment.amountUsd, 'USD')} USD</Figure>
      <Figure label="Fee">{formatAmount(payment.feeUsd, 'USD')} USD</Figure>
      <Figure label="Gold" strong title={`${payment.grams} g`}>
        {formatGrams(payment.grams)}
      </Figure>
      <Figure label="Started">{formatDateTime(payment.createdAt)}</Figure>
    </Figures>
  );
}

/**
 * /payment-success?paymentId=…: follows a payment until the gateway says how it ended. Coming
 * back with `cancelled` (the checkout's cancel link) closes the checkout first, so it cannot
 * be paid later behind the customer's back.
 */
export function PaymentStatus({
  paymentId,
  cancelled,
  onCredited,
}: {
  paymentId: string;
  cancelled: boolean;
  /** The grams landed: the app reads the balances that show them again. */
  onCredited?: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(paymentQueryOptions(paymentId));
  const cancelling = useRef(false);
  const status = query.data?.payment.status;

  useEffect(() => {
    if (!cancelled || status !== 'pending' || cancelling.current) return;
    cancelling.current = true;
    cancelPayment(paymentId)
      .then((answer) => queryClient.setQueryData(paymentKeys.one(paymentId), answer))
      .catch(() => {
        // Left pending: the page keeps following it, and the checkout expires on its own.
        cancelling.current = false;
      });
  }, [cancelled, status, paymentId, queryClient]);

  useEffect(() => {
    if (status === 'credited') onCredited?.();
  }, [status, onCredited]);

  if (query.isPending) return <Loader aria-label="Loading your payment" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'This payment could not be loaded.')}</Alert>;
  const { payment } = query.data;

  const body = (() => {
    switch (payment.status) {
      case 'pending':
        return cancelled ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Cancelling the checkout…</Text>
          </Group>
        ) : (
          <Stack gap="xs">
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>Waiting for the payment to be confirmed…</Text>
            </Group>
            {payment.checkoutUrl ? (
              <Text size="sm" c="dimmed">
                Not paid yet? <Anchor href={payment.checkoutUrl}>Go back to the checkout</Anchor>.
              </Text>
            ) : null}
          </Stack>
        );
      case 'credited':
        return (
          <Alert color="green" title="Payment received" role="status">
            {formatGrams(payment.grams)} of gold are in your gold savings account.
          </Alert>
        );
      case 'cancelled':
        return (
          <Alert color="gray" title="Payment cancelled" role="status">
            Nothing was charged.
          </Alert>
        );
      case 'expired':
        return (
          <Alert color="gray" title="Checkout expired" role="status">
            The checkout was not paid in time. Nothing was charged.
          </Alert>
        );
      case 'failed':
        return (
          <Alert color="red" title="Payment failed" role="status">
            {payment.failureReason ?? 'The payment did not go through.'}
          </Alert>
        );
    }
  })();

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <Stack gap="md">
        {body}
        <Summary payment={payment} />
        <Group gap="sm">
          {payment.status === 'credited' && payment.transactionId ? (
            <Button component={Link} to={paths.transactionDetails.to(payment.transactionId, 'PAYMENT')} variant="light">
              View transaction
            </Button>
          ) : null}
          <Button component={Link} to={paths.payment.to()} variant={payment.status === 'credited' ? 'subtle' : 'light'}>
            {payment.status === 'credited' ? 'Save more' : 'Back to Spend To Save'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
