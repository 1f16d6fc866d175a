import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { assertValidMnemonic, createPlatformWallet, MAX_USER_INDEX, resolveSandboxMnemonic } from './hd-wallet.js';

/** The well-known development mnemonic: its addresses are published (Hardhat, anvil). */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

describe('platform HD wallet', () => {
  const wallet = createPlatformWallet(DEV_MNEMONIC);

  it('uses index 0 as the treasury and index userIndex + 1 for users (the published dev addresses)', () => {
    expect(wallet.treasury.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(wallet.depositAddress(0)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(wallet.depositAddress(1)).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
  });

  it('derives the same addresses as viem mnemonicToAccount, distinct per user and stable', () => {
    const addresses = Array.from({ length: 40 }, (_, i) => wallet.depositAddress(i));
    expect(new Set(addresses).size).toBe(40);
    expect(addresses).not.toContain(wallet.treasury.address);
    for (const i of [0, 7, 39])
      expect(addresses[i]).toBe(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i + 1 }).address);
    expect(createPlatformWallet(DEV_MNEMONIC).depositAddress(7)).toBe(addresses[7]);
    expect(wallet.depositAddress(MAX_USER_INDEX)).toBe(
      mnemonicToAccount(DEV_MNEMONIC, { addressIndex: MAX_USER_INDEX + 1 }).address,
    );
  });

  it('derives again what its bounded cache dropped, the same address', () => {
    const small = createPlatformWallet(DEV_MNEMONIC, { cacheSize: 2 });
    const first = Array.from({ length: 6 }, (_, i) => small.depositAddress(i));
    expect(Array.from({ length: 6 }, (_, i) => small.depositAddress(i))).toEqual(first);
    expect(first[5]).toBe(wallet.depositAddress(5));
  });

  it('gives another wallet for another mnemonic, and the same one whatever the spacing or case', () => {
    const other = createPlatformWallet('legal winner thank year wave sausage worth useful legal winner thank yellow');
    expect(other.depositAddress(0)).not.toBe(wallet.depositAddress(0));
    expect(createPlatformWallet(`  ${DEV_MNEMONIC.toUpperCase().replaceAll(' ', '   ')} `).depositAddress(3)).toBe(
      wallet.depositAddress(3),
    );
  });

  it('refuses user indexes outside the non-hardened BIP-44 range', () => {
    for (const bad of [-1, 1.5, MAX_USER_INDEX + 1, Number.NaN])
      expect(() => wallet.depositAddress(bad)).toThrow(RangeError);
  });

  it('refuses a mistyped mnemonic instead of deriving a wallet nobody holds', () => {
    expect(() => assertValidMnemonic('test test test test test test test test test test test test')).toThrow(
      /checksum/,
    );
    expect(() => assertValidMnemonic('test test test test test test test test test test test jnuk')).toThrow(/word 12/);
    expect(() => assertValidMnemonic('test test junk')).toThrow(/12, 15, 18, 21 or 24 words/);
    expect(() =>
      createPlatformWallet(
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon',
      ),
    ).toThrow(/checksum/);
    expect(() =>
      assertValidMnemonic(
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      ),
    ).not.toThrow();
  });
});

describe('sandbox mnemonic', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-wallet-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is generated once into DATA_DIR/chain/wallet.json (mode 0600) and reused', () => {
    const dataDir = tempDir();
    const first = resolveSandboxMnemonic({ dataDir });
    const file = path.join(dataDir, 'chain', 'wallet.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).mnemonic).toBe(first);
    expect(() => assertValidMnemonic(first)).not.toThrow();
    expect(resolveSandboxMnemonic({ dataDir })).toBe(first);
    expect(resolveSandboxMnemonic({ dataDir: tempDir() })).not.toBe(first);
  });

  it('takes a configured WALLET_MNEMONIC as is and never writes it to disk', () => {
    const dataDir = tempDir();
    expect(resolveSandboxMnemonic({ dataDir, mnemonic: DEV_MNEMONIC })).toBe(DEV_MNEMONIC);
    expect(existsSync(path.join(dataDir, 'chain', 'wallet.json'))).toBe(false);
  });
});
