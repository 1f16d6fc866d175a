import { toUnits } from '@qmgt/contracts';
import { QMGT_PER_MICROGRAM } from '../gae/index.js';

/* Proof of reserves: pure rules. Grams are GOLD units (micrograms); 1 QMGT stands for 1 gram. */

/** The heaviest bar the list takes: a 400 oz Good Delivery bar is about 12.4 kg. */
export const MAX_BAR_MICROGRAMS = toUnits('20000', 'GOLD');

export class ReserveRuleError extends Error {
  override name = 'ReserveRuleError';
}

export function barGrams(fineGrams: string): bigint {
  const units = toUnits(fineGrams, 'GOLD');
  if (units <= 0n) throw new ReserveRuleError('Fine grams must be more than zero.');
  if (units > MAX_BAR_MICROGRAMS) throw new ReserveRuleError('A bar holds at most 20000 fine grams.');
  return units;
}

export interface ReserveFigures {
  /** QMGT units the ledger owes holders. */
  ledgerQmgt: bigint;
  /** Grams (GOLD units) the ledger owes: GSA, plans, locked. */
  ledgerGold: bigint;
  /** QMGT units of unclaimed referral rewards: owed once claimed. */
  rewardsQmgt: bigint;
  /** Fine grams (GOLD units) of the bars in the vault. */
  vaultGold: bigint;
}

/** Every gram owed (QMGT counted as grams, rounded up: a fraction owed is owed) against the vault. */
export function coverageOf({ ledgerQmgt, ledgerGold, rewardsQmgt, vaultGold }: ReserveFigures) {
  const qmgt = ledgerQmgt + rewardsQmgt;
  const qmgtGrams = (qmgt + QMGT_PER_MICROGRAM - 1n) / QMGT_PER_MICROGRAM;
  const liabilities = qmgtGrams + ledgerGold;
  // Four decimals, rounded down: the page never shows more cover than there is.
  const ratio = liabilities > 0n ? (vaultGold * 10_000n) / liabilities : null;
  const coverage = ratio === null ? null : `${ratio / 10_000n}.${(ratio % 10_000n).toString().padStart(4, '0')}`;
  return { liabilities, surplus: vaultGold - liabilities, coverage };
}
