import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Payment, PaymentQuote, RemitQuote } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { buildTransaction } from '@/testing/wallet-api';
import { apiUrl } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { SpendToSaveForm } from './components/spend-to-save-form';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const verified = () => buildSession({ kycVerified: 'Verified' });
const PAYMENT_ID = '44444444-4444-4444-8444-444444444444';
const quote: PaymentQuote = {
  quoteId: '55555555-5555-4555-8555-555555555555',
  amountUsd: '50',
  feeUsd: '0.75',
  netUsd: '49.25',
  grams: '0.378846',
  price: '130',
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: PAYMENT_ID,
  code: 'PY-7Q2K9ABCDE',
  amountUsd: '50',
  feeUsd: '0.75',
  grams: '0.378846',
  price: '130',
  status: 'pending',
  failureReason: null,
  checkoutUrl: 'http://localhost/sandbox-checkout/cs_test_1',
  transactionId: null,
  createdAt: '2026-11-25T02:00:00.000Z',
  expiresAt: '2026-11-25T02:30:00.000Z',
  creditedAt: null,
  ...overrides,
});

function renderForm(go: (url: string) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    user: userEvent.setup(),
    ...render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <SpendToSaveForm go={go} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

describe('Spend To Save', () => {
  it('shows the fee and the grams before the checkout, then opens the checkout with the quote', async () => {
    const opened: unknown[] = [];
    const keys: (string | null)[] = [];
    server.use(
      http.post(apiUrl('/payments/quote'), () => HttpResponse.json(quote)),
      http.post(apiUrl('/payments/checkout'), async ({ request }) => {
        opened.push(await request.json());
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({
          paymentId: PAYMENT_ID,
          checkoutUrl: 'http://localhost/sandbox-checkout/cs_test_1',
          payment: payment(),
        });
      }),
    );
    const go = vi.fn();
    const { user } = renderForm(go);
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '50');
    await user.click(screen.getByRole('button', { name: 'See what it buys' }));
    expect(await screen.findByText('0.75 USD')).toBeInTheDocument();
    expect(screen.getByText('0.3788 g')).toBeInTheDocument();
    expect(opened).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/sandbox-checkout/cs_test_1'));
    expect(opened).toEqual([{ amountUsd: '50', quoteId: quote.quoteId }]);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('sends the same Idempotency-Key again when the checkout request got no answer, and goes to that checkout', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(apiUrl('/payments/quote'), () => HttpResponse.json(quote)),
      http.post(apiUrl('/payments/checkout'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json({
          paymentId: PAYMENT_ID,
          checkoutUrl: 'http://localhost/sandbox-checkout/cs_test_1',
          payment: payment(),
        });
      }),
    );
    const go = vi.fn();
    const { user } = renderForm(go);
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '50');
    await user.click(screen.getByRole('button', { name: 'See what it buys' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByText(/No answer from the server/)).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/sandbox-checkout/cs_test_1'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says what is wrong with an amount, at the field, before and after asking', async () => {
    server.use(
      http.post(apiUrl('/payments/quote'), () =>
        HttpResponse.json(
          apiErrorBody(422, 'The smallest payment is 10 USD.', 'UnprocessableError', { field: 'amountUsd' }),
          {
            status: 422,
          },
        ),
      ),
    );
    const { user } = renderForm(vi.fn());
    const input = screen.getByRole('textbox', { name: 'Amount (USD)' });
    await user.type(input, '12.345');
    await user.click(screen.getByRole('button', { name: 'See what it buys' }));
    expect(await screen.findByText('Enter an amount in dollars and cents, like 50 or 49.99')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: 'See what it buys' }));
    expect(await screen.findByText('The smallest payment is 10 USD.')).toBeInTheDocument();
  });

  it('follows a payment until it is credited', async () => {
    let paid = false;
    server.use(
      http.get(apiUrl(`/payments/${PAYMENT_ID}`), () =>
        HttpResponse.json({
          payment: paid
            ? payment({ status: 'credited', transactionId: 'tx-1', creditedAt: '2026-11-25T02:01:00.000Z' })
            : payment(),
        }),
      ),
    );
    renderApp(`/payment-success?paymentId=${PAYMENT_ID}`, { session: verified() });
    expect(await screen.findByText('Waiting for the payment to be confirmed…')).toBeInTheDocument();
    paid = true;
    expect(await screen.findByText('Payment received', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/0.3788 g of gold are in your gold savings account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View transaction' })).toBeInTheDocument();
  });

  it('closes the checkout when the customer comes back from its cancel link', async () => {
    const cancelled: string[] = [];
    server.use(
      http.get(apiUrl(`/payments/${PAYMENT_ID}`), () => HttpResponse.json({ payment: payment() })),
      http.post(apiUrl(`/payments/${PAYMENT_ID}/cancel`), () => {
        cancelled.push(PAYMENT_ID);
        return HttpResponse.json({ payment: payment({ status: 'cancelled', checkoutUrl: null }) });
      }),
    );
    renderApp(`/payment-success?paymentId=${PAYMENT_ID}&cancelled=1`, { session: verified() });
    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged.')).toBeInTheDocument();
    expect(cancelled).toEqual([PAYMENT_ID]);
  });

  it('lists payments with their status, each linking to its page', async () => {
    server.use(http.get(apiUrl('/payments'), () => HttpResponse.json({ data: [payment({ status: 'expired' })] })));
    renderApp('/payment', { session: verified() });
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PY-7Q2K9ABCDE' })).toHaveAttribute(
      'href',
      `/payment-success?paymentId=${PAYMENT_ID}`,
    );
  });
});

describe('Remit to save', () => {
  const remitQuote: RemitQuote = {
    quoteId: '66666666-6666-4666-8666-666666666666',
    recipient: { maskedName: 'Ben O.' },
    amountUsdt: '23',
    roundUpUsdt: '2',
    totalUsdt: '25',
    grams: '0.015153',
    feeUsdt: '0.03',
    price: '130',
    expiresAt: '2030-01-01T00:00:00.000Z',
  };

  it('shows the masked recipient, the round-up and the gold before sending, then sends with an Idempotency-Key', async () => {
    const asked: unknown[] = [];
    const sent: { body: unknown; key: string | null }[] = [];
    server.use(
      http.get(apiUrl('/get-qmgt-balance'), () => HttpResponse.json({ usdt: '100', qmgt: '0' })),
      http.get(apiUrl('/remittances'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.post(apiUrl('/remit/quote'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(remitQuote);
      }),
      http.post(apiUrl('/remit'), async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return HttpResponse.json(
          apiErrorBody(422, 'Insufficient USDT balance.', 'InsufficientFundsError', {
            asset: 'USDT',
            field: 'amountUsdt',
          }),
          { status: 422 },
        );
      }),
    );
    const { user } = renderApp('/remit-to-save', { session: verified() });
    expect(await screen.findByText('No remittances yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Recipient’s e-mail or referral code' }), 'BEN123');
    await user.type(screen.getByRole('textbox', { name: 'Amount (USDT)' }), '23');
    await user.click(screen.getByRole('radio', { name: '5 USDT' }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Ben O.')).toBeInTheDocument();
    expect(screen.getByText('0.0151 g')).toBeInTheDocument();
    expect(asked).toEqual([{ recipient: 'BEN123', amountUsdt: '23', roundUpTo: 5 }]);
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send 25.00 USDT' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      body: { recipient: 'BEN123', amountUsdt: '23', roundUpTo: 5, quoteId: remitQuote.quoteId },
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('says what the friend got and what the round-up saved, each for its own USDT', async () => {
    const booked = buildTransaction({
      type: 'REMIT',
      status: 'completed',
      assetIn: 'USDT',
      amountIn: '25',
      assetOut: 'GOLD',
      amountOut: '0.015153',
      txHash: null,
      explorerUrl: null,
    });
    server.use(
      http.get(apiUrl('/get-qmgt-balance'), () => HttpResponse.json({ usdt: '100', qmgt: '0' })),
      http.get(apiUrl('/remittances'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.post(apiUrl('/remit/quote'), () => HttpResponse.json(remitQuote)),
      http.post(apiUrl('/remit'), () =>
        HttpResponse.json({
          transaction: booked,
          remittance: {
            id: '77777777-7777-4777-8777-777777777777',
            code: 'RM-TEST',
            direction: 'sent',
            counterparty: 'Ben O.',
            amountUsdt: '23',
            roundUpUsdt: '2',
            grams: '0.015153',
            createdAt: '2026-11-27T10:00:00.000Z',
          },
        }),
      ),
    );
    const { user } = renderApp('/remit-to-save', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: 'Recipient’s e-mail or referral code' }), 'BEN123');
    await user.type(screen.getByRole('textbox', { name: 'Amount (USDT)' }), '23');
    await user.click(screen.getByRole('radio', { name: '5 USDT' }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Send 25.00 USDT' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      within(dialog).getByText('You sent 23.00 USDT to Ben O. Your 2.00 USDT round-up saved 0.0151 g of gold.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/You received/)).not.toBeInTheDocument();
  });

  it('shows a refused recipient at its field', async () => {
    server.use(
      http.get(apiUrl('/get-qmgt-balance'), () => HttpResponse.json({ usdt: '100', qmgt: '0' })),
      http.get(apiUrl('/remittances'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.post(apiUrl('/remit/quote'), () =>
        HttpResponse.json(
          apiErrorBody(422, 'You cannot remit to yourself.', 'UnprocessableError', { field: 'recipient' }),
          {
            status: 422,
          },
        ),
      ),
    );
    const { user } = renderApp('/remit-to-save', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: 'Recipient’s e-mail or referral code' }), 'ME1');
    await user.type(screen.getByRole('textbox', { name: 'Amount (USDT)' }), '5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const field = screen.getByRole('textbox', { name: 'Recipient’s e-mail or referral code' });
    expect(await screen.findByText('You cannot remit to yourself.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a refusal at the amount when the server names it, and one naming no field there too, whatever its words', async () => {
    const answers = [
      apiErrorBody(422, 'The smallest remittance is 1 USDT.', 'UnprocessableError', { field: 'amountUsdt' }),
      // Words about the recipient, but no field named: said where the form submits from.
      apiErrorBody(429, 'Too many recipient look-ups. Please wait a minute.', 'RateLimitError'),
    ];
    server.use(
      http.get(apiUrl('/get-qmgt-balance'), () => HttpResponse.json({ usdt: '100', qmgt: '0' })),
      http.get(apiUrl('/remittances'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.post(apiUrl('/remit/quote'), () => {
        const body = answers.shift()!;
        return HttpResponse.json(body, { status: body.error.status });
      }),
    );
    const { user } = renderApp('/remit-to-save', { session: verified() });
    const recipientField = await screen.findByRole('textbox', { name: 'Recipient’s e-mail or referral code' });
    const amountField = screen.getByRole('textbox', { name: 'Amount (USDT)' });
    await user.type(recipientField, 'BEN123');
    await user.type(amountField, '0.5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('The smallest remittance is 1 USDT.')).toBeInTheDocument();
    expect(amountField).toHaveAttribute('aria-invalid', 'true');
    expect(recipientField).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Too many recipient look-ups. Please wait a minute.')).toBeInTheDocument();
    expect(amountField).toHaveAttribute('aria-invalid', 'true');
    expect(recipientField).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('back office: payments and remittances', () => {
  it('lists every payment with its customer and a failed one’s reason, filtered by status; and the remittances', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/admin/payments'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.get('status'));
        const older = params.get('cursor') === 'AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO';
        return HttpResponse.json({
          data: [
            {
              ...payment({ status: 'failed', failureReason: 'The payment gateway reported a different amount.' }),
              username: older ? 'olga' : 'jane',
              email: older ? 'olga@example.com' : 'jane@example.com',
              gateway: 'sandbox',
              sessionId: 'cs_test_1',
            },
          ],
          nextCursor: older ? null : 'AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO',
        });
      }),
      http.get(apiUrl('/admin/remittances'), () =>
        HttpResponse.json({
          data: [
            {
              id: 'r1',
              code: 'RM-ABC',
              sender: 'ada',
              recipient: 'ben',
              amountUsdt: '23',
              roundUpUsdt: '2',
              grams: '0.015153',
              createdAt: '2026-11-25T02:00:00.000Z',
            },
          ],
          nextCursor: null,
        }),
      ),
    );
    const { user } = renderApp('/admin/payments', { session: buildSession({ role: 'operator', username: 'ops' }) });
    expect(await screen.findByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText('The payment gateway reported a different amount.')).toBeInTheDocument();
    expect(await screen.findByText('0.0151 g')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 payment')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 remittance')).toBeInTheDocument();
    // Older payments from the server's cursor, below the first page.
    await user.click(screen.getByRole('button', { name: 'Load more payments' }));
    expect(await screen.findByText('olga@example.com')).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 payments')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Failed' }));
    await vi.waitFor(() => expect(asked.at(-1)).toBe('failed'));
    expect(new Set(asked)).toEqual(new Set([null, 'failed']));
  });

  it('is for operators only: a customer is sent home', async () => {
    const { router } = renderApp('/admin/payments', { session: verified() });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Payments and Remittances' })).not.toBeInTheDocument();
  });
});
