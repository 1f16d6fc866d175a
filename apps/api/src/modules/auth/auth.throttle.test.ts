import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { linkToken, mailCount, post, signedInUser, waitForMail } from '../../test/factories.js';

/**
 * Another client address for every attempt (from a random start, since a Redis store outlives
 * a run): the per-address limit never sees one twice, so only the per-account throttle can act.
 */
let address = randomInt(0, 2 ** 23);
const nextAddress = () => {
  const n = address++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function signIn(t: TestApp, identifier: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier, password },
    remoteAddress: nextAddress(),
  });
}

const LOCK_MESSAGE =
  'Too many failed sign-ins: this account is locked for 15 minutes. Try again later, or reset your password to unlock it now.';

/** The throttle's behaviour, the same on the in-process store and on Redis (shared by processes). */
function throttleSuite(name: string, redisUrl: string | undefined) {
  describe(name, () => {
    let t: TestApp;
    let second: TestApp | undefined;
    beforeAll(async () => {
      t = await build({ redisUrl });
      // With Redis and PostgreSQL, a second API process on the same database shares the count.
      if (redisUrl && process.env.DATABASE_URL) second = await build({ redisUrl }, { sameDatabaseAs: t });
    });
    afterAll(async () => {
      await second?.close();
      await t.close();
    });

    it('100 wrong passwords from 100 addresses lock the account; the right one is then refused, and the owner is mailed once', async () => {
      const { input } = await signedInUser(t.app);
      const mailsBefore = await mailCount(t.app, input.email);
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) {
        const app = second && i % 2 ? second : t;
        statuses.push((await signIn(app, i % 3 ? input.email : input.username, `wrong-guess-${i}`)).statusCode);
      }
      // Three free mistakes, then waits (refused unchecked) and the lock: never more guesses checked than the lock allows.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.slice(-50).every((s) => s === 429)).toBe(true);

      const right = await signIn(t, input.email, input.password);
      expect(right.statusCode).toBe(429);
      expect(right.json().error).toMatchObject({ status: 429, name: 'AccountLockedError', message: LOCK_MESSAGE });
      expect(right.json().jwt).toBeUndefined();
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);

      const mail = await waitForMail(t.app, input.email, mailsBefore);
      expect(mail.subject).toBe('Your account was locked after failed sign-ins');
      expect(mail.text).toContain('http://qmgt.test/forgot-password');
      await new Promise((r) => setTimeout(r, 1200));
      expect(await mailCount(t.app, input.email)).toBe(mailsBefore + 1);
    });

    it('concurrent guesses cannot outrun the count', async () => {
      const { input } = await signedInUser(t.app);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(second && i % 2 ? second : t, input.email, `parallel-${i}`)),
      );
      const checked = results.filter((r) => r.statusCode === 401).length;
      expect(checked).toBeLessThanOrEqual(10);
      expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    });

    it('a few mistakes cost nothing, a success forgives them, then a wait grows', async () => {
      const { input } = await signedInUser(t.app);
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 3; i++) expect((await signIn(t, input.email, 'wrong-password')).statusCode).toBe(401);
        // Without the reset the fourth round's mistakes would already be waiting.
        expect((await signIn(t, input.email, input.password)).statusCode).toBe(200);
      }
      for (let i = 0; i < 4; i++) await signIn(t, input.email, 'wrong-password');
      const waiting = await signIn(t, input.email, input.password);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().error).toMatchObject({ name: 'RateLimitError' });
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(waiting.json().error.message).toMatch(
        /^Too many failed sign-ins for this account\. Please wait \d+ seconds? and try again\.$/,
      );
      await new Promise((r) => setTimeout(r, 1100));
      expect((await signIn(t, input.email, input.password)).statusCode).toBe(200);
    });

    it('an unknown account is throttled exactly like a real one: the answers tell nothing', async () => {
      const { input } = await signedInUser(t.app);
      const real: string[] = [];
      const unknown: string[] = [];
      for (let i = 0; i < 12; i++) {
        const a = await signIn(t, input.username, 'wrong-password');
        const b = await signIn(t, `nobody_${input.username}`, 'wrong-password');
        // Wait times may differ by the milliseconds between the two calls; the words may not.
        real.push(`${a.statusCode} ${a.json().error.name} ${a.json().error.message.replace(/\d+/g, 'N')}`);
        unknown.push(`${b.statusCode} ${b.json().error.name} ${b.json().error.message.replace(/\d+/g, 'N')}`);
      }
      expect(unknown).toEqual(real);
    });

    it('a password reset lifts the lock', async () => {
      const { input } = await signedInUser(t.app);
      const before = await mailCount(t.app, input.email);
      for (let i = 0; i < 12; i++) await signIn(t, input.email, 'wrong-password');
      expect((await signIn(t, input.email, input.password)).json().error.name).toBe('AccountLockedError');
      expect((await waitForMail(t.app, input.email, before)).subject).toMatch(/locked/);
      await post(t.app, '/link-verification/forgot-password', { email: input.email });
      const resetMail = await waitForMail(t.app, input.email, before + 1);
      expect(resetMail.subject).toBe('Reset your password');
      const reset = await post(t.app, '/reset-verification/reset-password', {
        token: linkToken(resetMail, 'Change-Password'),
        password: 'a-new-password-2',
        passwordConfirmation: 'a-new-password-2',
      });
      expect(reset.statusCode).toBe(200);
      expect((await signIn(t, input.email, 'a-new-password-2')).statusCode).toBe(200);
    });
  });
}

throttleSuite('per-account sign-in throttle (in-process store)', undefined);

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the sign-in throttle on Redis is not tested here.');
describe.skipIf(!redisUrl)('on Redis', () => {
  throttleSuite('per-account sign-in throttle (Redis, two API processes)', redisUrl);
});
