import { expect, test } from './support/test.js';
import {
  VERIFY_SUBJECT,
  createVerifiedUser,
  linkIn,
  signInViaApi,
  signInViaUi,
  uniqueCredentials,
  waitForMail,
} from './support/users.js';

/**
 * Journey 6: the referral-code modal from the profile menu (SPEC.md section 2), copying the
 * referral link, and a second customer signing up with it, who then has an upline.
 */
test('a customer shares the referral link and a friend signs up with it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const { credentials: me, user } = await createVerifiedUser(request, { prefix: 'referrer' });
  await signInViaUi(page, me.username, me.password);
  const origin = new URL(page.url()).origin;
  const expectedLink = `${origin}/register?ref=${user.refCode}`;

  await test.step('open the referral code from the profile menu', async () => {
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Show Referral Code' }).click();
    // The menu gave way to the modal (header modals are mutually exclusive).
    await expect(page.getByRole('menu')).toBeHidden();
  });

  const modal = page.getByRole('dialog', { name: 'Referral Code' });
  await test.step('the two tabs, the QR codes and their hints', async () => {
    await expect(modal).toBeVisible();
    const referralTab = modal.getByRole('tab', { name: 'Referral QR Code' });
    const walletTab = modal.getByRole('tab', { name: 'Wallet QR Code' });
    await expect(referralTab).toHaveAttribute('aria-selected', 'true');
    await expect(walletTab).toHaveAttribute('aria-selected', 'false');

    const referralPanel = modal.getByRole('tabpanel', { name: 'Referral QR Code' });
    await expect(referralPanel.locator('svg, canvas').first()).toBeVisible();
    await expect(referralPanel.getByText(expectedLink, { exact: true })).toBeAttached();
    await expect(
      referralPanel.getByText('Share this QR code to refer your friends or request gold to your GSA.', { exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/qmgt-e2e-referral-modal.png' });

    await walletTab.click();
    await expect(walletTab).toHaveAttribute('aria-selected', 'true');
    const walletPanel = modal.getByRole('tabpanel', { name: 'Wallet QR Code' });
    await expect(
      walletPanel.getByText('Share this QR code to receive payments to your wallet.', { exact: true }),
    ).toBeVisible();
    // The custodial deposit address, as a QR code and as text, copied with the spec's message.
    const address = walletPanel.getByText(/^0x[0-9a-fA-F]{40}$/);
    await expect(address).toBeVisible();
    await expect(walletPanel.locator('svg, canvas').first()).toBeVisible();
    await walletPanel.getByRole('button', { name: 'Copy wallet address' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wallet address copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await address.textContent());

    await referralTab.click();
    await expect(referralTab).toHaveAttribute('aria-selected', 'true');
  });

  let copied = '';
  await test.step('copy the referral link', async () => {
    await modal.getByRole('button', { name: 'Copy referral link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Referral link copied to clipboard!' })).toBeVisible();
    copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expectedLink);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  await test.step('log out', async () => {
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/signin');
  });

  const friend = uniqueCredentials('friend');
  await test.step('the friend opens the link and signs up; the code is filled in', async () => {
    await page.goto(copied);
    await expect(page).toHaveURL(`/register?ref=${user.refCode}`);
    await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Referral code')).toHaveValue(user.refCode);
    await page.getByLabel('Username').fill(friend.username);
    await page.getByLabel('E-mail').fill(friend.email);
    await page.getByLabel('Password', { exact: true }).fill(friend.password);
    await page.getByLabel('Confirm password').fill(friend.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  });

  await test.step('the friend verifies, signs in, and has an upline', async () => {
    const mail = await waitForMail(request, friend.email, VERIFY_SUBJECT);
    await page.goto(new URL(linkIn(mail, '/Email-Verification/')).pathname);
    // The link signs the friend in and opens the identity check (issue 23).
    await expect(page).toHaveURL('/kyc-verification');
    await expect(page.getByRole('heading', { name: 'KYC Verification', level: 1 })).toBeVisible();

    const session = await signInViaApi(request, friend.username, friend.password);
    const upline = await request.get('/api/get-upline', { headers: { Authorization: `Bearer ${session.jwt}` } });
    expect(upline.status()).toBe(200);
    expect(await upline.json()).toEqual({ upline: true });

    // The referrer has none.
    const mine = await signInViaApi(request, me.username, me.password);
    const myUpline = await request.get('/api/get-upline', { headers: { Authorization: `Bearer ${mine.jwt}` } });
    expect(await myUpline.json()).toEqual({ upline: false });
  });
});

test('an unknown referral code is refused at sign-up with a clear message', async ({ page, request }) => {
  const friend = uniqueCredentials('badref');
  await page.goto('/register?ref=NOSUCHCODE123');
  await expect(page.getByLabel('Referral code')).toHaveValue('NOSUCHCODE123');
  await page.getByLabel('Username').fill(friend.username);
  await page.getByLabel('E-mail').fill(friend.email);
  await page.getByLabel('Password', { exact: true }).fill(friend.password);
  await page.getByLabel('Confirm password').fill(friend.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This referral code does not exist.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toHaveCount(0);
  // No account, no mail.
  const mail = await request.get('/api/dev/mailbox', { params: { to: friend.email } });
  expect(await mail.json()).toEqual([]);
});
