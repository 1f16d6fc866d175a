import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toHex, type Address, type HDAccount } from 'viem';
import { createLru } from '../../lib/lru.js';
import { english, generateMnemonic, mnemonicToAccount, privateKeyToAddress, type HDKey } from 'viem/accounts';

/** BIP-44 non-hardened indexes stop below 2^31; index 0 is the treasury. */
export const MAX_USER_INDEX = 2 ** 31 - 2;

/**
 * The platform's HD wallet (BIP-44, m/44'/60'/0'/0/i, the path MetaMask and anvil use):
 * index 0 is the treasury, index userIndex + 1 the custodial address of a user.
 */
export interface PlatformWallet {
  readonly treasury: HDAccount;
  /**
   * The sandbox faucet's own account (m/44'/60'/1'/0/0, outside the custodial tree): it owns
   * the test USDT, so faucet sends never take a treasury nonce that the one settlement sender
   * (possibly in another process) counts on.
   */
  readonly faucet: HDAccount;
  depositAddress(userIndex: number): Address;
}

/** Derived custodial addresses kept in memory at most (least recently used go first). */
export const ADDRESS_CACHE_SIZE = 10_000;

export function createPlatformWallet(mnemonic: string, options: { cacheSize?: number } = {}): PlatformWallet {
  const normalized = normalizeMnemonic(mnemonic);
  assertValidMnemonic(normalized);
  const treasury = mnemonicToAccount(normalized, { addressIndex: 0 });
  // The seed costs 2048 PBKDF2 rounds: derive the parent of all address keys once, then only
  // one child step per user (settlement asks for the addresses of each batch's customers).
  const addressParent: HDKey = mnemonicToAccount(normalized, { path: "m/44'/60'/0'/0" }).getHdKey();
  // Bounded: one derivation is cheap (~0.5 ms), but a cache of every customer ever asked for
  // (100k customers) would only grow. The recent ones are what settlement and the deposit
  // watcher ask for again.
  const cache = createLru<number, Address>(options.cacheSize ?? ADDRESS_CACHE_SIZE);
  const faucet = mnemonicToAccount(normalized, { path: "m/44'/60'/1'/0/0" });
  return {
    treasury,
    faucet,
    depositAddress(userIndex: number): Address {
      if (!Number.isSafeInteger(userIndex) || userIndex < 0 || userIndex > MAX_USER_INDEX) {
        throw new RangeError(`userIndex must be an integer from 0 to ${MAX_USER_INDEX}, got ${userIndex}`);
      }
      let address = cache.get(userIndex);
      if (!address) {
        const key = addressParent.deriveChild(userIndex + 1).privateKey;
        if (!key) throw new Error('HD derivation produced no private key');
        address = privateKeyToAddress(toHex(key));
        cache.set(userIndex, address);
      }
      return address;
    },
  };
}

const normalizeMnemonic = (mnemonic: string) => mnemonic.normalize('NFKD').trim().toLowerCase().split(/\s+/).join(' ');

/**
 * BIP-39 check of an English mnemonic, checksum included: a mistyped WALLET_MNEMONIC would
 * otherwise derive a different, empty wallet and show customers addresses nobody controls.
 */
export function assertValidMnemonic(mnemonic: string): void {
  const words = normalizeMnemonic(mnemonic).split(' ');
  if (![12, 15, 18, 21, 24].includes(words.length)) {
    throw new Error(`the wallet mnemonic must have 12, 15, 18, 21 or 24 words, not ${words.length}`);
  }
  const wordIndex = new Map(english.map((word, i) => [word, i]));
  let bits = '';
  for (const [position, word] of words.entries()) {
    const index = wordIndex.get(word);
    if (index === undefined)
      throw new Error(`the wallet mnemonic's word ${position + 1} is not in the BIP-39 English list`);
    bits += index.toString(2).padStart(11, '0');
  }
  const checksumBits = words.length / 3;
  const entropyBits = bits.slice(0, bits.length - checksumBits);
  const entropy = Buffer.from(entropyBits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
  const expected = createHash('sha256')
    .update(entropy)
    .digest()[0]!
    .toString(2)
    .padStart(8, '0')
    .slice(0, checksumBits);
  if (bits.slice(-checksumBits) !== expected)
    throw new Error('the wallet mnemonic has a wrong checksum (a mistyped word?)');
}

/**
 * The sandbox's mnemonic when WALLET_MNEMONIC is not configured: generated once and kept in
 * DATA_DIR/chain/wallet.json (mode 0600) so that addresses and balances survive restarts.
 * A configured mnemonic is returned as is and never written to disk.
 */
export function resolveSandboxMnemonic(options: { dataDir: string; mnemonic?: string | undefined }): string {
  if (options.mnemonic) return normalizeMnemonic(options.mnemonic);
  const dir = path.join(options.dataDir, 'chain');
  const file = path.join(dir, 'wallet.json');
  const readStored = () => {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { mnemonic?: unknown };
    if (typeof stored.mnemonic !== 'string') throw new Error(`${file} has no mnemonic`);
    return normalizeMnemonic(stored.mnemonic);
  };
  if (existsSync(file)) return readStored();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mnemonic = generateMnemonic(english);
  try {
    writeFileSync(file, `${JSON.stringify({ mnemonic, createdAt: new Date().toISOString() }, null, 2)}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    // Another process created it first: theirs is the wallet.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readStored();
    throw error;
  }
  return mnemonic;
}
