import { USDAU_MIN_GRAMS, toUnits } from '@qmgt/contracts';
import { getAddress, isAddress } from 'viem';
import { terminationPrice, valueOf } from '../gae/index.js';

/* USDAU requests: pure rules. Grams are GOLD units (micrograms); USDT and USDAU have 18 decimals. */

export const USDAU_MIN_MICROGRAMS = toUnits(USDAU_MIN_GRAMS, 'GOLD');

export class UsdauRuleError extends Error {
  override name = 'UsdauRuleError';
  constructor(
    message: string,
    readonly field: 'grams' | 'address',
  ) {
    super(message);
  }
}

export interface UsdauPayout {
  /** USDT per gram (x 1e18): spot x 0.98, what the platform pays for a gram. */
  price: bigint;
  /** USDAU units: grams x price, rounded down (the platform never pays a fraction it does not owe). */
  usdauAmount: bigint;
}

/** What a request of `grams` pays at `spot` (USDT per gram). 1 USDAU is worth 1 USDT. */
export function usdauPayout(grams: bigint, spot: bigint): UsdauPayout {
  if (grams < USDAU_MIN_MICROGRAMS)
    throw new UsdauRuleError(`The smallest USDAU request is ${USDAU_MIN_GRAMS} g.`, 'grams');
  const price = terminationPrice(spot);
  return { price, usdauAmount: valueOf(grams, price) };
}

/**
 * The external address as it will be paid: all lower or all upper case is taken as written; a
 * mixed-case address must carry a valid EIP-55 checksum, which catches a mistyped character.
 * The zero address burns whatever is sent to it.
 */
export function payableAddress(address: string): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new UsdauRuleError('Enter a 0x address of 40 hexadecimal characters.', 'address');
  const digits = address.slice(2);
  const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!oneCase && !isAddress(address, { strict: true }))
    throw new UsdauRuleError(
      'This address fails its checksum: a character is mistyped. Copy it again from your wallet.',
      'address',
    );
  const checksummed = getAddress(address);
  if (/^0x0{40}$/.test(address)) throw new UsdauRuleError('The zero address cannot receive USDAU.', 'address');
  return checksummed;
}
