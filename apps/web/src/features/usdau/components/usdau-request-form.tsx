import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { USDAU_MIN_GRAMS, formatUnits, toUnits, usdauRequestBodySchema, type UsdauRequestBody } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { editedField } from '@/lib/form-field';
import { formatAmount, parseAmount } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { Figure, Figures } from '@/components/ui/figures';
import { requestUsdauMutation } from '../api/usdau-api';

const MIN = toUnits(USDAU_MIN_GRAMS, 'GOLD');
const contractResolver = zodResolver(usdauRequestBodySchema);

/**
 * The contract's schema first (a decimal amount, a 0x address), then the limits a request must
 * keep: the minimum and what the gold savings account holds. Every field's complaint shows at
 * once, as the customer reviews.
 */
function requestResolver(available: string | undefined): Resolver<UsdauRequestBody> {
  return async (values, context, options) => {
    const checked = await contractResolver(values, context, options);
    const errors = { ...checked.errors };
    const units = parseAmount(values.grams.trim(), 'GOLD');
    const availableUnits = parseAmount(available, 'GOLD');
    if (!errors.grams) {
      let message: string | null = null;
      if (units === null || units <= 0n) message = 'Enter grams, with at most 6 decimals.';
      else if (units < MIN) message = `The smallest USDAU request is ${USDAU_MIN_GRAMS} g.`;
      else if (availableUnits !== null && units > availableUnits)
        message = 'Insufficient gold balance: your gold savings account holds fewer grams.';
      if (message) errors.grams = { type: 'limit', message };
    }
    return Object.keys(errors).length === 0 ? checked : { values: {}, errors };
  };
}

type UsdauRequestFormProps = {
  /** Grams available in the gold savings account; undefined while unknown. */
  availableGrams: string | undefined;
  /** Today's buy-back price in USDT per gram (spot − 2%); undefined while unknown. */
  buyBackPrice: string | undefined;
  /** A request answered or lost: the grams it may have locked are the gold balance's, asked again by the caller. */
  onRequestSettled: () => void;
};

/**
 * /request-external-usdau: grams of the gold savings account (GSA) paid out as USDAU to an
 * external address. The estimate at today's buy-back price is shown before the request is
 * sent; the request fixes the price, and an operator approves it before the transfer is made.
 * The balance and the price are the gold savings feature's: the route passes them in.
 */
export function UsdauRequestForm({
  availableGrams: available,
  buyBackPrice: sell,
  onRequestSettled,
}: UsdauRequestFormProps) {
  const form = useForm<UsdauRequestBody>({
    resolver: requestResolver(available),
    defaultValues: { grams: '', address: '' },
  });
  const [grams, address] = form.watch(['grams', 'address']);
  const [reviewing, setReviewing] = useState(false);
  const keys = useIdempotencyKeys();
  const units = parseAmount(grams.trim(), 'GOLD');
  const priceUnits = parseAmount(sell, 'USDT');
  const estimate = units !== null && priceUnits !== null ? (units * priceUnits) / 1_000_000n : null;
  const requestKey = `${grams.trim()}:${address.trim()}`;

  // Any answer (success or failure) is told to the caller, whose balance may have grams locked.
  const send = useMutation({
    ...requestUsdauMutation(),
    onSuccess: ({ request }) => {
      keys.forget(requestKey);
      notifySuccess(
        `${request.code}: ${formatAmount(request.grams, 'GOLD')} g are locked until our operators approve the transfer.`,
        'USDAU request sent',
      );
      form.reset();
      setReviewing(false);
      onRequestSettled();
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.details.field : undefined;
      if (field === 'grams' || field === 'address') {
        form.setError(field, { message: errorMessage(failure) });
        setReviewing(false);
      }
      // A refusal (not a lost connection) is final for this key.
      if (failure instanceof ApiError && failure.isClientError) keys.forget(requestKey);
      onRequestSettled();
    },
  });
  /** One Idempotency-Key per request reviewed (grams and address), kept until the server answers. */
  const sendRequest = () =>
    send.mutate({ grams: grams.trim(), address: address.trim(), idempotencyKey: keys.keyFor(requestKey) });

  const review = form.handleSubmit(() => setReviewing(true));

  /** A field of the form: a change ends the review and the last answer. */
  const field = (name: keyof UsdauRequestBody) =>
    editedField(form, name, () => {
      setReviewing(false);
      send.reset();
    });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={620} w="100%">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Take grams out of your gold savings account as USDAU, sent on chain to a wallet you control. You receive the
          grams&apos; value at our buy-back price (spot − 2%); an operator checks each request before the transfer.
        </Text>
        <TextInput
          label="Grams"
          inputMode="decimal"
          autoComplete="off"
          {...field('grams')}
          description={`Available in your GSA: ${available === undefined ? '…' : `${formatAmount(available, 'GOLD')} g`} · minimum ${USDAU_MIN_GRAMS} g`}
        />
        <TextInput
          label="External address (BEP-20)"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          {...field('address')}
          description="Paste it from your wallet: a mistyped character fails its checksum."
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        {reviewing && units !== null ? (
          <Paper withBorder radius="md" p="md">
            <Figures label="USDAU request">
              <Figure label="You send">{formatAmount(grams.trim(), 'GOLD')} g</Figure>
              <Figure label="Buy-back price today">{sell ? `${formatAmount(sell, 'USDT')} USDT per gram` : '…'}</Figure>
              <Figure label="You receive (about)" strong>
                {estimate === null ? '…' : `${formatUnits(estimate, 'USDAU')} USDAU`}
              </Figure>
              <Figure label="To">
                <Text span ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
                  {address.trim()}
                </Text>
              </Figure>
            </Figures>
            <Text size="xs" c="dimmed" mt="sm">
              The price is fixed when you send the request. The grams stay locked until an operator approves (the USDAU
              is then sent) or rejects (the grams come back).
            </Text>
          </Paper>
        ) : null}
        {send.isError && !(send.error instanceof ApiError && send.error.details.field) ? (
          <Alert color="red">{errorMessage(send.error, 'The request could not be sent. Try again.')}</Alert>
        ) : null}
        {reviewing ? (
          <Group>
            <Button onClick={sendRequest} loading={send.isPending}>
              Send request
            </Button>
            <Button variant="default" onClick={() => setReviewing(false)} disabled={send.isPending}>
              Edit
            </Button>
          </Group>
        ) : (
          <Button onClick={() => void review()} disabled={!grams.trim() || !address.trim()} w="fit-content">
            Review request
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
