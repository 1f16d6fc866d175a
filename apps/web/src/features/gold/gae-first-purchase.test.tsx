import type { GaePlan } from '@qmgt/contracts';
import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSession } from '@/testing/factories';
import { apiUrl } from '@/testing/handlers';
import { currentPath, renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { buildTransaction, fakeWallet } from '@/testing/wallet-api';

/* A newcomer's first GAE gram (issue 23): what the purchase screen says before and after a plan exists. */

const verified = () => buildSession({ kycVerified: 'Verified' });
const openPlan = (overrides: Partial<GaePlan> = {}): GaePlan => ({
  id: '11111111-1111-4111-8111-111111111111',
  status: 'active',
  grams: '2.240437',
  lockedGrams: '0',
  costUsdt: '300',
  valuationUsdt: '291.25681',
  openedAt: '2026-11-24T01:00:00.000Z',
  closedAt: null,
  earlyExitUntil: '2027-11-24T01:00:00.000Z',
  autoSave: null,
  terminationId: null,
  ...overrides,
});
const quote = {
  quoteId: '22222222-2222-4222-8222-222222222222',
  kind: 'GAE',
  amountUsdt: '300',
  grams: '2.240477',
  price: '133.9',
  spot: '130',
  fee: '8.73',
  expiresAt: new Date(Date.now() + 30_000).toISOString(),
};

/** The purchase as the API books it: the grams land in the plan, which the first purchase opens. */
function purchaseOpensPlan() {
  server.use(
    http.post(apiUrl('/gae/quote'), () =>
      HttpResponse.json({ ...quote, expiresAt: new Date(Date.now() + 30_000).toISOString() }),
    ),
    http.post(apiUrl('/gae/purchase'), () => {
      const transaction = buildTransaction({
        type: 'GAE',
        status: 'completed',
        assetIn: 'USDT',
        amountIn: '300',
        assetOut: 'GOLD',
        amountOut: quote.grams,
        txHash: null,
        explorerUrl: null,
      });
      fakeWallet.transactions.unshift(transaction);
      fakeWallet.balance = { ...fakeWallet.balance, usdt: '200' };
      fakeWallet.grams = { ...fakeWallet.grams, plan: quote.grams };
      fakeWallet.gaePlan = openPlan({ grams: quote.grams });
      return HttpResponse.json({ transaction });
    }),
  );
}

describe('the first GAE purchase', () => {
  it('offers no way "back" to a plan that does not exist yet, and one once it does', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const first = renderApp('/purchase-gae', { session: verified() });
    expect(await screen.findByText(/Your first purchase opens the plan/)).toBeInTheDocument();
    expect(await screen.findByText('Available: 500.00 USDT')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to your GAE plan' })).not.toBeInTheDocument();
    first.unmount();

    fakeWallet.gaePlan = openPlan();
    renderApp('/purchase-gae', { session: verified() });
    expect(await screen.findByRole('link', { name: 'Back to your GAE plan' })).toHaveAttribute('href', '/GAE/Purchase');
  });

  it('leads from the success dialog to the plan the purchase opened', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    purchaseOpensPlan();
    const { user, router } = renderApp('/purchase-gae', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '300');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    await user.click(await screen.findByRole('button', { name: 'Buy gold for 300.00 USDT' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View details' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'See your new GAE plan' }));
    expect(currentPath(router)).toBe('/GAE/Purchase');
    expect(await screen.findByText('2.2404 g')).toBeInTheDocument();
  });

  it('shows the 3% premium once, as part of what is paid, not as a fee beside the price', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    purchaseOpensPlan();
    const { user } = renderApp('/purchase-gae', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '300');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    const figures = await screen.findByRole('group', { name: 'Quote' });
    const row = (label: string) => within(figures).getByText(label).nextSibling;
    expect(within(figures).queryByText('Fee')).not.toBeInTheDocument();
    expect(row('You pay')).toHaveTextContent('300.00 USDT');
    expect(row('of which gold at spot (130.00 USDT/g)')).toHaveTextContent('291.27 USDT');
    expect(row('of which the 3% premium')).toHaveTextContent('8.73 USDT');
    expect(row('GAE price (spot + 3%)')).toHaveTextContent('133.90 USDT/g');
    expect(screen.getByText(/not a fee on top: 300.00 USDT is all you pay/)).toBeInTheDocument();
  });

  it('shows the 1 g minimum and its price up front, and buys it in one tap', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const quotes: unknown[] = [];
    server.use(
      // A gram's GAE price with more than cents: the least amount is rounded up, or it buys 0.9999 g.
      http.get(apiUrl('/gae/plan'), () =>
        HttpResponse.json({
          plan: null,
          price: { spot: '130.0012', gae: '133.901236', sell: '127.4', at: '2026-11-27T00:00:00.000Z' },
        }),
      ),
      http.post(apiUrl('/gae/quote'), async ({ request }) => {
        quotes.push(await request.json());
        return HttpResponse.json({ ...quote, amountUsdt: '133.91', grams: '1.000065', fee: '3.9' });
      }),
    );
    const { user } = renderApp('/purchase-gae', { session: verified() });
    expect(await screen.findByText("The smallest purchase is 1 g: 133.91 USDT at today's price.")).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Quote' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy 1 g' }));
    const figures = await screen.findByRole('group', { name: 'Quote' });
    expect(within(figures).getByText('1.0000 g')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('133.91');
    expect(quotes).toEqual([{ kind: 'GAE', amountUsdt: '133.91' }]);
    expect(screen.getByRole('button', { name: 'Buy gold for 133.91 USDT' })).toBeEnabled();
  });

  it('shows the bought grams on the dashboard at once after the first purchase', async () => {
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    purchaseOpensPlan();
    const { user, router } = renderApp('/dashboard', { session: verified() });
    const holdings = await screen.findByRole('region', { name: 'Gold holdings' });
    expect(await within(holdings).findAllByText('0.0000 g')).toHaveLength(4);

    await router.navigate('/purchase-gae');
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '300');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    await user.click(await screen.findByRole('button', { name: 'Buy gold for 300.00 USDT' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await router.navigate('/dashboard');
    const after = await screen.findByRole('region', { name: 'Gold holdings' });
    const plan = within((await within(after).findByText('GAE plan', { selector: 'p' })).parentElement!);
    expect(await plan.findByText('2.2404 g')).toBeInTheDocument();
  });

  it('puts the plan on top of the GAE history the sidebar opens', async () => {
    const first = renderApp('/transactions-gae', { session: verified() });
    const none = await screen.findByRole('region', { name: 'Your GAE plan' });
    expect(await within(none).findByRole('link', { name: 'Start a GAE plan' })).toHaveAttribute(
      'href',
      '/purchase-gae',
    );
    first.unmount();

    fakeWallet.gaePlan = openPlan();
    renderApp('/transactions-gae', { session: verified() });
    const plan = await screen.findByRole('region', { name: 'Your GAE plan' });
    expect(await within(plan).findByText('2.2404 g')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Open your GAE plan' })).toHaveAttribute('href', '/GAE/Purchase');
  });
});
