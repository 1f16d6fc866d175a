import type { Hex } from 'viem';

/** Chain id of the local anvil node. */
export const LOCAL_CHAIN_ID = 31337;

const KNOWN_EXPLORERS: Record<number, string> = {
  56: 'https://bscscan.com/tx/',
  97: 'https://testnet.bscscan.com/tx/',
  [LOCAL_CHAIN_ID]: '/explorer/tx/',
};

/**
 * Where a person can look a transaction up: EXPLORER_TX_BASE + hash when configured, bscscan
 * for BSC mainnet and testnet, the built-in `/explorer/tx/{hash}` page for the local chain.
 * null for another chain without a configured base (no link rather than a wrong one).
 */
export function explorerTxUrl(
  hash: Hex,
  options: { explorerTxBase?: string | undefined; chainId: number },
): string | null {
  if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new TypeError(`not a transaction hash: ${hash}`);
  const base = options.explorerTxBase || KNOWN_EXPLORERS[options.chainId];
  return base === undefined ? null : `${base}${hash.toLowerCase()}`;
}
