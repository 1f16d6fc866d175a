import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { getInfoStatus, storedAccessToken, uniqueCredentials, VERIFY_SUBJECT } from './support/users.js';

/** Logs out through the profile menu's confirmation, and lands on /signin. */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Log Out' });
  await expect(confirm.getByText('Are you sure you want to log out?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/signin');
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  expect(await storedAccessToken(page)).toBeNull();
}

/**
 * Journey 1: sign up -> verification mail in the sandbox mailbox -> the link signs the
 * customer in and opens KYC; a reload keeps the persisted session; after logging out, sign in
 * by username, then by e-mail -> swap screen.
 */
test('a new customer signs up, verifies the e-mail from the mailbox and signs in', async ({ page, request }) => {
  const me = uniqueCredentials('newbie');

  await test.step('sign up', async () => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
    await page.getByLabel('Username').fill(me.username);
    await page.getByLabel('E-mail').fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByLabel('Confirm password').fill(me.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    const inbox = page.getByRole('status').filter({ hasText: 'Check your inbox' });
    await expect(inbox).toBeVisible();
    await expect(inbox).toContainText(`We sent a verification link to ${me.email}`);
    await expect(page.getByRole('link', { name: 'Open the sandbox mailbox' })).toBeVisible();
  });

  await test.step('an unverified account cannot sign in yet', async () => {
    await page.goto('/signin');
    await page.getByLabel('E-mail or username').fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('E-mail not verified')).toBeVisible();
    await expect(
      page.getByText('Please verify your e-mail address before signing in.', { exact: false }),
    ).toBeVisible();
    await expect(page).toHaveURL('/signin');
  });

  await test.step('open the mail in /dev/mailbox and follow the link', async () => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Mailbox', level: 1 })).toBeVisible();
    await page.getByLabel('Recipient').fill(me.email);
    const mail = page
      .getByRole('article')
      .filter({ hasText: `To: ${me.email}` })
      .filter({ has: page.getByRole('heading', { name: VERIFY_SUBJECT }) });
    // The mail is sent by a background job: refresh until it is there.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(mail).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const link = mail.getByRole('link', { name: /\/Email-Verification\// });
    await expect(link).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/Email-Verification\/[A-Za-z0-9_-]{16,}$/);
    await link.click();

    // The link signs the customer in and goes on to the next step, the identity check (issue 23).
    await expect(page).toHaveURL('/kyc-verification');
    await expect(page.getByRole('heading', { name: 'KYC Verification', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    expect(await getInfoStatus(request, (await storedAccessToken(page))!)).toBe(200);
  });

  await test.step('a reload keeps the session', async () => {
    const token = await storedAccessToken(page);
    expect(token).toBeTruthy();
    await page.goto('/');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    expect(await storedAccessToken(page)).toBe(token);
    // Signed in, /signin is not for guests any more: back to the swap screen.
    await page.goto('/signin');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
  });

  await test.step('log out (with confirmation): the server ends the session', async () => {
    const token = (await storedAccessToken(page))!;
    await logOut(page);
    expect(await getInfoStatus(request, token)).toBe(401);
  });

  await test.step('sign in with the username: the swap screen', async () => {
    await page.getByLabel('E-mail or username').fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await logOut(page);
  });

  await test.step('sign in with the e-mail address (any case)', async () => {
    await page.getByLabel('E-mail or username').fill(me.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
    const token = await storedAccessToken(page);
    expect(await getInfoStatus(request, token!)).toBe(200);
  });
});

test('the verification link works only once', async ({ page, request, browser }) => {
  const me = uniqueCredentials('twice');
  await page.goto('/signup');
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('E-mail').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByLabel('Confirm password').fill(me.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('link', { name: 'Open the sandbox mailbox' }).click();

  await expect(page).toHaveURL(`/dev/mailbox?to=${encodeURIComponent(me.email)}`);
  await expect(page.getByLabel('Recipient')).toHaveValue(me.email);
  const link = page.getByRole('article').getByRole('link', { name: /\/Email-Verification\// });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(link).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const href = (await link.getAttribute('href'))!;

  await link.click();
  await expect(page).toHaveURL('/kyc-verification');
  await expect(page.getByRole('heading', { name: 'KYC Verification', level: 1 })).toBeVisible();

  // Opened again elsewhere (another browser, a mail preview): the account is verified, the page
  // says so (issue 14: "Verification failed"), and no session comes with it.
  const elsewhereContext = await browser.newContext();
  const elsewhere = await elsewhereContext.newPage();
  await elsewhere.goto(new URL(href).pathname);
  await expect(elsewhere.getByRole('status').filter({ hasText: 'Your e-mail is already verified' })).toBeVisible();
  await expect(elsewhere.getByText('Verification failed')).toHaveCount(0);
  expect(await storedAccessToken(elsewhere)).toBeNull();
  await elsewhere.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(elsewhere).toHaveURL('/signin');
  await elsewhereContext.close();
  // The account stays verified: it signs in.
  const login = await request.post('/api/auth/local', { data: { identifier: me.username, password: me.password } });
  expect(login.status()).toBe(200);
});
