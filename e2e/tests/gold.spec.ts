import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { operatorCredentials, verifyKycViaApi } from './support/kyc.js';
import { createVerifiedUser, signInViaApi, signInViaUi, type Session } from './support/users.js';

/*
 * Issue 9's journey: a verified customer with test USDT opens a GAE plan with a purchase,
 * reads the statement and its PDF, requests termination with the summary shown first; an
 * operator approves it in the back office; the customer sees the refund and the plan closed.
 * Everything against the real API, its ledger and the local chain.
 */

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.jwt}` });

async function balances(request: APIRequestContext, session: Session) {
  const response = await request.get('/api/balances', { headers: bearer(session) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as {
    USDT: { available: string };
    QMGT: { available: string };
    GOLD: { available: string; plan: string; locked: string };
  };
}

test('GAE: purchase, statement, PDF, termination, operator approval, refund', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'gold' });
  const session = await signInViaApi(request, me.username, me.password);
  await verifyKycViaApi(request, session);
  const faucet = await request.post('/api/dev/faucet', {
    headers: { ...bearer(session), 'Idempotency-Key': randomUUID() },
    data: { asset: 'USDT', amount: '1000' },
  });
  expect(faucet.ok(), await faucet.text()).toBe(true);
  await expect.poll(async () => (await balances(request, session)).USDT.available, { timeout: 60_000 }).toBe('1000');

  await signInViaUi(page, me.username, me.password);

  // 1. No plan yet: the invitation, then a purchase with price, fee and grams shown first.
  await page.goto('/GAE/Purchase');
  await expect(page.getByRole('heading', { name: 'GAE Purchase', level: 1 })).toBeVisible();
  await expect(page.getByText('Start your GAE gold plan')).toBeVisible();
  await page.getByRole('link', { name: 'Open a plan' }).click();
  await expect(page.getByRole('heading', { name: 'Purchase GAE', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount' }).fill('300');
  await page.getByRole('button', { name: 'Get a quote' }).click();
  const quote = page.getByRole('group', { name: 'Quote' });
  await expect(quote).toBeVisible();
  await expect(quote.locator('dt:text-is("You pay") + dd')).toHaveText('300.00 USDT');
  await expect(quote.locator('dt:text-is("GAE price (spot + 3%)") + dd')).toHaveText(/^[\d,]+\.\d{2} USDT\/g$/);
  const grams = (await quote.locator('dt:text-is("You receive") + dd').textContent())?.trim() ?? '';
  expect(grams).toMatch(/^\d+\.\d{4} g$/);
  await expect(page.getByRole('timer')).toHaveText(/^Quote expires in \d+ s$/);
  await page.getByRole('button', { name: 'Buy gold for 300.00 USDT' }).click();
  const modal = page.getByRole('dialog', { name: 'Transaction status' });
  await expect(modal.getByText('Transaction Successful')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  const afterBuy = await balances(request, session);
  expect(afterBuy.USDT.available).toBe('700');
  expect(
    `${afterBuy.GOLD.plan.replace(/^(\d+)\.?(\d{0,4}).*$/, (_m, w: string, f: string) => `${w}.${f.padEnd(4, '0')}`)} g`,
  ).toBe(grams);

  // 2. The plan and its statement agree with the ledger.
  await page.goto('/GAE/Purchase');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(grams, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Account statement' }).click();
  await expect(page.getByRole('heading', { name: 'GAE Account Statement', level: 1 })).toBeVisible();
  const movements = page.getByRole('table', { name: 'Statement movements' });
  await expect(movements.getByRole('row')).toHaveCount(2);
  await expect(movements.getByRole('cell', { name: 'GAE', exact: true })).toBeVisible();
  await expect(movements.getByRole('cell', { name: `+${grams}` })).toBeVisible();

  // 3. The PDF, made on the server, shown in the page and downloadable.
  await page.getByRole('link', { name: 'PDF' }).click();
  await expect(page.getByRole('heading', { name: 'Account Statement PDF', level: 1 })).toBeVisible();
  await expect(page.locator('iframe[title="GAE account statement"]')).toHaveAttribute('src', /^blob:/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^qmgt-gae-statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);

  // 4. Termination: the summary first, then the request; the grams are locked.
  await page.goto('/termination');
  await page.getByRole('button', { name: 'Show the summary' }).click();
  const summary = page.getByRole('group', { name: 'Termination summary' });
  await expect(summary).toBeVisible();
  await expect(summary.locator('dt:text-is("Early-exit fee (5%, first 12 months)") + dd')).toHaveText(
    /^\d+\.\d{2} USDT$/,
  );
  const refund = (await summary.locator('dt:text-is("Refund") + dd').textContent())?.trim() ?? '';
  await page.getByRole('button', { name: `Request termination for ${refund}` }).click();
  await expect(page).toHaveURL(/\/termination-summary\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Waiting for review')).toBeVisible();
  expect((await balances(request, session)).GOLD).toMatchObject({ plan: '0' });

  // 5. The operator approves it in the back office.
  const operatorPage = await (await browser.newContext()).newPage();
  const operator = operatorCredentials(testInfo);
  await signInViaUi(operatorPage, operator.email, operator.password);
  await operatorPage.goto('/admin/terminations');
  await expect(operatorPage.getByRole('heading', { name: 'GAE Terminations', level: 1 })).toBeVisible();
  const row = operatorPage.getByRole('row').filter({ hasText: me.username });
  await expect(row).toContainText(refund);
  await row.getByRole('button', { name: /^Approve / }).click();
  await expect(row.getByText('approved')).toBeVisible();
  await operatorPage.screenshot({ path: '/tmp/qmgt-e2e-terminations-queue.png', fullPage: true });

  // 6. The customer sees the refund and the plan closed.
  await page.reload();
  await expect(page.getByText('Approved')).toBeVisible();
  await expect(page.getByText(/^Refund paid:/)).toBeVisible();
  const final = await balances(request, session);
  expect(final.GOLD).toMatchObject({ plan: '0', locked: '0' });
  const units = (decimal: string) => {
    const [whole = '0', fraction = ''] = decimal.split('.');
    return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0') || '0');
  };
  // What was left plus the refund shown (to the cent: the screen rounds down).
  const refunded = units(final.USDT.available) - units('700');
  expect(refund).toBe(
    `${(refunded / 10n ** 18n).toString()}.${((refunded % 10n ** 18n) / 10n ** 16n).toString().padStart(2, '0')} USDT`,
  );
  await page.goto('/GAE/Purchase');
  await expect(page.getByText('Your plan is closed')).toBeVisible();
});

test('USDAU: convert to grams on the Convert screen, request USDAU, operator approval, paid on chain; the vault list on the public proof of reserves', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'usdau' });
  const session = await signInViaApi(request, me.username, me.password);
  await verifyKycViaApi(request, session);
  const faucet = await request.post('/api/dev/faucet', {
    headers: { ...bearer(session), 'Idempotency-Key': randomUUID() },
    data: { asset: 'USDT', amount: '1000' },
  });
  expect(faucet.ok(), await faucet.text()).toBe(true);
  await expect.poll(async () => (await balances(request, session)).USDT.available, { timeout: 60_000 }).toBe('1000');
  const post = async (url: string, data: unknown) => {
    const response = await request.post(url, {
      headers: { ...bearer(session), 'Idempotency-Key': randomUUID() },
      data,
    });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  // QMGT through the API (buying it is the swap journey's), then grams in the GSA through the
  // Convert screen: the quote with its fee first, then the transaction modal until the burn settles.
  const swap = await post('/api/swap/quote', { from: 'USDT', to: 'QMGT', amount: '600' });
  await post('/api/swap', { quoteId: swap.quoteId });
  const qmgtBefore = (await balances(request, session)).QMGT.available;

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
  const converted = await balances(request, session);
  expect(converted.GOLD.available).toBe('2.985');
  const qmgtUnits = (decimal: string) => {
    const [whole = '0', fraction = ''] = decimal.split('.');
    return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0') || '0');
  };
  expect(qmgtUnits(qmgtBefore) - qmgtUnits(converted.QMGT.available)).toBe(3n * 10n ** 18n);

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
  expect((await balances(request, session)).GOLD.locked).toBe('2');

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
  expect((await balances(request, session)).GOLD.locked).toBe('0');

  // The operator lists a bar; anyone sees it on the proof of reserves.
  const serial = `E2E-${randomUUID().slice(0, 8)}`;
  await operatorPage.goto('/admin/vault-bars');
  await operatorPage.getByRole('textbox', { name: 'Serial' }).fill(serial);
  await operatorPage.getByRole('textbox', { name: 'Refinery' }).fill('Valcambi');
  await operatorPage.getByRole('textbox', { name: 'Fine grams' }).fill('12441.5');
  await operatorPage.getByRole('button', { name: 'Add bar' }).click();
  await expect(operatorPage.getByRole('cell', { name: serial, exact: true })).toBeVisible();
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/');
  await guest.getByRole('link', { name: 'proof of reserves' }).click();
  await expect(guest.getByRole('heading', { name: 'Proof of Reserves', level: 1 })).toBeVisible();
  await expect(guest.getByRole('cell', { name: serial, exact: true })).toBeVisible();
  await expect(guest.getByText(/^Covered \d+\.\d{2}%/)).toBeVisible();
});
