import { expect, test } from './support/test.js';
import { bearer, fundedWithUsdt, postAs } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/*
 * Issue 25's recurring savings on a phone (360 px): a customer with an open GAE plan switches
 * auto-save to weekly on a weekday with a monthly cap, sees the next purchase day (the API's,
 * a day of that weekday), pauses and resumes it. Against the real API. Screenshots at 360 and
 * 1280 px are kept in the test's output folder.
 */

test.use({ viewport: { width: 360, height: 740 } });

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('auto-save: switch to weekly at 360 px, see the next run, pause and resume', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'autosave' });
  const session = await signInViaApi(request, me.username, me.password);
  await fundedWithUsdt(request, session, '1000');
  const quote = await postAs(request, session, '/api/gae/quote', { kind: 'GAE', amountUsdt: '300' });
  await postAs(request, session, '/api/gae/purchase', { quoteId: quote.quoteId });

  await signInViaUi(page, me.username, me.password);
  await page.goto('/GAE/Purchase');
  await expect(page.getByRole('heading', { name: 'Auto-save', level: 3 })).toBeVisible();
  await expect(page.getByText('No auto-save has run yet.')).toBeVisible();

  await page.getByRole('switch', { name: 'Buy gold automatically' }).check();
  await page.getByText('Weekly', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Amount each time (USDT)' }).fill('150');
  // Two days ahead: today's would be bought by the job's next pass while the test reads it.
  const weekday = WEEKDAYS[(new Date().getUTCDay() + 6 + 2) % 7]!;
  await page.getByRole('combobox', { name: 'Weekday' }).selectOption(weekday);
  await page.getByRole('textbox', { name: 'Monthly cap (USDT, optional)' }).fill('600');
  await page.getByRole('button', { name: 'Save auto-save' }).click();

  await expect(page.getByText(`150.00 USDT every ${weekday}, at most 600.00 USDT a month.`)).toBeVisible();
  const plan = (await (await request.get('/api/gae/plan', { headers: bearer(session) })).json()) as {
    plan: { autoSave: { frequency: string; dayOfWeek: number; nextRunOn: string } };
  };
  const { autoSave } = plan.plan;
  expect(autoSave).toMatchObject({ frequency: 'weekly', dayOfWeek: WEEKDAYS.indexOf(weekday) + 1 });
  const next = new Date(`${autoSave.nextRunOn}T00:00:00Z`);
  expect(WEEKDAYS[(next.getUTCDay() + 6) % 7]).toBe(weekday);
  const shown = await page.evaluate(
    (day) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day)),
    `${autoSave.nextRunOn}T00:00:00Z`,
  );
  await expect(page.getByText(`Next purchase on ${shown}.`, { exact: true })).toBeVisible();
  // Nothing runs off the side of a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('auto-save-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('auto-save-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });

  await page.getByRole('button', { name: 'Pause auto-save' }).click();
  await expect(page.getByText(/Paused: nothing is bought or skipped/)).toBeVisible();
  await expect(page.getByText(/the ones missed while paused are not made up/)).toBeVisible();
  await page.getByRole('button', { name: 'Resume auto-save' }).click();
  await expect(page.getByText(`Next purchase on ${shown}.`, { exact: true })).toBeVisible();
});
