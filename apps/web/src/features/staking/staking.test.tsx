import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StakingPosition } from '@qmgt/contracts';
import { buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { fakeWallet } from '@/testing/wallet-api';

const verified = () => buildSession({ kycVerified: 'Verified' });

describe('staking', () => {
  const position: StakingPosition = {
    id: '66666666-6666-4666-8666-666666666666',
    code: 'SK-ABCDEFGHJK',
    amount: '1.5',
    termDays: 90,
    aprBps: 400,
    interest: '0.014794',
    accrued: '0.004',
    startsAt: '2026-11-01T00:00:00.000Z',
    maturesAt: '2027-01-30T00:00:00.000Z',
    status: 'active',
    closedAt: null,
  };

  it('shows the interest before staking and the forfeit before an early unstake', async () => {
    fakeWallet.balance = { usdt: '0', qmgt: '3' };
    server.use(
      http.get(apiUrl('/staking/terms'), () =>
        HttpResponse.json({
          terms: [
            { termDays: 90, aprBps: 400 },
            { termDays: 180, aprBps: 600 },
            { termDays: 365, aprBps: 800 },
          ],
        }),
      ),
      http.get(apiUrl('/staking/positions'), () => HttpResponse.json({ positions: [position] })),
      http.post(apiUrl('/staking/preview'), () =>
        HttpResponse.json({
          amount: '1',
          termDays: 90,
          aprBps: 400,
          interest: '0.009863',
          maturesAt: '2027-02-22T00:00:00.000Z',
        }),
      ),
    );
    const { user } = renderApp('/staking', { session: verified(), upline: true });
    await user.type(await screen.findByRole('textbox', { name: /^Amount \(QMGT\)/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Show the interest' }));
    expect(await screen.findByText(/0\.0098 QMGT interest/)).toBeInTheDocument();
    expect(testApi.calls.some((c) => c.path === '/staking' && c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Unstake' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unstake early?' });
    expect(within(dialog).getByText(/You give up the 0\.0040 QMGT earned so far/)).toBeInTheDocument();
  });

  it('offers a way to buy QMGT when there is none to stake, or not enough', async () => {
    fakeWallet.balance = { usdt: '50', qmgt: '0' };
    server.use(
      http.get(apiUrl('/staking/terms'), () => HttpResponse.json({ terms: [{ termDays: 90, aprBps: 400 }] })),
      http.get(apiUrl('/staking/positions'), () => HttpResponse.json({ positions: [] })),
    );
    const { user } = renderApp('/staking', { session: verified(), upline: true });
    expect(
      await screen.findByText('You have no QMGT to stake yet: buy some with USDT, then stake it here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy QMGT' })).toHaveAttribute('href', '/');

    await user.type(screen.getByRole('textbox', { name: /^Amount \(QMGT\)/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Show the interest' }));
    expect(await screen.findByText('Insufficient QMGT balance.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy QMGT' })).toBeInTheDocument();
  });

  it("refuses a malformed amount at the field in the contract's words, before asking for the interest", async () => {
    fakeWallet.balance = { usdt: '0', qmgt: '3' };
    server.use(
      http.get(apiUrl('/staking/terms'), () => HttpResponse.json({ terms: [{ termDays: 90, aprBps: 400 }] })),
      http.get(apiUrl('/staking/positions'), () => HttpResponse.json({ positions: [] })),
    );
    const { user } = renderApp('/staking', { session: verified(), upline: true });
    const amount = await screen.findByRole('textbox', { name: /^Amount \(QMGT\)/ });
    await user.type(amount, '1.2.3');
    await user.click(screen.getByRole('button', { name: 'Show the interest' }));
    expect(amount).toHaveAccessibleDescription(/Enter an amount like 12\.5 \(digits and one decimal point\)/);
    expect(testApi.calls.some((c) => c.path.startsWith('/staking/preview'))).toBe(false);
  });
});
