import type { SwapDirection } from '@/features/swap/types';

/**
 * Router state that opens the swap screen on a direction ('Get $QMGT' asks for a purchase).
 * State rather than a query string, so the screen's address stays `/`.
 */
export type SwapPresetState = { swapDirection: SwapDirection };

export const swapPreset = (swapDirection: SwapDirection): SwapPresetState => ({ swapDirection });

export function readSwapPreset(state: unknown): SwapDirection | null {
  if (typeof state !== 'object' || state === null || !('swapDirection' in state)) return null;
  const { swapDirection } = state as { swapDirection: unknown };
  return swapDirection === 'buy' || swapDirection === 'sell' ? swapDirection : null;
}
