import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BalancesResponse, UsdauRequest } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const verified = () => buildSession({ kycVerified: 'Verified' });
const price = { spot: '130', gae: '133.9', sell: '127.4', at: '2026-11-24T00:00:00.000Z' };
const balances: BalancesResponse = {
  USDT: { available: '10', locked: '0' },
  QMGT: { available: '0', locked: '0' },
  GOLD: { available: '3.5', locked: '0', plan: '0', ges: '0' },
  rewards: { QMGT: '0' },
  spot: '130',
};
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const request = (overrides: Partial<UsdauRequest> = {}): UsdauRequest => ({
  id: '33333333-3333-4333-8333-333333333333',
  code: 'UA-7Q2K9',
  grams: '2',
  address: ADDRESS,
  usdauAmount: '254.8',
  price: '127.4',
  status: 'pending',
  reason: null,
  txHash: null,
  explorerUrl: null,
  createdAt: '2026-11-24T02:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

function usdauApi(requests: UsdauRequest[], onPost?: (body: unknown, key: string | null) => Response | undefined) {
  server.use(
    http.get(apiUrl('/balances'), () => HttpResponse.json(balances)),
    http.get(apiUrl('/gae/plan'), () => HttpResponse.json({ plan: null, price })),
    http.get(apiUrl('/request-external-usdau'), () => HttpResponse.json({ data: requests })),
    http.post(apiUrl('/request-external-usdau'), async ({ request: r }) => {
      const body = await r.json();
      return onPost?.(body, r.headers.get('idempotency-key')) ?? HttpResponse.json({ request: request() });
    }),
  );
}

describe('USDAU Request External', () => {
  it('shows the estimate before sending, sends with an Idempotency-Key, and lists the requests with their status', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    usdauApi(
      [request({ status: 'sent', txHash: `0x${'a'.repeat(64)}`, explorerUrl: `/explorer/tx/0x${'a'.repeat(64)}` })],
      (body, key) => {
        sent.push({ body, key });
        return undefined;
      },
    );
    const { user } = renderApp('/request-external-usdau', { session: verified() });
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View on block explorer/ })).toBeInTheDocument();
    expect(await screen.findByText(/Available in your GSA: 3.5000 g/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Grams' }), '2');
    await user.type(screen.getByRole('textbox', { name: /External address/ }), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    // 2 g x 127.40 USDT = 254.80 USDAU, shown before anything is sent.
    expect(screen.getByText('254.80 USDAU')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/are locked until our operators approve/)).toBeInTheDocument();
    expect(sent).toEqual([{ body: { grams: '2', address: ADDRESS }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('refuses too little, too much and a malformed address at their fields before sending; shows the server checksum refusal', async () => {
    usdauApi([], () =>
      HttpResponse.json(
        apiErrorBody(
          422,
          'This address fails its checksum: a character is mistyped. Copy it again from your wallet.',
          'UnprocessableError',
          { field: 'address' },
        ),
        { status: 422 },
      ),
    );
    const { user } = renderApp('/request-external-usdau', { session: verified() });
    expect(await screen.findByText('No USDAU requests yet.')).toBeInTheDocument();
    const grams = screen.getByRole('textbox', { name: 'Grams' });
    const address = screen.getByRole('textbox', { name: /External address/ });
    await user.type(grams, '0.05');
    await user.type(address, '0x1234');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    // The limits and the contract's schema, every field's complaint at once.
    expect(await screen.findByText('The smallest USDAU request is 0.1 g.')).toBeInTheDocument();
    expect(screen.getByText('Enter a 0x address of 40 hexadecimal characters')).toBeInTheDocument();
    await user.clear(grams);
    await user.type(grams, '4');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    expect(await screen.findByText(/Insufficient gold balance/)).toBeInTheDocument();
    await user.clear(grams);
    await user.type(grams, '1');
    await user.clear(address);
    await user.type(address, '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(
        'This address fails its checksum: a character is mistyped. Copy it again from your wallet.',
      ),
    ).toBeInTheDocument();
  });
});

describe('USDAU requests (operators)', () => {
  const operator = () => buildSession({ role: 'operator', username: 'ops' });
  const queued = (overrides: Partial<UsdauRequest> = {}) => ({
    ...request(overrides),
    username: 'ada',
    email: 'ada@example.test',
  });

  it('shows the address in full and counts one request in the singular; approving says the USDAU is being sent', async () => {
    server.use(
      http.get(apiUrl('/admin/usdau-requests'), () => HttpResponse.json({ data: [queued()], nextCursor: null })),
      http.post(apiUrl('/admin/usdau-requests/:id/:decision'), () =>
        HttpResponse.json({ request: request({ status: 'approved', decidedAt: '2026-11-24T03:00:00.000Z' }) }),
      ),
    );
    const { user } = renderApp('/admin/usdau-requests', { session: operator() });
    const table = await screen.findByRole('table', { name: 'USDAU requests' });
    expect(within(table).getByText(ADDRESS)).toBeInTheDocument();
    expect(within(table).getByText('254.80')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 USDAU request')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve UA-7Q2K9' }));
    expect(await screen.findByText('UA-7Q2K9 approved: the USDAU is being sent.')).toBeInTheDocument();
    const post = testApi.calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/admin/usdau-requests/${request().id}/approve`);
    expect(within(table).getByText('Approved, sending')).toBeInTheDocument();
  });
});
