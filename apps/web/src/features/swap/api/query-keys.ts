import type { SwapQuoteRequest } from '@qmgt/contracts';

export const swapKeys = {
  all: ['swap'] as const,
  quote: ({ from, to, amount }: SwapQuoteRequest) => [...swapKeys.all, 'quote', from, to, amount] as const,
};
