import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { operatorCredentials } from './support/kyc.js';
import { balancesOf, expectBooksSound, fundedWithUsdt, postAs, units18 } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * Issue 9's journey: a verified customer with test USDT opens a GAE plan with a purchase,
 * reads the statement and its PDF, requests termination with the summary shown first; an
 * operator approves it in the back office; the customer sees the refund and the plan closed.
 * Everything against the real API, its ledger and the local chain. Then the proof of reserves:
 * an operator lists a vault bar, and a guest finds it counted against the gold owed.
 */

test('GAE: purchase, statement, PDF, termination, operator approval, refund', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'gold' });
  const session = await signInViaApi(request, me.username, me.password);
  await fundedWithUsdt(request, session, '1000');

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
  const afterBuy = await balancesOf(request, session);
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

  // 3. The PDF, made on the server: downloaded from the statement itself, or shown in its page.
  const direct = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await direct).suggestedFilename()).toMatch(/^qmgt-gae-statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
  await page.getByRole('link', { name: 'View PDF' }).click();
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
  // It asks first: the grams lock and the refund is below their worth.
  const confirm = page.getByRole('dialog', { name: 'Terminate your GAE plan?' });
  await expect(confirm).toContainText(`you receive ${refund}`);
  await confirm.getByRole('button', { name: 'Request termination' }).click();
  await expect(page).toHaveURL(/\/termination-summary\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Waiting for review')).toBeVisible();
  expect((await balancesOf(request, session)).GOLD).toMatchObject({ plan: '0' });

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
  const final = await balancesOf(request, session);
  expect(final.GOLD).toMatchObject({ plan: '0', locked: '0' });
  // What was left plus the refund shown (to the cent: the screen rounds down).
  const refunded = units18(final.USDT.available) - units18('700');
  expect(refund).toBe(
    `${(refunded / 10n ** 18n).toString()}.${((refunded % 10n ** 18n) / 10n ** 16n).toString().padStart(2, '0')} USDT`,
  );
  await page.goto('/GAE/Purchase');
  await expect(page.getByText('Your plan is closed')).toBeVisible();
  await expectBooksSound(request, testInfo);
});

test('proof of reserves: the operator lists a vault bar; a guest finds it counted against the gold owed', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  // Something owed, whatever ran before: a customer's QMGT (1 QMGT = 1 g), bought through the API.
  const { credentials: holder } = await createVerifiedUser(request, { prefix: 'holder' });
  const session = await signInViaApi(request, holder.username, holder.password);
  await fundedWithUsdt(request, session, '100');
  const quote = await postAs(request, session, '/api/swap/quote', { from: 'USDT', to: 'QMGT', amount: '50' });
  await postAs(request, session, '/api/swap', { quoteId: quote.quoteId });

  const operatorPage = await (await browser.newContext()).newPage();
  const operator = operatorCredentials(testInfo);
  await signInViaUi(operatorPage, operator.email, operator.password);
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
