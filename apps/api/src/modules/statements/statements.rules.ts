import { ASSET_DECIMALS, STATEMENT_FIRST_YEAR, type Asset, type StatementGainAsset } from '@qmgt/contracts';

/*
 * The annual statement's rules: which year may be asked for, and the gains and losses realised
 * on grams and QMGT at average cost. Pure: the service feeds them the customer's ledger
 * movements, oldest first, from the first one ever (a cost carried into the year was paid in an
 * earlier one). Everything in exact units (bigint); costs in USDT units (18 decimals).
 */

/** A year's bounds in UTC: [from, to). */
export function yearWindow(year: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

/**
 * Why a year cannot have a statement, or null. A year that has not begun has nothing to state;
 * a year before the customer signed up is allowed (its statement says there was no activity:
 * some tax offices ask for that too).
 */
export function yearProblem(year: number, now: Date): string | null {
  const current = now.getUTCFullYear();
  if (year > current)
    return `The ${year} statement is not available: that year has not begun. Choose ${current} or earlier.`;
  if (year < STATEMENT_FIRST_YEAR) return `Statements start in ${STATEMENT_FIRST_YEAR}.`;
  return null;
}

/** The assets whose costs are pooled. */
const TRACKED: readonly StatementGainAsset[] = ['GOLD', 'QMGT'];
const isTracked = (asset: Asset): asset is StatementGainAsset => (TRACKED as readonly Asset[]).includes(asset);

/**
 * The value in USDT units of an amount of a money asset, or null for grams and QMGT. USD (in
 * cents, card payments) and USDAU (paid out for grams) count one to one with USDT: the platform
 * prices both at par, and the statement says so.
 */
export function usdtValue(asset: Asset, amount: bigint): bigint | null {
  if (asset === 'USDT' || asset === 'USDAU') return amount;
  if (asset === 'USD') return amount * 10n ** BigInt(ASSET_DECIMALS.USDT - ASSET_DECIMALS.USD);
  return null;
}

/** Units held of an asset and what they cost in total (USDT units). */
export interface CostPool {
  units: bigint;
  cost: bigint;
}
export type CostPools = Record<StatementGainAsset, CostPool>;

export const emptyPools = (): CostPools => ({ GOLD: { units: 0n, cost: 0n }, QMGT: { units: 0n, cost: 0n } });

/** What one movement changed, as the ledger booked it. */
export interface MovementFacts {
  /** Net change per asset over the customer's accounts (a move between them nets to zero). */
  changes: ReadonlyMap<Asset, bigint>;
  /**
   * Net change per money asset over the platform's own accounts in the same entry (treasury,
   * fees...; not `external`, the world outside). What the platform gained the customer paid,
   * what it lost the customer received: from their wallet, by card (money from outside that the
   * platform kept) or to their own address (a USDAU payout). Money that went to another customer
   * (a remittance) is no price of anything the customer got.
   */
  platformMoney: ReadonlyMap<Asset, bigint>;
  /** A failed operation or its reversal: they cancel out, so neither moves a cost. */
  reversed?: boolean;
}

export interface Realised {
  asset: StatementGainAsset;
  units: bigint;
  proceeds: bigint;
  cost: bigint;
  gain: bigint;
}

export type MovementEffect =
  | 'acquisition' // grams or QMGT bought with money: its cost is what was paid, fees included
  | 'disposal' // sold or redeemed for money: a gain or loss against the average cost
  | 'conversion' // one tracked asset turned into the other: the cost carries over
  | 'receipt' // received for nothing (rewards, staking interest, gifts): cost zero
  | 'removal' // left without money (gifted, delivered as metal, sent out): its cost leaves with it
  | 'money' // only money moved (deposits, fees, remittances paid in USDT)
  | 'none'; // nothing the customer holds changed, or a reversal

/** The average cost of `units` out of a pool; all of it when they are the whole pool (no dust left). */
function costOf(pool: CostPool, units: bigint): bigint {
  if (pool.units <= 0n) return 0n;
  if (units >= pool.units) return pool.cost;
  return (pool.cost * units) / pool.units;
}

function take(pool: CostPool, units: bigint): { pool: CostPool; cost: bigint } {
  const cost = costOf(pool, units);
  const left = pool.units - units;
  // More out than pooled happens only around a reversal (see MovementFacts.reversed): never below zero.
  return { pool: { units: left > 0n ? left : 0n, cost: left > 0n ? pool.cost - cost : 0n }, cost };
}

/**
 * One movement applied to the pools (average cost). A purchase adds its units and what was paid
 * (fees included); a sale or redemption takes units at the pool's average cost and realises the
 * proceeds (after fees) less that cost; a conversion carries the cost of what went to what came;
 * rewards, interest and gifts come in at cost zero; gifts out, metal delivered and transfers out
 * take their cost away without a gain.
 */
export function applyMovement(
  pools: CostPools,
  facts: MovementFacts,
): { pools: CostPools; effect: MovementEffect; realised: Realised[] } {
  const next: CostPools = { GOLD: { ...pools.GOLD }, QMGT: { ...pools.QMGT } };
  const ins: [StatementGainAsset, bigint][] = [];
  const outs: [StatementGainAsset, bigint][] = [];
  let ownMoney = false;
  for (const [asset, amount] of facts.changes) {
    if (amount === 0n) continue;
    if (isTracked(asset)) (amount > 0n ? ins : outs).push([asset, amount > 0n ? amount : -amount]);
    else ownMoney = true;
  }
  // What the customer received (positive) or paid (negative), in USDT units.
  let money = 0n;
  for (const [asset, amount] of facts.platformMoney) money -= usdtValue(asset, amount) ?? 0n;
  if (facts.reversed) return { pools: next, effect: 'none', realised: [] };
  if (ins.length === 0 && outs.length === 0) return { pools: next, effect: ownMoney ? 'money' : 'none', realised: [] };

  // What left, at average cost.
  const removed: { asset: StatementGainAsset; units: bigint; cost: bigint }[] = [];
  for (const [asset, units] of outs) {
    const taken = take(next[asset], units);
    next[asset] = taken.pool;
    removed.push({ asset, units, cost: taken.cost });
  }
  const removedCost = removed.reduce((sum, r) => sum + r.cost, 0n);

  if (ins.length > 0) {
    // A conversion carries the cost of what went; a purchase costs what was paid; money paid
    // beside a conversion (a fee) adds to its cost. Nothing paid and nothing given: a receipt.
    const paid = money < 0n ? -money : 0n;
    const cost = removedCost + paid;
    // Two assets in at once does not happen in any operation today: the cost goes to the first.
    ins.forEach(([asset, units], i) => {
      next[asset] = { units: next[asset].units + units, cost: next[asset].cost + (i === 0 ? cost : 0n) };
    });
    const effect: MovementEffect = outs.length > 0 ? 'conversion' : paid > 0n ? 'acquisition' : 'receipt';
    return { pools: next, effect, realised: [] };
  }

  if (money <= 0n) return { pools: next, effect: 'removal', realised: [] };

  // Sold or redeemed: the proceeds shared over what left in proportion to its cost (one asset
  // in every operation today), the last taking the remainder so they add up exactly.
  const realised: Realised[] = [];
  let proceedsLeft = money;
  removed.forEach((r, i) => {
    const proceeds = i === removed.length - 1 ? proceedsLeft : removedCost === 0n ? 0n : (money * r.cost) / removedCost;
    proceedsLeft -= proceeds;
    realised.push({ asset: r.asset, units: r.units, proceeds, cost: r.cost, gain: proceeds - r.cost });
  });
  return { pools: next, effect: 'disposal', realised };
}

/** The year's realised totals per asset. */
export interface GainTotals {
  disposed: bigint;
  proceeds: bigint;
  cost: bigint;
  gain: bigint;
}

export const emptyGainTotals = (): Record<StatementGainAsset, GainTotals> => ({
  GOLD: { disposed: 0n, proceeds: 0n, cost: 0n, gain: 0n },
  QMGT: { disposed: 0n, proceeds: 0n, cost: 0n, gain: 0n },
});

export function addRealised(totals: Record<StatementGainAsset, GainTotals>, realised: readonly Realised[]) {
  for (const r of realised) {
    const t = totals[r.asset];
    totals[r.asset] = {
      disposed: t.disposed + r.units,
      proceeds: t.proceeds + r.proceeds,
      cost: t.cost + r.cost,
      gain: t.gain + r.gain,
    };
  }
  return totals;
}

/** The method as the statement explains it (JSON, PDF and CSV say the same). */
export const COST_METHOD: readonly string[] = [
  'Gains and losses use the average cost method: each gram or QMGT you hold carries the average of what you paid for the units you hold.',
  'A purchase adds what you paid, fees included. A sale or redemption (a sell, a GAE termination, a USDAU payout) realises what you received after fees, less the average cost of the units that left.',
  'Referral rewards (when earned), staking interest and gold received as a gift come in at a cost of zero: their whole value counts as gain when sold. Converting QMGT to grams or back carries the cost over and realises nothing.',
  'Gold gifted, delivered as metal or sent out takes its average cost with it and realises nothing. A failed operation and its reversal change no cost.',
  'USD and USDAU count one to one with USDT. Costs carried into the year come from your whole history with us. Dates are UTC. Fees are listed for information: they are already in the costs and proceeds.',
];

/** Sums fees per asset. */
export function addFee(fees: Map<Asset, bigint>, fee: { asset: Asset; amount: bigint } | null) {
  if (fee && fee.amount !== 0n) fees.set(fee.asset, (fees.get(fee.asset) ?? 0n) + fee.amount);
  return fees;
}

/** A movement's name on the statement, from the transaction type (or the ledger entry's type) and its direction. */
export function describeMovement(kind: string, changes: ReadonlyMap<Asset, bigint>): string {
  const sign = (asset: Asset) => changes.get(asset) ?? 0n;
  switch (kind) {
    case 'QMGT':
      return sign('QMGT') > 0n ? 'QMGT bought' : 'QMGT sold';
    case 'CONVERT':
      return sign('GOLD') > 0n ? 'QMGT converted to grams' : 'Grams converted to QMGT';
    case 'GAE':
      return 'GAE purchase';
    case 'GAEX':
      return 'GAE Extra top-up';
    case 'GES':
      return 'GES instalment';
    case 'USDAU':
      return 'Grams redeemed for USDAU';
    case 'TERMINATION':
      return 'GAE plan terminated (grams sold back)';
    case 'DEPOSIT':
      return 'Deposit';
    case 'WITHDRAWAL':
      return 'Withdrawal';
    case 'REWARD':
      return sign('QMGT') < 0n ? 'Referral rewards sold or paid out' : 'Referral reward claimed';
    case 'STAKING':
      return sign('QMGT') > 0n ? 'Staking closed with interest' : 'QMGT staked or unstaked';
    case 'PAYMENT':
      return 'Card payment saved as gold';
    case 'REMIT':
      // The sender's round-up buys grams for the sender; the recipient receives USDT.
      if (sign('USDT') > 0n) return 'Remittance received';
      return sign('GOLD') > 0n ? 'Remittance sent, round-up saved as gold' : 'Remittance sent';
    case 'GIFT':
      return sign('GOLD') > 0n ? 'Gold gift received' : 'Gold gift sent';
    case 'REDEMPTION':
      return 'Physical redemption';
  }
  // A gift nobody claimed in 30 days comes back as the reversal of its send (decision 021).
  if (kind === 'GIFT.compensation') return 'Gold gift returned (not claimed in 30 days)';
  if (kind.endsWith('.compensation')) return 'Reversal of a failed operation';
  const words: Record<string, string> = {
    'usdau.lock': 'Grams locked for a USDAU request',
    'usdau.reject': 'USDAU request rejected: grams returned',
    'usdau.release': 'USDAU payout failed: grams returned',
    'gae.termination_lock': 'Grams locked for a GAE termination',
    'gae.termination_reject': 'GAE termination rejected: grams returned',
    'redemption.lock': 'Grams locked for a physical redemption',
    'redemption.reject': 'Physical redemption rejected: grams returned',
    'redemption.cancel': 'Physical redemption cancelled: grams returned',
    'ges.maturity': 'GES group matured',
    'ges.lapse': 'GES membership lapsed',
    'referral.reward': 'Referral reward earned',
    'referral.reward_reversal': 'Referral reward reversed (its purchase failed)',
  };
  return words[kind] ?? kind.replaceAll(/[._]/g, ' ');
}
