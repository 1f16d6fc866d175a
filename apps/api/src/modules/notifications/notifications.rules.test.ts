import { describe, expect, it } from 'vitest';
import { EMAIL_NOTIFICATION_KINDS, toUnits } from '@qmgt/contracts';
import {
  emailOffAfter,
  noticeWords,
  preferencesFrom,
  priceAlertNotice,
  thresholdRefusal,
  usd,
} from './notifications.rules.js';

const price = (usdPerGram: string) => toUnits(usdPerGram, 'USDT');

describe('notification preferences', () => {
  it('mails every kind until the customer turns it off', () => {
    const all = preferencesFrom([]);
    expect(Object.keys(all.email).sort()).toEqual([...EMAIL_NOTIFICATION_KINDS].sort());
    expect(Object.values(all.email).every(Boolean)).toBe(true);
    expect(preferencesFrom(['support']).email.support).toBe(false);
    expect(preferencesFrom(['support']).email.deposit).toBe(true);
  });

  it('changes only the kinds named', () => {
    expect(emailOffAfter(['support'], { deposit: false })).toEqual(['deposit', 'support']);
    expect(emailOffAfter(['support', 'deposit'], { support: true })).toEqual(['deposit']);
    // A kind no longer known (an older release's) is dropped.
    expect(emailOffAfter(['gone'], {})).toEqual([]);
  });
});

describe('price alert thresholds', () => {
  const spot = price('130.25');
  it('takes a threshold on the far side of the spot', () => {
    expect(thresholdRefusal('above', price('131'), spot)).toBeUndefined();
    expect(thresholdRefusal('below', price('129.99'), spot)).toBeUndefined();
  });
  it('refuses one the price is already past, saying where gold is', () => {
    expect(thresholdRefusal('above', spot, spot)).toEqual({ status: 409, message: expect.stringContaining('130.25') });
    expect(thresholdRefusal('below', price('131'), spot)?.status).toBe(409);
  });
  it('refuses zero, negative and absurd prices', () => {
    expect(thresholdRefusal('below', 0n, spot)?.status).toBe(422);
    expect(thresholdRefusal('below', -1n, spot)?.status).toBe(422);
    expect(thresholdRefusal('above', price('100000.01'), spot)?.status).toBe(422);
    expect(thresholdRefusal('above', price('100000'), spot)).toBeUndefined();
  });
});

describe('price alert notice', () => {
  it('reads in dollars and cents', () => {
    expect(usd(price('130'))).toBe('130.00');
    expect(usd(price('130.5'))).toBe('130.50');
    expect(usd(price('130.005'))).toBe('130.01');
    expect(usd(price('0.004'))).toBe('0.00');
    expect(priceAlertNotice('above', price('131'), price('131.2'))).toEqual({
      title: 'Gold is above $131.00 per gram',
      body: expect.stringContaining('$131.20 per gram'),
      link: '/dashboard',
    });
  });
});

describe('the words of a recorded event', () => {
  it('a deposit and a settlement name the amount in the asset, from smallest units', () => {
    expect(noticeWords({ event: 'deposit', amount: toUnits('12.5', 'USDT').toString() })).toEqual({
      title: 'Deposit credited: 12.5 USDT',
      body: '12.5 USDT arrived at your wallet address and is in your balance.',
      link: '/transactions',
    });
    expect(noticeWords({ event: 'settled', amount: toUnits('0.75', 'QMGT').toString() })).toEqual({
      title: '0.75 QMGT settled on chain',
      body: 'Your 0.75 QMGT is final on chain at your wallet address.',
      link: '/transactions',
    });
  });

  it('a KYC decision says which, and where to go next', () => {
    expect(noticeWords({ event: 'kyc', status: 'Verified' })).toMatchObject({
      title: 'Identity verified',
      link: '/dashboard',
    });
    expect(noticeWords({ event: 'kyc', status: 'Rejected' })).toMatchObject({
      title: 'Identity verification not approved',
      link: '/kyc-verification',
    });
  });

  it('a matured stake names its code, principal and interest', () => {
    const words = noticeWords({
      event: 'staking',
      code: 'STK-ABC',
      amount: toUnits('100', 'QMGT').toString(),
      interest: toUnits('1.25', 'QMGT').toString(),
    });
    expect(words).toEqual({
      title: 'Stake STK-ABC matured',
      body: '100 QMGT and 1.25 QMGT of interest are back in your wallet.',
      link: '/staking',
    });
  });

  it('an event a newer release recorded reads as a plain change, never as an error', () => {
    const fromTheFuture = { event: 'gift', amount: '1' } as unknown as Parameters<typeof noticeWords>[0];
    expect(noticeWords(fromTheFuture)).toEqual({
      title: 'Your account changed',
      body: 'Open your transactions to see what changed.',
      link: '/transactions',
    });
  });
});
