import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  QUOTE_TTL_MS,
  REDEMPTION_MAX_QUANTITY,
  deliveryAddressSchema,
  type DeliveryAddress,
  type Redemption,
  type RedemptionQuote,
} from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Figure, Figures, QuoteCountdown } from '@/components/ui/figures';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import { useCountdown } from '@/lib/use-countdown';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import {
  redemptionKeys,
  redemptionProductsQueryOptions,
  requestRedemption,
  requestRedemptionQuote,
} from '../api/redemptions-api';

type AddressField = keyof DeliveryAddress;
const EMPTY_ADDRESS: Record<AddressField, string> = {
  fullName: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  country: '',
  phone: '',
};
const ADDRESS_FIELDS: { field: AddressField; label: string; autoComplete: string; required: boolean }[] = [
  { field: 'fullName', label: 'Full name', autoComplete: 'name', required: true },
  { field: 'line1', label: 'Address line 1', autoComplete: 'address-line1', required: true },
  { field: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', required: false },
  { field: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { field: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', required: true },
  { field: 'country', label: 'Country', autoComplete: 'country-name', required: true },
  { field: 'phone', label: 'Phone', autoComplete: 'tel', required: true },
];

/** The address as the API takes it, or each field's complaint. */
function readAddress(values: Record<AddressField, string>) {
  const { line2, ...rest } = values;
  const parsed = deliveryAddressSchema.safeParse(line2.trim() ? values : rest);
  if (parsed.success) return { address: parsed.data, errors: {} };
  const errors: Partial<Record<AddressField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField;
    errors[field] ??= issue.message;
  }
  return { address: null, errors };
}

/**
 * Redeem grams for metal: pick a coin or bar and a quantity, see the grams and fees (30-second
 * quote), give the delivery address and confirm; the grams are locked until the operator ships.
 */
export function RedeemForm({
  availableGrams,
  onRequested,
}: {
  availableGrams: string | undefined;
  onRequested: () => void;
}) {
  const queryClient = useQueryClient();
  const products = useQuery(redemptionProductsQueryOptions());
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [quote, setQuote] = useState<(RedemptionQuote & { validUntil: number }) | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Redemption | null>(null);
  const [address, setAddress] = useState(EMPTY_ADDRESS);
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, string>>>({});
  const secondsLeft = useCountdown(quote?.validUntil ?? null);
  const expired = quote !== null && secondsLeft === 0;
  const keys = useIdempotencyKeys();

  if (products.isPending) return <LoadingStatus>Loading the coins and bars</LoadingStatus>;
  if (products.isError) return <LoadFailure title="The catalogue could not be loaded" query={products} />;
  if (products.data.data.length === 0)
    return (
      <Alert color="gray" title="Nothing to redeem yet">
        No coins or bars are offered right now. Come back later: your grams stay in your gold savings account.
      </Alert>
    );

  const pieces = typeof quantity === 'number' ? quantity : Number.NaN;
  const validQuantity = Number.isInteger(pieces) && pieces >= 1 && pieces <= REDEMPTION_MAX_QUANTITY;
  const held = parseAmount(availableGrams, 'GOLD');
  const short = quote !== null && held !== null && (parseAmount(quote.grams, 'GOLD') ?? 0n) > held;

  const startOver = () => {
    setQuote(null);
    setError(null);
  };

  const ask = async () => {
    if (!productId) return setError('Choose a coin or bar.');
    if (!validQuantity) return setError(`Enter a whole number of pieces from 1 to ${REDEMPTION_MAX_QUANTITY}.`);
    setQuoting(true);
    setError(null);
    setDone(null);
    const askedAt = Date.now();
    try {
      const answer = await requestRedemptionQuote({ productId, quantity: pieces });
      setQuote({ ...answer, validUntil: askedAt + QUOTE_TTL_MS });
    } catch (failure) {
      setQuote(null);
      setError(errorMessage(failure, 'No quote is available right now.'));
    } finally {
      setQuoting(false);
    }
  };

  const confirm = async () => {
    if (!quote || expired) return;
    const read = readAddress(address);
    setAddressErrors(read.errors);
    if (!read.address) return;
    setConfirming(true);
    setError(null);
    try {
      const { redemption } = await requestRedemption(
        { quoteId: quote.quoteId, address: read.address },
        keys.keyFor(quote.quoteId),
      );
      keys.forget(quote.quoteId);
      setDone(redemption);
      setQuote(null);
      setAddress(EMPTY_ADDRESS);
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.mine() });
      onRequested();
    } catch (failure) {
      // A refusal (expired or used quote, fewer grams, product withdrawn) moved nothing: a new quote is needed.
      if (failure instanceof ApiError) {
        keys.forget(quote.quoteId);
        setQuote(null);
      }
      setError(errorMessage(failure, 'The redemption could not be sent. Please try again.'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack gap="lg">
      <Radio.Group
        label="Coin or bar"
        value={productId}
        onChange={(value) => {
          setProductId(value);
          startOver();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
          {products.data.data.map((product) => (
            <Radio.Card key={product.id} value={product.id} radius="md" p="md" aria-label={product.name}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <Stack gap={2}>
                  <Text fw={600}>{product.name}</Text>
                  <Text size="sm">{formatAmount(product.fineGrams, 'GOLD')} g fine gold</Text>
                  <Text size="xs" c="dimmed">
                    Making {formatAmount(product.makingFeeUsdt, 'USDT')} USDT · delivery{' '}
                    {formatAmount(product.deliveryFeeUsdt, 'USDT')} USDT
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label="Quantity"
          min={1}
          max={REDEMPTION_MAX_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            startOver();
          }}
          w={140}
          error={quantity !== '' && !validQuantity ? `1 to ${REDEMPTION_MAX_QUANTITY}` : undefined}
        />
        <Text size="sm" c="dimmed">
          In your gold savings account:{' '}
          {availableGrams === undefined ? '…' : `${formatAmount(availableGrams, 'GOLD')} g`}
        </Text>
      </Group>
      {error ? (
        <Alert color="red" title="Not sent" role="alert">
          {error}
        </Alert>
      ) : null}
      {done ? (
        <Alert color="green" title={`Redemption ${done.code} requested`}>
          {formatAmount(done.grams, 'GOLD')} g are locked in your gold savings account until your {done.productName}{' '}
          ships. Follow it below.
        </Alert>
      ) : null}
      {quote ? (
        <Paper withBorder radius="md" p="md">
          <Figures label="Redemption quote">
            <Figure label={`Fine gold (${quote.quantity} x ${quote.product.name})`}>
              {formatAmount(quote.fineGrams, 'GOLD')} g
            </Figure>
            <Figure label="Making fee">{formatAmount(quote.makingFeeUsdt, 'USDT')} USDT</Figure>
            <Figure label="Delivery fee">{formatAmount(quote.deliveryFeeUsdt, 'USDT')} USDT</Figure>
            <Figure
              label={`Fees in grams at ${formatAmount(quote.price, 'USDT')} USDT/g`}
              title={`${quote.feeGrams} g`}
            >
              {formatAmount(quote.feeGrams, 'GOLD')} g
            </Figure>
            <Figure label="Taken from your gold savings account" strong title={`${quote.grams} g`}>
              {formatAmount(quote.grams, 'GOLD')} g
            </Figure>
          </Figures>
          <QuoteCountdown secondsLeft={secondsLeft} />
        </Paper>
      ) : null}
      {quote && !expired ? (
        <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h5" component="legend">
            Delivery address
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {ADDRESS_FIELDS.map(({ field, label, autoComplete, required }) => (
              <TextInput
                key={field}
                label={label}
                withAsterisk={required}
                autoComplete={autoComplete}
                value={address[field]}
                error={addressErrors[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setAddress((current) => ({ ...current, [field]: value }));
                  setAddressErrors((current) => ({ ...current, [field]: undefined }));
                }}
              />
            ))}
          </SimpleGrid>
          {short ? (
            <Text c="red" size="sm">
              Your gold savings account holds fewer grams than this redemption takes.
            </Text>
          ) : null}
          <Button onClick={() => void confirm()} loading={confirming} disabled={short}>
            Confirm redemption
          </Button>
        </Stack>
      ) : (
        <Button onClick={() => void ask()} loading={quoting} disabled={!productId} w={{ base: '100%', sm: 'auto' }}>
          {expired ? 'Get a new quote' : 'Get a quote'}
        </Button>
      )}
    </Stack>
  );
}
