import { expect, test } from './support/test.js';
import { createVerifiedUser, RESET_SUBJECT, uniqueCredentials, type MailboxMessage } from './support/users.js';

const SENT = 'If an account exists for that address, we sent a link to reset your password.';
const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';
const INVALID_CREDENTIALS = 'Invalid e-mail/username or password.';

/** Journey 2: forgot password -> mail -> /Change-Password/{token} -> new password works, old one does not. */
test('a customer resets a forgotten password from the e-mailed link', async ({ page, request }) => {
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'forgetful' });
  const newPassword = `${me.password}-new`;
  const stranger = uniqueCredentials('nobody').email;

  const requestReset = async (email: string) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Check your inbox' });
    await expect(sent).toBeVisible();
    return (await sent.innerText()).trim();
  };

  await test.step('the same answer for an unknown and a known address', async () => {
    const forStranger = await requestReset(stranger);
    const forMe = await requestReset(me.email);
    expect(forStranger).toContain(SENT);
    expect(forMe).toBe(forStranger);
    // Only the real account got a mail.
    await expect
      .poll(
        async () =>
          (
            (await (await request.get('/api/dev/mailbox', { params: { to: me.email } })).json()) as MailboxMessage[]
          ).filter((m) => m.subject === RESET_SUBJECT).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const strangerMail = (await (
      await request.get('/api/dev/mailbox', { params: { to: stranger } })
    ).json()) as MailboxMessage[];
    expect(strangerMail).toEqual([]);
  });

  let resetPath = '';
  await test.step('follow the link from /dev/mailbox and choose a new password', async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(me.email)}`);
    const mail = page.getByRole('article').filter({ has: page.getByRole('heading', { name: RESET_SUBJECT }) });
    await expect(mail).toHaveCount(1);
    const link = mail.getByRole('link', { name: /\/Change-Password\// });
    resetPath = new URL((await link.getAttribute('href'))!).pathname;
    await link.click();

    await expect(page).toHaveURL(/\/Change-Password\/[A-Za-z0-9_-]{16,}$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    // Mismatched confirmation is caught before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();
    await expect(page.getByText('Log in with your new password.')).toBeVisible();
  });

  await test.step('the link does not work a second time', async () => {
    await page.goto(resetPath);
    await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-again`);
    await page.getByLabel('Confirm new password').fill(`${newPassword}-again`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(INVALID_LINK)).toBeVisible();
    await expect(page.getByText('Your password has been changed')).toHaveCount(0);
  });

  await test.step('the old password is refused with a toast', async () => {
    await page.goto('/signin');
    await page.getByLabel('E-mail or username').fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
    await expect(page).toHaveURL('/signin');
  });

  await test.step('the new password signs in', async () => {
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Swap', level: 1 })).toBeVisible();
  });
});

test('a reset link that was never issued is refused', async ({ page }) => {
  await page.goto('/Change-Password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(INVALID_LINK)).toBeVisible();
});
