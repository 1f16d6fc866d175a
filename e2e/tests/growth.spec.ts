import { expect, test } from './support/test.js';
import { verifyKycViaApi } from './support/kyc.js';
import { bearer, fundedWithUsdt } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * Issue 11's journeys in the browser: A refers B; B buys QMGT; A sees the reward in the reward
 * center, claims it (minted on chain) and sees B in the affiliates. The e2e server vests
 * rewards at once (REWARD_VESTING_DAYS=0); the 30-day rule is tested in the API with a
 * controlled clock. Staking is staking.spec.ts.
 */

test('referral reward and affiliates', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const a = await createVerifiedUser(request, { prefix: 'upline' });
  const b = await createVerifiedUser(request, { prefix: 'downline', ref: a.user.refCode });
  const aSession = await signInViaApi(request, a.credentials.username, a.credentials.password);
  const bSession = await signInViaApi(request, b.credentials.username, b.credentials.password);
  await verifyKycViaApi(request, aSession);
  await fundedWithUsdt(request, bSession, '500');

  // B buys QMGT on the swap screen.
  const bPage = await (await browser.newContext()).newPage();
  await signInViaUi(bPage, b.credentials.username, b.credentials.password);
  await bPage.getByRole('textbox', { name: 'You pay' }).fill('200');
  await expect(bPage.getByRole('group', { name: 'Quote' })).toBeVisible({ timeout: 15_000 });
  await bPage.getByRole('button', { name: 'Confirm swap' }).click();
  const modal = bPage.getByRole('dialog', { name: 'Transaction status' });
  await expect(modal.getByText('Transaction Successful')).toBeVisible({ timeout: 90_000 });
  await bPage.keyboard.press('Escape');

  // A sees the vesting reward and B among the affiliates.
  const aPage = await (await browser.newContext()).newPage();
  await signInViaUi(aPage, a.credentials.username, a.credentials.password);
  await aPage.goto('/My-Reward-Center');
  const rewards = aPage.getByRole('table', { name: 'Rewards' });
  await expect(rewards.getByRole('cell', { name: new RegExp(b.credentials.username) })).toBeVisible();
  // The e2e server vests rewards at once (REWARD_VESTING_DAYS=0): A claims it into the wallet.
  await expect(rewards.getByText('claimable')).toBeVisible();
  const claim = rewards.getByRole('button', { name: /^Claim [\d.]+ QMGT$/ });
  const claimed = ((await claim.getAttribute('aria-label')) ?? '').replace('Claim ', '');
  await claim.click();
  const aModal = aPage.getByRole('dialog', { name: 'Transaction status' });
  await expect(aModal.getByText('Transaction Successful')).toBeVisible({ timeout: 90_000 });
  await expect(aModal.getByRole('link', { name: 'View on block explorer' })).toBeVisible();
  await aPage.keyboard.press('Escape');
  await expect(rewards.getByText('claimed')).toBeVisible();
  const aBalance = (await (await request.get('/api/get-qmgt-balance', { headers: bearer(aSession) })).json()) as {
    qmgt: string;
  };
  expect(
    `${aBalance.qmgt.replace(/^(\d+)\.?(\d{0,4}).*$/, (_m, w: string, f: string) => `${w}.${f.padEnd(4, '0')}`)} QMGT`,
  ).toBe(claimed);
  await aPage.goto('/My-Affiliates');
  const members = aPage.getByRole('table', { name: 'Affiliates' });
  await expect(members.getByRole('cell', { name: b.credentials.username })).toBeVisible();
  await expect(members.getByRole('cell', { name: '200.00 USDT' })).toBeVisible();
});
