import type { Balance } from '@/lib/session-store';

/**
 * What became of a confirmation. 'done': the server answered and booked it (whatever the chain
 * later said), so the form starts over. 'refused': the server said no (expired quote, too
 * little balance), so ask for a new quote. 'retry': no answer came (network, server error), so
 * the same quote and idempotency key may be sent again.
 */
export type ConfirmOutcome = 'done' | 'refused' | 'retry';

export type SwapDirection = 'buy' | 'sell';

export const DIRECTION_ASSETS = {
  buy: { from: 'USDT', to: 'QMGT' },
  sell: { from: 'QMGT', to: 'USDT' },
} as const;

export const availableOf = (balance: Balance | undefined, asset: 'USDT' | 'QMGT') =>
  balance === undefined ? undefined : asset === 'USDT' ? balance.usdt : balance.qmgt;
