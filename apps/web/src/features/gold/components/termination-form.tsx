import { Alert, Button, Group, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Termination, TerminationSummary } from '@qmgt/contracts';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatAmount, formatGrams } from '@/lib/money';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { previewTermination, requestTermination } from '../api/gold-api';
import { Figure, Figures } from '@/components/ui/figures';

type Currency = 'USDT' | 'QMGT';

/** The summary of a termination: grams, spot, gross, early-exit fee and refund. */
export function TerminationFigures({ summary }: { summary: TerminationSummary }) {
  const currency = summary.currency;
  return (
    <Figures label="Termination summary">
      <Figure label="Grams" title={`${summary.grams} g`}>
        {formatGrams(summary.grams)}
      </Figure>
      <Figure label="Gold spot" title={`${summary.spot} USDT per gram`}>
        {formatAmount(summary.spot, 'USDT')} USDT/g
      </Figure>
      <Figure label="Gross (spot − 2%)" title={`${summary.gross} USDT`}>
        {formatAmount(summary.gross, 'USDT')} USDT
      </Figure>
      <Figure label={summary.earlyExit ? 'Early-exit fee (5%, first 12 months)' : 'Early-exit fee'}>
        {formatAmount(summary.earlyExitFee, currency)} {currency}
      </Figure>
      <Figure label="Refund" strong title={`${summary.refund} ${currency}`}>
        {formatAmount(summary.refund, currency)} {currency}
      </Figure>
    </Figures>
  );
}

/** What confirming does, in one sentence with the figures the button named. */
function confirmationText(summary: TerminationSummary): string {
  const refund = `${formatAmount(summary.refund, summary.currency)} ${summary.currency}`;
  const fee = summary.earlyExit
    ? `, after the ${formatAmount(summary.earlyExitFee, summary.currency)} ${summary.currency} early-exit fee`
    : '';
  return `${formatGrams(summary.grams)} of gold are locked until an operator decides. If the request is approved, the plan closes and you receive ${refund}${fee}.`;
}

/**
 * /termination: the summary first, then the request, confirmed in a dialog (it locks the grams
 * and refunds less than they are worth); the grams stay locked until an operator decides or the
 * customer withdraws the request. `shown` is the refund the customer confirmed: the request is
 * filed at the price of that moment, never below it.
 */
export function TerminationForm({
  onFiled,
}: {
  onFiled: (termination: Termination, shown: TerminationSummary) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [currency, setCurrency] = useState<Currency>('USDT');
  const [summary, setSummary] = useState<TerminationSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'file' | null>(null);
  const keys = useIdempotencyKeys();

  const preview = async (chosen: Currency) => {
    setBusy('preview');
    setError(null);
    try {
      setSummary(await previewTermination(chosen));
    } catch (failure) {
      setSummary(null);
      setError(errorMessage(failure, 'The summary could not be made. Try again.'));
    } finally {
      setBusy(null);
    }
  };

  const file = async () => {
    if (!summary) return;
    const attempt = `${summary.planId}:${summary.currency}:${summary.refund}`;
    setBusy('file');
    setError(null);
    try {
      const { termination } = await requestTermination({
        planId: summary.planId,
        currency: summary.currency,
        refund: summary.refund,
        idempotencyKey: keys.keyFor(attempt),
      });
      keys.forget(attempt);
      setConfirming(false);
      onFiled(termination, summary);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status > 0) keys.forget(attempt);
      setConfirming(false);
      setError(errorMessage(failure, 'The request could not be sent. Try again.'));
      // The price moved or the plan changed: show the new summary.
      if (failure instanceof ApiError && (failure.status === 422 || failure.status === 409)) setSummary(null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Terminating your GAE plan sells its grams at the gold price less 2%. In the plan&apos;s first 12 months a 5%
          early-exit fee applies. An operator reviews every request; your grams are locked meanwhile.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="refund-currency">
            Refund in
          </Text>
          <SegmentedControl
            aria-labelledby="refund-currency"
            value={currency}
            onChange={(value) => {
              setCurrency(value as Currency);
              setSummary(null);
            }}
            data={['USDT', 'QMGT']}
          />
        </Stack>
        {summary ? (
          <Paper withBorder radius="md" p="md">
            <TerminationFigures summary={summary} />
            {summary.earlyExit ? (
              <Text size="xs" c="dimmed" mt="xs">
                Your plan opened on {formatDate(summary.planOpenedAt)}.
              </Text>
            ) : null}
          </Paper>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group grow>
          {summary ? (
            // The label names the refund: on a phone it wraps rather than being cut.
            <Button
              color="red"
              onClick={() => setConfirming(true)}
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              {`Request termination for ${formatAmount(summary.refund, summary.currency)} ${summary.currency}`}
            </Button>
          ) : (
            <Button onClick={() => void preview(currency)} loading={busy === 'preview'}>
              Show the summary
            </Button>
          )}
        </Group>
      </Stack>
      {summary ? (
        <Modal
          opened={confirming}
          onClose={() => (busy === 'file' ? undefined : setConfirming(false))}
          title="Terminate your GAE plan?"
          centered
        >
          <Stack gap="md">
            <Text size="sm">{confirmationText(summary)}</Text>
            <Text size="sm" c="dimmed">
              Until it is decided you can withdraw the request from its summary page, and the grams return to your plan.
            </Text>
            <Group justify="flex-end" wrap="wrap">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={busy === 'file'}>
                Keep my plan
              </Button>
              <Button color="red" onClick={() => void file()} loading={busy === 'file'}>
                Request termination
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Paper>
  );
}
