import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { USDAU_MIN_GRAMS, formatUnits, toUnits } from '@qmgt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { Figure, Figures } from '@/components/ui/figures';
import { requestUsdau, usdauKeys } from '../api/usdau-api';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const MIN = toUnits(USDAU_MIN_GRAMS, 'GOLD');

type Field = 'grams' | 'address';

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
  const queryClient = useQueryClient();
  const [grams, setGrams] = useState('');
  const [address, setAddress] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const keys = useIdempotencyKeys();
  const units = parseAmount(grams.trim(), 'GOLD');
  const priceUnits = parseAmount(sell, 'USDT');
  const estimate = units !== null && priceUnits !== null ? (units * priceUnits) / 1_000_000n : null;
  const requestKey = `${grams.trim()}:${address.trim()}`;

  const send = useMutation({
    mutationFn: () => requestUsdau({ grams: grams.trim(), address: address.trim() }, keys.keyFor(requestKey)),
    meta: { silent: true },
    onSuccess: ({ request }) => {
      keys.forget(requestKey);
      notifySuccess(
        `${request.code}: ${formatAmount(request.grams, 'GOLD')} g are locked until our operators approve the transfer.`,
        'USDAU request sent',
      );
      setGrams('');
      setAddress('');
      setReviewing(false);
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.details.field : undefined;
      if (field === 'grams' || field === 'address') {
        setErrors({ [field]: errorMessage(failure) });
        setReviewing(false);
      }
      // A refusal (not a lost connection) is final for this key.
      if (failure instanceof ApiError && failure.isClientError) keys.forget(requestKey);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: usdauKeys.requests() });
      onRequestSettled();
    },
  });

  const review = () => {
    const next: Partial<Record<Field, string>> = {};
    const availableUnits = parseAmount(available, 'GOLD');
    if (units === null || units <= 0n) next.grams = 'Enter grams, with at most 6 decimals.';
    else if (units < MIN) next.grams = `The smallest USDAU request is ${USDAU_MIN_GRAMS} g.`;
    else if (availableUnits !== null && units > availableUnits)
      next.grams = 'Insufficient gold balance: your gold savings account holds fewer grams.';
    if (!ADDRESS.test(address.trim())) next.address = 'Enter a 0x address of 40 hexadecimal characters.';
    setErrors(next);
    if (Object.keys(next).length === 0) setReviewing(true);
  };

  const edit = (field: Field, value: string) => {
    if (field === 'grams') setGrams(value);
    else setAddress(value);
    setErrors((current) => ({ ...current, [field]: undefined }));
    setReviewing(false);
    send.reset();
  };

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
          value={grams}
          onChange={(event) => edit('grams', event.currentTarget.value)}
          description={`Available in your GSA: ${available === undefined ? '…' : `${formatAmount(available, 'GOLD')} g`} · minimum ${USDAU_MIN_GRAMS} g`}
          error={errors.grams}
        />
        <TextInput
          label="External address (BEP-20)"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={address}
          onChange={(event) => edit('address', event.currentTarget.value)}
          description="Paste it from your wallet: a mistyped character fails its checksum."
          error={errors.address}
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
            <Button onClick={() => send.mutate()} loading={send.isPending}>
              Send request
            </Button>
            <Button variant="default" onClick={() => setReviewing(false)} disabled={send.isPending}>
              Edit
            </Button>
          </Group>
        ) : (
          <Button onClick={review} disabled={!grams.trim() || !address.trim()} w="fit-content">
            Review request
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
