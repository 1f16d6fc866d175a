import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { operatorCredentials } from './support/kyc.js';
import { createVerifiedUser, signInViaUi } from './support/users.js';

/*
 * Issue 13's content journeys: an announcement the operator just published, read by a guest
 * and by a signed-in customer (markup in it stays text); new terms a signed-in customer accepts
 * once; a message through contact-us (markup in it stays text too) answered by the operator,
 * read in the Support Center, then closed by the operator.
 */

test('announcement, new terms, contact and the Support Center', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const operatorPage = await (await browser.newContext()).newPage();
  const operator = operatorCredentials(testInfo);
  await signInViaUi(operatorPage, operator.email, operator.password);
  await operatorPage.goto('/admin/content');
  await expect(operatorPage.getByRole('heading', { name: 'Content and Support', level: 1 })).toBeVisible();

  // 1. An announcement, published and read by a guest; its script is text.
  const title = `Vault audit ${randomUUID().slice(0, 6)}`;
  await operatorPage.getByRole('tab', { name: 'Announcements' }).click();
  await operatorPage.getByRole('textbox', { name: 'Title' }).fill(title);
  await operatorPage
    .getByRole('textbox', { name: /^Text/ })
    .fill('The **annual** audit is done.\n\n<script>window.pwned = true</script>');
  await operatorPage.getByRole('button', { name: 'Publish announcement' }).click();
  await expect(operatorPage.getByText(`"${title}" is published.`)).toBeVisible();
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/Announcements');
  await guest.getByRole('link', { name: title }).click();
  await expect(guest.getByText('annual', { exact: true })).toBeVisible();
  await expect(guest.getByText('<script>window.pwned = true</script>')).toBeVisible();
  expect(await guest.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();

  // 2. New terms: a signed-in customer is asked once.
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'terms' });
  await operatorPage.getByRole('tab', { name: 'Terms' }).click();
  operatorPage.once('dialog', (dialog) => void dialog.accept());
  await operatorPage.getByRole('textbox', { name: 'Text (markdown)' }).fill('You agree to **these** terms.');
  await operatorPage.getByRole('button', { name: 'Publish new version' }).click();
  await expect(operatorPage.getByText(/is published: signed-in users are asked to accept it/)).toBeVisible();
  await signInViaUi(page, me.username, me.password);
  const accept = page.getByRole('button', { name: /^I accept the terms \(version \d+\)$/ });
  await expect(accept).toBeVisible();
  await accept.click();
  await expect(accept).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^I accept the terms/ })).toHaveCount(0);

  // The signed-in customer reads the announcement just published: in the list, then in full.
  await page.goto('/Announcements');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByText('annual', { exact: true })).toBeVisible();
  await expect(page.getByText('<script>window.pwned = true</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();

  // 3. Contact us, the operator's reply, the Support Center.
  const subject = `Statement question ${randomUUID().slice(0, 6)}`;
  await page.goto('/contact-us');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  const markup = '<img src=x onerror="window.pwned = true">';
  await page.getByRole('textbox', { name: 'Message' }).fill(`Where do I find my PDF statement? ${markup}`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/Your reference is ST-[A-Z2-9]{8}/)).toBeVisible();
  // The operator is asked to accept the new terms too.
  await operatorPage.reload();
  await operatorPage.getByRole('button', { name: /^I accept the terms/ }).click();
  await operatorPage.getByRole('tab', { name: 'Support tickets' }).click();
  const ticket = operatorPage.locator('div.mantine-Paper-root').filter({ hasText: subject });
  // The customer's markup is text in the back office: no image element, nothing run.
  await expect(ticket.getByText(markup)).toBeVisible();
  await expect(operatorPage.locator('img[src="x"]')).toHaveCount(0);
  expect(await operatorPage.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  await ticket.getByRole('textbox', { name: /^Answer ST-/ }).fill('Open GAE, then PDF.');
  await ticket.getByRole('button', { name: 'Send' }).click();
  // Answered, it leaves the open queue (what waits for an answer) for the answered one.
  await expect(operatorPage.getByText(/^ST-[A-Z2-9]{8} answered; /)).toBeVisible();
  await operatorPage.locator('label', { hasText: /^All$/ }).click();
  await expect(ticket.getByText('answered')).toBeVisible();
  await page.goto('/support');
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(page.getByText('Open GAE, then PDF.')).toBeVisible();
  await expect(page.getByText('Answered')).toBeVisible();
  await expect(page.getByText(markup)).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();

  // 4. The operator closes the ticket; the customer sees it closed, with no answer box.
  operatorPage.once('dialog', (dialog) => void dialog.accept());
  await ticket.getByRole('button', { name: /^Close ST-/ }).click();
  await expect(ticket.getByText('Closed: the customer can write again through the contact form.')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByText(/This message is closed/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your answer' })).toHaveCount(0);
});
