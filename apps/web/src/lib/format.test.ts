import { describe, expect, it } from 'vitest';
import { referralLink, shortenAddress } from './format';

describe('formatting', () => {
  const address = '0x1234567890abcdef1234567890abcdef12345678';

  it('shortens a wallet address 6+4 and 3+4', () => {
    expect(shortenAddress(address, 6, 4)).toBe('0x1234...5678');
    expect(shortenAddress(address, 3, 4)).toBe('0x1...5678');
    expect(shortenAddress('0xabc', 6, 4)).toBe('0xabc');
  });

  it('builds the referral link from the origin and the code', () => {
    expect(referralLink('https://qmgt.example', 'GOLD7')).toBe('https://qmgt.example/register?ref=GOLD7');
  });
});
