import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Reserves } from '@qmgt/contracts';
import { apiUrl } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

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
