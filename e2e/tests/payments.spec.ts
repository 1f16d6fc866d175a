import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { verifyKycViaApi } from './support/kyc.js';
import { expectBooksSound } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi, type Session } from './support/users.js';

/*
 * Issue 12's journeys: a verified customer pays 50 USD through the sandbox checkout and sees
 * the quoted grams in the GSA on the dashboard and in the history; cancels another checkout
 * and nothing is credited; remits 23 USDT to a friend by referral code rounded up to 25, sees
 * the round-up's quoted gold on the dashboard and the remittance in /transactions, and both
 * balances and histories agree with the ledger, whose operator check balances.
 */

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.jwt}` });
const balances = async (request: APIRequestContext, session: Session) =>
  (await request.get('/api/balances', { headers: bearer(session) })).json();

/** The GSA as the dashboard's gold holdings show it: the rounded figure, the exact grams in its title. */
async function dashboardGsa(page: Page) {
  await page.goto('/dashboard');
  const holdings = page.getByRole('region', { name: 'Gold holdings' });
  await expect(holdings).toBeVisible();
  return holdings.getByText('Gold savings (GSA)', { exact: true }).locator('xpath=following-sibling::*[1]');
}

async function verifiedCustomer(request: APIRequestContext, prefix: string, usdt?: string) {
  const { credentials } = await createVerifiedUser(request, { prefix });
  const session = await signInViaApi(request, credentials.username, credentials.password);
  await verifyKycViaApi(request, session);
  if (usdt) {
    const faucet = await request.post('/api/dev/faucet', {
      headers: { ...bearer(session), 'Idempotency-Key': randomUUID() },
      data: { asset: 'USDT', amount: usdt },
    });
    expect(faucet.ok(), await faucet.text()).toBe(true);
    await expect.poll(async () => (await balances(request, session)).USDT.available, { timeout: 60_000 }).toBe(usdt);
  }
  return { credentials, session };
}

test('Spend To Save: 50 USD paid through the sandbox checkout lands as grams in the GSA; a cancelled checkout credits nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const jane = await verifiedCustomer(request, 'spend');
  await signInViaUi(page, jane.credentials.username, jane.credentials.password);

  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Spend To Save', level: 1 })).toBeVisible();
  await expect(page.getByText('No payments yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('50');
  await page.getByRole('button', { name: 'See what it buys' }).click();
  const figures = page.getByRole('group', { name: 'Spend To Save quote' });
  await expect(figures.locator('dt:text-is("You pay") + dd')).toHaveText('50.00 USD');
  await expect(figures.locator('dt:text-is("Fee (1.5%)") + dd')).toHaveText('0.75 USD');
  const saved = figures.locator('dt:text-is("You save") + dd');
  const grams = (await saved.textContent())?.trim() ?? '';
  expect(grams).toMatch(/^0\.\d{4} g$/);
  // The exact grams quoted (6 decimals), as "0.378846 g".
  const quotedGrams = (await saved.getAttribute('title')) ?? '';
  expect(quotedGrams).toMatch(/^0\.\d{1,6} g$/);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  // The gateway's page: pay.
  await expect(page).toHaveURL(/\/sandbox-checkout\/cs_test_[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: '50.00 USD' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay 50.00 USD' }).click();

  // Back on /payment-success: followed to credited.
  await expect(page).toHaveURL(/\/payment-success\?paymentId=/);
  await expect(page.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`${grams} of gold are in your gold savings account.`)).toBeVisible();
  const gsa = (await balances(request, jane.session)).GOLD.available as string;
  expect(`${gsa.replace(/^(\d+)\.?(\d{0,4}).*$/, (_m, w: string, f: string) => `${w}.${f.padEnd(4, '0')}`)} g`).toBe(
    grams,
  );
  await page.getByRole('link', { name: 'View transaction' }).click();
  await expect(page.getByText('Spend To Save').first()).toBeVisible();

  // The dashboard's gold holdings: the GSA holds exactly the grams quoted before paying.
  const gsaOnScreen = await dashboardGsa(page);
  await expect(gsaOnScreen).toHaveText(grams);
  await expect(gsaOnScreen).toHaveAttribute('title', quotedGrams);

  // Another checkout, cancelled on the gateway's page: nothing is credited.
  await page.goto('/payment');
  await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('20');
  await page.getByRole('button', { name: 'See what it buys' }).click();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Payment cancelled')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  expect((await balances(request, jane.session)).GOLD.available).toBe(gsa);

  await page.goto('/payment');
  const list = page.getByRole('table', { name: 'Your Spend To Save payments' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list.getByText('Credited')).toBeVisible();
  await expect(list.getByText('Cancelled')).toBeVisible();
  await expectBooksSound(request, test.info());
});

test('Remit to save: 23 USDT to a friend by referral code, rounded up to 25; both sides agree with the ledger', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ada = await verifiedCustomer(request, 'remita', '100');
  const ben = await verifiedCustomer(request, 'remitb');
  await signInViaUi(page, ada.credentials.username, ada.credentials.password);

  await page.goto('/remit-to-save');
  await expect(page.getByRole('heading', { name: 'Remit to Save', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Recipient' }).fill(ben.session.user.refCode);
  await page.getByRole('textbox', { name: 'Amount (USDT)' }).fill('23');
  await page.getByText('5 USDT', { exact: true }).click();
  await page.getByRole('button', { name: 'Review' }).click();
  const figures = page.getByRole('group', { name: 'Remittance' });
  await expect(figures.locator('dt:text-is("They receive") + dd')).toHaveText('23.00 USDT');
  await expect(figures.locator('dt:text-is("Round-up saved") + dd')).toHaveText('2.00 USDT');
  await expect(figures.locator('dt:text-is("To") + dd')).toHaveText(/^[A-Z]\*\*\*( [A-Z]\*\*\*)*$/);
  const saved = figures.locator('dt:text-is("Gold saved") + dd');
  const grams = (await saved.textContent())?.trim() ?? '';
  expect(grams).toMatch(/^0\.\d{4} g$/);
  const quotedGrams = (await saved.getAttribute('title')) ?? '';
  expect(quotedGrams).toMatch(/^0\.\d{1,6} g$/);
  await page.getByRole('button', { name: 'Send 25.00 USDT' }).click();
  const modal = page.getByRole('dialog', { name: 'Transaction status' });
  await expect(modal.getByText('Transaction Successful')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');

  const a = await balances(request, ada.session);
  const b = await balances(request, ben.session);
  expect(a.USDT.available).toBe('75');
  expect(b.USDT.available).toBe('23');
  await expect(page.getByRole('table', { name: 'Your remittances' }).getByText('Sent')).toBeVisible();

  // The round-up's gold: on the dashboard exactly the grams quoted (Ada held none before).
  const gsaOnScreen = await dashboardGsa(page);
  await expect(gsaOnScreen).toHaveText(grams);
  await expect(gsaOnScreen).toHaveAttribute('title', quotedGrams);
  expect(`${a.GOLD.available} g`).toBe(quotedGrams);
  // Ada's history: one REMIT row, 25 USDT out and the quoted gold in, completed.
  await page.goto('/transactions');
  const sent = page
    .getByRole('table', { name: 'All transactions' })
    .getByRole('row')
    .filter({ hasText: 'Remittance sent' });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('25.00 USDT');
  // Grams read as grams everywhere, the history included (one formatter in contracts).
  await expect(sent).toContainText(grams);
  await expect(sent.locator(`[title="${quotedGrams}"]`)).toBeVisible();
  await expect(sent).toContainText('Completed');

  // The friend's side: the remittance and the history.
  const friend = await page.context().browser()!.newContext();
  const friendPage = await friend.newPage();
  await signInViaUi(friendPage, ben.credentials.username, ben.credentials.password);
  await friendPage.goto('/remit-to-save');
  const theirs = friendPage.getByRole('table', { name: 'Your remittances' });
  await expect(theirs.getByText('Received')).toBeVisible();
  await expect(theirs.getByText('+23.00')).toBeVisible();
  const history = await (await request.get('/api/transactions?type=REMIT', { headers: bearer(ben.session) })).json();
  expect(history.data).toEqual([expect.objectContaining({ type: 'REMIT', amountOut: '23', status: 'completed' })]);
  await friend.close();
  await expectBooksSound(request, test.info());
});
