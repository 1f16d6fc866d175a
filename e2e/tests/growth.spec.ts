import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { verifyKycViaApi } from './support/kyc.js';
import { createVerifiedUser, signInViaApi, signInViaUi, type Session } from './support/users.js';

/*
 * Issue 11's journeys in the browser: A refers B; B buys QMGT; A sees the reward in the reward
 * center, claims it (minted on chain) and sees B in the affiliates; B (who has an upline) stakes
 * and sees the position; A (no upline) cannot reach staking. The e2e server vests rewards at
 * once (REWARD_VESTING_DAYS=0); the 30-day rule is tested in the API with a controlled clock.
 */

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.jwt}` });

async function funded(request: APIRequestContext, session: Session, usdt: string) {
  await verifyKycViaApi(request, session);
  const faucet = await request.post('/api/dev/faucet', {
    headers: { ...bearer(session), 'Idempotency-Key': randomUUID() },
    data: { asset: 'USDT', amount: usdt },
  });
  expect(faucet.ok(), await faucet.text()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/get-qmgt-balance', { headers: bearer(session) })).json()) as { usdt: string })
          .usdt,
      {
        timeout: 60_000,
      },
    )
    .toBe(usdt);
}

test('referral reward, affiliates and staking', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const a = await createVerifiedUser(request, { prefix: 'upline' });
  const b = await createVerifiedUser(request, { prefix: 'downline', ref: a.user.refCode });
  const aSession = await signInViaApi(request, a.credentials.username, a.credentials.password);
  const bSession = await signInViaApi(request, b.credentials.username, b.credentials.password);
  await verifyKycViaApi(request, aSession);
  await funded(request, bSession, '500');

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

  // A has no upline: no staking for A.
  await aPage.goto('/staking');
  await expect(aPage.getByRole('heading', { name: 'Staking', level: 1 })).toBeHidden();

  // B stakes part of the QMGT bought: the interest first, then the position.
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
