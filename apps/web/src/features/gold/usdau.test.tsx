import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BalancesResponse, Reserves, UsdauRequest } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl } from '@/testing/handlers';
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
    expect(screen.getByText('The smallest USDAU request is 0.1 g.')).toBeInTheDocument();
    expect(screen.getByText('Enter a 0x address of 40 hexadecimal characters.')).toBeInTheDocument();
    await user.clear(grams);
    await user.type(grams, '4');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    expect(screen.getByText(/Insufficient gold balance/)).toBeInTheDocument();
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

describe('proof of reserves', () => {
  const reserves = (overrides: Partial<Reserves> = {}): Reserves => ({
    onChainQmgt: '60',
    ledgerQmgt: '60',
    ledgerGold: '40',
    rewardsQmgt: '0',
    liabilitiesGrams: '100',
    vaultGrams: '102.5',
    surplusGrams: '2.5',
    coverage: '1.0250',
    bars: [
      { id: 'b1', serial: 'AB12345', refinery: 'Valcambi', fineGrams: '102.5', addedAt: '2026-11-20T00:00:00.000Z' },
    ],
    checkedAt: '2026-11-24T02:00:00.000Z',
    ...overrides,
  });

  it('shows anyone the coverage, the figures and the bar list', async () => {
    server.use(http.get(apiUrl('/reserves'), () => HttpResponse.json(reserves())));
    renderApp('/proof-of-reserves');
    expect(await screen.findByText('Covered 102.50%')).toBeInTheDocument();
    expect(screen.getByText('100.0000 g')).toBeInTheDocument();
    expect(screen.getByText('AB12345')).toBeInTheDocument();
    expect(screen.getByText('Surplus')).toBeInTheDocument();
    expect(screen.getByText(/and 0.0000 QMGT of unclaimed rewards/)).toBeInTheDocument();
  });

  it('says so plainly when the vault is short', async () => {
    server.use(
      http.get(apiUrl('/reserves'), () =>
        HttpResponse.json(reserves({ vaultGrams: '90', surplusGrams: '-10', coverage: '0.9000', bars: [] })),
      ),
    );
    renderApp('/proof-of-reserves');
    expect(await screen.findByText('Covered 90.00%: short')).toBeInTheDocument();
    expect(screen.getByText('Shortfall')).toBeInTheDocument();
    expect(screen.getByText('No bars are listed yet.')).toBeInTheDocument();
  });
});
