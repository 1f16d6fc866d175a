import type { Asset } from '@qmgt/contracts';

export const CUSTOMER_PURPOSES = ['available', 'locked', 'rewards', 'gae_plan', 'ges'] as const;
export const PLATFORM_PURPOSES = [
  'treasury',
  'fees',
  'float',
  'gold_vault',
  'staking_pool',
  'rewards_pool',
  'external',
  'gift_escrow',
] as const;
export type CustomerPurpose = (typeof CUSTOMER_PURPOSES)[number];
export type PlatformPurpose = (typeof PLATFORM_PURPOSES)[number];

/** Whose account a posting goes to: a customer's (by user id) or the platform's. */
export type AccountRef = { userId: string; purpose: CustomerPurpose } | { platform: PlatformPurpose };

export interface PostingLine {
  account: AccountRef;
  asset: Asset;
  /** Smallest units; positive adds to the account, negative takes from it. */
  amount: bigint;
}

export class UnbalancedEntryError extends Error {}

/**
 * A journal entry is valid when it has two or more non-zero postings whose amounts sum to
 * zero for every asset. The database checks the same at commit; this catches a wrong entry
 * before any row is written and says which asset is off.
 */
export function assertBalanced(lines: readonly PostingLine[]): void {
  if (lines.length < 2) throw new UnbalancedEntryError('an entry needs at least two postings');
  const sums = new Map<Asset, bigint>();
  for (const line of lines) {
    if (line.amount === 0n) throw new UnbalancedEntryError('a posting of zero moves nothing');
    sums.set(line.asset, (sums.get(line.asset) ?? 0n) + line.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedEntryError(`${asset} postings sum to ${sum}, not zero`);
  }
}

/** A stable key for an account reference, to merge and order postings. */
export function accountKey(ref: AccountRef): string {
  return 'userId' in ref ? `user:${ref.userId}:${ref.purpose}` : `platform:${ref.platform}`;
}

/**
 * Purposes whose balances are not issued: the issuer (treasury, gold_vault), the world outside
 * (external) and rewards, which are promises until claimed (the rewards pool and customers'
 * rewards accounts). What the others hold is what the ledger has issued; for QMGT, what the
 * chain's supply must equal.
 */
export const NOT_ISSUED_PURPOSES: readonly string[] = ['treasury', 'gold_vault', 'external', 'rewards_pool', 'rewards'];

/** What the ledger has issued of an asset, from its running totals per purpose. */
export function issuedFrom(totals: ReadonlyMap<string, bigint>): bigint {
  let issued = 0n;
  for (const [purpose, total] of totals) if (!NOT_ISSUED_PURPOSES.includes(purpose)) issued += total;
  return issued;
}

/**
 * Of what is issued, what the platform itself holds (fees, float, staking pool): on chain it
 * sits at the treasury address, beside the customers' custodial addresses.
 */
export function platformIssuedFrom(totals: ReadonlyMap<string, bigint>): bigint {
  let held = 0n;
  for (const [purpose, total] of totals)
    if (!NOT_ISSUED_PURPOSES.includes(purpose) && !(CUSTOMER_PURPOSES as readonly string[]).includes(purpose))
      held += total;
  return held;
}
