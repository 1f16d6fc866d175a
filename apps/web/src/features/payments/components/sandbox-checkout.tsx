import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatAmount } from '@/lib/money';
import { paySandboxCheckout, sandboxCheckoutQueryOptions } from '../api/payments-api';

/** Only the path and query of a URL the sandbox gave: the page stays on this origin. */
const sameOrigin = (url: string) => {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * The sandbox payment gateway's own checkout page (Stripe Checkout's stand-in on this machine):
 * pay, which completes the session and sends the signed webhook, or cancel, which goes back
 * without paying, as Stripe's cancel link does.
 */
export function SandboxCheckout({
  sessionId,
  go = (url: string) => window.location.assign(url),
}: {
  sessionId: string;
  go?: (url: string) => void;
}) {
  const query = useQuery(sandboxCheckoutQueryOptions(sessionId));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (query.isPending) return <Loader aria-label="Loading the checkout" />;
  if (query.isError)
    return <Alert color="red">{errorMessage(query.error, 'This checkout could not be loaded.')}</Alert>;
  const checkout = query.data;

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const { redirectTo } = await paySandboxCheckout(checkout.id);
      go(sameOrigin(redirectTo));
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(failure, 'The payment did not go through.'));
      void query.refetch();
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480} w="100%" mx="auto">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={700}>Sandbox checkout</Text>
          <Badge variant="light" color="orange">
            Test mode: no card is charged
          </Badge>
        </Group>
        <Text c="dimmed">{checkout.description}</Text>
        <Title order={2}>{formatAmount(checkout.amountUsd, 'USD')} USD</Title>
        {checkout.status !== 'open' ? (
          <Alert color="gray">
            {checkout.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired.'}
          </Alert>
        ) : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="default" onClick={() => go(sameOrigin(checkout.cancelUrl))} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} loading={busy} disabled={checkout.status !== 'open'}>
            Pay {formatAmount(checkout.amountUsd, 'USD')} USD
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
