import { Text } from '@mantine/core';
import { formatUnits } from '@qmgt/contracts';
import { formatAmount, formatGrams, parseAmount } from '@/lib/money';
import { Figure, Figures } from './figures';

type PremiumQuote = {
  amountUsdt: string;
  /** USDT per gram at spot. */
  spot: string;
  /** USDT per gram paid: spot plus the premium. */
  price: string;
  /** The premium in USDT: what was paid beyond the grams' value at spot. */
  fee: string;
  grams: string;
};

const CENT = 10n ** 16n;
const usdt = (value: string) => `${formatAmount(value, 'USDT')} USDT`;

/**
 * A gold purchase priced at spot plus a premium (GAE, a GDS instalment). The premium is inside
 * the per-gram price, not charged on top: the amount paid is shown split into the gold at spot
 * and the premium, so the premium appears once, as part of what is paid.
 */
export function PremiumFigures({
  label,
  quote,
  priceLabel,
  premiumLabel,
}: {
  label: string;
  quote: PremiumQuote;
  /** e.g. 'GAE price (spot + 3%)'. */
  priceLabel: string;
  /** e.g. '3% premium'. */
  premiumLabel: string;
}) {
  const paid = parseAmount(quote.amountUsdt, 'USDT');
  const premium = parseAmount(quote.fee, 'USDT');
  // The premium is shown to the cent, rounded down; the gold at spot is the rest, so that the
  // two lines add up to the amount paid as shown.
  const atSpot = paid === null || premium === null ? null : paid - (premium / CENT) * CENT;
  return (
    <>
      <Figures label={label}>
        <Figure label="You pay" title={`${quote.amountUsdt} USDT`}>
          {usdt(quote.amountUsdt)}
        </Figure>
        {atSpot === null ? null : (
          <Figure label={`of which gold at spot (${formatAmount(quote.spot, 'USDT')} USDT/g)`}>
            {formatUnits(atSpot, 'USDT')} USDT
          </Figure>
        )}
        <Figure label={`of which the ${premiumLabel}`} title={`${quote.fee} USDT`}>
          {usdt(quote.fee)}
        </Figure>
        <Figure label={priceLabel} title={`${quote.price} USDT per gram`}>
          {formatAmount(quote.price, 'USDT')} USDT/g
        </Figure>
        <Figure label="You receive" strong title={`${quote.grams} g`}>
          {formatGrams(quote.grams)}
        </Figure>
      </Figures>
      <Text size="xs" c="dimmed" mt={6}>
        {`The ${premiumLabel} is part of the price per gram, not a fee on top: ${usdt(quote.amountUsdt)} is all you pay.`}
      </Text>
    </>
  );
}
