import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { operatorCredentials } from './support/kyc.js';
import { balancesOf, expectBooksSound, fundedWithUsdt, postAs } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * Bar allocation (decision 023): a customer holds grams; an operator lists a bar, which runs the
 * allocation; the customer finds, from their gold holdings, the bars behind their grams, and the
 * public proof of reserves shows the grams allocated to the bar.
 */
test('bar allocation: the operator adds a bar; a customer with grams sees the bars behind them', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'bars' });
  const session = await signInViaApi(request, me.username, me.password);
  await fundedWithUsdt(request, session, '500');
  const quote = await postAs(request, session, '/api/gae/quote', { kind: 'GAE', amountUsdt: '300' });
  await postAs(request, session, '/api/gae/purchase', { quoteId: quote.quoteId });
  const grams = (await balancesOf(request, session)).GOLD.plan;
  // The allocation reads ledger entries once they are a second old (none still being written before them).
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const operatorPage = await (await browser.newContext()).newPage();
  const operator = operatorCredentials(testInfo);
  await signInViaUi(operatorPage, operator.email, operator.password);
  const serial = `ALLOC-${randomUUID().slice(0, 8)}`;
  await operatorPage.goto('/admin/vault-bars');
  await operatorPage.getByRole('textbox', { name: 'Serial' }).fill(serial);
  await operatorPage.getByRole('textbox', { name: 'Refinery' }).fill('PAMP');
  await operatorPage.getByRole('textbox', { name: 'Fine grams' }).fill('19999');
  await operatorPage.getByRole('button', { name: 'Add bar' }).click();
  await expect(operatorPage.getByText(`PAMP ${serial} added`)).toBeVisible();

  await signInViaUi(page, me.username, me.password);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Bars behind my grams' }).click();
  await expect(page.getByRole('heading', { name: 'The bars behind my grams', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'The bars behind my grams' });
  await expect(table).toBeVisible();
  // Every gram of the plan is on a bar (the new one has room for all): none is left unallocated.
  await expect(page.getByText('Grams not on a bar')).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'My share' })).toBeVisible();
  await expect(table.getByRole('row')).not.toHaveCount(1);
  expect(grams).not.toBe('0');
  // Looked at as pictures: the populated table on a phone and on a desktop.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: '/tmp/qmgt-e2e-my-bars-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/qmgt-e2e-my-bars-1280.png', fullPage: true });

  await page.getByRole('link', { name: 'proof of reserves' }).first().click();
  await expect(page.getByRole('heading', { name: 'Proof of Reserves', level: 1 })).toBeVisible();
  await expect(page.getByText('Grams allocated to bars')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Allocated grams' })).toBeVisible();
  await page.screenshot({ path: '/tmp/qmgt-e2e-reserve-bars-1280.png', fullPage: true });
  await expectBooksSound(request, testInfo);
});
