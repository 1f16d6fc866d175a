import { toUnits } from '@qmgt/contracts';
/* Bank verification rules, pure. */

/** Names compared as people write them: case, accents, punctuation and word order do not matter. */
export function normalizedName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');
}

/**
 * Whether the account holder is the verified customer: every word of the KYC first and last
 * name appears in the holder's name (a middle name may be left out or added).
 */
export function holderMatches(
  holder: string,
  kyc: { firstName: string; middleName: string; lastName: string },
): boolean {
  const words = new Set(normalizedName(holder).split(' '));
  const required = normalizedName(`${kyc.firstName} ${kyc.lastName}`).split(' ').filter(Boolean);
  return required.length > 0 && required.every((w) => words.has(w));
}

/** "•••• 3000": the last four characters only. */
export const maskAccount = (last4: string) => `•••• ${last4}`;

export const lastFour = (accountNumber: string) =>
  accountNumber
    .replace(/[\s/-]/g, '')
    .slice(-4)
    .toUpperCase();

/** Whether the customer's two amounts are the two deposits, in either order. */
export const sameDeposits = (answer: [number, number], sent: [number, number]) =>
  [...answer].sort((a, b) => a - b).join() === [...sent].sort((a, b) => a - b).join();

/** "0.32" or ".32" -> 32 cents, parsed as digits (never through a float). */
export const toCents = (amount: string) => {
  const value = amount.trim();
  return Number(toUnits(value.startsWith('.') ? `0${value}` : value, 'USD'));
};
