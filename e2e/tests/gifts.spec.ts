import { expect, test } from './support/test.js';
import { verifyKycViaApi } from './support/kyc.js';
import { balancesOf, expectBooksSound, fundedWithUsdt, postAs } from './support/money.js';
import {
  createVerifiedUser,
  registerViaApi,
  signInViaApi,
  signInViaUi,
  uniqueCredentials,
  verifyEmailViaApi,
  type MailboxMessage,
} from './support/users.js';

/*
 * Gift gold (issue 26) in the browser: A, verified with grams in the gold savings account,
 * gifts 0.5 g to an e-mail nobody uses yet, sees the quote (the address invited, the grams,
 * their value, the countdown) and the gift waiting; the address gets an invitation; B signs up
 * with it, finds the gift waiting for verification, verifies through the sandbox KYC and finds
 * it received, the 0.5 g in B's GSA; the operator's ledger check balances.
 */

/** Grams (GOLD units, 6 decimals) of a decimal string: compared exactly. */
const units6 = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 10n ** 6n + BigInt(fraction.padEnd(6, '0') || '0');
};

test('Gift gold: A gifts 0.5 g to a new e-mail; B signs up, verifies and finds it credited', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  // A: verified, USDT from the faucet, QMGT bought and converted into grams of the GSA.
  const { credentials: a } = await createVerifiedUser(request, { prefix: 'gifta' });
  const aSession = await signInViaApi(request, a.username, a.password);
  await fundedWithUsdt(request, aSession, '500');
  const swap = await postAs(request, aSession, '/api/swap/quote', { from: 'USDT', to: 'QMGT', amount: '300' });
  await postAs(request, aSession, '/api/swap', { quoteId: swap.quoteId });
  const convert = await postAs(request, aSession, '/api/convert/quote', { from: 'QMGT', to: 'GOLD', amount: '1' });
  await postAs(request, aSession, '/api/convert', { quoteId: convert.quoteId });
  await expect.poll(async () => units6((await balancesOf(request, aSession)).GOLD.available)).toBeGreaterThan(500_000n);
  const aGramsBefore = units6((await balancesOf(request, aSession)).GOLD.available);

  const b = uniqueCredentials('giftb');
  await signInViaUi(page, a.username, a.password);
  await page.goto('/gifts');
  await expect(page.getByRole('heading', { name: 'Gift Gold', level: 1 })).toBeVisible();
  await expect(page.getByText('No gifts yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Recipient’s e-mail or referral code' }).fill(b.email);
  await page.getByRole('textbox', { name: 'Grams' }).fill('0.5');
  await page.getByRole('textbox', { name: 'Message (optional)' }).fill('Welcome to gold!');
  await page.getByRole('button', { name: 'Review' }).click();
  const figures = page.getByRole('group', { name: 'Gift quote' });
  await expect(figures.locator('dt:text-is("To") + dd')).toHaveText(`${b.email} (invited)`);
  await expect(figures.locator('dt:text-is("Grams") + dd')).toHaveText('0.5000 g');
  await expect(figures.locator('dt:text-is("Value today") + dd')).toHaveText(/^\d[\d,]*\.\d{2} USDT$/);
  await expect(figures.locator('dt:text-is("Message") + dd')).toHaveText('Welcome to gold!');
  await expect(page.getByRole('timer')).toHaveText(/Quote expires in \d+ s/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('gifts-quote-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Gift 0.5000 g' }).click();
  const modal = page.getByRole('dialog', { name: 'Transaction status' });
  await expect(modal.getByText('Transaction Successful')).toBeVisible({ timeout: 60_000 });
  await expect(
    modal.getByText(`You gifted 0.5000 g of gold. We invited ${b.email}: the grams wait for them for 30 days.`),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  const aList = page.getByRole('table', { name: 'Your gifts' });
  await expect(aList.getByText('Waiting for them to join')).toBeVisible();
  expect(units6((await balancesOf(request, aSession)).GOLD.available)).toBe(aGramsBefore - 500_000n);

  // The invitation reached the address.
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get('/api/dev/mailbox', { params: { to: b.email } })
        ).json()) as MailboxMessage[];
        return mails.find((m) => m.subject.endsWith('gifted you 0.5000 g of gold'))?.text ?? '';
      },
      { timeout: 20_000 },
    )
    .toContain('Welcome to gold!');

  // B signs up with that address: the gift is there, waiting for verification.
  await registerViaApi(request, b);
  await verifyEmailViaApi(request, b.email);
  const bSession = await signInViaApi(request, b.email, b.password);
  const bContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const bPage = await bContext.newPage();
  await signInViaUi(bPage, b.username, b.password);
  await bPage.goto('/gifts');
  // On a phone the list shows each gift as a card (no sideways scrolling to reach its status).
  const bList = bPage.getByRole('list', { name: 'Your gifts' });
  await expect(bList.getByText('Waiting for your verification')).toBeVisible();
  await expect(bList.getByText('“Welcome to gold!”')).toBeVisible();
  await bPage.screenshot({ path: testInfo.outputPath('gifts-waiting-360.png'), fullPage: true });

  // Verified through the sandbox KYC: the claim credits the grams.
  await verifyKycViaApi(request, bSession);
  await expect.poll(async () => (await balancesOf(request, bSession)).GOLD.available, { timeout: 30_000 }).toBe('0.5');
  await bPage.reload();
  await expect(bList.getByText('Received', { exact: true }).last()).toBeVisible();
  await expect(bList.getByText('+0.5000 g')).toBeVisible();
  await bPage.screenshot({ path: testInfo.outputPath('gifts-received-360.png'), fullPage: true });
  await page.reload();
  await expect(aList.getByText('Claimed')).toBeVisible();
  await bContext.close();
  await expectBooksSound(request, testInfo);
});
