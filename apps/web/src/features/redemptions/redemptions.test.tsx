import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { BalancesResponse, Redemption, RedemptionProduct, RedemptionQuote } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const verified = () => buildSession({ kycVerified: 'Verified' });
const balances: BalancesResponse = {
  USDT: { available: '0', locked: '0' },
  QMGT: { available: '0', locked: '0' },
  GOLD: { available: '3.5', locked: '0', plan: '0', ges: '0' },
  rewards: { QMGT: '0' },
  spot: '130',
};
const coin: RedemptionProduct = {
  id: '11111111-1111-4111-8111-111111111111',
  name: '1 g coin',
  fineGrams: '1',
  makingFeeUsdt: '5',
  deliveryFeeUsdt: '10',
  active: true,
};
const quote: RedemptionQuote = {
  quoteId: '22222222-2222-4222-8222-222222222222',
  product: coin,
  quantity: 1,
  fineGrams: '1',
  makingFeeUsdt: '5',
  deliveryFeeUsdt: '10',
  feeGrams: '0.115385',
  grams: '1.115385',
  price: '130',
  expiresAt: new Date(Date.now() + 30_000).toISOString(),
};
const ADDRESS = {
  fullName: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'United Kingdom',
  phone: '+44 20 7946 0000',
};
const redemption = (overrides: Partial<Redemption> = {}): Redemption => ({
  id: '33333333-3333-4333-8333-333333333333',
  code: 'RD-7Q2K9ABCDE',
  productId: coin.id,
  productName: coin.name,
  quantity: 1,
  fineGrams: '1',
  feeGrams: '0.115385',
  grams: '1.115385',
  makingFeeUsdt: '5',
  deliveryFeeUsdt: '10',
  price: '130',
  address: ADDRESS,
  status: 'requested',
  reason: null,
  carrier: null,
  trackingNumber: null,
  requestedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  shippedAt: null,
  deliveredAt: null,
  ...overrides,
});

function redemptionsApi(options: {
  products?: RedemptionProduct[];
  mine?: Redemption[];
  onRequest?: (body: unknown, key: string | null) => Response | undefined;
}) {
  server.use(
    http.get(apiUrl('/balances'), () => HttpResponse.json(balances)),
    http.get(apiUrl('/redemptions/products'), () => HttpResponse.json({ data: options.products ?? [coin] })),
    http.get(apiUrl('/redemptions'), () => HttpResponse.json({ data: options.mine ?? [] })),
    http.post(apiUrl('/redemptions/quote'), () => HttpResponse.json(quote)),
    http.post(apiUrl('/redemptions'), async ({ request }) => {
      const body = await request.json();
      return (
        options.onRequest?.(body, request.headers.get('idempotency-key')) ??
        HttpResponse.json({ redemption: redemption() })
      );
    }),
  );
}

/** Pastes into the field: typing every character of six fields is slow on a busy machine. */
async function fill(user: ReturnType<typeof renderApp>['user'], label: RegExp, value: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.paste(value);
}

