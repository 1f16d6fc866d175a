import { Alert, Button, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { QUOTE_TTL_MS, REMIT_MIN_USDT, type RemitQuote, type RoundUpStep } from '@qmgt/contracts';
import { useState } from 'react';
import { Figure, Figures, QuoteCountdown, type ConfirmOutcome } from '@/components/ui/figures';
import { errorMessage } from '@/lib/api-client';
import { formatAmount, formatGrams, parseAmount } from '@/lib/money';
import { useCountdown } from '@/lib/use-countdown';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { requestRemitQuote } from '../api/payments-api';

export type RemitConfirmation = {
  request: { recipient: string; amountUsdt: string; roundUpTo: RoundUpStep | null; quoteId: string | null };
  quote: RemitQuote;
  idempotencyKey: string;
};

const ROUND_UPS = [
  { value: 'none', label: 'None' },
  { value: '1', label: '1 USDT' },
  { value: '5', label: '5 USDT' },
  { value: '10', label: '10 USDT' },
];

/**
 * Remit to save: who (e-mail or referral code) and how much, an optional round-up saved as
 * gold; then the recipient's masked name, the total and the grams before confirming.
 */
export function RemitForm({
  onConfirm,
  available,
}: {
  onConfirm: (confirmation: RemitConfirmation) => Promise<ConfirmOutcome>;
  /** Available USDT, as the wallet shows it (undefined while loading). */
  available: string | undefined;
}) {
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const [roundUp, setRoundUp] = useState('none');
  const [quote, setQuote] = useState<(RemitQuote & { validUntil: number | null }) | null>(null);
  const [error, setError] = useState<{ field: 'recipient' | 'amount' | 'form'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useIdempotencyKeys();
  const secondsLeft = useCountdown(quote?.validUntil ?? null);
  const expired = quote?.validUntil != null && secondsLeft === 0;
  const total = quote ? parseAmount(quote.totalUsdt, 'USDT') : null;
  const insufficient = total !== null && available !== undefined && total > (parseAmount(available, 'USDT') ?? 0n);
  const roundUpTo = roundUp === 'none' ? null : (Number(roundUp) as RoundUpStep);

  const reset = () => {
    setQuote(null);
    setError(null);
  };

  const review = async () => {
    if (!recipient.trim())
      return setError({ field: 'recipient', message: 'Enter the recipient’s e-mail or referral code.' });
    const units = parseAmount(amount.trim(), 'USDT');
    if (units === null || units <= 0n) return setError({ field: 'amount', message: 'Enter an amount of USDT.' });
    setBusy(true);
    setError(null);
    const requestedAt = Date.now();
    try {
      const answer = await requestRemitQuote({ recipient: recipient.trim(), amountUsdt: amount.trim(), roundUpTo });
      setQuote({ ...answer, validUntil: answer.quoteId ? requestedAt + QUOTE_TTL_MS : null });
    } catch (failure) {
      const message = errorMessage(failure, 'The remittance could not be prepared.');
      setError({ field: /recipient|yourself|e-mail|referral/i.test(message) ? 'recipient' : 'amount', message });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!quote || expired || insufficient) return;
    const intent = `${quote.quoteId ?? ''}|${recipient}|${amount}|${roundUp}`;
    setBusy(true);
    const outcome = await onConfirm({
      request: { recipient: recipient.trim(), amountUsdt: amount.trim(), roundUpTo, quoteId: quote.quoteId },
      quote,
      idempotencyKey: keys.keyFor(intent),
    });
    setBusy(false);
    if (outcome !== 'retry') keys.forget(intent);
    if (outcome === 'done') {
      setAmount('');
      setRecipient('');
      setQuote(null);
    } else if (outcome === 'refused') setQuote(null);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560} w="100%">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Send USDT to another verified customer. Round the amount up and the difference is saved as gold in your gold
          savings account (GSA), at today&rsquo;s price less a 1.5% fee.
        </Text>
        <TextInput
          label="Recipient’s e-mail or referral code"
          description="Their sign-in name is not accepted: ask them for either of these."
          placeholder="friend@example.com or ABC123"
          autoComplete="off"
          value={recipient}
          onChange={(event) => {
            setRecipient(event.currentTarget.value);
            reset();
          }}
          error={error?.field === 'recipient' ? error.message : undefined}
        />
        <TextInput
          label="Amount (USDT)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            reset();
          }}
          description={`From ${REMIT_MIN_USDT} USDT. Available: ${available === undefined ? '…' : `${formatAmount(available, 'USDT')} USDT`}`}
          error={error?.field === 'amount' ? error.message : insufficient ? 'Insufficient USDT balance.' : undefined}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="round-up-label">
            Round up to the next… and save the difference as gold
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="round-up-label"
            value={roundUp}
            onChange={(value) => {
              setRoundUp(value);
              reset();
            }}
            data={ROUND_UPS}
          />
        </Stack>
        {quote ? (
          <Paper withBorder radius="md" p="md">
            <Figures label="Remittance">
              <Figure label="To">{quote.recipient.maskedName}</Figure>
              <Figure label="They receive">{formatAmount(quote.amountUsdt, 'USDT')} USDT</Figure>
              <Figure label="Round-up saved">{formatAmount(quote.roundUpUsdt, 'USDT')} USDT</Figure>
              {quote.quoteId ? (
                <>
                  <Figure label="Fee (1.5%)">{formatAmount(quote.feeUsdt, 'USDT')} USDT</Figure>
                  <Figure label="Gold saved" title={`${quote.grams} g`}>
                    {formatGrams(quote.grams)}
                  </Figure>
                </>
              ) : null}
              <Figure label="You pay" strong>
                {formatAmount(quote.totalUsdt, 'USDT')} USDT
              </Figure>
            </Figures>
            {quote.quoteId ? <QuoteCountdown secondsLeft={secondsLeft} /> : null}
          </Paper>
        ) : null}
        {error?.field === 'form' ? <Alert color="red">{error.message}</Alert> : null}
        {quote && !expired ? (
          <Button onClick={() => void confirm()} loading={busy} disabled={insufficient}>
            Send {formatAmount(quote.totalUsdt, 'USDT')} USDT
          </Button>
        ) : (
          <Button onClick={() => void review()} loading={busy} disabled={!amount.trim() || !recipient.trim()}>
            {expired ? 'Get a new quote' : 'Review'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
