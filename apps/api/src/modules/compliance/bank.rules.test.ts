import { describe, expect, it } from 'vitest';
import { holderMatches, lastFour, maskAccount, normalizedName, toCents } from './bank.rules.js';

describe('bank rules', () => {
  it('matches the holder to the KYC name whatever the case, accents, order or a middle name', () => {
    const kyc = { firstName: 'Siti', middleName: 'Nur', lastName: 'Abdullah' };
    expect(holderMatches('SITI ABDULLAH', kyc)).toBe(true);
    expect(holderMatches('Abdullah, Siti Nur', kyc)).toBe(true);
    expect(holderMatches('Síti Abdullah', kyc)).toBe(true);
    expect(holderMatches('Siti Rahman', kyc)).toBe(false);
    expect(holderMatches('Abdullah Trading Sdn Bhd', kyc)).toBe(false);
    expect(holderMatches('Anyone', { firstName: '', middleName: '', lastName: '' })).toBe(false);
    expect(normalizedName('  Élodie  DUPONT-Marchand ')).toBe('dupont elodie marchand');
  });
  it('shows the last four characters only and reads cents', () => {
    expect(maskAccount(lastFour('DE89 3704 0044 0532 0130 00'))).toBe('•••• 3000');
    expect(lastFour('110000000/000123456789')).toBe('6789');
    expect([toCents('0.32'), toCents('.07')]).toEqual([32, 7]);
  });
});
