import { describe, expect, it } from 'vitest';
import { explorerTxUrl } from './explorer.js';

const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

describe('explorerTxUrl', () => {
  it('links BSC mainnet and testnet transactions to bscscan', () => {
    expect(explorerTxUrl(hash, { chainId: 56 })).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl(hash, { chainId: 97 })).toBe(`https://testnet.bscscan.com/tx/${hash}`);
  });

  it('links the local chain to the built-in explorer page', () => {
    expect(explorerTxUrl(hash, { chainId: 31337 })).toBe(`/explorer/tx/${hash}`);
  });

  it('prefers a configured EXPLORER_TX_BASE on any chain', () => {
    expect(explorerTxUrl(hash, { chainId: 56, explorerTxBase: 'https://explorer.example/tx/' })).toBe(
      `https://explorer.example/tx/${hash}`,
    );
    expect(explorerTxUrl(hash, { chainId: 31337, explorerTxBase: 'https://explorer.example/tx/' })).toBe(
      `https://explorer.example/tx/${hash}`,
    );
    expect(explorerTxUrl(hash, { chainId: 56, explorerTxBase: '' })).toBe(`https://bscscan.com/tx/${hash}`);
  });

  it('gives no link for an unknown chain without a base, and lower-cases the hash', () => {
    expect(explorerTxUrl(hash, { chainId: 1 })).toBeNull();
    expect(explorerTxUrl(hash.toUpperCase().replace('0X', '0x') as `0x${string}`, { chainId: 97 })).toBe(
      `https://testnet.bscscan.com/tx/${hash}`,
    );
  });

  it('refuses something that is not a transaction hash', () => {
    expect(() => explorerTxUrl('0x1234', { chainId: 56 })).toThrow(TypeError);
    expect(() => explorerTxUrl(`${hash}/../../admin` as `0x${string}`, { chainId: 56 })).toThrow(TypeError);
  });
});
