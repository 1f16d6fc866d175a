import { expect, test } from './support/test.js';
import { verifyKycViaApi } from './support/kyc.js';
import { fundedWithUsdt, postAs } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * Staking QMGT+ (DESIGN.md section 8) in the browser: only a customer with an upline may
 * stake. B, referred by A, sees the interest before staking and then the position; A, who has
 * no upline, is told why instead of reaching the staking screen.
 */
test('staking: the interest first, then the position; no staking without an upline', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const a = await createVerifiedUser(request, { prefix: 'upline' });
  const b = await createVerifiedUser(request, { prefix: 'staker', ref: a.user.refCode });
  const aSession = await signInViaApi(request, a.credentials.username, a.credentials.password);
  const bSession = await signInViaApi(request, b.credentials.username, b.credentials.password);
  await verifyKycViaApi(request, aSession);
  await fundedWithUsdt(request, bSession, '250');
  // QMGT through the API: buying it is the swap journey's.
  const quote = await postAs(request, bSession, '/api/swap/quote', { from: 'USDT', to: 'QMGT', amount: '200' });
  await postAs(request, bSession, '/api/swap', { quoteId: quote.quoteId });

  const aPage = await (await browser.newContext()).newPage();
  await signInViaUi(aPage, a.credentials.username, a.credentials.password);
  await aPage.goto('/staking');
  // Told why, not a blank page; the staking form itself is not there.
  await expect(aPage.getByText(/open to customers who joined through a referral link/)).toBeVisible();
  await expect(aPage.getByRole('button', { name: 'Show the interest' })).toBeHidden();

  const bPage = await (await browser.newContext()).newPage();
  await signInViaUi(bPage, b.credentials.username, b.credentials.password);
  await bPage.goto('/staking');
  await expect(bPage.getByRole('heading', { name: 'Staking', level: 1 })).toBeVisible();
  await bPage.getByRole('textbox', { name: /^Amount \(QMGT\)/ }).fill('0.5');
  await bPage.getByRole('button', { name: 'Show the interest' }).click();
  await expect(bPage.getByText(/0\.5000 QMGT locked for 90 days at 4% APR/)).toBeVisible();
  await bPage.getByRole('button', { name: 'Stake 0.5000 QMGT' }).click();
  const positions = bPage.getByRole('table', { name: 'Staking positions' });
  await expect(positions.getByRole('cell', { name: '0.5000 QMGT' }).first()).toBeVisible();
  await expect(positions.getByText('active')).toBeVisible();
});