describe('Physical redemption', { timeout: 60_000 }, () => {
  it('quotes the coin, refuses an address missing a line at its field, then confirms with an Idempotency-Key', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    redemptionsApi({
      onRequest: (body, key) => {
        sent.push({ body, key });
        return undefined;
      },
    });
    const { user } = renderApp('/redemptions', { session: verified() });
    expect(await screen.findByText(/No redemptions yet/)).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: '1 g coin' }));
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    const figures = await screen.findByRole('group', { name: 'Redemption quote' });
    expect(within(figures).getByText(/^1\.115\d g$/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Quote expires in/);

    await fill(user, /Full name/, ADDRESS.fullName);
    await user.click(screen.getByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText('Address line 1 is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await fill(user, /Address line 1/, ADDRESS.line1);
    await fill(user, /City/, ADDRESS.city);
    await fill(user, /Postal code/, ADDRESS.postalCode);
    await fill(user, /Country/, ADDRESS.country);
    await fill(user, /Phone/, ADDRESS.phone);
    await user.click(screen.getByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText('Redemption RD-7Q2K9ABCDE requested')).toBeInTheDocument();
    expect(sent).toEqual([
      { body: { quoteId: quote.quoteId, address: ADDRESS }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
  });

  it('shows a refused confirmation (expired quote) and puts a new quote on screen, the address kept', async () => {
    redemptionsApi({
      onRequest: () =>
        HttpResponse.json(apiErrorBody(422, 'This quote has expired. Please ask for a new one.', 'QuoteExpiredError'), {
          status: 422,
        }),
    });
    const { user } = renderApp('/redemptions', { session: verified() });
    await user.click(await screen.findByRole('radio', { name: '1 g coin' }));
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    await screen.findByRole('group', { name: 'Redemption quote' });
    for (const [label, value] of [
      [/Full name/, ADDRESS.fullName],
      [/Address line 1/, ADDRESS.line1],
      [/City/, ADDRESS.city],
      [/Postal code/, ADDRESS.postalCode],
      [/Country/, ADDRESS.country],
      [/Phone/, ADDRESS.phone],
    ] as const)
      await fill(user, label, value);
    await user.click(screen.getByRole('button', { name: 'Confirm redemption' }));
    expect(await screen.findByText('This quote has expired. Please ask for a new one.')).toBeInTheDocument();
    // Nothing moved: a new quote is asked for at once (as every product's quote flow does), and
    // the address typed is still there to confirm it with.
    expect(await screen.findByRole('timer')).toHaveTextContent(/Quote expires in \d+ s/);
    expect(screen.getByRole('button', { name: 'Confirm redemption' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue(ADDRESS.fullName);
  });

  it('follows each redemption: shipped with its carrier and tracking number, rejected with its reason', async () => {
    redemptionsApi({
      mine: [
        redemption({ status: 'shipped', carrier: 'DHL Express', trackingNumber: 'JD014600003828' }),
        redemption({
          id: '44444444-4444-4444-8444-444444444444',
          code: 'RD-REJECTED1',
          status: 'rejected',
          reason: 'Outside our area',
        }),
      ],
    });
    renderApp('/redemptions', { session: verified() });
    const shipped = await screen.findByRole('article', { name: 'Redemption RD-7Q2K9ABCDE' });
    expect(within(shipped).getByText('JD014600003828')).toBeInTheDocument();
    expect(within(shipped).getAllByText('Shipped').length).toBeGreaterThan(0);
    const rejected = screen.getByRole('article', { name: 'Redemption RD-REJECTED1' });
    expect(within(rejected).getByText(/Not approved: Outside our area/)).toBeInTheDocument();
  });

  it('says so when nothing is offered, and when the catalogue cannot be loaded', async () => {
    redemptionsApi({ products: [] });
    const first = renderApp('/redemptions', { session: verified() });
    expect(await screen.findByText(/No coins or bars are offered right now/)).toBeInTheDocument();
    first.unmount();
    server.use(
      http.get(apiUrl('/redemptions/products'), () =>
        HttpResponse.json(apiErrorBody(403, 'Not allowed here', 'ForbiddenError'), { status: 403 }),
      ),
    );
    renderApp('/redemptions', { session: verified() });
    expect(await screen.findByText('The catalogue could not be loaded')).toBeInTheDocument();
  });
});

describe('the redemption catalogue (back office)', { timeout: 60_000 }, () => {
  it("edits a product in its dialog, refusing at the field what the contract's schema refuses", async () => {
    const inactive: RedemptionProduct = { ...coin, active: false };
    const saved: unknown[] = [];
    server.use(
      // The screen opens on the requests: an empty queue.
      http.get(apiUrl('/admin/redemptions'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.get(apiUrl('/admin/redemption-products'), () => HttpResponse.json({ data: [inactive] })),
      http.post(apiUrl(`/admin/redemption-products/${coin.id}/edit`), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ product: { ...inactive, fineGrams: '1.5' } });
      }),
    );
    const { user } = renderApp('/admin/redemptions', { session: buildSession({ role: 'operator' }) });
    await user.click(await screen.findByRole('tab', { name: 'Catalogue' }));
    await user.click(await screen.findByRole('button', { name: `Edit ${coin.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Edit ${coin.name}` }));
    // The product as it is: its figures, and not offered.
    expect(dialog.getByRole('textbox', { name: /Fine grams/ })).toHaveValue(coin.fineGrams);
    expect(dialog.getByRole('switch', { name: 'Offered to customers' })).not.toBeChecked();
    const grams = dialog.getByRole('textbox', { name: /Fine grams/ });
    await user.clear(grams);
    await user.type(grams, '1,5');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Enter an amount like 12.5 (digits and one decimal point)')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.clear(grams);
    await user.type(grams, '1.5');
    await user.click(dialog.getByRole('switch', { name: 'Offered to customers' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: coin.name,
      fineGrams: '1.5',
      makingFeeUsdt: coin.makingFeeUsdt,
      deliveryFeeUsdt: coin.deliveryFeeUsdt,
      active: true,
    });
  });
});

describe('shipping a redemption (back office)', { timeout: 60_000 }, () => {
  const approved = { ...redemption({ status: 'approved' }), username: 'ada', email: 'ada@example.test' };
  function fulfilmentApi(onShip: (body: unknown) => Response) {
    const shipped: unknown[] = [];
    server.use(
      http.get(apiUrl('/admin/redemptions'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.get(apiUrl('/admin/redemptions/fulfilment'), () => HttpResponse.json({ data: [approved] })),
      http.post(apiUrl(`/admin/redemptions/${approved.id}/ship`), async ({ request }) => {
        const body = await request.json();
        shipped.push(body);
        return onShip(body);
      }),
    );
    return shipped;
  }
  async function openShipDialog() {
    const rendered = renderApp('/admin/redemptions', { session: buildSession({ role: 'operator' }) });
    await rendered.user.click(await screen.findByRole('tab', { name: 'Ship and deliver' }));
    await rendered.user.click(await screen.findByRole('button', { name: `Ship ${approved.code}` }));
    return {
      user: rendered.user,
      dialog: within(await screen.findByRole('dialog', { name: `Ship ${approved.code}` })),
    };
  }

  it('refuses at the field what the ship contract refuses, without a request, then ships what it takes, trimmed', async () => {
    const shipped = fulfilmentApi((body) =>
      HttpResponse.json({ redemption: { ...approved, status: 'shipped', ...(body as object) } }),
    );
    const { user, dialog } = await openShipDialog();
    await user.type(dialog.getByRole('textbox', { name: /Carrier/ }), '   ');
    await user.click(dialog.getByRole('textbox', { name: /Tracking number/ }));
    await user.paste('J'.repeat(61));
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    expect(await dialog.findByText('Carrier is required')).toBeInTheDocument();
    expect(dialog.getByText('At most 60 characters')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Carrier/ })).toHaveAccessibleDescription('Carrier is required');
    expect(shipped).toEqual([]);

    await user.clear(dialog.getByRole('textbox', { name: /Tracking number/ }));

    await user.type(dialog.getByRole('textbox', { name: /Carrier/ }), 'DHL Express ');
    await user.type(dialog.getByRole('textbox', { name: /Tracking number/ }), ' JD014600003828');
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    expect(
      await screen.findByText(`${approved.code} shipped with DHL Express; the customer is notified.`),
    ).toBeInTheDocument();
    expect(shipped).toEqual([{ carrier: 'DHL Express', trackingNumber: 'JD014600003828' }]);
  });

  it("shows the server's refusal of a field under that field", async () => {
    fulfilmentApi(() =>
      HttpResponse.json(
        apiErrorBody(400, 'This tracking number is already used.', 'ValidationError', { field: 'trackingNumber' }),
        { status: 400 },
      ),
    );
    const { user, dialog } = await openShipDialog();
    await user.type(dialog.getByRole('textbox', { name: /Carrier/ }), 'DHL Express');
    await user.type(dialog.getByRole('textbox', { name: /Tracking number/ }), 'JD014600003828');
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    expect(await dialog.findByText('This tracking number is already used.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Tracking number/ })).toHaveAccessibleDescription(
      'This tracking number is already used.',
    );
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
