import { formatUnits, toUnits } from '@qmgt/contracts';
import { http, HttpResponse } from 'msw';
import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { fakeWallet, quoteFigures } from '@/testing/wallet-api';

const verified = () => buildSession({ kycVerified: 'Verified' });
const callsTo = (path: string) => testApi.calls.filter((call) => call.path === path);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What the screen shows for what the fake API quotes: rounded down to QMGT's 4 decimals. */
const receiveText = (from: 'USDT' | 'QMGT', amount: string) => {
  const figures = quoteFigures(from, amount);
  return `${formatUnits(toUnits(figures.amountOut, figures.to), figures.to)} ${figures.to}`;
};

async function typeAmount(user: ReturnType<typeof renderApp>['user'], amount: string) {
  const field = await screen.findByRole('textbox', { name: 'You pay' });
  await user.clear(field);
  await user.type(field, amount);
  return field;
}

describe('swap screen', () => {
  it('shows the price, the fee and what arrives before confirming, counts the quote down and replaces it when it expires', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/', { session: verified(), fakeTimers: true });
    expect(await screen.findByRole('heading', { name: 'Swap', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Available: 500.00 USDT')).toBeInTheDocument();

    await typeAmount(user, '100');
    const quote = await screen.findByRole('group', { name: 'Quote' });
    const figures = quoteFigures('USDT', '100');
    expect(within(quote).getByText('100.00 USDT')).toBeInTheDocument();
    expect(within(quote).getByText('132.60 USDT per QMGT')).toBeInTheDocument();
    expect(within(quote).getByText(`${formatUnits(toUnits(figures.fee, 'QMGT'), 'QMGT')} QMGT`)).toBeInTheDocument();
    expect(within(quote).getByText(receiveText('USDT', '100'))).toBeInTheDocument();
    expect(within(quote).getByRole('timer')).toHaveTextContent(/^Quote expires in (30|29) s$/);
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled();
    // Nothing moved: a quote is only a promise.
    expect(callsTo('/swap')).toHaveLength(0);
    expect(callsTo('/swap/quote')).toHaveLength(1);
    expect(callsTo('/swap/quote')[0]?.body).toEqual({ from: 'USDT', to: 'QMGT', amount: '100' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(within(screen.getByRole('group', { name: 'Quote' })).getByRole('timer')).toHaveTextContent(
      /^Quote expires in (10|9) s$/,
    );

    await act(async () => {
      await vi.advanceTimersByTimeAsync(11_000);
    });
    await waitFor(() => expect(callsTo('/swap/quote')).toHaveLength(2));
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Quote' })).getByRole('timer')).toHaveTextContent(
        /^Quote expires in (30|29) s$/,
      ),
    );
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled();
  });

  it('waits for the typing to stop before asking for a quote', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/', { session: verified() });
    await typeAmount(user, '123.45');
    await screen.findByRole('group', { name: 'Quote' });
    expect(callsTo('/swap/quote').map((call) => call.body)).toEqual([{ from: 'USDT', to: 'QMGT', amount: '123.45' }]);
  });

  it('says at the amount why there is no quote below the minimum, offers no retry, and keeps Confirm disabled', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/', { session: verified() });
    const field = await typeAmount(user, '5');
    // The API's 422 naming the amount: only another amount helps, so no "Try again".
    await waitFor(() => expect(field).toHaveAccessibleDescription('The smallest purchase is 10 USDT.'));
    expect(field).toBeInvalid();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled();

    await typeAmount(user, '100');
    await screen.findByRole('group', { name: 'Quote' });
    expect(field).toBeValid();
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled();
  });

  it('offers "Try again" when the quote failed on the server, and quotes on the retry', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    let priceFeedDown = true;
    server.use(
      // Falls through to the fake API once the feed is back.
      http.post(apiUrl('/swap/quote'), () =>
        priceFeedDown
          ? HttpResponse.json(apiErrorBody(503, 'No gold price is available.', 'ServiceUnavailableError'), {
              status: 503,
            })
          : undefined,
      ),
    );
    const { user } = renderApp('/', { session: verified(), fakeTimers: true });
    const field = await typeAmount(user, '100');
    // The query's own retries (1 s, 2 s, 4 s) fail too before the screen says so.
    for (let second = 0; second < 10 && !screen.queryByRole('alert'); second += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
    }
    const alert = await screen.findByRole('alert');
    priceFeedDown = false;
    expect(alert).toHaveTextContent('No gold price is available.');
    expect(field).toBeValid();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Quote' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled();
  });

  it('shows a refusal no retry can change without "Try again"', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    server.use(
      http.post(apiUrl('/swap/quote'), () =>
        HttpResponse.json(apiErrorBody(403, 'Trading is paused for this account.', 'ForbiddenError'), {
          status: 403,
        }),
      ),
    );
    const { user } = renderApp('/', { session: verified() });
    await typeAmount(user, '100');
    expect(await screen.findByRole('alert')).toHaveTextContent('Trading is paused for this account.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('refuses junk amounts without asking the API', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/', { session: verified() });
    await typeAmount(user, '1e5');
    expect(await screen.findByText('Enter an amount like 12.5 (digits and one decimal point)')).toBeInTheDocument();
    await typeAmount(user, '0');
    expect(await screen.findByText('Enter an amount above zero')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(callsTo('/swap/quote')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled();
  });

  it('disables Confirm when the amount is more than the balance, compared in units rather than floats', async () => {
    fakeWallet.balance = { usdt: '100.5', qmgt: '0' };
    const { user } = renderApp('/', { session: verified() });
    await screen.findByText('Available: 100.50 USDT');

    // As JS numbers these two are equal; as money the first is more than the balance.
    await typeAmount(user, '100.500000000000000001');
    expect(await screen.findByText('Insufficient USDT balance.')).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Quote' });
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deposit USDT' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Max: use my whole USDT balance' }));
    expect(screen.getByRole('textbox', { name: 'You pay' })).toHaveValue('100.5');
    await waitFor(() => expect(screen.queryByText('Insufficient USDT balance.')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled());

    // The deposit button opens the wallet panel.
    await typeAmount(user, '101');
    await user.click(await screen.findByRole('button', { name: 'Deposit USDT' }));
    expect(await screen.findByRole('dialog', { name: 'Wallet' })).toBeInTheDocument();
  });

  it('confirms with an Idempotency-Key and takes the modal from loading to success with the explorer link', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    fakeWallet.settleAfterPolls = 2;
    const { user } = renderApp('/', { session: verified() });
    await typeAmount(user, '100');
    await screen.findByRole('group', { name: 'Quote' });
    const quoteId = (await waitFor(() => [...fakeWallet.quotes.keys()][0]!))!;

    await user.click(screen.getByRole('button', { name: 'Confirm swap' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Processing your transaction')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button')).not.toBeInTheDocument();
    expect(await within(dialog).findByText('Booked. Waiting for the chain to confirm it…')).toBeInTheDocument();

    expect(await within(dialog).findByText('Transaction Successful', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(dialog).getByText(`You received ${receiveText('USDT', '100')} for 100.00 USDT.`)).toBeInTheDocument();
    const settled = fakeWallet.transactions[0]!;
    expect(settled.status).toBe('completed');
    expect(within(dialog).getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
      'href',
      `/explorer/tx/${settled.txHash}`,
    );
    expect(within(dialog).getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      `/transaction-details/${settled.id}/QMGT`,
    );

    const swaps = callsTo('/swap');
    expect(swaps).toHaveLength(1);
    expect(swaps[0]?.body).toEqual({ quoteId });
    expect(swaps[0]?.idempotencyKey).toMatch(UUID);
    // The details were polled until the chain settled it.
    expect(callsTo(`/transaction-details/${settled.id}/QMGT`).length).toBeGreaterThanOrEqual(2);

    // The form starts over, and the balance was asked again and mirrored into the store.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'You pay' })).toHaveValue(''));
    await waitFor(() => expect(useSessionStore.getState().balance).toEqual(fakeWallet.balance));
    expect(useSessionStore.getState().balance.usdt).toBe('400');

    await user.click(within(dialog).getByRole('button'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says plainly that an expired quote moved nothing, and quotes again at once', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    fakeWallet.nextMoveFailure = {
      status: 422,
      message: 'This quote has expired. Please ask for a new one.',
      name: 'QuoteExpiredError',
    };
    const { user } = renderApp('/', { session: verified() });
    await typeAmount(user, '100');
    await screen.findByRole('group', { name: 'Quote' });
    await user.click(screen.getByRole('button', { name: 'Confirm swap' }));

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Failed')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The quote expired before it reached us, so nothing moved. A new quote is on screen: check it and confirm again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/swap/quote')).toHaveLength(2));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fakeWallet.balance.usdt).toBe('500');
  });

  it('refuses a quote already used, and asks for a new one', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    fakeWallet.nextMoveFailure = { status: 409, message: 'This quote has already been used.', name: 'QuoteUsedError' };
    const { user } = renderApp('/', { session: verified() });
    await typeAmount(user, '100');
    await screen.findByRole('group', { name: 'Quote' });
    await user.click(screen.getByRole('button', { name: 'Confirm swap' }));
    expect(
      await screen.findByText(
        'This quote has already been used, so nothing more moved. Check your history; a new quote is on screen if you want another.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/swap/quote')).toHaveLength(2));
  });

  it('reports a swap the chain refused, with its reason and the restored balance', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    fakeWallet.settleAs = 'failed';
    const { user } = renderApp('/', { session: verified() });
    await typeAmount(user, '100');
    await screen.findByRole('group', { name: 'Quote' });
    await user.click(screen.getByRole('button', { name: 'Confirm swap' }));

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Failed', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(dialog).getByText('The chain refused the mint. Your balance was restored.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'View on block explorer' })).not.toBeInTheDocument();
    await waitFor(() => expect(useSessionStore.getState().balance.usdt).toBe('500'));
  });

  it('sends a retried confirmation with the same Idempotency-Key when the first answer was lost', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    fakeWallet.nextMoveFailure = { status: 0, message: '' };
    const { user } = renderApp('/', { session: verified() });
    await typeAmount(user, '100');
    await screen.findByRole('group', { name: 'Quote' });
    await user.click(screen.getByRole('button', { name: 'Confirm swap' }));
    expect(await screen.findByText('The transaction could not be sent. Please try again.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Same quote, same attempt: the key is reused so the server can never book it twice.
    await user.click(screen.getByRole('button', { name: 'Confirm swap' }));
    expect(await screen.findByText('Transaction Successful', {}, { timeout: 8000 })).toBeInTheDocument();
    const [first, second] = callsTo('/swap');
    expect(first?.idempotencyKey).toMatch(UUID);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(callsTo('/swap/quote')).toHaveLength(1);
  });

  it('uses a new key for a new confirmation', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/', { session: verified() });
    for (const amount of ['50', '60']) {
      await typeAmount(user, amount);
      await screen.findByRole('group', { name: 'Quote' });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Confirm swap' }));
      expect(await screen.findByText('Transaction Successful', {}, { timeout: 8000 })).toBeInTheDocument();
      await user.keyboard('{Escape}');
    }
    const keys = callsTo('/swap').map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it('sells QMGT for USDT in the other direction', async () => {
    fakeWallet.balance = { usdt: '0', qmgt: '2' };
    const { user } = renderApp('/', { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Switch direction' }));
    expect(screen.getByRole('radio', { name: 'Sell QMGT' })).toBeChecked();
    expect(await screen.findByText('Available: 2.0000 QMGT')).toBeInTheDocument();
    await typeAmount(user, '0.5');
    const quote = await screen.findByRole('group', { name: 'Quote' });
    expect(within(quote).getByText('127.40 USDT per QMGT')).toBeInTheDocument();
    expect(within(quote).getByText(receiveText('QMGT', '0.5'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm swap' }));
    expect(await screen.findByText('Transaction Successful', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(callsTo('/swap/quote')[0]?.body).toEqual({ from: 'QMGT', to: 'USDT', amount: '0.5' });
  });

  it('asks a client who is not verified to finish KYC instead of quoting', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/', { session: buildSession({ kycVerified: 'Not Verified' }) });
    await typeAmount(user, '100');
    expect(await screen.findByText('Verify your identity to swap')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify my identity' })).toHaveAttribute('href', '/kyc-verification');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(callsTo('/swap/quote')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Confirm swap' })).toBeDisabled();
  });

  it('tells a client whose KYC is pending that it is being reviewed', async () => {
    renderApp('/', { session: buildSession({ kycVerified: 'Pending' }) });
    expect(await screen.findByText('Your identity check is being reviewed')).toBeInTheDocument();
  });

  it("'Get $QMGT' opens the swap screen set to buy QMGT with USDT", async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '1' };
    const { user } = renderApp('/dashboard', { session: verified() });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await user.click((await screen.findAllByRole('link', { name: 'Get $QMGT' }))[0]!);
    expect(await screen.findByRole('heading', { name: 'Swap', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Buy QMGT' })).toBeChecked();

    // Also from the swap screen itself, after choosing to sell.
    await user.click(screen.getByRole('radio', { name: 'Sell QMGT' }));
    expect(screen.getByRole('radio', { name: 'Sell QMGT' })).toBeChecked();
    await user.click(screen.getAllByRole('link', { name: 'Get $QMGT' })[0]!);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Buy QMGT' })).toBeChecked());
  });
});

describe('selling QMGT on the QMGT page', () => {
  async function typeSale(user: ReturnType<typeof renderApp>['user'], amount: string) {
    const field = await screen.findByRole('textbox', { name: 'Amount to sell' });
    await user.clear(field);
    await user.type(field, amount);
    return screen.findByRole('group', { name: 'Quote' });
  }
  const lastQuoteId = () => [...fakeWallet.quotes.keys()].at(-1)!;
  /** Two QMGT held, half a QMGT offered at a quote, and the sale refused with `failure`. */
  async function sellHalfRefusedWith(failure: NonNullable<typeof fakeWallet.nextMoveFailure>) {
    fakeWallet.balance = { usdt: '0', qmgt: '2' };
    fakeWallet.nextMoveFailure = failure;
    const { user } = renderApp('/transactions-buysell', { session: verified() });
    await typeSale(user, '0.5');
    await user.click(screen.getByRole('button', { name: 'Sell QMGT' }));
    return user;
  }

  it('shows the price, the fee and the USDT received with the countdown, then sells that quote with an Idempotency-Key', async () => {
    fakeWallet.balance = { usdt: '0', qmgt: '2' };
    const { user } = renderApp('/transactions-buysell', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'QMGT Transactions', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();

    const quote = await typeSale(user, '0.5');
    const figures = quoteFigures('QMGT', '0.5');
    expect(within(quote).getByText('0.5000 QMGT')).toBeInTheDocument();
    expect(within(quote).getByText('127.40 USDT per QMGT')).toBeInTheDocument();
    expect(within(quote).getByText(`${formatUnits(toUnits(figures.fee, 'USDT'), 'USDT')} USDT`)).toBeInTheDocument();
    expect(within(quote).getByText(receiveText('QMGT', '0.5'))).toBeInTheDocument();
    expect(within(quote).getByRole('timer')).toHaveTextContent(/^Quote expires in (30|29) s$/);
    expect(callsTo('/swap/quote').map((call) => call.body)).toEqual([{ from: 'QMGT', to: 'USDT', amount: '0.5' }]);
    // Nothing moved: a quote is only a promise.
    expect(callsTo('/sell-token')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sell QMGT' }));
    expect(await screen.findByText('Transaction Successful', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(`You received ${receiveText('QMGT', '0.5')} for 0.5000 QMGT.`)).toBeInTheDocument();
    const sells = callsTo('/sell-token');
    expect(sells).toHaveLength(1);
    expect(sells[0]?.body).toEqual({ amount: '0.5', quoteId: lastQuoteId() });
    expect(sells[0]?.idempotencyKey).toMatch(UUID);
    expect(callsTo('/swap')).toHaveLength(0);
    expect(fakeWallet.balance.qmgt).toBe('1.5');
    await user.keyboard('{Escape}');

    // The history shows the sale.
    const table = await screen.findByRole('table', { name: 'QMGT transactions' });
    expect(await within(table).findByText('Sell QMGT')).toBeInTheDocument();
    expect(within(table).getByText('0.5000 QMGT')).toBeInTheDocument();
  });

  it('replaces the quote when it runs out and sells at the new one', async () => {
    fakeWallet.balance = { usdt: '0', qmgt: '2' };
    const { user } = renderApp('/transactions-buysell', { session: verified(), fakeTimers: true });
    await typeSale(user, '0.5');
    const first = lastQuoteId();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    await waitFor(() => expect(callsTo('/swap/quote')).toHaveLength(2));
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Quote' })).getByRole('timer')).toHaveTextContent(
        /^Quote expires in (30|29) s$/,
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sell QMGT' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Sell QMGT' }));
    await waitFor(() => expect(callsTo('/sell-token')).toHaveLength(1));
    const sent = callsTo('/sell-token')[0]?.body as { quoteId: string };
    expect(sent.quoteId).not.toBe(first);
    expect(sent.quoteId).toBe(lastQuoteId());
  });

  it('says an expired quote sold nothing and asks for a new quote by itself', async () => {
    const user = await sellHalfRefusedWith({
      status: 422,
      message: 'This quote has expired. Please ask for a new one.',
      name: 'QuoteExpiredError',
    });

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Failed')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The quote expired before it reached us, so nothing moved. A new quote is on screen: check it and confirm again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/swap/quote')).toHaveLength(2));
    expect(fakeWallet.balance.qmgt).toBe('2');
    await user.keyboard('{Escape}');

    // The new quote sells, under a new key: the refused attempt is over.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sell QMGT' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Sell QMGT' }));
    expect(await screen.findByText('Transaction Successful', {}, { timeout: 8000 })).toBeInTheDocument();
    const [refused, sold] = callsTo('/sell-token');
    expect((sold?.body as { quoteId: string }).quoteId).toBe(lastQuoteId());
    expect(sold?.idempotencyKey).not.toBe(refused?.idempotencyKey);
    expect(fakeWallet.balance.qmgt).toBe('1.5');
  });

  it('says the price moved past the quote, and shows a new one', async () => {
    await sellHalfRefusedWith({
      status: 409,
      message: 'The price moved below the least you accept.',
      name: 'PriceMovedError',
    });
    expect(
      await screen.findByText(
        'The price moved past the quote you accepted, so nothing moved. A new quote is on screen: check it and confirm again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/swap/quote')).toHaveLength(2));
    expect(fakeWallet.balance.qmgt).toBe('2');
  });

  it('while the first attempt still runs, says so and sends the same attempt again with the same key', async () => {
    const user = await sellHalfRefusedWith({
      status: 409,
      message: 'A request with this Idempotency-Key is still being processed.',
      name: 'IdempotencyKeyInUseError',
    });
    expect(
      await screen.findByText(
        'Your previous attempt is still being processed. Wait a few seconds, then confirm again to see how it ended.',
      ),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // Not refused: the quote stays and the retry is the same attempt.
    expect(callsTo('/swap/quote')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sell QMGT' }));
    expect(await screen.findByText('Transaction Successful', {}, { timeout: 8000 })).toBeInTheDocument();
    const [first, second] = callsTo('/sell-token');
    expect(first?.idempotencyKey).toMatch(UUID);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(second?.body).toEqual(first?.body);
    expect(fakeWallet.balance.qmgt).toBe('1.5');
  });

  it('says the smallest sale at the amount, with no retry', async () => {
    fakeWallet.balance = { usdt: '0', qmgt: '2' };
    const { user } = renderApp('/transactions-buysell', { session: verified() });
    const field = await screen.findByRole('textbox', { name: 'Amount to sell' });
    await user.type(field, '0.001');
    await waitFor(() => expect(field).toHaveAccessibleDescription('The smallest sale is 0.01 QMGT.'));
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell QMGT' })).toBeDisabled();
  });

  it('refuses more than the balance', async () => {
    fakeWallet.balance = { usdt: '0', qmgt: '0.2' };
    const { user } = renderApp('/transactions-buysell', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: 'Amount to sell' }), '0.3');
    expect(await screen.findByText('Insufficient QMGT balance.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell QMGT' })).toBeDisabled();
  });
});
