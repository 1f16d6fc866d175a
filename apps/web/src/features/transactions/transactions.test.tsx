import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { currentPath, renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { buildTransaction, fakeWallet } from '@/testing/wallet-api';

const verified = () => buildSession({ kycVerified: 'Verified' });
const listCalls = () => testApi.calls.filter((call) => call.path === '/transactions');

describe('transaction history', () => {
  it("says 'No transactions yet' when there are none", async () => {
    renderApp('/transactions', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'Transactions', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(listCalls()[0]?.search).toBe('?pageSize=20');
  });

  it('keeps the Status column pinned to the right edge, so a narrow table scrolls under it instead of cutting it', async () => {
    // jsdom lays nothing out: this checks the pinning that keeps 'Completed' whole at 1280 px
    // beside the sidebar (checked in Chromium), where the eight columns need a little more room.
    fakeWallet.transactions = [buildTransaction({ status: 'completed' })];
    renderApp('/transactions', { session: verified() });
    const table = await screen.findByRole('table', { name: 'All transactions' });
    const status = within(table).getByRole('columnheader', { name: 'Status' });
    const cell = within(table).getByText('Completed').closest('td');
    for (const element of [status, cell]) expect(element).toHaveStyle({ position: 'sticky', right: '0px' });
  });

  it('lists date, code, type, amounts, price, fee and status, each row linking to its details', async () => {
    const buy = buildTransaction({ amountIn: '100', amountOut: '0.750123456', fee: '0.00377', price: '132.6' });
    const deposit = buildTransaction({
      type: 'DEPOSIT',
      code: 'DP-DEPOSIT0001',
      assetIn: null,
      amountIn: null,
      assetOut: 'USDT',
      amountOut: '1000',
      price: null,
      fee: null,
      feeAsset: null,
    });
    const pending = buildTransaction({ status: 'pending', txHash: null, explorerUrl: null });
    fakeWallet.transactions = [pending, deposit, buy];
    renderApp('/transactions', { session: verified() });

    const table = await screen.findByRole('table', { name: 'All transactions' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Code', 'Type', 'Paid', 'Received', 'Price (USDT)', 'Fee', 'Status']);
    expect(rows).toHaveLength(4);
    const buyRow = within(rows[3]!);
    expect(buyRow.getByRole('link', { name: buy.code })).toHaveAttribute('href', `/transaction-details/${buy.id}/QMGT`);
    expect(buyRow.getByText('Buy QMGT')).toBeInTheDocument();
    expect(buyRow.getByText('100.00 USDT')).toBeInTheDocument();
    // Rounded down to 4 decimals; the exact figure is in the title.
    expect(buyRow.getByText('0.7501 QMGT')).toHaveAttribute('title', '0.750123456 QMGT');
    expect(buyRow.getByText('132.60')).toHaveAttribute('title', '132.6 USDT');
    expect(buyRow.getByText('0.0037 QMGT')).toBeInTheDocument();
    expect(buyRow.getByText('Completed')).toBeInTheDocument();

    const depositRow = within(rows[2]!);
    expect(depositRow.getByText('Deposit USDT')).toBeInTheDocument();
    expect(depositRow.getByText('1,000.00 USDT')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 transactions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more transactions' })).not.toBeInTheDocument();
  });

  it('loads more by key: each page starts after the last row shown', async () => {
    fakeWallet.transactions = Array.from({ length: 45 }, (_, i) =>
      buildTransaction({ code: `QM-PAGE${String(i + 1).padStart(4, '0')}` }),
    );
    const { user } = renderApp('/transactions', { session: verified() });
    const table = await screen.findByRole('table', { name: 'All transactions' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Showing 20 transactions')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'QM-PAGE0001' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more transactions' }));
    expect(await screen.findByText('Showing 40 transactions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'QM-PAGE0021' })).toBeInTheDocument();
    const lastShown = fakeWallet.transactions[19]!.id;
    expect(listCalls().at(-1)?.search).toBe(`?cursor=${lastShown}&pageSize=20`);

    await user.click(screen.getByRole('button', { name: 'Load more transactions' }));
    expect(await screen.findByText('Showing 45 transactions')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(46);
    expect(screen.queryByRole('button', { name: 'Load more transactions' })).not.toBeInTheDocument();
  });

  it('keeps the rows shown when loading more fails, and says so', async () => {
    fakeWallet.transactions = Array.from({ length: 25 }, () => buildTransaction());
    const { user } = renderApp('/transactions', { session: verified() });
    await screen.findByText('Showing 20 transactions');
    server.use(
      http.get(apiUrl('/transactions'), () =>
        HttpResponse.json(apiErrorBody(403, 'Not allowed here', 'ForbiddenError'), { status: 403 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Load more transactions' }));
    expect(await screen.findByText('Not allowed here')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(21);
  });

  it.each([
    ['/transactions-buysell', 'QMGT', 'QMGT Transactions'],
    ['/transactions-convert', 'CONVERT', 'Convert Transactions'],
    ['/transactions-gae', 'GAE', 'GAE Transactions'],
    ['/transactions-gaex', 'GAEX', 'GAEX Transactions'],
  ])('%s lists type %s only', async (path, type, title) => {
    fakeWallet.transactions = [buildTransaction()];
    renderApp(path, { session: verified() });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    if (type === 'QMGT') expect(await screen.findByRole('table', { name: 'QMGT transactions' })).toBeInTheDocument();
    else expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(listCalls()[0]?.search).toBe(`?type=${type}&pageSize=20`);
    expect(screen.getByRole('navigation', { name: 'Transaction types' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the history cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(apiUrl('/transactions'), () =>
        fail ? HttpResponse.json(apiErrorBody(403, 'Not allowed here', 'ForbiddenError'), { status: 403 }) : undefined,
      ),
    );
    fakeWallet.transactions = [buildTransaction({ code: 'QM-AFTERRETRY' })];
    const { user } = renderApp('/transactions', { session: verified() });
    expect(await screen.findByText('Your transactions could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Not allowed here')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'QM-AFTERRETRY' })).toBeInTheDocument();
  });

  it('shows a loading state first', async () => {
    renderApp('/transactions', { session: verified() });
    expect(await screen.findByText('Loading transactions…')).toBeInTheDocument();
  });
});

describe('transaction details', () => {
  it('says an off-chain transaction is complete without a chain transfer, with its gram price', async () => {
    const payment = buildTransaction({
      type: 'PAYMENT',
      status: 'completed',
      assetIn: 'USD',
      amountIn: '50',
      assetOut: 'GOLD',
      amountOut: '0.378846',
      price: '130',
      fee: '0.75',
      feeAsset: 'USD',
      txHash: null,
      explorerUrl: null,
    });
    fakeWallet.transactions = [payment];
    renderApp(`/transaction-details/${payment.id}/PAYMENT`, { session: verified() });
    expect(await screen.findByText('Completed in your account: nothing had to go on chain.')).toBeInTheDocument();
    expect(screen.getByText('None: not an on-chain transfer')).toBeInTheDocument();
    expect(screen.getByText(/per gram/)).toBeInTheDocument();
    expect(screen.queryByText('Final on chain.')).not.toBeInTheDocument();
  });

  it('follows a pending transaction until the chain completes it, then links to the explorer', async () => {
    const pending = buildTransaction({ status: 'pending', txHash: null, explorerUrl: null });
    fakeWallet.transactions = [pending];
    // StrictMode reads it twice on mount; the third read (a poll) finds it settled.
    fakeWallet.settleAfterPolls = 3;
    renderApp(`/transaction-details/${pending.id}/QMGT`, { session: verified() });
    expect(await screen.findByRole('heading', { name: 'Transaction Details', level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByText('Waiting for the chain to confirm this transaction. This page updates by itself.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not on chain yet')).toBeInTheDocument();

    expect(await screen.findByText('Completed', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Final on chain.')).toBeInTheDocument();
    const settled = fakeWallet.transactions[0]!;
    expect(screen.getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
      'href',
      `/explorer/tx/${settled.txHash}`,
    );
    const polls = testApi.calls.filter((call) => call.path === `/transaction-details/${pending.id}/QMGT`).length;
    expect(polls).toBeGreaterThanOrEqual(3);
    // Final: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(testApi.calls.filter((call) => call.path === `/transaction-details/${pending.id}/QMGT`)).toHaveLength(polls);
  });

  it('shows a failed transaction with its reason', async () => {
    const failed = buildTransaction({
      status: 'failed',
      txHash: null,
      explorerUrl: null,
      failureReason: 'The chain refused the mint.',
    });
    fakeWallet.transactions = [failed];
    renderApp(`/transaction-details/${failed.id}/QMGT`, { session: verified() });
    expect(await screen.findByText('This transaction failed')).toBeInTheDocument();
    expect(screen.getByText('The chain refused the mint. Your balance was restored.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View on block explorer' })).not.toBeInTheDocument();
  });

  it('opens an outside explorer in a new tab', async () => {
    const onBsc = buildTransaction({ explorerUrl: 'https://bscscan.com/tx/0xabc' });
    fakeWallet.transactions = [onBsc];
    renderApp(`/transaction-details/${onBsc.id}/QMGT`, { session: verified() });
    const link = await screen.findByRole('link', { name: 'View on block explorer' });
    expect(link).toHaveAttribute('href', 'https://bscscan.com/tx/0xabc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('goes from a history row to its details', async () => {
    const buy = buildTransaction();
    fakeWallet.transactions = [buy];
    const { user, router } = renderApp('/transactions-buysell', { session: verified() });
    await user.click(await screen.findByRole('link', { name: buy.code }));
    expect(await screen.findByRole('heading', { name: 'Transaction Details', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/transaction-details/${buy.id}/QMGT`);
    expect(await screen.findByRole('heading', { name: 'Buy QMGT', level: 2 })).toBeInTheDocument();
  });

  it('finds a transaction by type and code, in any case', async () => {
    const buy = buildTransaction({ code: 'QM-ABCDEFGH23' });
    fakeWallet.transactions = [buy];
    renderApp('/transactions/QMGT/qm-abcdefgh23', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'Transaction', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('QM-ABCDEFGH23')).toBeInTheDocument();
  });

  it("says 'Transaction not found' for someone else's or a missing transaction", async () => {
    renderApp('/transaction-details/00000000-0000-4000-8000-999999999999/QMGT', { session: verified() });
    expect(await screen.findByText('Transaction not found')).toBeInTheDocument();
  });

  it('refuses an unknown type without asking the API', async () => {
    renderApp('/transactions/BOGUS/QM-1', { session: verified() });
    expect(await screen.findByText('Unknown transaction type')).toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path.startsWith('/transactions/'))).toBe(false);
  });

  it('asks a guest to log in, without asking the API', async () => {
    renderApp('/transaction-details/42/QMGT');
    expect(await screen.findByText(/Log in to see this transaction/)).toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path.startsWith('/transaction-details'))).toBe(false);
  });
});
