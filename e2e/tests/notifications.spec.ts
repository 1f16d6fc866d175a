import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { verifyKycViaApi } from './support/kyc.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * The notifications centre and price alerts (DESIGN.md section 11) on a 360 px phone: the
 * customer sets an alert beside the gold price, the sandbox price moves across it, and the bell
 * counts it without a reload (the live stream); the list page reads it, and "Mark all as read"
 * clears the count.
 */
test.use({ viewport: { width: 360, height: 780 } });

const spotOf = async (request: APIRequestContext) => {
  const answer = await request.get('/api/market/gold-price?days=1');
  expect(answer.ok()).toBe(true);
  return Number(((await answer.json()) as { spot: string }).spot);
};

test('notifications: a price alert fires into the bell without a reload, then the list reads it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await createVerifiedUser(request, { prefix: 'alerts' });
  const session = await signInViaApi(request, customer.credentials.username, customer.credentials.password);
  // The KYC decision is itself the customer's first notification.
  await verifyKycViaApi(request, session);
  await signInViaUi(page, customer.credentials.username, customer.credentials.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  // An alert a dollar above the spot, set beside the gold price.
  const spot = await spotOf(request);
  const threshold = (Math.ceil(spot) + 1).toFixed(2);
  const alerts = page.getByRole('region', { name: 'Price alerts' });
  await alerts.getByRole('radio', { name: 'Goes above' }).check({ force: true });
  await alerts.getByRole('textbox', { name: 'Price (USD per gram)' }).fill(threshold);
  await alerts.getByRole('button', { name: 'Add alert' }).click();
  const row = alerts.getByRole('listitem').filter({ hasText: `Gold above $${threshold} per gram` });
  await expect(row.getByText('Waiting')).toBeVisible();

  // The sandbox price crosses it, hovers back under and over again: one notification, live.
  for (const price of [Number(threshold) + 0.5, Number(threshold) - 0.25, Number(threshold) + 0.75]) {
    const moved = await request.post('/api/dev/price', { data: { usdPerGram: price.toFixed(2) } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = page.getByRole('dialog');
  await expect(popover.getByRole('link', { name: `Gold is above $${threshold} per gram` })).toBeVisible();
  await expect(popover.getByRole('link', { name: 'Identity verified' })).toBeVisible();

  // The page lists them all; "Mark all as read" clears the count.
  await popover.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  // The popover closes as the page opens (its fade-out may overlap the list's first render).
  await expect(popover).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText('2 unread')).toBeVisible();
  await expect(
    page.getByText(`Your price alert fired: gold reached $${(Number(threshold) + 0.5).toFixed(2)} per gram.`, {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All read')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Fired once: still one price notification after the hovering, and the alert says so.
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'Price alerts' }).getByRole('listitem').filter({ hasText: 'Fired' }),
  ).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});
