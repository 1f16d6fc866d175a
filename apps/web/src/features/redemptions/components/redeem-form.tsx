import { zodResolver } from '@hookform/resolvers/zod';
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
  REDEMPTION_MAX_QUANTITY,
  deliveryAddressSchema,
  type DeliveryAddress,
  type Redemption,
  type RedemptionQuote,
} from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Figure, Figures, QuoteCountdown } from '@/components/ui/figures';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatAmount, parseAmount } from '@/lib/money';
import { useQuoteConfirmation, type ConfirmOutcome } from '@/lib/use-quote-confirmation';
import {
  redemptionKeys,
  redemptionProductsQueryOptions,
  requestRedemption,
  requestRedemptionQuote,
} from '../api/redemptions-api';

type AddressField = keyof DeliveryAddress;
type AddressFields = Record<AddressField, string>;
const EMPTY_ADDRESS: AddressFields = {
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

/** An empty second line is no line: the contract's schema checks the address as the API takes it. */
const withoutEmptyLine2 = ({ line2, ...rest }: AddressFields) => (line2.trim() ? { ...rest, line2 } : rest);
const addressResolver = zodResolver(deliveryAddressSchema);

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
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Redemption | null>(null);
  const address = useForm<AddressFields, unknown, DeliveryAddress>({
    // The form holds every line as text; the schema sees the address as the API takes it.
    resolver: (values, context, options) =>
      addressResolver(withoutEmptyLine2(values), context, options as Parameters<typeof addressResolver>[2]),
    defaultValues: EMPTY_ADDRESS,
  });
  /** The address as the form's check answered it: what is sent, parsed once. */
  const checkedAddress = useRef<DeliveryAddress | null>(null);
  const pieces = typeof quantity === 'number' ? quantity : Number.NaN;
  const validQuantity = Number.isInteger(pieces) && pieces >= 1 && pieces <= REDEMPTION_MAX_QUANTITY;

  const send = async (quote: RedemptionQuote, idempotencyKey: string): Promise<ConfirmOutcome> => {
    setError(null);
    try {
      const checked = checkedAddress.current;
      if (!checked) throw new Error('the address is sent only once the form has checked it');
      const { redemption } = await requestRedemption({ quoteId: quote.quoteId, address: checked }, idempotencyKey);
      setDone(redemption);
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.mine() });
      return 'done';
    } catch (failure) {
      setError(errorMessage(failure, 'The redemption could not be sent. Please try again.'));
      // A refusal (expired or used quote, fewer grams, product withdrawn) moved nothing: a new
      // quote is asked for. No answer: the same quote and key may be sent again.
      return failure instanceof ApiError && failure.status !== 0 ? 'refused' : 'retry';
    }
  };
  const flow = useQuoteConfirmation<RedemptionQuote>({
    requestQuote: () => requestRedemptionQuote({ productId: productId!, quantity: pieces }),
    onConfirm: ({ quote, idempotencyKey }) => send(quote, idempotencyKey),
    onDone: () => address.reset(EMPTY_ADDRESS),
    refreshBalances: onRequested,
  });
  const { quote, secondsLeft, expired, quoting, confirming } = flow;

  if (products.isPending) return <LoadingStatus>Loading the coins and bars</LoadingStatus>;
  if (products.isError) return <LoadFailure title="The catalogue could not be loaded" query={products} />;
  if (products.data.data.length === 0)
    return (
      <Alert color="gray" title="Nothing to redeem yet">
        No coins or bars are offered right now. Come back later: your grams stay in your gold savings account.
      </Alert>
    );

  const held = parseAmount(availableGrams, 'GOLD');
  const short = quote !== null && held !== null && (parseAmount(quote.grams, 'GOLD') ?? 0n) > held;

  const startOver = () => {
    flow.reset();
    setError(null);
  };

  const ask = () => {
    if (!productId) return setError('Choose a coin or bar.');
    if (!validQuantity) return setError(`Enter a whole number of pieces from 1 to ${REDEMPTION_MAX_QUANTITY}.`);
    setError(null);
    setDone(null);
    void flow.ask();
  };

  // The address is checked by the contract's schema before the grams are locked.
  const confirm = address.handleSubmit((checked) => {
    checkedAddress.current = checked;
    return flow.confirm();
  });
  const quoteRefusal =
    flow.quoteError === null ? null : errorMessage(flow.quoteError, 'No quote is available right now.');

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
      {error || quoteRefusal ? (
        <Alert color="red" title="Not sent" role="alert">
          {error ?? quoteRefusal}
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
        <form noValidate onSubmit={(event) => void confirm(event)}>
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
                  {...address.register(field)}
                  error={address.formState.errors[field]?.message}
                />
              ))}
            </SimpleGrid>
            {short ? (
              <Text c="red" size="sm">
                Your gold savings account holds fewer grams than this redemption takes.
              </Text>
            ) : null}
            <Button type="submit" loading={confirming} disabled={short}>
              Confirm redemption
            </Button>
          </Stack>
        </form>
      ) : (
        <Button onClick={ask} loading={quoting} disabled={!productId} w={{ base: '100%', sm: 'auto' }}>
          {expired ? 'Get a new quote' : 'Get a quote'}
        </Button>
      )}
    </Stack>
  );
}
