import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import type { Gift, GiftQuote } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { buildTransaction, fakeWallet } from '@/testing/wallet-api';
import { apiUrl } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const verified = () => buildSession({ kycVerified: 'Verified' });
const QUOTE_ID = '66666666-6666-4666-8666-666666666666';
const toJane: GiftQuote = {
  quoteId: QUOTE_ID,
  recipient: { maskedName: 'Jane D.' },
  grams: '0.5',
  valueUsdt: '60.5',
  message: 'Happy birthday!',
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const gift = (overrides: Partial<Gift> = {}): Gift => ({
  id: '77777777-7777-4777-8777-777777777777',
  code: 'GF-TESTCODE01',
  direction: 'sent',
  counterparty: 'Jane D.',
  invited: false,
  grams: '0.5',
  valueUsdt: '60.5',
  message: null,
  status: 'claimed',
  expiresAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  settledAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});
const booked = () =>
  buildTransaction({
    type: 'GIFT',
    status: 'completed',
    assetIn: 'GOLD',
    amountIn: '0.5',
    assetOut: null,
    amountOut: null,
    fee: null,
    feeAsset: null,
    txHash: null,
    explorerUrl: null,
  });
const noGifts = () => http.get(apiUrl('/gifts'), () => HttpResponse.json({ data: [], nextCursor: null }));

describe('Gift gold', () => {
  it('shows the masked recipient, the grams, their value and the message before sending, then sends with an Idempotency-Key', async () => {
    fakeWallet.grams = { available: '2', locked: '0', plan: '0', ges: '0' };
    const asked: unknown[] = [];
    const sent: { body: unknown; key: string | null }[] = [];
    server.use(
      noGifts(),
      http.post(apiUrl('/gifts/quote'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(toJane);
      }),
      http.post(apiUrl('/gifts'), async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return HttpResponse.json({ gift: gift({ message: 'Happy birthday!' }), transaction: booked() });
      }),
    );
    const { user } = renderApp('/gifts', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'Gift Gold', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No gifts yet.')).toBeInTheDocument();
    expect(await screen.findByText('In your GSA: 2.0000 g')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Recipient’s e-mail or referral code' }), 'JANE12');
    await user.type(screen.getByRole('textbox', { name: 'Grams' }), '0.5');
    await user.type(screen.getByRole('textbox', { name: 'Message (optional)' }), 'Happy birthday!');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const figures = await screen.findByRole('group', { name: 'Gift quote' });
    expect(within(figures).getByText('Jane D.')).toBeInTheDocument();
    expect(within(figures).getByText('0.5000 g')).toBeInTheDocument();
    expect(within(figures).getByText('60.50 USDT')).toBeInTheDocument();
    expect(within(figures).getByText('Happy birthday!')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Quote expires in \d+ s/);
    expect(asked).toEqual([{ recipient: 'JANE12', grams: '0.5', message: 'Happy birthday!' }]);
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Gift 0.5000 g' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ body: { quoteId: QUOTE_ID }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Transaction Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByText('You gifted 0.5000 g of gold to Jane D.')).toBeInTheDocument();
  });

  it('to an address with no customer: says it will be invited, and the success line says the grams wait', async () => {
    fakeWallet.grams = { available: '1', locked: '0', plan: '0', ges: '0' };
    server.use(
      noGifts(),
      http.post(apiUrl('/gifts/quote'), () =>
        HttpResponse.json({ ...toJane, recipient: { invited: true }, message: null }),
      ),
      http.post(apiUrl('/gifts'), () =>
        HttpResponse.json({ gift: gift({ status: 'waiting', invited: true }), transaction: booked() }),
      ),
    );
    const { user } = renderApp('/gifts', { session: verified() });
    await user.type(
      await screen.findByRole('textbox', { name: 'Recipient’s e-mail or referral code' }),
      'bo@example.com',
    );
    await user.type(screen.getByRole('textbox', { name: 'Grams' }), '0.5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('bo@example.com (invited)')).toBeInTheDocument();
    expect(screen.getByText(/we e-mail them an invitation/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gift 0.5000 g' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'You gifted 0.5000 g of gold. We invited bo@example.com: the grams wait for them for 30 days.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('shows a refused recipient at its field, and more grams than held before asking', async () => {
    fakeWallet.grams = { available: '0.2', locked: '0', plan: '0', ges: '0' };
    server.use(
      noGifts(),
      http.post(apiUrl('/gifts/quote'), () =>
        HttpResponse.json(
          apiErrorBody(422, 'You cannot gift gold to yourself.', 'UnprocessableError', { field: 'recipient' }),
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp('/gifts', { session: verified() });
    await screen.findByText('In your GSA: 0.2000 g');
    await user.type(screen.getByRole('textbox', { name: 'Grams' }), '0.5');
    expect(screen.getByText('You hold fewer grams in your gold savings account.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Grams' }));
    await user.type(screen.getByRole('textbox', { name: 'Grams' }), '0.1');
    await user.type(screen.getByRole('textbox', { name: 'Recipient’s e-mail or referral code' }), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('You cannot gift gold to yourself.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Recipient’s e-mail or referral code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('puts a refusal at the field the server names, and one naming no field at the grams, whatever its words', async () => {
    fakeWallet.grams = { available: '2', locked: '0', plan: '0', ges: '0' };
    const answers = [
      apiErrorBody(422, 'Grams have at most 6 decimals.', 'UnprocessableError', { field: 'grams' }),
      // Words about the recipient, but no field named: said where the form submits from.
      apiErrorBody(429, 'Too many recipient look-ups. Please wait a minute.', 'RateLimitError'),
    ];
    server.use(
      noGifts(),
      http.post(apiUrl('/gifts/quote'), () => {
        const body = answers.shift()!;
        return HttpResponse.json(body, { status: body.error.status });
      }),
    );
    const { user } = renderApp('/gifts', { session: verified() });
    await screen.findByText('In your GSA: 2.0000 g');
    const recipientField = screen.getByRole('textbox', { name: 'Recipient’s e-mail or referral code' });
    const gramsField = screen.getByRole('textbox', { name: 'Grams' });
    await user.type(recipientField, 'JANE12');
    await user.type(gramsField, '0.5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Grams have at most 6 decimals.')).toBeInTheDocument();
    expect(gramsField).toHaveAttribute('aria-invalid', 'true');
    expect(recipientField).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Too many recipient look-ups. Please wait a minute.')).toBeInTheDocument();
    expect(gramsField).toHaveAttribute('aria-invalid', 'true');
    expect(recipientField).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("checks the fields with the contract's schema before asking: an amount that is no decimal never leaves the screen", async () => {
    fakeWallet.grams = { available: '2', locked: '0', plan: '0', ges: '0' };
    const asked: unknown[] = [];
    server.use(
      noGifts(),
      http.post(apiUrl('/gifts/quote'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(toJane);
      }),
    );
    const { user } = renderApp('/gifts', { session: verified() });
    await screen.findByText('In your GSA: 2.0000 g');
    await user.type(screen.getByRole('textbox', { name: 'Recipient’s e-mail or referral code' }), 'jane@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Grams' }), '0,5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Enter an amount like 12.5 (digits and one decimal point)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Grams' })).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByRole('textbox', { name: 'Grams' }));
    await user.type(screen.getByRole('textbox', { name: 'Grams' }), '0');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Enter the grams to gift.')).toBeInTheDocument();
    expect(asked).toEqual([]);
    await user.clear(screen.getByRole('textbox', { name: 'Grams' }));
    await user.type(screen.getByRole('textbox', { name: 'Grams' }), '0.5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('group', { name: 'Gift quote' })).toBeInTheDocument();
    expect(asked).toEqual([{ recipient: 'jane@example.com', grams: '0.5', message: null }]);
  });

  it('lists sent and received gifts with their status, and a gift waiting for an unverified customer', async () => {
    server.use(
      http.get(apiUrl('/gifts'), () =>
        HttpResponse.json({
          data: [
            gift({
              id: 'a',
              code: 'GF-A',
              direction: 'received',
              counterparty: 'Ada L.',
              status: 'waiting',
              invited: true,
              expiresAt: '2026-12-27T10:00:00.000Z',
              message: 'For you',
            }),
            gift({ id: 'b', code: 'GF-B', status: 'returned', counterparty: 'fr***@example.com', invited: true }),
            gift({ id: 'c', code: 'GF-C' }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderApp('/gifts', { session: buildSession({ kycVerified: 'Not Verified' }) });
    const table = await screen.findByRole('table', { name: 'Your gifts' });
    expect(await within(table).findByText('Waiting for your verification')).toBeInTheDocument();
    expect(within(table).getByText('“For you”')).toBeInTheDocument();
    expect(within(table).getByText('Returned to you')).toBeInTheDocument();
    expect(within(table).getByText('Claimed')).toBeInTheDocument();
    expect(within(table).getByText('+0.5000 g')).toBeInTheDocument();
    // Not verified: no form, the verification notice instead.
    expect(screen.queryByRole('textbox', { name: 'Grams' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/gifts'), () =>
        HttpResponse.json(apiErrorBody(409, 'Your gifts are being updated.', 'ConflictError'), { status: 409 }),
      ),
    );
    renderApp('/gifts', { session: verified() });
    expect(await screen.findByText('Your gifts are being updated.')).toBeInTheDocument();
  });
});
