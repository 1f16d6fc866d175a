import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { operatorCredentials, operatorMissing, operatorSession } from './support/kyc.js';
import { balancesOf, bearer, expectBooksSound, fundedWithUsdt, postAs } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * Physical redemption (DESIGN.md section 11, issue 26) in the browser: the operator adds a 1 g
 * coin to the catalogue; customer A, verified and holding grams in the gold savings account,
 * quotes it and confirms with a delivery address (the grams are locked); the operator approves
 * it, ships it with a tracking number and marks it delivered; A follows every step.
 */

const SHOTS = '/tmp/qmgt-e2e-redemptions';

test('Redemption: A redeems a 1 g coin, the operator approves, ships and delivers it, A follows the tracking', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const operator = await operatorSession(request, testInfo);
  expect(operator, operatorMissing(testInfo)).not.toBeNull();
  const coin = `1 g coin ${randomUUID().slice(0, 6)}`;

  // The operator adds the coin in the back office, and a bar to the vault (the metal it comes from).
  const operatorPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const ops = operatorCredentials(testInfo);
  await signInViaUi(operatorPage, ops.email, ops.password);
  await operatorPage.goto('/admin/redemptions');
  await expect(operatorPage.getByRole('heading', { name: 'Redemptions', level: 1 })).toBeVisible();
  await operatorPage.getByRole('tab', { name: 'Catalogue' }).click();
  await operatorPage.getByRole('button', { name: 'Add a coin or bar' }).click();
  const dialog = operatorPage.getByRole('dialog', { name: 'Add a coin or bar' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(coin);
  await dialog.getByRole('textbox', { name: 'Fine grams (per piece)' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Making fee (USDT per piece)' }).fill('5');
  await dialog.getByRole('textbox', { name: 'Delivery fee (USDT per piece)' }).fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(operatorPage.getByRole('table', { name: 'Redemption catalogue' }).getByText(coin)).toBeVisible();
  await operatorPage.screenshot({ path: `${SHOTS}-catalogue-1280.png`, fullPage: true });
  const serial = `E2E${randomUUID().slice(0, 8)}`;
  const bar = await request.post('/api/admin/vault-bars', {
    headers: bearer(operator!),
    data: { serial, refinery: 'PAMP', fineGrams: '50' },
  });
  expect(bar.ok(), await bar.text()).toBe(true);

  // A: verified, with grams in the gold savings account (USDT -> QMGT -> grams through the API).
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'redeem' });
  const session = await signInViaApi(request, me.username, me.password);
  await fundedWithUsdt(request, session, '1000');
  const swap = await postAs(request, session, '/api/swap/quote', { from: 'USDT', to: 'QMGT', amount: '600' });
  await postAs(request, session, '/api/swap', { quoteId: swap.quoteId });
  const convert = await postAs(request, session, '/api/convert/quote', { from: 'QMGT', to: 'GOLD', amount: '3' });
  await postAs(request, session, '/api/convert', { quoteId: convert.quoteId });
  await expect.poll(async () => (await balancesOf(request, session)).GOLD.available, { timeout: 60_000 }).toBe('2.985');

  // A picks the coin, reads the quote (grams and fees), gives the address and confirms.
  await signInViaUi(page, me.username, me.password);
  await page.goto('/redemptions');
  await expect(page.getByRole('heading', { name: 'Physical Redemption', level: 1 })).toBeVisible();
  await expect(page.getByText('No redemptions yet.', { exact: false })).toBeVisible();
  await page.getByRole('radio', { name: coin }).check();
  await page.getByRole('button', { name: 'Get a quote' }).click();
  const figures = page.getByRole('group', { name: 'Redemption quote' });
  await expect(figures.locator('dt:text-is("Making fee") + dd')).toHaveText('5.00 USDT');
  await expect(figures.locator('dt:text-is("Delivery fee") + dd')).toHaveText('10.00 USDT');
  await expect(page.getByRole('timer')).toContainText('Quote expires in');
  // An address missing a line is refused at the field; nothing is locked.
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Confirm redemption' }).click();
  await expect(page.getByText('Address line 1 is required')).toBeVisible();
  expect((await balancesOf(request, session)).GOLD.locked).toBe('0');
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('12 St James Square');
  await page.getByRole('textbox', { name: 'City' }).fill('London');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('SW1Y 4JH');
  await page.getByRole('textbox', { name: 'Country' }).fill('United Kingdom');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0000');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}-quote-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SHOTS}-quote-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'Confirm redemption' }).click();
  const card = page.getByRole('article', { name: /^Redemption RD-/ });
  await expect(card.getByText('Waiting for approval')).toBeVisible();
  const locked = (await balancesOf(request, session)).GOLD.locked;
  expect(Number.parseFloat(locked)).toBeGreaterThan(1);

  // The operator approves it from the queue, then ships it with a tracking number.
  await operatorPage.goto('/admin/redemptions');
  const row = operatorPage.getByRole('row').filter({ hasText: me.username });
  await expect(row).toBeVisible();
  await operatorPage.setViewportSize({ width: 360, height: 800 });
  await operatorPage.screenshot({ path: `${SHOTS}-queue-360.png`, fullPage: true });
  await operatorPage.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('button', { name: /^Approve / }).click();
  await expect(row.getByText('Approved, preparing')).toBeVisible();
  await expect(card.getByText('Approved, preparing')).toBeVisible({ timeout: 15_000 });
  await operatorPage.getByRole('tab', { name: 'Ship and deliver' }).click();
  const toShip = operatorPage.getByRole('row').filter({ hasText: me.username });
  await toShip.getByRole('button', { name: /^Ship / }).click();
  const ship = operatorPage.getByRole('dialog', { name: /^Ship RD-/ });
  await ship.getByRole('textbox', { name: 'Carrier' }).fill('DHL Express');
  await ship.getByRole('textbox', { name: 'Tracking number' }).fill('JD014600003828');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toShip.getByText('DHL Express JD014600003828')).toBeVisible();
  await operatorPage.screenshot({ path: `${SHOTS}-fulfilment-1280.png`, fullPage: true });

  // A follows the tracking.
  await expect(card.getByText('JD014600003828')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('DHL Express', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-tracking-360.png`, fullPage: true });

  // Delivered: the grams leave A's balance (and the vault bar).
  await toShip.getByRole('button', { name: /^Mark .* delivered$/ }).click();
  const deliver = operatorPage.getByRole('dialog', { name: /^Mark RD-.* delivered$/ });
  // Other journeys add bars to the same vault: pick the one this coin's metal came from.
  await deliver.getByLabel('Vault bar the metal came from').click();
  await operatorPage.getByRole('option', { name: new RegExp(`^PAMP ${serial} `) }).click();
  await expect(deliver.getByLabel('Vault bar the metal came from')).toHaveValue(new RegExp(`^PAMP ${serial} `));
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(operatorPage.getByText(/delivered: 1\.0000 g left the vault/)).toBeVisible();
  // "Delivered" is the tracker's last step from the start; once delivered, the status badge says it too.
  await expect(card.getByText('Delivered', { exact: true })).toHaveCount(2, { timeout: 15_000 });
  expect((await balancesOf(request, session)).GOLD.locked).toBe('0');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}-delivered-1280.png`, fullPage: true });
  const mine = await request.get('/api/redemptions', { headers: bearer(session) });
  expect(((await mine.json()) as { data: { status: string }[] }).data[0]?.status).toBe('delivered');
  await expectBooksSound(request, testInfo);
});
