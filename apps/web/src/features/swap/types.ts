import type { Balance } from '@/lib/session-store';

export type { ConfirmOutcome } from '@/lib/use-quote-confirmation';

export type SwapDirection = 'buy' | 'sell';

export const DIRECTION_ASSETS = {
  buy: { from: 'USDT', to: 'QMGT' },
  sell: { from: 'QMGT', to: 'USDT' },
} as const;

export const availableOf = (balance: Balance | undefined, asset: 'USDT' | 'QMGT') =>
  balance === undefined ? undefined : asset === 'USDT' ? balance.usdt : balance.qmgt;
