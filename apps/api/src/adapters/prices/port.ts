/** The gold price port: USD per gram as an integer scaled by 1e18. */
export interface PriceFeed {
  readonly kind: 'sandbox' | 'http';
  /** The spot now, given the previous tick (the sandbox walks from it; a real feed ignores it). */
  spot(previous: { usdPerGram: bigint; step: number } | undefined): Promise<bigint>;
}

export class PriceFeedError extends Error {}
