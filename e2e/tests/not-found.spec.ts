import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { createVerifiedUser, seedSession, signInViaApi } from './support/users.js';

/**
 * Journey 4: an unknown path shows the 'Waiting..' spinner for 1.5 s (SPEC.md section 9), then
 * 'Page Not Found' with 'Back to Homepage'. The browser's clock is paused before the page
 * loads, so the 1.5 s are stepped through exactly instead of raced against.
 */
async function openWithPausedClock(page: Page, path: string) {
  await page.clock.install({ time: new Date('2031-03-01T09:00:00Z') });
  await page.clock.pauseAt(new Date('2031-03-01T09:01:00Z'));
  await page.goto(path);
}

async function expectNotFoundAfterSpinner(page: Page) {
  const spinner = page.getByRole('status').filter({ hasText: 'Waiting..' });
  const heading = page.getByRole('heading', { name: 'Page Not Found', level: 1 });
  await expect(spinner).toBeVisible();

  await page.clock.runFor(1_499);
  await expect(spinner).toBeVisible();
  await expect(heading).toHaveCount(0);

  await page.clock.runFor(1);
  await expect(heading).toBeVisible();
  await expect(spinner).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Homepage' })).toBeVisible();

  // Let time flow again for the rest of the journey.
  await page.clock.resume();
}

test('a guest on an unknown path waits 1.5 s, sees Page Not Found, and goes home', async ({ page }) => {
  await openWithPausedClock(page, '/no-such-page/at-all');
  await expectNotFoundAfterSpinner(page);

  await page.getByRole('link', { name: 'Back to Homepage' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Save in gold with QMGT', level: 1 })).toBeVisible();
});

test('a signed-in customer on an unknown path goes back to the swap screen', async ({ page, request }) => {
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'lost' });
  await seedSession(page, await signInViaApi(request, me.username, me.password));
  await openWithPausedClock(page, '/Definitely-Not-A-Route');
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await expectNotFoundAfterSpinner(page);

  await page.getByRole('link', { name: 'Back to Homepage' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
});

test('the 404 screen takes about 1.5 s on a real clock too', async ({ page }) => {
  await page.goto('/nothing-here');
  const spinner = page.getByRole('status').filter({ hasText: 'Waiting..' });
  await expect(spinner).toBeVisible();
  const seenAt = Date.now();
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible({ timeout: 5_000 });
  // Bounded above only: how late the spinner was first noticed is not known exactly.
  expect(Date.now() - seenAt).toBeLessThan(3_000);
});
