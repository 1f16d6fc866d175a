import { expect, test } from './support/test.js';
import { createVerifiedUser, signInViaUi } from './support/users.js';

test('dashboard price card follows the feed', async ({ page, request }) => {
  test.setTimeout(400_000);
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'price' });
  await signInViaUi(page, me.username, me.password);
  await page.goto('/dashboard');
  const card = page.getByRole('group', { name: 'Gold price' });
  await expect(card).toBeVisible();
  for (let i = 0; i < 5; i++) {
    const api = await (await request.get('/api/market/gold-price?days=7')).json();
    const text = (await card.textContent()) ?? '';
    const line = (await page.getByText(/^Updated /).textContent()) ?? '';
    console.log(new Date().toISOString(), 'card:', text, '|', line, '| api spot', api.spot, 'ticks', api.history.length);
    await page.waitForTimeout(65_000);
  }
});
