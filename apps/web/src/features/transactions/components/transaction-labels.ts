import type { Transaction, TransactionType } from '@qmgt/contracts';

const TYPE_LABEL: Record<TransactionType, string> = {
  QMGT: 'QMGT',
  CONVERT: 'Convert',
  GAE: 'GAE',
  GAEX: 'GAE Extra',
  USDAU: 'USDAU request',
  DEPOSIT: 'Deposit',
  TERMINATION: 'GAE termination',
  REWARD: 'Referral reward',
  STAKING: 'Staking QMGT+',
  GES: 'GDS instalment',
  PAYMENT: 'Spend To Save',
  REMIT: 'Remit to save',
  REDEMPTION: 'Physical redemption',
  GIFT: 'Gift gold',
};

/** What happened, in the customer's words: 'Buy QMGT', 'Sell QMGT', 'Deposit'. */
export function describeTransaction(transaction: Transaction): string {
  if (transaction.type === 'QMGT') {
    if (transaction.assetIn === 'USDT' && transaction.assetOut === 'QMGT') return 'Buy QMGT';
    if (transaction.assetIn === 'QMGT' && transaction.assetOut === 'USDT') return 'Sell QMGT';
  }
  if (transaction.type === 'DEPOSIT' && transaction.assetOut) return `Deposit ${transaction.assetOut}`;
  // The sender's row pays in, the recipient's only receives.
  if (transaction.type === 'REMIT') return transaction.assetIn ? 'Remittance sent' : 'Remittance received';
  if (transaction.type === 'GIFT') return transaction.assetIn ? 'Gold gift sent' : 'Gold gift received';
  return TYPE_LABEL[transaction.type];
}

export const STATUS_LABEL: Record<Transaction['status'], string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};

export const STATUS_COLOR: Record<Transaction['status'], string> = {
  pending: 'yellow',
  completed: 'teal',
  failed: 'red',
};
