/** The market module's public surface: what other modules, the platform and app.ts may use. */
export { BPS, QuoteError, nextSandboxPrice, quoteSwap, type PricingPolicy, type SwapQuote } from './market.rules.js';
export { type MarketService } from './market.service.js';
