import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AutoSaveRun, BalancesResponse, ConvertQuote, GaePlanResponse, TerminationSummary } from '@qmgt/contracts';
import { formatDate } from '@/lib/format';
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

  it('says when the plan cannot be loaded, and asks again on Try again', async () => {
    let refuse = true;
    server.use(
      http.get(apiUrl('/gae/plan'), () =>
        refuse
          ? HttpResponse.json(apiErrorBody(409, 'Your plan is being updated.', 'ConflictError'), { status: 409 })
          : HttpResponse.json(plan()),
      ),
    );
    const { user } = renderApp('/GAE/Purchase', { session: verified() });
    const alert = await screen.findByRole('alert', { name: 'Your plan could not be loaded' });
    expect(within(alert).getByText('Your plan is being updated.')).toBeInTheDocument();

    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2.2404 g')).toBeInTheDocument();
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

  it('says a purchase whose quote expired on its way moved nothing, and shows a new quote at once', async () => {
    const fresh = (overrides: Partial<typeof quote>) => ({
      ...quote,
      expiresAt: new Date(Date.now() + 30_000).toISOString(),
      ...overrides,
    });
    const first = fresh({ quoteId: '66666666-6666-4666-8666-000000000001' });
    // The price moved meanwhile: the new quote is at the new price.
    const second = fresh({
      quoteId: '66666666-6666-4666-8666-000000000002',
      spot: '131',
      price: '134.93',
      fee: '8.74',
      grams: '2.223375',
    });
    const quotes = [first, second];
    server.use(
      http.post(apiUrl('/gae/quote'), () => HttpResponse.json(quotes.shift())),
      http.post(apiUrl('/gae/purchase'), async ({ request }) => {
        const { quoteId } = (await request.json()) as { quoteId: string };
        if (quoteId === first.quoteId) {
          // Something else spent from the wallet meanwhile: only a balance read again shows it.
          fakeWallet.balance = { usdt: '450', qmgt: '0' };
          return HttpResponse.json(
            apiErrorBody(422, 'This quote has expired. Please ask for a new one.', 'QuoteExpiredError'),
            { status: 422 },
          );
        }
        return HttpResponse.json({
          transaction: buildTransaction({
            type: 'GAE',
            status: 'completed',
            assetIn: 'USDT',
            amountIn: '300',
            assetOut: 'GOLD',
            amountOut: second.grams,
            txHash: null,
            explorerUrl: null,
          }),
        });
      }),
    );
    const quoteCalls = () => testApi.calls.filter((c) => c.path === '/gae/quote');
    fakeWallet.balance = { usdt: '500', qmgt: '0' };
    const { user } = renderApp('/purchase-gae', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '300');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(within(await screen.findByRole('group', { name: 'Quote' })).getByText('133.90 USDT/g')).toBeInTheDocument();
    expect(await screen.findByText('Available: 500.00 USDT')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy gold for 300.00 USDT' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Failed')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The quote expired before it reached us, so nothing moved. A new quote is on screen: check it and confirm again.',
      ),
    ).toBeInTheDocument();
    // Asked for at once, without the customer asking, for the same amount.
    await waitFor(() => expect(quoteCalls()).toHaveLength(2));
    expect(quoteCalls().map((c) => c.body)).toEqual([
      { kind: 'GAE', amountUsdt: '300' },
      { kind: 'GAE', amountUsdt: '300' },
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // What the modal said is on screen: the new quote, against the balance read again.
    const figures = await screen.findByRole('group', { name: 'Quote' });
    expect(within(figures).getByText('134.93 USDT/g')).toBeInTheDocument();
    expect(within(figures).getByText('2.2233 g')).toBeInTheDocument();
    expect(await screen.findByText('Available: 450.00 USDT')).toBeInTheDocument();

    // The new quote buys, under a new key: the refused attempt is over.
    await user.click(screen.getByRole('button', { name: 'Buy gold for 300.00 USDT' }));
    const done = await screen.findByRole('dialog');
    expect(await within(done).findByText('Transaction Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    const purchases = testApi.calls.filter((c) => c.path === '/gae/purchase');
    expect(purchases.map((c) => c.body)).toEqual([{ quoteId: first.quoteId }, { quoteId: second.quoteId }]);
    expect(purchases[1]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(purchases[1]?.idempotencyKey).not.toBe(purchases[0]?.idempotencyKey);
  });

  it("refuses at the field what the contract's schema refuses, and asks the server nothing", async () => {
    const { user } = renderApp('/purchase-gae', { session: verified() });
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    await user.type(amount, '12,50');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByText('Enter an amount like 12.5 (digits and one decimal point)')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(testApi.calls.filter((c) => c.path === '/gae/quote')).toHaveLength(0);
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

  it('terminates: the summary first, a confirmation, then the status page, where the request can be withdrawn', async () => {
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
    // Filed a moment later at a slightly better price than shown.
    const termination = {
      ...summary,
      refund: '271.2',
      id: '33333333-3333-4333-8333-333333333333',
      code: 'TM-ABCDEFGHJK',
      status: 'requested' as const,
      requestedAt: '2026-11-24T02:00:00.000Z',
      decidedAt: null,
      reason: null,
      refundTransaction: null,
    };
    const withdrawn = { ...termination, status: 'withdrawn' as const, decidedAt: '2026-11-24T02:05:00.000Z' };
    server.use(
      http.post(apiUrl('/gae/termination/preview'), () => HttpResponse.json(summary)),
      http.put(apiUrl('/request-terminate-gae-form/:id'), () => HttpResponse.json({ termination })),
      http.get(apiUrl('/terminations/:id'), () => HttpResponse.json({ termination })),
      http.post(apiUrl('/terminations/:id/withdraw'), () => HttpResponse.json({ termination: withdrawn })),
    );
    const { user, router } = renderApp('/termination', { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Show the summary' }));
    const figures = await screen.findByRole('group', { name: 'Termination summary' });
    expect(within(figures).getByText('14.27 USDT')).toBeInTheDocument();

    // One tap asks first: nothing is filed until the dialog's confirmation, and 'Keep my plan' files nothing.
    await user.click(screen.getByRole('button', { name: 'Request termination for 271.16 USDT' }));
    let dialog = await screen.findByRole('dialog', { name: 'Terminate your GAE plan?' });
    expect(
      within(dialog).getByText(
        '2.2404 g of gold are locked until an operator decides. If the request is approved, the plan closes and you receive 271.16 USDT, after the 14.27 USDT early-exit fee.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(testApi.calls.some((c) => c.path.startsWith('/request-terminate-gae-form'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Request termination for 271.16 USDT' }));
    dialog = await screen.findByRole('dialog', { name: 'Terminate your GAE plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Request termination' }));

    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/termination-summary/${termination.id}`);
    const filed = testApi.calls.find((c) => c.path === `/request-terminate-gae-form/${summary.planId}`);
    expect(filed?.method).toBe('PUT');
    expect(filed?.body).toEqual({ currency: 'USDT', refund: '271.16002' });
    expect(filed?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The figure moved between the button and the filing: said, not left to puzzle.
    expect(
      screen.getByText(/The gold price moved while you confirmed: you were shown 271.16 USDT/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw the request' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw the termination request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('You withdrew this request')).toBeInTheDocument();
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw the request' })).not.toBeInTheDocument();
    const withdrawal = testApi.calls.find((c) => c.path === `/terminations/${termination.id}/withdraw`);
    expect(withdrawal?.method).toBe('POST');
    expect(withdrawal?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
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
          nextCursor: null,
        }),
      ),
    );
    renderApp('/GAE/Account-Statement', { session: verified() });
    expect(await screen.findByText('No movements in this period.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('shows a long period a page at a time: older movements from the cursor, and the PDF of that page', async () => {
    const cursors: (string | null)[] = [];
    const row = (code: string, balanceGrams: string) => ({
      date: '2026-11-20T10:00:00.000Z',
      type: 'GAE',
      code,
      grams: '1',
      price: '130',
      amountUsdt: '130',
      balanceGrams,
    });
    server.use(
      http.get(apiUrl('/gae/statement'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json({
          from: '2025-11-25',
          to: '2026-11-24',
          planId: 'plan-1',
          openingGrams: cursor ? '0' : '5',
          rows: cursor ? [row('GAE-OLDER', '1')] : [row('GAE-NEWER', '6')],
          closingGrams: cursor ? '1' : '6',
          spot: '130',
          valuationUsdt: '780',
          series: [],
          nextCursor: cursor ? null : 'AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO',
        });
      }),
    );
    const { user } = renderApp('/GAE/Account-Statement', { session: verified() });
    expect(await screen.findByText('GAE-NEWER')).toBeInTheDocument();
    expect(screen.getByText(/^Opening \(before /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older movements' }));
    expect(await screen.findByText('GAE-OLDER')).toBeInTheDocument();
    expect(cursors.filter(Boolean)).toEqual(['AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO']);
    expect(screen.getByRole('link', { name: 'View PDF' })).toHaveAttribute(
      'href',
      expect.stringContaining('cursor=AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO'),
    );
    // The PDF of the page on screen straight to a file, no detour through /pdf.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    server.use(
      http.get(
        apiUrl('/gae/statement.pdf'),
        () =>
          new HttpResponse('%PDF-1.7', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="qmgt-gae-statement-2025-11-25-2026-11-24.pdf"',
            },
          }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['qmgt-gae-statement-2025-11-25-2026-11-24.pdf']));
    const pdfCall = testApi.calls.find((c) => c.path === '/gae/statement.pdf');
    expect(Object.fromEntries(new URLSearchParams(pdfCall?.search))).toEqual({
      from: '2025-11-25',
      to: '2026-11-24',
      cursor: 'AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO',
    });
    await user.click(screen.getByRole('button', { name: 'Newer movements' }));
    expect(await screen.findByText('GAE-NEWER')).toBeInTheDocument();
  });

  it('says when the statement PDF cannot be made, and asks again on Try again', async () => {
    let refuse = true;
    server.use(
      http.get(apiUrl('/gae/statement.pdf'), () =>
        refuse
          ? HttpResponse.json(apiErrorBody(409, 'You have no GAE plan yet.', 'ConflictError'), { status: 409 })
          : new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
      ),
    );
    const { user } = renderApp('/pdf', { session: verified() });
    const alert = await screen.findByRole('alert', { name: 'The statement could not be made' });
    expect(within(alert).getByText('You have no GAE plan yet.')).toBeInTheDocument();

    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('GAE account statement')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'The statement could not be made' })).not.toBeInTheDocument();
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

  it('reads the holdings again once the convert is done, so the balance shown is the one left', async () => {
    const balances = goldBalances('10', '0');
    convertApi(balances, () => {
      balances.QMGT.available = '8';
      return HttpResponse.json({
        transaction: buildTransaction({ type: 'CONVERT', status: 'completed', assetIn: 'QMGT', amountIn: '2' }),
      });
    });
    const { user } = renderApp('/transactions-convert', { session: verified() });
    expect(await screen.findByText('Available: 10.0000 QMGT')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Amount (QMGT)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Transaction Successful')).toBeInTheDocument();
    expect(await screen.findByText('Available: 8.0000 QMGT')).toBeInTheDocument();
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

  it("checks the amount with the contract's schema before asking for a quote, and then sends from, to and amount", async () => {
    convertApi(goldBalances('10', '5'));
    const { user } = renderApp('/transactions-convert', { session: verified() });
    expect(await screen.findByText('Available: 10.0000 QMGT')).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Amount (QMGT)' });
    await user.type(amount, '1.2.3');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByText('Enter an amount like 12.5 (digits and one decimal point)')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(calls('/convert/quote')).toHaveLength(0);
    // The other direction: grams to QMGT, the field emptied.
    await user.click(screen.getByText('Grams → QMGT'));
    const grams = screen.getByRole('textbox', { name: 'Amount (g)' });
    expect(grams).toHaveValue('');
    await user.type(grams, '2');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    await screen.findByRole('group', { name: 'Convert quote' });
    expect(calls('/convert/quote').map((c) => c.body)).toEqual([{ from: 'GOLD', to: 'QMGT', amount: '2' }]);
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

  it('says a quote that expired on its way moved nothing, and shows a new one against balances read again', async () => {
    const balances = goldBalances('10', '0');
    convertApi(balances, () => {
      // Something else spent QMGT meanwhile: only balances read again show it.
      balances.QMGT.available = '8';
      return HttpResponse.json(
        apiErrorBody(422, 'This quote has expired. Please ask for a new one.', 'QuoteExpiredError'),
        { status: 422 },
      );
    });
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
    expect(await screen.findByText('Available: 8.0000 QMGT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Convert' })).toBeEnabled();
    expect(calls('/convert')).toHaveLength(1);
  });
});

describe('GAE auto-save', () => {
  type AutoSave = NonNullable<NonNullable<GaePlanResponse['plan']>['autoSave']>;
  const runs: AutoSaveRun[] = [
    {
      period: '2026-W48',
      frequency: 'weekly',
      ranOn: '2026-11-25',
      outcome: 'skipped',
      reason: 'cap',
      amountUsdt: '150',
      grams: null,
      transactionCode: null,
    },
    {
      period: '2026-W47',
      frequency: 'weekly',
      ranOn: '2026-11-18',
      outcome: 'bought',
      reason: null,
      amountUsdt: '150',
      grams: '1.120239',
      transactionCode: 'GA-1',
    },
  ];
  /**
   * The plan endpoint, PUT /gae/auto-save and the runs, stateful: what was saved is what the plan
   * shows next. The runs come two a page.
   */
  function autoSaveApi(
    options: { refusal?: { status: number; message: string; field?: string }; start?: AutoSave } = {},
  ) {
    let current: AutoSave | null = options.start ?? null;
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('/gae/plan'), () => HttpResponse.json(plan({ autoSave: current }))),
      http.get(apiUrl('/gae/auto-save/runs'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        if (!current) return HttpResponse.json({ data: [], nextCursor: null });
        return HttpResponse.json(
          cursor ? { data: runs.slice(1), nextCursor: null } : { data: runs.slice(0, 1), nextCursor: 'next' },
        );
      }),
      http.put(apiUrl('/gae/auto-save'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (options.refusal)
          return HttpResponse.json(
            apiErrorBody(options.refusal.status, options.refusal.message, 'UnprocessableError', {
              field: options.refusal.field,
            }),
            { status: options.refusal.status },
          );
        if (body.enabled === false) current = null;
        else if (typeof body.paused === 'boolean')
          current = { ...current!, paused: body.paused, nextRunOn: body.paused ? null : '2026-12-02' };
        else
          current = {
            amountUsdt: body.amountUsdt as string,
            frequency: (body.frequency as AutoSave['frequency']) ?? 'monthly',
            dayOfWeek: (body.dayOfWeek as number) ?? null,
            dayOfMonth: (body.dayOfMonth as number) ?? null,
            monthlyCapUsdt: (body.monthlyCapUsdt as string) ?? null,
            paused: false,
            nextRunOn: body.frequency === 'weekly' ? '2026-12-02' : '2026-12-05',
            lastRun: null,
          };
        return HttpResponse.json({ autoSave: current });
      }),
    );
    return sent;
  }

  it('turns monthly auto-save on with an amount and a day, shows it on the plan, and turns it off', async () => {
    const sent = autoSaveApi();
    const { user } = renderApp('/GAE/Purchase', { session: verified() });
    expect(await screen.findByText(/Buy gold every day, week or month without thinking about it/)).toBeInTheDocument();
    expect(await screen.findByText('No auto-save has run yet.')).toBeInTheDocument();
    // Nothing to fill while it is off.
    expect(screen.queryByRole('textbox', { name: 'Amount each time (USDT)' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Buy gold automatically' }));
    // An amount is required, as the contract writes one, before anything is sent.
    const amount = screen.getByRole('textbox', { name: 'Amount each time (USDT)' });
    await user.click(screen.getByRole('button', { name: 'Save auto-save' }));
    const malformed = 'Enter an amount like 12.5 (digits and one decimal point)';
    await waitFor(() => expect(amount).toHaveAccessibleDescription(malformed));
    await user.type(amount, '1,50');
    await user.click(screen.getByRole('button', { name: 'Save auto-save' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(malformed));
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Save auto-save' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Enter the amount of each purchase in USDT.'));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await user.clear(amount);
    await user.type(amount, '150');
    const day = screen.getByRole('textbox', { name: 'Day of the month' });
    await user.clear(day);
    await user.type(day, '5');
    await user.click(screen.getByRole('button', { name: 'Save auto-save' }));
    expect(
      await screen.findByText(`Auto-save is on: next purchase on ${formatDate('2026-12-05')}.`),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ amountUsdt: '150', frequency: 'monthly', dayOfMonth: 5 }]);
    // The plan is read again and says what was saved.
    expect(await screen.findByText('150.00 USDT on day 5 of each month.')).toBeInTheDocument();
    expect(screen.getByText(`Next purchase on ${formatDate('2026-12-05')}.`)).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Buy gold automatically' }));
    await user.click(screen.getByRole('button', { name: 'Save auto-save' }));
    expect(await screen.findByText('Auto-save is off.')).toBeInTheDocument();
    expect(sent).toEqual([{ amountUsdt: '150', frequency: 'monthly', dayOfMonth: 5 }, { enabled: false }]);
    expect(await screen.findByText(/Buy gold every day, week or month without thinking about it/)).toBeInTheDocument();
  });

  it('switches to weekly on a weekday with a monthly cap, shows the next run and the last outcomes', async () => {
    const sent = autoSaveApi();
    const { user } = renderApp('/GAE/Purchase', { session: verified() });
    await user.click(await screen.findByRole('switch', { name: 'Buy gold automatically' }));
    const often = screen.getByRole('radiogroup', { name: 'How often' });
    await user.click(within(often).getByRole('radio', { name: 'Weekly' }));
    expect(screen.queryByRole('textbox', { name: 'Day of the month' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Amount each time (USDT)' }), '150');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Weekday' }), 'Wednesday');
    // A cap below one purchase is refused before sending.
    const cap = screen.getByRole('textbox', { name: 'Monthly cap (USDT, optional)' });
    await user.type(cap, '100');
    await user.click(screen.getByRole('button', { name: 'Save auto-save' }));
    await waitFor(() =>
      expect(cap).toHaveAccessibleDescription(/The monthly cap must be at least the amount of one purchase\./),
    );
    expect(sent).toEqual([]);
    await user.clear(cap);
    await user.type(cap, '600');
    await user.click(screen.getByRole('button', { name: 'Save auto-save' }));
    expect(sent).toEqual([{ amountUsdt: '150', frequency: 'weekly', dayOfWeek: 3, monthlyCapUsdt: '600' }]);
    expect(await screen.findByText('150.00 USDT every Wednesday, at most 600.00 USDT a month.')).toBeInTheDocument();
    expect(screen.getByText(`Next purchase on ${formatDate('2026-12-02')}.`)).toBeInTheDocument();

    // The last outcomes, newest first; older ones on request.
    const list = await screen.findByRole('list', { name: 'Last auto-save runs' });
    expect(within(list).getByText('monthly cap reached')).toBeInTheDocument();
    expect(within(list).getByText(formatDate('2026-11-25'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older auto-save runs' }));
    expect(await within(list).findByText(/1\.1202 g for 150\.00 USDT/)).toBeInTheDocument();
    expect(screen.getByText('Showing 2 runs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older auto-save runs' })).toBeNull();
  });

  it('pauses and resumes, saying that missed purchases are not made up', async () => {
    const sent = autoSaveApi({
      start: {
        amountUsdt: '50',
        frequency: 'daily',
        dayOfWeek: null,
        dayOfMonth: null,
        monthlyCapUsdt: null,
        paused: false,
        nextRunOn: '2026-11-28',
        lastRun: null,
      },
    });
    const { user } = renderApp('/GAE/Purchase', { session: verified() });
    expect(await screen.findByText('50.00 USDT every day.')).toBeInTheDocument();
    // The form opens on the saved schedule.
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pause auto-save' }));
    expect(await screen.findByText('Auto-save is paused: nothing is bought until you resume it.')).toBeInTheDocument();
    expect(await screen.findByText(/Paused: nothing is bought or skipped/)).toHaveTextContent(
      'the ones missed while paused are not made up',
    );
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume auto-save' }));
    expect(
      await screen.findByText(`Auto-save resumed: next purchase on ${formatDate('2026-12-02')}.`),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ paused: true }, { paused: false }]);
  });

  it("shows the server's refusal (an amount below a gram) and keeps the plan as it was", async () => {
    const sent = autoSaveApi({
      refusal: {
        status: 422,
        message: "The smallest GAE purchase is worth 1 gram: at today's price that is 133.90 USDT.",
        field: 'amountUsdt',
      },
    });
    const { user } = renderApp('/GAE/Purchase', { session: verified() });
    await user.click(await screen.findByRole('switch', { name: 'Buy gold automatically' }));
    const amount = screen.getByRole('textbox', { name: 'Amount each time (USDT)' });
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Save auto-save' }));
    // Said at the field the refusal names.
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        "The smallest GAE purchase is worth 1 gram: at today's price that is 133.90 USDT.",
      ),
    );
    expect(sent).toEqual([{ amountUsdt: '20', frequency: 'monthly', dayOfMonth: 1 }]);
    expect(screen.getByText(/Buy gold every day, week or month without thinking about it/)).toBeInTheDocument();
  });
});

describe('gold holdings on the dashboard', () => {
  it('shows each holding in grams with its value at spot, as the balances give them', async () => {
    const balances: BalancesResponse = {
      USDT: { available: '0', locked: '0' },
      QMGT: { available: '0', locked: '0' },
      GOLD: { available: '3.5', locked: '0.5', plan: '2.240437', ges: '1.25' },
      rewards: { QMGT: '0' },
      spot: '130.5',
    };
    server.use(http.get(apiUrl('/balances'), () => HttpResponse.json(balances)));
    renderApp('/dashboard', { session: verified() });
    const holdings = within(await screen.findByRole('region', { name: 'Gold holdings' }));
    // grams x 130.50, rounded down to the cent.
    for (const [label, grams, value] of [
      ['Gold savings (GSA)', '3.5000 g', '≈ $456.75'],
      ['GAE plan', '2.2404 g', '≈ $292.37'],
      ['GDS groups', '1.2500 g', '≈ $163.12'],
      ['Locked', '0.5000 g', '≈ $65.25'],
    ] as const) {
      const figure = within((await holdings.findByText(label, { selector: 'p' })).parentElement!);
      expect(figure.getByText(grams)).toBeInTheDocument();
      expect(figure.getByText(value)).toBeInTheDocument();
    }
    expect(holdings.getByText('2.2404 g')).toHaveAttribute('title', '2.240437 g');
  });
});

describe('vault bars (back office)', () => {
  const operator = () => buildSession({ role: 'operator', username: 'ops' });
  const bar = (overrides: Record<string, string> = {}) => ({
    id: 'b1',
    serial: 'AB12345',
    refinery: 'Valcambi',
    fineGrams: '12441.5',
    addedAt: '2026-11-20T00:00:00.000Z',
    allocatedGrams: '0',
    ...overrides,
  });

  /** The bar list and its two actions, stateful; `corrections` are answered in turn (undefined: accepted). */
  function barsApi(corrections: (Response | undefined)[] = []) {
    let bars = [bar(), bar({ id: 'b2', serial: 'ZX999', refinery: 'PAMP', fineGrams: '1000' })];
    const sent: { path: string; body: unknown }[] = [];
    server.use(
      http.get(apiUrl('/admin/vault-bars'), () => HttpResponse.json({ data: bars, nextCursor: null })),
      http.post(apiUrl('/admin/vault-bars/:id/correct'), async ({ request, params }) => {
        const body = (await request.json()) as { serial: string; refinery: string; fineGrams: string };
        sent.push({ path: `correct ${String(params.id)}`, body });
        const refusal = corrections.shift();
        if (refusal) return refusal;
        bars = bars.map((b) => (b.id === params.id ? { ...b, ...body } : b));
        return HttpResponse.json({ bar: bars.find((b) => b.id === params.id) });
      }),
      http.post(apiUrl('/admin/vault-bars/:id/withdraw'), ({ params }) => {
        sent.push({ path: `withdraw ${String(params.id)}`, body: null });
        const gone = bars.find((b) => b.id === params.id)!;
        bars = bars.filter((b) => b.id !== params.id);
        return HttpResponse.json({ bar: gone });
      }),
    );
    return sent;
  }

  it('corrects a bar in its dialog; a serial already listed is refused at the field', async () => {
    const sent = barsApi([
      HttpResponse.json(
        apiErrorBody(409, "This refinery's bar serial is already on the list.", 'ConflictError', { field: 'serial' }),
        { status: 409 },
      ),
    ]);
    const { user } = renderApp('/admin/vault-bars', { session: operator() });
    await user.click(await screen.findByRole('button', { name: 'Correct AB12345' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Correct AB12345' }));
    const serial = dialog.getByRole('textbox', { name: 'Serial' });
    expect(serial).toHaveValue('AB12345');
    expect(dialog.getByRole('textbox', { name: 'Fine grams' })).toHaveValue('12441.5');
    await user.clear(serial);
    await user.type(serial, 'ZX999');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText("This refinery's bar serial is already on the list.")).toBeInTheDocument();
    expect(serial).toHaveAttribute('aria-invalid', 'true');

    await user.clear(serial);
    await user.type(serial, 'AB12346');
    const grams = dialog.getByRole('textbox', { name: 'Fine grams' });
    await user.clear(grams);
    await user.type(grams, '12440.25');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Valcambi AB12346 corrected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Correct/ })).toBeNull());
    const table = within(screen.getByRole('table', { name: 'Vault bars' }));
    expect(await table.findByText('AB12346')).toBeInTheDocument();
    expect(table.getByText('12,440.2500')).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([
      { serial: 'ZX999', refinery: 'Valcambi', fineGrams: '12441.5' },
      { serial: 'AB12346', refinery: 'Valcambi', fineGrams: '12440.25' },
    ]);
  });

  it("refuses a bar without a serial or with malformed grams at its fields, in the contract's words, sending nothing", async () => {
    barsApi();
    const { user } = renderApp('/admin/vault-bars', { session: operator() });
    await user.type(await screen.findByRole('textbox', { name: 'Refinery' }), 'Valcambi');
    const grams = screen.getByRole('textbox', { name: 'Fine grams' });
    await user.type(grams, '1,000');
    await user.click(screen.getByRole('button', { name: 'Add bar' }));
    expect(await screen.findByText('Serial is required')).toBeInTheDocument();
    expect(grams).toHaveAccessibleDescription('Enter an amount like 12.5 (digits and one decimal point)');
    expect(testApi.calls.some((c) => c.method === 'POST' && c.path === '/admin/vault-bars')).toBe(false);
  });

  it('withdraws a bar after a confirmation, and nothing when the operator cancels', async () => {
    const sent = barsApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderApp('/admin/vault-bars', { session: operator() });
    await user.click(await screen.findByRole('button', { name: 'Withdraw ZX999' }));
    expect(confirm).toHaveBeenLastCalledWith('Take PAMP ZX999 off the vault list?');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Withdraw ZX999' }));
    expect(await screen.findByText('PAMP ZX999 taken off the list.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: 'withdraw b2', body: null }]);
    const table = within(screen.getByRole('table', { name: 'Vault bars' }));
    await waitFor(() => expect(table.queryByText('ZX999')).toBeNull());
    expect(table.getByText('AB12345')).toBeInTheDocument();
    confirm.mockRestore();
  });
});
