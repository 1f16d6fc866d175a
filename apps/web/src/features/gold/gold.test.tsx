import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GaePlanResponse, TerminationSummary } from '@qmgt/contracts';
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
