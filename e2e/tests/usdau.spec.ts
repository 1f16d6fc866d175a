import { expect, test } from './support/test.js';
import { operatorCredentials } from './support/kyc.js';
import { balancesOf, fundedWithUsdt, postAs, units18 } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * USDAU Request External (DESIGN.md section 8) in the browser: a verified customer converts
 * QMGT into grams of the gold savings account, requests them as USDAU to an external address
 * (a mistyped checksum refused at the field, the estimate shown first); an operator approves
 * it in the back office; the payout is sent on the local chain and followed to the explorer.
 */

test('USDAU: convert to grams on the Convert screen, request USDAU, operator approval, paid on chain', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'usdau' });
  const session = await signInViaApi(request, me.username, me.password);
  await fundedWithUsdt(request, session, '1000');
  // QMGT through the API (buying it is the swap journey's), then grams in the GSA through the
  // Convert screen: the quote with its fee first, then the transaction modal until the burn settles.
  const swap = await postAs(request, session, '/api/swap/quote', { from: 'USDT', to: 'QMGT', amount: '600' });
  await postAs(request, session, '/api/swap', { quoteId: swap.quoteId });
  const qmgtBefore = (await balancesOf(request, session)).QMGT.available;

  await signInViaUi(page, me.username, me.password);
  await page.goto('/transactions-convert');
  await expect(page.getByRole('heading', { name: 'Convert Transactions', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Available: \d+\.\d{4} QMGT$/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount (QMGT)' }).fill('3');
  await page.getByRole('button', { name: 'Get a quote' }).click();
  const convertQuote = page.getByRole('group', { name: 'Convert quote' });
  await expect(convertQuote.locator('dt:text-is("You convert") + dd')).toHaveText('3.0000 QMGT');
  await expect(convertQuote.locator('dt:text-is("Fee (0.5%)") + dd')).toHaveText('0.0150 g');
  await expect(convertQuote.locator('dt:text-is("You receive") + dd')).toHaveText('2.9850 g');
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const convertModal = page.getByRole('dialog', { name: 'Transaction status' });
  await expect(convertModal.getByText('Transaction Successful')).toBeVisible({ timeout: 60_000 });
  await expect(convertModal.getByText('You received 2.9850 g for 3.0000 QMGT.')).toBeVisible();
  await page.keyboard.press('Escape');
  const converted = await balancesOf(request, session);
  expect(converted.GOLD.available).toBe('2.985');
  expect(units18(qmgtBefore) - units18(converted.QMGT.available)).toBe(3n * 10n ** 18n);

  await page.goto('/request-external-usdau');
  await expect(page.getByRole('heading', { name: 'USDAU Request External', level: 1 })).toBeVisible();
  await expect(page.getByText('No USDAU requests yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Grams' }).fill('2');
  // A mistyped character fails the checksum: refused by the server at the field, nothing locked.
  const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  await page.getByRole('textbox', { name: /External address/ }).fill(address.replace('5aA', '5aa'));
  await page.getByRole('button', { name: 'Review request' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(/fails its checksum: a character is mistyped/)).toBeVisible();
  await page.getByRole('textbox', { name: /External address/ }).fill(address);
  await page.getByRole('button', { name: 'Review request' }).click();
  const figures = page.getByRole('group', { name: 'USDAU request' });
  const usdau = (await figures.locator('dt:text-is("You receive (about)") + dd').textContent())?.trim() ?? '';
  expect(usdau).toMatch(/^[\d,]+\.\d{2} USDAU$/);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Waiting for approval')).toBeVisible();
  expect((await balancesOf(request, session)).GOLD.locked).toBe('2');

  // The operator approves; the sender pays it on chain; the customer follows it to the explorer.
  const operatorPage = await (await browser.newContext()).newPage();
  const operator = operatorCredentials(testInfo);
  await signInViaUi(operatorPage, operator.email, operator.password);
  await operatorPage.goto('/admin/usdau-requests');
  const row = operatorPage.getByRole('row').filter({ hasText: me.username });
  await expect(row).toContainText(address);
  await row.getByRole('button', { name: /^Approve / }).click();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible({ timeout: 60_000 });
  await operatorPage.reload();
  // The queue opens on what waits for a decision; the paid request is among the decided ones.
  await operatorPage.locator('label', { hasText: /^Decided$/ }).click();
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await operatorPage.screenshot({ path: '/tmp/qmgt-e2e-usdau-queue.png', fullPage: true });
  await page.getByRole('link', { name: /View on block explorer/ }).click();
  await expect(page.getByText('USDAU').first()).toBeVisible();
  expect((await balancesOf(request, session)).GOLD.locked).toBe('0');
});
