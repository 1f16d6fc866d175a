import { AmountError, REDEMPTION_MAX_QUANTITY, toUnits } from '@qmgt/contracts';

/*
 * Physical redemption: pure rules. Grams are GOLD units (micrograms, 6 decimals); fees and the
 * gold price are USDT units (18 decimals), the price per gram.
 */

const MICROGRAMS = 10n ** 6n;
/** A catalogue product holds at most a kilo bar's metal; fees at most 100,000 USDT a piece. */
const MAX_FINE_MICROGRAMS = 1000n * MICROGRAMS;
const MAX_FEE = toUnits('100000', 'USDT');

export class RedemptionRuleError extends Error {
  override name = 'RedemptionRuleError';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export interface ProductFigures {
  fineGrams: bigint;
  makingFee: bigint;
  deliveryFee: bigint;
}

/** A product's figures as the operator typed them: positive metal, fees zero or more. */
export function productFigures(input: { fineGrams: string; makingFeeUsdt: string; deliveryFeeUsdt: string }) {
  const parse = (value: string, asset: 'GOLD' | 'USDT', field: string) => {
    try {
      return toUnits(value, asset);
    } catch (error) {
      if (error instanceof AmountError) throw new RedemptionRuleError(`${error.message}.`, field);
      throw error;
    }
  };
  const fineGrams = parse(input.fineGrams, 'GOLD', 'fineGrams');
  const makingFee = parse(input.makingFeeUsdt, 'USDT', 'makingFeeUsdt');
  const deliveryFee = parse(input.deliveryFeeUsdt, 'USDT', 'deliveryFeeUsdt');
  if (fineGrams <= 0n) throw new RedemptionRuleError('Fine grams must be more than zero.', 'fineGrams');
  if (fineGrams > MAX_FINE_MICROGRAMS) throw new RedemptionRuleError('Fine grams are at most 1000 g.', 'fineGrams');
  for (const [fee, field] of [
    [makingFee, 'makingFeeUsdt'],
    [deliveryFee, 'deliveryFeeUsdt'],
  ] as const) {
    if (fee < 0n) throw new RedemptionRuleError('A fee cannot be negative.', field);
    if (fee > MAX_FEE) throw new RedemptionRuleError('A fee is at most 100000 USDT.', field);
  }
  return { fineGrams, makingFee, deliveryFee } satisfies ProductFigures;
}

export interface RedemptionQuoteFigures {
  quantity: number;
  fineGrams: bigint;
  makingFee: bigint;
  deliveryFee: bigint;
  /** Both fees turned into grams at `price`, rounded up to the microgram. */
  feeGrams: bigint;
  /** What leaves the gold savings account. */
  grams: bigint;
  price: bigint;
}

/**
 * A quote of `quantity` pieces at the gold price `spot` (USDT per gram): the fine grams
 * delivered, and the making and delivery fees (USDT, per piece) charged in grams at spot, so
 * that everything comes from the gold savings account.
 */
export function quoteRedemption(product: ProductFigures, quantity: number, spot: bigint): RedemptionQuoteFigures {
  if (spot <= 0n) throw new RedemptionRuleError('No gold price is available.', 'productId');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > REDEMPTION_MAX_QUANTITY)
    throw new RedemptionRuleError(`quantity is a whole number from 1 to ${REDEMPTION_MAX_QUANTITY}.`, 'quantity');
  const pieces = BigInt(quantity);
  const fineGrams = product.fineGrams * pieces;
  const makingFee = product.makingFee * pieces;
  const deliveryFee = product.deliveryFee * pieces;
  const feeGrams = ceilDiv((makingFee + deliveryFee) * MICROGRAMS, spot);
  return { quantity, fineGrams, makingFee, deliveryFee, feeGrams, grams: fineGrams + feeGrams, price: spot };
}
