import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Reward, RewardsResponse } from '@qmgt/contracts';
import { buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { buildTransaction, quoteFigures } from '@/testing/wallet-api';

const verified = () => buildSession({ kycVerified: 'Verified' });
const reward = (overrides: Partial<Reward> = {}): Reward => ({
  id: '44444444-4444-4444-8444-444444444444',
  source: { type: 'QMGT', code: 'QM-ABCDEFGHJK', username: 'downline_d' },
  level: 1,
  purchaseUsdt: '400',
  amountQmgt: '0.15',
  vestsAt: '2026-10-01T00:00:00.000Z',
  status: 'claimable',
  createdAt: '2026-09-01T00:00:00.000Z',
  ...overrides,
});
const totals: RewardsResponse['totals'] = {
  vesting: '0.05',
  claimable: '0.15',
  requested: '0',
  claimed: '0',
  paid: '0',
  sold: '0',
};

describe('reward center', () => {
  it('lists rewards with their source, a claim on the vested one, and the vesting timeline', async () => {
    server.use(
      http.get(apiUrl('/rewards'), () =>
        HttpResponse.json({
          rewards: [
            reward(),
            reward({
              id: '55555555-5555-4555-8555-555555555555',
              status: 'vesting',
              amountQmgt: '0.05',
              vestsAt: '2026-12-20T00:00:00.000Z',
            }),
          ],
          totals,
          nextCursor: null,
        }),
      ),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
    );
    renderApp('/My-Reward-Center', { session: verified() });
    const table = await screen.findByRole('table', { name: 'Rewards' });
    expect(within(table).getAllByText('downline_d')).toHaveLength(2);
    expect(within(table).getByRole('button', { name: 'Claim 0.1500 QMGT' })).toBeInTheDocument();
    expect(screen.getByText(/0\.0500 QMGT on/)).toBeInTheDocument();
    expect(screen.getByText('Showing 2 rewards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more rewards' })).not.toBeInTheDocument();
  });

  it('with no rewards yet, says what a referral earns: the rates and the vesting days', async () => {
    server.use(
      http.get(apiUrl('/rewards'), () => HttpResponse.json({ rewards: [], totals, nextCursor: null })),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
    );
    renderApp('/My-Reward-Center', { session: verified() });
    expect(
      await screen.findByText(
        'No rewards yet. When people you referred buy QMGT or gold, you earn 5% of their purchase (2% and 1% for the next two levels), vesting for 30 days.',
      ),
    ).toBeInTheDocument();
    // The next step: the referral link lives on My Affiliates.
    expect(screen.getByRole('link', { name: 'Share your referral link' })).toHaveAttribute('href', '/My-Affiliates');
  });

  it('loads more rewards from the cursor the server gave', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/rewards'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json(
          cursor
            ? {
                rewards: [
                  reward({
                    id: '66666666-6666-4666-8666-666666666666',
                    source: { type: 'GAE', code: 'GA-OLDER', username: 'older_e' },
                  }),
                ],
                totals,
                nextCursor: null,
              }
            : { rewards: [reward()], totals, nextCursor: 'AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO' },
        );
      }),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
    );
    const { user } = renderApp('/My-Reward-Center', { session: verified() });
    expect(await screen.findByText('Showing 1 reward')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more rewards' }));
    expect(await screen.findByText('Showing 2 rewards')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Rewards' })).getByText('older_e')).toBeInTheDocument();
    expect(cursors.filter(Boolean)).toEqual(['AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO']);
    expect(screen.queryByRole('button', { name: 'Load more rewards' })).not.toBeInTheDocument();
  });

  it('claims a vested reward with an Idempotency-Key, through the transaction modal', async () => {
    server.use(
      http.get(apiUrl('/rewards'), () => HttpResponse.json({ rewards: [reward()], totals, nextCursor: null })),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
    );
    const { user } = renderApp('/My-Reward-Center', { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Claim 0.1500 QMGT' }));
    const claim = await new Promise<(typeof testApi.calls)[number] | undefined>((resolve) => {
      const started = Date.now();
      const look = () => {
        const found = testApi.calls.find((c) => c.path === '/claim-token');
        if (found || Date.now() - started > 3000) resolve(found);
        else setTimeout(look, 50);
      };
      look();
    });
    expect(claim?.body).toEqual({ rewardid: reward().id });
    expect(claim?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a payout request above what is claimable, before asking the server', async () => {
    server.use(
      http.get(apiUrl('/rewards'), () => HttpResponse.json({ rewards: [reward()], totals, nextCursor: null })),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
    );
    const { user } = renderApp('/My-Reward-Center', { session: verified() });
    await user.type(await screen.findByRole('textbox', { name: /^Amount \(QMGT\)/ }), '5');
    await user.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('You have 0.1500 QMGT claimable.')).toBeInTheDocument();
    expect(testApi.calls.some((c) => c.path === '/token-reward' && c.method === 'POST')).toBe(false);
  });

  it("refuses a malformed payout amount at the field, in the contract's words, before asking the server", async () => {
    server.use(
      http.get(apiUrl('/rewards'), () => HttpResponse.json({ rewards: [reward()], totals, nextCursor: null })),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
    );
    const { user } = renderApp('/My-Reward-Center', { session: verified() });
    const amount = await screen.findByRole('textbox', { name: /^Amount \(QMGT\)/ });
    await user.type(amount, '0,1');
    await user.click(screen.getByRole('button', { name: 'Request payout' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(/Enter an amount like 12\.5 \(digits and one decimal point\)/),
    );
    expect(testApi.calls.some((c) => c.path === '/token-reward' && c.method === 'POST')).toBe(false);
  });

  it("refuses a malformed sale amount at the field, in the contract's words, asking no price", async () => {
    server.use(
      http.get(apiUrl('/rewards'), () => HttpResponse.json({ rewards: [reward()], totals, nextCursor: null })),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
    );
    const { user } = renderApp('/My-Reward-Center', { session: verified() });
    const amount = await screen.findByRole('textbox', { name: 'Amount to sell (QMGT)' });
    await user.type(amount, '0,1');
    await user.click(screen.getByRole('button', { name: 'Get the price' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Enter an amount like 12.5 (digits and one decimal point)'),
    );
    expect(testApi.calls.some((c) => c.path === '/swap/quote')).toBe(false);

    // Above what is claimable: refused at the field too, still before any price is asked.
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Get the price' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('You have 0.1500 QMGT claimable.'));
    expect(testApi.calls.some((c) => c.path === '/swap/quote')).toBe(false);
  });

  it('says a refused price at the amount, then sells the trimmed amount at the quote shown with an Idempotency-Key', async () => {
    const figures = quoteFigures('QMGT', '0.1');
    server.use(
      http.get(apiUrl('/rewards'), () => HttpResponse.json({ rewards: [reward()], totals, nextCursor: null })),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
      http.post(apiUrl('/sell-token-only-vesting'), () =>
        HttpResponse.json({
          transaction: buildTransaction({
            status: 'completed',
            assetIn: 'QMGT',
            amountIn: '0.1',
            assetOut: 'USDT',
            amountOut: figures.amountOut,
            fee: figures.fee,
            feeAsset: 'USDT',
            txHash: null,
            explorerUrl: null,
          }),
        }),
      ),
    );
    const { user } = renderApp('/My-Reward-Center', { session: verified() });
    const amount = await screen.findByRole('textbox', { name: 'Amount to sell (QMGT)' });
    // The fake API answers as the API's pricing rule does: 422 naming the amount.
    await user.type(amount, '0.005');
    await user.click(screen.getByRole('button', { name: 'Get the price' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('The smallest sale is 0.01 QMGT.'));
    expect(screen.queryByRole('group', { name: 'Sale quote' })).toBeNull();

    await user.clear(amount);
    await user.type(amount, ' 0.1 ');
    expect(amount).not.toHaveAccessibleDescription('The smallest sale is 0.01 QMGT.');
    await user.click(screen.getByRole('button', { name: 'Get the price' }));
    const quote = await screen.findByRole('group', { name: 'Sale quote' });
    // A fresh 30-s quote; its first frame may say 31 (useCountdown's clock is refreshed just after
    // a new deadline renders), and a loaded machine may be a few seconds in.
    expect(within(quote).getByRole('timer')).toHaveTextContent(/^Quote expires in (3[01]|2[0-9]) s$/);
    const quotes = testApi.calls.filter((c) => c.path === '/swap/quote');
    expect(quotes.at(-1)?.body).toEqual({ from: 'QMGT', to: 'USDT', amount: '0.1' });

    await user.click(screen.getByRole('button', { name: /^Sell for .* USDT$/ }));
    await waitFor(() => expect(testApi.calls.some((c) => c.path === '/sell-token-only-vesting')).toBe(true));
    const sale = testApi.calls.find((c) => c.path === '/sell-token-only-vesting');
    expect(sale?.body).toEqual({ amount: '0.1', minAmountOut: figures.amountOut });
    expect(sale?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers no payout or sale while nothing is claimable, and says why', async () => {
    server.use(
      http.get(apiUrl('/rewards'), () =>
        HttpResponse.json({
          rewards: [reward({ status: 'vesting', vestsAt: '2026-12-20T00:00:00.000Z' })],
          totals: { ...totals, vesting: '0.15', claimable: '0' },
          nextCursor: null,
        }),
      ),
      http.get(apiUrl('/token-reward'), () => HttpResponse.json({ data: [] })),
    );
    renderApp('/My-Reward-Center', { session: verified() });
    const payout = await screen.findByRole('button', { name: 'Request payout' });
    expect(payout).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Get the price' })).toBeDisabled();
    expect(
      screen.getAllByText('Nothing is claimable yet: rewards become claimable once they have vested.'),
    ).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Amount \(QMGT\)/ })).toBeDisabled();
  });
});

describe('affiliates', () => {
  const member = (username: string, level = 1) => ({
    username,
    level,
    joinedAt: '2026-09-01T00:00:00.000Z',
    kycVerified: 'Verified',
    volumeUsdt: '12.5',
  });
  const levels = [
    { level: 1, count: 3, volumeUsdt: '37.5' },
    { level: 2, count: 0, volumeUsdt: '0' },
    { level: 3, count: 0, volumeUsdt: '0' },
  ];

  it('shows the level counters and loads more members by key', async () => {
    const searches: string[] = [];
    server.use(
      http.get(apiUrl('/affiliates'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        searches.push(params.toString());
        return HttpResponse.json(
          params.get('cursor')
            ? { members: [member('third')], levels, total: 3, nextCursor: null }
            : {
                members: [member('first'), member('second')],
                levels,
                total: 3,
                nextCursor: 'IAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO',
              },
        );
      }),
    );
    const { user } = renderApp('/My-Affiliates', { session: verified() });
    expect(await screen.findByText('Showing 2 of 3 members')).toBeInTheDocument();
    expect(screen.getByText('3 members')).toBeInTheDocument();
    // Each level with its rate, as the contracts' REFERRAL_RATES_BPS (the rates the SQL pays).
    for (const text of ['Level 1 (5% rewards)', 'Level 2 (2% rewards)', 'Level 3 (1% rewards)'])
      expect(screen.getByText(text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more members' }));
    expect(await screen.findByText('Showing 3 of 3 members')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Affiliates' })).getAllByRole('row')).toHaveLength(4);
    expect(searches.at(0)).toBe('pageSize=20');
    expect(searches.at(-1)).toBe('cursor=IAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO&pageSize=20');
    expect(screen.queryByRole('button', { name: 'Load more members' })).not.toBeInTheDocument();
  });

  it('says nobody has joined yet', async () => {
    server.use(
      http.get(apiUrl('/affiliates'), () => HttpResponse.json({ members: [], levels, total: 0, nextCursor: null })),
    );
    renderApp('/My-Affiliates', { session: verified() });
    expect(
      await screen.findByText('Nobody has joined through your link yet. Share it to start earning rewards.'),
    ).toBeInTheDocument();
  });
});
