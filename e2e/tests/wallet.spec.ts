import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { verifyKycViaApi } from './support/kyc.js';
import { expectBooksSound } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi, type Session } from './support/users.js';

/**
 * Journey of issue 4 ("Done when"): a KYC-verified client taps the sandbox faucet, sees the
 * deposit arrive, swaps 100 USDT for QMGT seeing price and fee first, gets the transaction
 * modal with its explorer link, sells part back at the quote it was shown, follows a
 * transaction to the built-in explorer, and finds history and dashboard agreeing with the
 * balances to the last unit.
 * Everything runs against the real API, its ledger and the local anvil chain.
 */

type Balance = { usdt: string; qmgt: string };
type Transaction = {
  id: string;
  code: string;
  type: string;
  status: 'pending' | 'completed' | 'failed';
  assetIn: string | null;
  amountIn: string | null;
  assetOut: string | null;
  amountOut: string | null;
  price: string | null;
  fee: string | null;
  txHash: string | null;
  explorerUrl: string | null;
};

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.jwt}` });

/** Decimal string -> smallest units of an 18-decimal token (USDT and QMGT both have 18). */
function units(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0') || '0');
}

/** Units -> what the screens show: grouped, rounded down to `decimals` (USDT 2, QMGT 4). */
function shown(value: bigint, decimals: number): string {
  const truncated = value / 10n ** BigInt(18 - decimals);
  const whole = (truncated / 10n ** BigInt(decimals)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (truncated % 10n ** BigInt(decimals)).toString().padStart(decimals, '0');
  return `${whole}.${fraction}`;
}

async function balanceOf(request: APIRequestContext, session: Session): Promise<Balance> {
  const response = await request.get('/api/get-qmgt-balance', { headers: bearer(session) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Balance;
}

async function transactionsOf(request: APIRequestContext, session: Session): Promise<Transaction[]> {
  const response = await request.get('/api/transactions', { headers: bearer(session), params: { pageSize: 100 } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Transaction[] }).data;
}

/** The figure of the quote summary's row named `label` ('You pay', 'Fee', ...). */
const quoteRow = (quote: Locator, label: string) => quote.locator(`dt:text-is("${label}") + dd`);

async function openWallet(page: Page): Promise<Locator> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^0x\w{1}\.\.\.\w{4}$/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Wallet' });
  await expect(panel).toBeVisible();
  return panel;
}

test('a verified client: faucet, deposit, swap with price and fee first, sell back, explorer, history and dashboard agree', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);

  // A confirmed account, really verified on the server.
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'wallet' });
  const session = await signInViaApi(request, me.username, me.password);
  await verifyKycViaApi(request, session);
  await signInViaUi(page, me.username, me.password);
  // The sidebar of a verified client is there.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // 1. The faucet: test USDT minted on the local chain, credited by the deposit watcher.
  let panel = await openWallet(page);
  const balances = panel.getByRole('group', { name: 'Balances' });
  await expect(balances.getByText('0.00', { exact: true })).toBeVisible();
  await expect(panel.getByText(/This address is on the sandbox's local test chain/)).toBeVisible();
  await panel.getByRole('button', { name: 'Get test USDT' }).click();
  await expect(panel.getByText('Waiting for the deposit to be credited…')).toBeVisible();
  await expect(panel.getByText('Deposit credited: 1000 USDT.')).toBeVisible({ timeout: 60_000 });
  await expect(balances.getByText('1,000.00', { exact: true })).toBeVisible();
  expect(await balanceOf(request, session)).toEqual({ usdt: '1000', qmgt: '0' });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // 2. Swap 100 USDT for QMGT: price, fee and what arrives are on screen before confirming.
  await page.getByRole('textbox', { name: 'You pay' }).fill('100');
  const quote = page.getByRole('group', { name: 'Quote' });
  await expect(quote).toBeVisible({ timeout: 15_000 });
  await expect(quoteRow(quote, 'You pay')).toHaveText('100.00 USDT');
  await expect(quoteRow(quote, 'Buy price')).toHaveText(/^[\d,]+\.\d{2} USDT per QMGT$/);
  await expect(quoteRow(quote, 'Fee')).toHaveText(/^\d+\.\d{4} QMGT$/);
  await expect(quote.getByRole('timer')).toHaveText(/^Quote expires in \d+ s$/);
  const promised = (await quoteRow(quote, 'You receive').textContent())?.trim() ?? '';
  expect(promised).toMatch(/^\d+\.\d{4} QMGT$/);
  // Nothing has moved yet.
  expect(await balanceOf(request, session)).toEqual({ usdt: '1000', qmgt: '0' });

  await page.getByRole('button', { name: 'Confirm swap' }).click();
  const modal = page.getByRole('dialog', { name: 'Transaction status' });
  await expect(modal.getByText('Processing your transaction')).toBeVisible();
  await expect(modal.getByText('Transaction Successful')).toBeVisible({ timeout: 90_000 });
  await expect(modal.getByText(`You received ${promised} for 100.00 USDT.`)).toBeVisible();
  const buyExplorer = modal.getByRole('link', { name: 'View on block explorer' });
  await expect(buyExplorer).toHaveAttribute('href', /^\/explorer\/tx\/0x[0-9a-f]{64}$/);

  const afterBuy = await balanceOf(request, session);
  expect(afterBuy.usdt).toBe('900');
  const [buy] = await transactionsOf(request, session);
  expect(buy).toMatchObject({ type: 'QMGT', status: 'completed', assetIn: 'USDT', amountIn: '100', assetOut: 'QMGT' });
  expect(afterBuy.qmgt).toBe(buy!.amountOut);
  expect(`${shown(units(buy!.amountOut!), 4)} QMGT`).toBe(promised);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  // The form starts over.
  await expect(page.getByRole('textbox', { name: 'You pay' })).toHaveValue('');

  // 3. Sell part back through the QMGT page (POST /sell-token) at the quote shown: price, fee,
  // USDT received and its countdown first, then the sale sends that quote and pays what it said.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'QMGT', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'QMGT Transactions', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount to sell' }).fill('0.1');
  const sellQuote = page.getByRole('group', { name: 'Quote' });
  await expect(sellQuote).toBeVisible({ timeout: 15_000 });
  await expect(quoteRow(sellQuote, 'You pay')).toHaveText('0.1000 QMGT');
  await expect(quoteRow(sellQuote, 'Sell price')).toHaveText(/^[\d,]+\.\d{2} USDT per QMGT$/);
  await expect(quoteRow(sellQuote, 'Fee')).toHaveText(/^\d+\.\d{2} USDT$/);
  await expect(sellQuote.getByRole('timer')).toHaveText(/^Quote expires in \d+ s$/);
  const sellPromised = (await quoteRow(sellQuote, 'You receive').textContent())?.trim() ?? '';
  expect(sellPromised).toMatch(/^[\d,]+\.\d{2} USDT$/);
  const sellRequest = page.waitForRequest((r) => r.url().endsWith('/api/sell-token') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Sell QMGT' }).click();
  const sent = (await sellRequest).postDataJSON() as { amount: string; quoteId?: string };
  expect(sent).toEqual({ amount: '0.1', quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  await expect(modal.getByText('Transaction Successful')).toBeVisible({ timeout: 90_000 });
  await expect(modal.getByText(`You received ${sellPromised} for 0.1000 QMGT.`)).toBeVisible();
  const [sell] = await transactionsOf(request, session);
  expect(sell).toMatchObject({ type: 'QMGT', status: 'completed', assetIn: 'QMGT', amountIn: '0.1', assetOut: 'USDT' });
  expect(`${shown(units(sell!.amountOut!), 2)} USDT`).toBe(sellPromised);

  await modal.getByRole('link', { name: 'View on block explorer' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(`/explorer/tx/${sell!.txHash}`);
  await expect(page.getByRole('heading', { name: 'Block Explorer', level: 1 })).toBeVisible();
  await expect(page.getByText('Local sandbox chain')).toBeVisible();
  await expect(page.getByText('Success', { exact: true }).first()).toBeVisible();
  const burn = page.getByRole('table', { name: 'Token transfers' });
  await expect(burn.getByRole('cell', { name: 'QMGT', exact: true })).toBeVisible();
  await expect(burn.getByText('0.1000 QMGT')).toBeVisible();

  // 4. History lists all three, newest first; a row leads to details and on to the explorer.
  await page.goto('/transactions');
  const table = page.getByRole('table', { name: 'All transactions' });
  await expect(table.getByRole('row')).toHaveCount(4);
  // Paged by key: no 'of N' any more, and no 'Load more' when everything is shown.
  await expect(page.getByText('Showing 3 transactions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more transactions' })).toHaveCount(0);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Sell QMGT');
  await expect(rows.nth(2)).toContainText('Buy QMGT');
  await expect(rows.nth(2)).toContainText('100.00 USDT');
  await expect(rows.nth(2)).toContainText(promised);
  await expect(rows.nth(3)).toContainText('Deposit USDT');
  await expect(rows.nth(3)).toContainText('1,000.00 USDT');
  for (const row of [1, 2, 3]) await expect(rows.nth(row)).toContainText('Completed');

  await table.getByRole('link', { name: buy!.code }).click();
  await expect(page).toHaveURL(`/transaction-details/${buy!.id}/QMGT`);
  await expect(page.getByRole('heading', { name: 'Buy QMGT', level: 2 })).toBeVisible();
  await expect(page.getByText('Final on chain.')).toBeVisible();
  await page.getByRole('link', { name: 'View on block explorer' }).click();
  await expect(page).toHaveURL(`/explorer/tx/${buy!.txHash}`);
  const mint = page.getByRole('table', { name: 'Token transfers' });
  await expect(mint.getByText(promised)).toBeVisible();
  await expect(page.getByText('Confirmations', { exact: true })).toBeVisible();

  // 5. The ledger, history and dashboard agree to the last unit.
  const finalBalance = await balanceOf(request, session);
  const history = await transactionsOf(request, session);
  const sum = { USDT: 0n, QMGT: 0n } as Record<string, bigint>;
  for (const t of history.filter((entry) => entry.status === 'completed')) {
    if (t.assetIn && t.amountIn) sum[t.assetIn] = (sum[t.assetIn] ?? 0n) - units(t.amountIn);
    if (t.assetOut && t.amountOut) sum[t.assetOut] = (sum[t.assetOut] ?? 0n) + units(t.amountOut);
  }
  expect(sum.USDT).toBe(units(finalBalance.usdt));
  expect(sum.QMGT).toBe(units(finalBalance.qmgt));
  expect(units(finalBalance.qmgt)).toBe(units(buy!.amountOut!) - units('0.1'));

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Balances' });
  await expect(summary.getByTestId('balance-usdt')).toHaveText(shown(units(finalBalance.usdt), 2));
  await expect(summary.getByTestId('balance-usdt')).toHaveAttribute('title', `${finalBalance.usdt} USDT`);
  await expect(summary.getByTestId('balance-qmgt')).toHaveText(shown(units(finalBalance.qmgt), 4));
  await expect(summary.getByTestId('balance-qmgt')).toHaveAttribute('title', `${finalBalance.qmgt} QMGT`);
  await expect(summary.getByTestId('balance-total')).toHaveText(/^≈ \$[\d,]+\.\d{2}$/);
  const goldPrice = page.getByRole('region', { name: 'Gold price' });
  await expect(goldPrice.getByText('Spot', { exact: true })).toBeVisible();
  // A fresh server has one price so far: the chart or the word that it is coming.
  await expect(
    goldPrice
      .getByRole('img', { name: /Gold spot price over the last 7 days/ })
      .or(goldPrice.getByText('The chart fills in as prices are recorded.')),
  ).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent activity' });
  await expect(recent.getByRole('link', { name: 'Sell QMGT' })).toBeVisible();
  await expect(recent.getByRole('link', { name: 'Buy QMGT' })).toBeVisible();
  await expect(recent.getByRole('link', { name: 'Deposit USDT' })).toBeVisible();

  // The store's mirror of the balance holds the API's strings.
  const stored = await page.evaluate(() => {
    const raw = localStorage.getItem('qmgt-session');
    return raw ? (JSON.parse(raw) as { state: { balance: Balance } }).state.balance : null;
  });
  expect(stored).toEqual(finalBalance);

  // The wallet panel says the same.
  panel = await openWallet(page);
  await expect(
    panel.getByRole('group', { name: 'Balances' }).getByText(shown(units(finalBalance.qmgt), 4), { exact: true }),
  ).toBeVisible();

  // The books: the ledger balances, and the chain holds what it owes (the swap minted, the sale burnt).
  await expectBooksSound(request, testInfo);
});

test('an unverified client is asked to finish KYC instead of getting a quote', async ({ page, request }) => {
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'nokyc' });
  await signInViaUi(page, me.username, me.password);
  await page.getByRole('textbox', { name: 'You pay' }).fill('100');
  await expect(page.getByText('Verify your identity to swap')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify my identity' })).toHaveAttribute('href', '/kyc-verification');
  await expect(page.getByRole('button', { name: 'Confirm swap' })).toBeDisabled();
  // The server agrees: no quote without KYC.
  const session = await signInViaApi(request, me.username, me.password);
  const refused = await request.post('/api/swap/quote', {
    headers: bearer(session),
    data: { from: 'USDT', to: 'QMGT', amount: '100' },
  });
  expect(refused.status()).toBe(403);
});
