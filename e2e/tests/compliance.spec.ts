import { expect, test } from './support/test.js';
import { COMPLETE_FORM, operatorCredentials, submitPersonalInfoViaApi, verifyKycViaApi } from './support/kyc.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * Issue 13's compliance journeys: a customer saves two nominees at 60/40 through the four
 * steps, and adds a bank account verified by the sandbox bank's two micro-deposits.
 */

test('nominees at 60/40 and a bank account verified by its micro-deposits', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'compliance' });
  const session = await signInViaApi(request, me.username, me.password);
  await submitPersonalInfoViaApi(request, session);
  await verifyKycViaApi(request, session);
  await signInViaUi(page, me.username, me.password);

  // 1. Nominees: four steps, a draft that survives a reload, shares that must add up.
  await page.goto('/nominee');
  await expect(page.getByRole('heading', { name: 'Nominee', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add a nominee' }).click();
  const fill = async (label: string, a: string, b: string) => {
    await page.getByRole('textbox', { name: `${label} (nominee 1)` }).fill(a);
    await page.getByRole('textbox', { name: `${label} (nominee 2)` }).fill(b);
  };
  await fill('First name', 'Ana', 'Ben');
  await fill('Last name', 'Lim', 'Tan');
  await fill('Relation to you', 'Spouse', 'Son');
  await page.getByRole('button', { name: 'Next' }).click();
  await fill('Contact (phone or e-mail)', '+60 12 345 6789', 'ben@example.com');
  await page.getByLabel('Date of birth (nominee 1)').fill('1985-03-02');
  await page.getByLabel('Date of birth (nominee 2)').fill('2001-07-09');
  await page.getByRole('textbox', { name: 'ID type (nominee 1)' }).click();
  await page.getByRole('option', { name: 'Passport' }).click();
  // The draft is saved shortly after the last change: wait for that save, then reload.
  const drafted = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/nominee/draft') &&
      r.ok() &&
      (r
        .request()
        .postData()
        ?.match(/Passport/g)?.length ?? 0) === 2,
  );
  await page.getByRole('textbox', { name: 'ID type (nominee 2)' }).click();
  await page.getByRole('option', { name: 'Passport' }).click();
  await drafted;
  await expect(page.getByText(/Draft saved at/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nominee 2: Ben Tan' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await fill('Address', '1 Jalan Emas', '2 Jalan Perak');
  await fill('City', 'Kuala Lumpur', 'Penang');
  await fill('Postal code', '50000', '10000');
  await page.getByRole('button', { name: 'Next' }).click();
  await fill('Share (%)', '60', '60');
  await page.getByRole('button', { name: 'Save nominees' }).click();
  await expect(page.getByRole('status')).toHaveText('Shares add up to 120.00%: they must add up to 100%');
  await page.getByRole('textbox', { name: 'Share (%) (nominee 2)' }).fill('40');
  await page.getByRole('button', { name: 'Save nominees' }).click();
  await expect(page.getByText('2 nominees saved.').first()).toBeVisible();
  const saved = await (
    await request.get('/api/nominee', { headers: { Authorization: `Bearer ${session.jwt}` } })
  ).json();
  expect(saved.nominees.map((n: { firstName: string; sharePercent: number }) => [n.firstName, n.sharePercent])).toEqual(
    [
      ['Ana', 60],
      ['Ben', 40],
    ],
  );

  // 2. A bank account in the holder's own name, verified by the two deposits.
  await page.goto('/BankVerification');
  await expect(page.getByText('No bank account yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Bank name' }).fill('Bank Mandiri');
  await page
    .getByRole('textbox', { name: 'Account holder' })
    .fill(`${COMPLETE_FORM.firstName} ${COMPLETE_FORM.lastName}`);
  await page.getByRole('textbox', { name: 'Account number or IBAN' }).fill('1234 5678 9012');
  await page.getByRole('textbox', { name: 'Country' }).fill('Indonesia');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('Waiting for the deposits')).toBeVisible();
  await expect(page.getByText('•••• 9012', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'show what the sandbox bank sent' }).click();
  const shown = (await page.getByText(/0\.\d\d and 0\.\d\d USD/).textContent()) ?? '';
  const [a, b] = shown.match(/0\.\d\d/g)!;
  await page.getByRole('textbox', { name: 'Deposit 1 (USD)' }).fill(a!);
  await page.getByRole('textbox', { name: 'Deposit 2 (USD)' }).fill(b!);
  await page.getByRole('button', { name: 'Confirm deposits' }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // The operator sees the nominees in the back office.
  const operatorPage = await (await browser.newContext()).newPage();
  const operator = operatorCredentials(testInfo);
  await signInViaUi(operatorPage, operator.email, operator.password);
  await operatorPage.goto('/admin/compliance');
  await expect(operatorPage.getByRole('table', { name: `Nominees of ${me.username}` })).toContainText('60.00%');
});
