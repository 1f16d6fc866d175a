// Apart from the calls: the money refresh after every move (app/money/money-actions.ts) reads
// these keys, and the swap screen's first paint must not load the calls and their schemas.
export const giftKeys = {
  all: ['gifts'] as const,
};
