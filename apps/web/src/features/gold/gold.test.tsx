import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { BalancesResponse, ConvertQuote, GaePlanResponse, TerminationSummary } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { currentPath, renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { buildTransaction, fakeWallet } from '@/testing/wallet-api';

const verified = () => buildSession({ kycVerified: 'Verified' });
const price = { spot: '130', gae: '133.9', sell: '127.4', at: '2026-11-24T00:00:00.000Z' };
const plan = (overrides: Partial<NonNullable<GaePlanResponse['plan']>> = {}): GaePlanResponse => ({
  plan: {
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
  },
  price,
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

describe('GAE plan screens', () => {
  it('invites a customer without a plan to open one', async () => {
    server.use(http.get(apiUrl('/gae/plan'), () => HttpResponse.json({ plan: null, price })));
    renderApp('/GAE/Purchase', { session: verified() });
    expect(await screen.findByText('Start your GAE gold plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a plan' })).toHaveAttribute('href', '/purchase-gae');
    expect(screen.getByText(/a GAE gram costs 133.90 USDT/)).toBeInTheDocument();
  });

  it('shows the plan, its value and what can be done, and says when the plan cannot be loaded', async () => {
    server.use(http.get(apiUrl('/gae/plan'), () => HttpResponse.json(plan())));
    renderApp('/GAE/Purchase', { session: verified() });
    expect(await screen.findByText('2.2404 g')).toBeInTheDocument();
    expect(screen.getByText('291.25 USDT')).toBeInTheDocument();
    expect(screen.getByText(/costs a 5% early-exit fee/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up (GAEX)' })).toHaveAttribute('href', '/purchase-gae-extra');
    expect(screen.getByRole('link', { name: 'Terminate plan' })).toHaveAttribute('href', '/termination');
  });

  it('shows the quote (price, fee, grams) before anything moves, then buys with an Idempotency-Key', async () => {
    server.use(
      http.post(apiUrl('/gae/quote'), () => HttpResponse.json(quote)),
      http.post(apiUrl('/gae/purchase'), () =>
        HttpResponse.json({
          transaction: buildTransaction({
            type: 'GAE',
            status: 'completed',
            assetIn: 'USDT',
            amountIn: '300',
            assetOut: 'GOLD',
            amountOut: '2.240477',
            txHash: null,
            explorerUrl: null,
          }),
        }),
      ),
    );
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/purchase-gae', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '300');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    const figures = await screen.findByRole('group', { name: 'Quote' });
    expect(within(figures).getByText('8.73 USDT')).toBeInTheDocument();
    expect(within(figures).getByText('133.90 USDT/g')).toBeInTheDocument();
    expect(within(figures).getByText('2.2404 g')).toBeInTheDocument();
    expect(testApi.calls.some((c) => c.path === '/gae/purchase')).toBe(false);
    expect(await screen.findByText('Available: 500.00 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy gold for 300.00 USDT' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('You received 2.2404 g for 300.00 USDT.')).toBeInTheDocument();
    const purchase = testApi.calls.find((c) => c.path === '/gae/purchase');
    expect(purchase?.body).toEqual({ quoteId: quote.quoteId });
    expect(purchase?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tops an open plan up (GAEX) through the transaction modal to success', async () => {
    const gaex = {
      ...quote,
      quoteId: '55555555-5555-4555-8555-555555555555',
      kind: 'GAEX',
      amountUsdt: '200',
      grams: '1.493652',
      fee: '5.82524',
    };
    const topUp = buildTransaction({
      type: 'GAEX',
      status: 'completed',
      assetIn: 'USDT',
      amountIn: '200',
      assetOut: 'GOLD',
      amountOut: gaex.grams,
      fee: gaex.fee,
      feeAsset: 'USDT',
      txHash: null,
      explorerUrl: null,
    });
    server.use(
      http.post(apiUrl('/gae/quote'), () => HttpResponse.json(gaex)),
      http.post(apiUrl('/gae/purchase'), () => HttpResponse.json({ transaction: topUp })),
    );
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/purchase-gae-extra', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'Purchase GAE Extra', level: 1 })).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '200');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    const figures = await screen.findByRole('group', { name: 'Quote' });
    expect(within(figures).getByText('1.4936 g')).toBeInTheDocument();
    expect(within(figures).getByText('5.82 USDT')).toBeInTheDocument();
    expect(await screen.findByText('Available: 500.00 USDT')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Top up for 200.00 USDT' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByText('You received 1.4936 g for 200.00 USDT.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      `/transaction-details/${topUp.id}/GAEX`,
    );
    expect(testApi.calls.find((c) => c.path === '/gae/quote')?.body).toEqual({ kind: 'GAEX', amountUsdt: '200' });
    const purchase = testApi.calls.filter((c) => c.path === '/gae/purchase');
    expect(purchase.map((c) => c.body)).toEqual([{ quoteId: gaex.quoteId }]);
    expect(purchase[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says at the field when the amount buys less than a gram, and explains a GAEX without a plan', async () => {
    server.use(
      http.post(apiUrl('/gae/quote'), async ({ request }) => {
        const body = (await request.json()) as { kind: string };
        return body.kind === 'GAEX'
          ? HttpResponse.json(
              apiErrorBody(
                409,
                'A GAE Extra top-up needs an open GAE plan. Open your plan with a GAE purchase first.',
                'ConflictError',
              ),
              { status: 409 },
            )
          : HttpResponse.json(
              apiErrorBody(
                422,
                "The smallest GAE purchase is worth 1 gram: at today's price that is 133.90 USDT.",
                'UnprocessableError',
                {
                  field: 'amountUsdt',
                },
              ),
              { status: 422 },
            );
      }),
    );
    const small = renderApp('/purchase-gae', { session: verified() });
    await small.user.type(await screen.findByRole('textbox', { name: /Amount/ }), '5');
    await small.user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByText(/smallest GAE purchase is worth 1 gram/)).toBeInTheDocument();
    small.unmount();

    const extra = renderApp('/purchase-gae-extra', { session: verified() });
    await extra.user.type(await screen.findByRole('textbox', { name: /Amount/ }), '200');
    await extra.user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByText(/needs an open GAE plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your plan with a GAE purchase' })).toHaveAttribute(
      'href',
      '/purchase-gae',
    );
  });

  it('terminates: the summary first, then the form with the refund shown, then the status page', async () => {
    const summary: TerminationSummary = {
      planId: '11111111-1111-4111-8111-111111111111',
      planOpenedAt: '2026-11-24T01:00:00.000Z',
      grams: '2.240437',
      spot: '130',
      gross: '285.4316',
      earlyExit: true,
      earlyExitFee: '14.27158',
      currency: 'USDT',
      refund: '271.16002',
    };
    const termination = {
      ...summary,
      id: '33333333-3333-4333-8333-333333333333',
      code: 'TM-ABCDEFGHJK',
      status: 'requested',
      requestedAt: '2026-11-24T02:00:00.000Z',
      decidedAt: null,
      reason: null,
      refundTransaction: null,
    };
    server.use(
      http.post(apiUrl('/gae/termination/preview'), () => HttpResponse.json(summary)),
      http.put(apiUrl('/request-terminate-gae-form/:id'), () => HttpResponse.json({ termination })),
      http.get(apiUrl('/terminations/:id'), () => HttpResponse.json({ termination })),
    );
    const { user, router } = renderApp('/termination', { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Show the summary' }));
    const figures = await screen.findByRole('group', { name: 'Termination summary' });
    expect(within(figures).getByText('14.27 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request termination for 271.16 USDT' }));
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/termination-summary/${termination.id}`);
    const filed = testApi.calls.find((c) => c.path === `/request-terminate-gae-form/${summary.planId}`);
    expect(filed?.method).toBe('PUT');
    expect(filed?.body).toEqual({ currency: 'USDT', refund: '271.16002' });
    expect(filed?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows an empty statement as such', async () => {
    server.use(
      http.get(apiUrl('/gae/statement'), () =>
        HttpResponse.json({
          from: '2026-11-01',
          to: '2026-11-24',
          planId: null,
          openingGrams: '0',
          rows: [],
          closingGrams: '0',
          spot: '130',
          valuationUsdt: '0',
          series: [],
        }),
      ),
    );
    renderApp('/GAE/Account-Statement', { session: verified() });
    expect(await screen.findByText('No movements in this period.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });
});

describe('Convert', () => {
  const goldBalances = (qmgt: string, grams: string): BalancesResponse => ({
    USDT: { available: '0', locked: '0' },
    QMGT: { available: qmgt, locked: '0' },
    GOLD: { available: grams, locked: '0', plan: '0', ges: '0' },
    rewards: { QMGT: '0' },
    spot: '130',
  });
  let quotes = 0;
  /** Every test converts 2 QMGT: 1:1, the 0.5% fee taken from what arrives. Each quote is new. */
  const convertQuote = (): ConvertQuote => {
    quotes += 1;
    return {
      quoteId: `44444444-4444-4444-8444-${String(quotes).padStart(12, '0')}`,
      from: 'QMGT',
      to: 'GOLD',
      amountIn: '2',
      amountOut: '1.99',
      fee: '0.01',
      expiresAt: new Date(Date.now() + 30_000).toISOString(),
    };
  };
  /** The Convert endpoints, answering each confirmation with `onConvert` (a completed convert by default). */
  function convertApi(balances: BalancesResponse, onConvert?: () => Response) {
    quotes = 0;
    server.use(
      http.get(apiUrl('/balances'), () => HttpResponse.json(balances)),
      http.post(apiUrl('/convert/quote'), () => HttpResponse.json(convertQuote())),
      http.post(
        apiUrl('/convert'),
        () =>
          onConvert?.() ??
          HttpResponse.json({
            transaction: buildTransaction({
              type: 'CONVERT',
              status: 'completed',
              assetIn: 'QMGT',
              amountIn: '2',
              assetOut: 'GOLD',
              amountOut: '1.99',
              fee: '0.01',
              feeAsset: 'GOLD',
            }),
          }),
      ),
    );
  }
  const calls = (path: string) => testApi.calls.filter((c) => c.path === path);

  it('shows the quote with its fee before anything moves, then converts with an Idempotency-Key', async () => {
    convertApi(goldBalances('10', '0'));
    const { user } = renderApp('/transactions-convert', { session: verified() });
    expect(await screen.findByText('Available: 10.0000 QMGT')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Amount (QMGT)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    const figures = await screen.findByRole('group', { name: 'Convert quote' });
    expect(within(figures).getByText('2.0000 QMGT')).toBeInTheDocument();
    expect(within(figures).getByText('Fee (0.5%)').nextSibling).toHaveTextContent('0.0100 g');
    expect(within(figures).getByText('You receive').nextSibling).toHaveTextContent('1.9900 g');
    expect(calls('/convert/quote').map((c) => c.body)).toEqual([{ from: 'QMGT', to: 'GOLD', amount: '2' }]);
    expect(calls('/convert')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByText('You received 1.9900 g for 2.0000 QMGT.')).toBeInTheDocument();
    const sent = calls('/convert');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ quoteId: '44444444-4444-4444-8444-000000000001' });
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The form starts over.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Amount (QMGT)' })).toHaveValue(''));
  });

  it('says at the field when the balance is short and does not let that quote be confirmed', async () => {
    convertApi(goldBalances('1.5', '0'));
    const { user } = renderApp('/transactions-convert', { session: verified() });
    expect(await screen.findByText('Available: 1.5000 QMGT')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Amount (QMGT)' }), '2');
    expect(screen.getByText('Insufficient QMGT balance.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    await screen.findByRole('group', { name: 'Convert quote' });
    const convert = screen.getByRole('button', { name: 'Convert' });
    expect(convert).toBeDisabled();
    await user.click(convert);
    expect(calls('/convert')).toHaveLength(0);
    // Within the balance, the same screen converts.
    await user.clear(screen.getByRole('textbox', { name: 'Amount (QMGT)' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (QMGT)' }), '1');
    expect(screen.queryByText('Insufficient QMGT balance.')).toBeNull();
  });

  it('lets an expired quote be asked again but never confirmed', async () => {
    convertApi(goldBalances('10', '0'));
    // Only the clock is fake: the countdown's own ticks run, and the test moves time past the quote.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user } = renderApp('/transactions-convert', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: 'Amount (QMGT)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByRole('timer')).toHaveTextContent('Quote expires in 30 s');
    vi.setSystemTime(Date.now() + 31_000);
    expect(await screen.findByText('Quote expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get a new quote' }));
    expect(await screen.findByRole('button', { name: 'Convert' })).toBeEnabled();
    expect(screen.getByRole('timer')).toHaveTextContent('Quote expires in 30 s');
    expect(calls('/convert/quote')).toHaveLength(2);
    expect(calls('/convert')).toHaveLength(0);
  });

  it('says a quote that expired on its way moved nothing, and shows a new one', async () => {
    convertApi(goldBalances('10', '0'), () =>
      HttpResponse.json(apiErrorBody(422, 'This quote has expired. Please ask for a new one.', 'QuoteExpiredError'), {
        status: 422,
      }),
    );
    const { user } = renderApp('/transactions-convert', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: 'Amount (QMGT)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Failed')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The quote expired before it reached us, so nothing moved. A new quote is on screen: check it and confirm again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls('/convert/quote')).toHaveLength(2));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('group', { name: 'Convert quote' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Convert' })).toBeEnabled();
    expect(calls('/convert')).toHaveLength(1);
  });
});
