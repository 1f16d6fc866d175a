import type { QueryKey } from '@tanstack/react-query';
import { gesKeys } from '@/features/ges/api/query-keys';
import { goldKeys } from '@/features/gold/api/query-keys';
import { giftKeys } from '@/features/gifts/api/query-keys';
import { paymentKeys } from '@/features/payments/api/query-keys';
import { growthKeys } from '@/features/referrals/api/query-keys';
import { stakingKeys } from '@/features/staking/api/query-keys';
import { transactionKeys } from '@/features/transactions/api/query-keys';
import { walletKeys } from '@/features/wallet/api/query-keys';

/** What a customer does that moves their money, each booked by the API in the ledger. */
export type MoneyAction =
  | 'deposit'
  | 'swap'
  | 'sell'
  | 'gae-purchase'
  | 'convert'
  | 'ges-join'
  | 'reward-claim'
  | 'reward-sale'
  | 'stake'
  | 'remit'
  | 'gift'
  | 'spend-to-save'
  | 'termination-withdraw';

/**
 * Every move changes the wallet, the history (lists, details, recent activity) and the balances
 * by purpose, which hold the dashboard's grams and its USDT and QMGT too.
 */
const EVERY_MOVE: readonly QueryKey[] = [walletKeys.balance(), transactionKeys.all, goldKeys.balances()];

/**
 * The one place that knows which views a money action changes beyond those (issue 23: the
 * dashboard showed 0.0000 g after a first purchase). A new money action, or a new view of one,
 * is a line here; screens only say which action they ran.
 */
export const MONEY_ACTION_VIEWS: Record<MoneyAction, readonly QueryKey[]> = {
  deposit: [],
  swap: [],
  sell: [],
  // A purchase opens or grows the plan, and its statement gains a line.
  'gae-purchase': [goldKeys.plan(), goldKeys.statements()],
  // The locked grams return to the plan, which is active again, and its statement says so.
  'termination-withdraw': [goldKeys.plan(), goldKeys.statements()],
  // Grams in or out of the gold savings account, which the plan screen also values.
  convert: [goldKeys.plan(), goldKeys.statements()],
  // A membership, its passbook and the group's seats.
  'ges-join': [gesKeys.all],
  'reward-claim': [growthKeys.rewards(), growthKeys.requests()],
  'reward-sale': [growthKeys.rewards()],
  stake: [stakingKeys.all()],
  // A remittance rounded up saves grams in the gold savings account.
  remit: [paymentKeys.remittances()],
  // Grams leave the gold savings account: the gifts list gains a line.
  gift: [giftKeys.all],
  // A card payment credited grams to the gold savings account.
  'spend-to-save': [paymentKeys.all],
};

export const viewsChangedBy = (action: MoneyAction): readonly QueryKey[] => [
  ...EVERY_MOVE,
  ...MONEY_ACTION_VIEWS[action],
];
