import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { currentPath, renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { buildTransaction, fakeHash, fakeWallet } from '@/testing/wallet-api';

const ADDRESS = '0xAbC1234567890defABC1234567890DEFabc12345';
const verified = () => buildSession({ kycVerified: 'Verified' });
const callsTo = (path: string) => testApi.calls.filter((call) => call.path === path);

async function openWallet(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: '0xA...2345' }));
  return screen.findByRole('dialog', { name: 'Wallet' });
}

describe('wallet panel', () => {
  it('shows the balances, the QMGT value at the sell price, the address with QR and how to deposit', async () => {
    fakeWallet.balance = { usdt: '1234.567', qmgt: '0.75' };
    testApi.sandbox = false; // a production start: the real network's deposit wording
    const { user } = renderApp('/', { session: verified(), walletAddress: ADDRESS });
    const panel = await openWallet(user);

    const balances = await within(panel).findByRole('group', { name: 'Balances' });
    expect(within(balances).getByText('1,234.56')).toHaveAttribute('title', '1234.567 USDT');
    expect(within(balances).getByText('0.7500')).toBeInTheDocument();
    // 0.75 x 127.40 = 95.55
    expect(await within(balances).findByText('≈ $95.55 at $127.40/QMGT')).toBeInTheDocument();

    expect(within(panel).getByText(ADDRESS)).toBeInTheDocument();
    expect(within(panel).getByTitle('Wallet address QR code')).toBeInTheDocument();
    expect(within(panel).getByText(/Send only USDT on BNB Smart Chain \(BEP-20\) to this address/)).toBeInTheDocument();

    // The session store mirrors the answer, as strings.
    expect(useSessionStore.getState().balance).toEqual({ usdt: '1234.567', qmgt: '0.75' });
  });

  it("says 'No wallet address to copy!' when there is no address yet", async () => {
    const { user } = renderApp('/', { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Wallet' }));
    const panel = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(within(panel).getByText('Your wallet address is not available yet.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('No wallet address to copy!')).toBeInTheDocument();
  });

  it('shows an error with a retry when the balances cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(apiUrl('/get-qmgt-balance'), () =>
        fail
          ? HttpResponse.json(apiErrorBody(403, 'Your account is locked.', 'ForbiddenError'), { status: 403 })
          : undefined,
      ),
    );
    fakeWallet.balance = { usdt: '7', qmgt: '0' };
    const { user } = renderApp('/transactions', { session: verified(), walletAddress: ADDRESS });
    const panel = await openWallet(user);
    expect(await within(panel).findByText('Your balances could not be loaded')).toBeInTheDocument();
    expect(within(panel).getByText('Your account is locked.')).toBeInTheDocument();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('7.00')).toBeInTheDocument();
  });

  it('in the sandbox, mints test USDT and shows progress until the deposit is credited', async () => {
    fakeWallet.balance = { usdt: '5', qmgt: '0' };
    fakeWallet.creditAfterReads = 2;
    const { user } = renderApp('/', { session: verified(), walletAddress: ADDRESS });
    const panel = await openWallet(user);
    await within(panel).findByText('5.00');

    await user.click(within(panel).getByRole('button', { name: 'Get test USDT' }));
    expect(await within(panel).findByText('Waiting for the deposit to be credited…')).toBeInTheDocument();
    const faucet = callsTo('/dev/faucet');
    expect(faucet).toHaveLength(1);
    expect(faucet[0]?.body).toEqual({ asset: 'USDT', amount: '1000' });
    expect(within(panel).getByRole('link', { name: 'View the deposit on the explorer' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/explorer\/tx\/0x[0-9a-f]{64}$/),
    );

    expect(await within(panel).findByText('Deposit credited: 1000 USDT.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(panel).getByText('1,005.00')).toBeInTheDocument();
    expect(useSessionStore.getState().balance.usdt).toBe('1005');
  });

  it('in the sandbox, lets the customer choose how much test USDT, and speaks of the test chain, not of BEP-20', async () => {
    fakeWallet.balance = { usdt: '0', qmgt: '0' };
    fakeWallet.creditAfterReads = 1;
    const { user } = renderApp('/', { session: verified(), walletAddress: ADDRESS });
    const panel = await openWallet(user);
    await within(panel).findByRole('group', { name: 'Balances' });
    expect(within(panel).getByText(/This address is on the sandbox's local test chain/)).toBeInTheDocument();
    expect(within(panel).queryByText(/BNB Smart Chain/)).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: '10,000' }));
    await user.click(within(panel).getByRole('button', { name: 'Get test USDT' }));
    expect(await within(panel).findByText('Waiting for the deposit to be credited…')).toBeInTheDocument();
    expect(callsTo('/dev/faucet')[0]?.body).toEqual({ asset: 'USDT', amount: '10000' });
    expect(await within(panel).findByText('Deposit credited: 10000 USDT.', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('has no faucet outside the sandbox', async () => {
    testApi.sandbox = false;
    const { user } = renderApp('/', { session: verified(), walletAddress: ADDRESS });
    const panel = await openWallet(user);
    await within(panel).findByRole('group', { name: 'Balances' });
    expect(within(panel).queryByRole('button', { name: 'Get test USDT' })).not.toBeInTheDocument();
    expect(within(panel).getByText(/Send only USDT on BNB Smart Chain \(BEP-20\)/)).toBeInTheDocument();
  });

  it('offers an operator no faucet and no deposit address: nothing would credit them', async () => {
    const { user } = renderApp('/', {
      session: buildSession({ role: 'operator', kycVerified: 'Verified' }),
      walletAddress: ADDRESS,
    });
    const panel = await openWallet(user);
    await within(panel).findByRole('group', { name: 'Balances' });
    expect(within(panel).getByText('No deposits to an operator account')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Get test USDT' })).not.toBeInTheDocument();
    expect(within(panel).queryByText(ADDRESS)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Copy address' })).not.toBeInTheDocument();
  });

  it('says so when the faucet refuses', async () => {
    server.use(
      http.post(apiUrl('/dev/faucet'), () =>
        HttpResponse.json(apiErrorBody(422, 'The faucet gives between 0 and 10000 USDT at a time.'), { status: 422 }),
      ),
    );
    const { user } = renderApp('/', { session: verified(), walletAddress: ADDRESS });
    const panel = await openWallet(user);
    await user.click(within(panel).getByRole('button', { name: 'Get test USDT' }));
    expect(await within(panel).findByText('The faucet gives between 0 and 10000 USDT at a time.')).toBeInTheDocument();
  });
});

describe('dashboard', () => {
  it('shows the balances and their USD value, the gold holdings, the gold price and recent activity, all from the API', async () => {
    fakeWallet.balance = { usdt: '250.5', qmgt: '1.5' };
    fakeWallet.grams = { available: '2.5', locked: '0', plan: '1.25', ges: '0' };
    const deposit = buildTransaction({
      type: 'DEPOSIT',
      assetIn: null,
      amountIn: null,
      assetOut: 'USDT',
      amountOut: '1000',
      price: null,
      fee: null,
      feeAsset: null,
    });
    fakeWallet.transactions = [deposit];
    const { user, router } = renderApp('/dashboard', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();

    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(await within(balances).findByText('250.50')).toBeInTheDocument();
    expect(within(balances).getByText('1.5000')).toBeInTheDocument();
    // 1.5 QMGT x 127.40 = 191.10; with 250.50 USDT: 441.60.
    expect(await within(balances).findByText('≈ $441.60')).toBeInTheDocument();
    expect(within(balances).getByText('≈ $191.10 at $127.40')).toBeInTheDocument();

    // Grams from GET /balances, valued at its spot (130.00).
    const holdings = within(screen.getByRole('region', { name: 'Gold holdings' }));
    const gsa = within((await holdings.findByText('Gold savings (GSA)', { selector: 'p' })).parentElement!);
    expect(gsa.getByText('2.5000 g')).toBeInTheDocument();
    expect(gsa.getByText('≈ $325.00')).toBeInTheDocument();
    const plan = within(holdings.getByText('GAE plan', { selector: 'p' }).parentElement!);
    expect(plan.getByText('1.2500 g')).toBeInTheDocument();
    expect(plan.getByText('≈ $162.50')).toBeInTheDocument();

    const price = within(screen.getByRole('region', { name: 'Gold price' }));
    expect(await price.findByText('$130.00')).toBeInTheDocument();
    expect(price.getByText('$132.60')).toBeInTheDocument();
    expect(price.getByText('$127.40')).toBeInTheDocument();
    expect(
      price.getByRole('img', { name: 'Gold spot price over the last 7 days, from $128.50 to $130.00' }),
    ).toBeInTheDocument();
    expect(price.getByText(/\+1\.16% over the period shown/)).toBeInTheDocument();
    expect(callsTo('/market/gold-price')[0]?.search).toBe('?days=7');

    const activity = within(screen.getByRole('region', { name: 'Recent activity' }));
    const link = await activity.findByRole('link', { name: 'Deposit USDT' });
    expect(link).toHaveAttribute('href', `/transaction-details/${deposit.id}/DEPOSIT`);
    expect(activity.getByText('1,000.00 USDT')).toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Transaction Details', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/transaction-details/${deposit.id}/DEPOSIT`);
  });

  it("says 'No transactions yet' in recent activity for a new client", async () => {
    renderApp('/dashboard', { session: verified() });
    const activity = within(await screen.findByRole('region', { name: 'Recent activity' }));
    expect(await activity.findByText('No transactions yet')).toBeInTheDocument();
  });

  it('shows an error state when the gold price cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/market/gold-price'), () =>
        HttpResponse.json(apiErrorBody(400, 'No gold price is available.'), { status: 400 }),
      ),
    );
    fakeWallet.balance = { usdt: '10', qmgt: '1' };
    renderApp('/dashboard', { session: verified() });
    expect(await screen.findByText('The gold price could not be loaded')).toBeInTheDocument();
    const balances = within(screen.getByRole('region', { name: 'Balances' }));
    expect(await balances.findByText('10.00')).toBeInTheDocument();
    expect(balances.getByText('price unavailable')).toBeInTheDocument();
  });

  it('opens the wallet panel to deposit', async () => {
    const { user } = renderApp('/dashboard', { session: verified(), walletAddress: ADDRESS });
    await user.click(await screen.findByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('dialog', { name: 'Wallet' })).toBeInTheDocument();
  });
});

describe('built-in explorer', () => {
  it('shows status, confirmations, block, time, addresses and token transfers of the local chain', async () => {
    const hash = fakeHash(77);
    fakeWallet.explorer[hash] = {
      hash,
      status: 'success',
      blockNumber: '42',
      timestamp: '2025-03-01T10:00:05.000Z',
      confirmations: '3',
      from: '0x1111111111111111111111111111111111111111',
      to: '0x2222222222222222222222222222222222222222',
      transfers: [
        {
          token: 'QMGT',
          from: '0x0000000000000000000000000000000000000000',
          to: '0x3333333333333333333333333333333333333333',
          amount: '0.746268656716417910',
        },
      ],
    };
    renderApp(`/explorer/tx/${hash}`);
    expect(await screen.findByRole('heading', { name: 'Block Explorer', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Local sandbox chain')).toBeInTheDocument();
    expect(await screen.findAllByText('Success')).toHaveLength(2);
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByText('0x1111111111111111111111111111111111111111')).toBeInTheDocument();
    const transfers = within(screen.getByRole('table', { name: 'Token transfers' }));
    expect(transfers.getByText('QMGT')).toBeInTheDocument();
    expect(transfers.getByText('0.7462 QMGT')).toHaveAttribute('title', '0.746268656716417910 QMGT');
  });

  it('says when the chain does not know a transaction', async () => {
    renderApp(`/explorer/tx/${fakeHash(999)}`);
    expect(await screen.findByText('Transaction not found')).toBeInTheDocument();
  });

  it('follows a pending transaction until it is mined', async () => {
    const hash = fakeHash(78);
    const base = { hash, from: '0x1', to: '0x2', transfers: [] };
    fakeWallet.explorer[hash] = { ...base, status: 'pending', blockNumber: null, timestamp: null, confirmations: '0' };
    renderApp(`/explorer/tx/${hash}`);
    expect(await screen.findAllByText('Pending')).toHaveLength(2);
    expect(screen.getByText('No token moved in this transaction.')).toBeInTheDocument();
    fakeWallet.explorer[hash] = {
      ...base,
      status: 'success',
      blockNumber: '9',
      timestamp: '2025-03-01T10:00:05.000Z',
      confirmations: '1',
    };
    expect(await screen.findAllByText('Success', {}, { timeout: 8000 })).toHaveLength(2);
  });
});
