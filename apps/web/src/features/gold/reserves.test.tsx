import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BarAllocationResponse, Reserves, VaultBarsResponse } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
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
    barCount: 1,
    allocatedGrams: '40',
    unallocatedGrams: '0',
    allocatedAt: '2026-11-24T02:00:00.000Z',
    checkedAt: '2026-11-24T02:00:00.000Z',
    ...overrides,
  });
  const bars = (data: VaultBarsResponse['data'] = [], nextCursor: string | null = null): VaultBarsResponse => ({
    data,
    nextCursor,
  });
  const bar = {
    id: 'b1',
    serial: 'AB12345',
    refinery: 'Valcambi',
    fineGrams: '102.5',
    addedAt: '2026-11-20T00:00:00.000Z',
    allocatedGrams: '40',
  };

  it('shows anyone the coverage, the figures and the bar list with the grams allocated to each bar', async () => {
    server.use(
      http.get(apiUrl('/reserves'), () => HttpResponse.json(reserves())),
      http.get(apiUrl('/reserves/bars'), () => HttpResponse.json(bars([bar]))),
    );
    renderApp('/proof-of-reserves');
    expect(await screen.findByText('Covered 102.50%')).toBeInTheDocument();
    expect(screen.getByText('100.0000 g')).toBeInTheDocument();
    expect(await screen.findByText('AB12345')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Allocated grams' })).toBeInTheDocument();
    expect(screen.getByText('Surplus')).toBeInTheDocument();
    expect(screen.getByText('Unallocated grams')).toBeInTheDocument();
    expect(screen.getByText(/and 0.0000 QMGT of unclaimed rewards/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the bars behind your grams' })).toBeInTheDocument();
  });

  it('says so plainly when the vault is short, with the unallocated remainder', async () => {
    server.use(
      http.get(apiUrl('/reserves'), () =>
        HttpResponse.json(
          reserves({
            vaultGrams: '0',
            surplusGrams: '-100',
            coverage: '0.0000',
            barCount: 0,
            allocatedGrams: '0',
            unallocatedGrams: '40',
          }),
        ),
      ),
      http.get(apiUrl('/reserves/bars'), () => HttpResponse.json(bars())),
    );
    renderApp('/proof-of-reserves');
    expect(await screen.findByText('Covered 0.00%: short')).toBeInTheDocument();
    expect(screen.getByText('Shortfall')).toBeInTheDocument();
    expect(screen.getByText('40.0000 g')).toBeInTheDocument();
    expect(await screen.findByText('No bars are listed yet.')).toBeInTheDocument();
  });

  it('says when the bar list cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/reserves'), () => HttpResponse.json(reserves())),
      http.get(apiUrl('/reserves/bars'), () =>
        HttpResponse.json(apiErrorBody(403, 'The vault list is resting.', 'ForbiddenError'), { status: 403 }),
      ),
    );
    renderApp('/proof-of-reserves');
    expect((await screen.findAllByText('The vault list is resting.')).length).toBeGreaterThan(0);
  });
});

describe('the bars behind my grams', () => {
  const mine = (overrides: Partial<BarAllocationResponse> = {}): BarAllocationResponse => ({
    data: [
      {
        barId: 'b1',
        serial: 'AB12345',
        refinery: 'Valcambi',
        fineGrams: '1000',
        myGrams: '2.5',
        share: '0.00250000',
      },
    ],
    unallocatedGrams: '0',
    computedAt: '2026-11-24T02:00:00.000Z',
    nextCursor: null,
    ...overrides,
  });

  it('lists the bars with my grams and share of each', async () => {
    server.use(http.get(apiUrl('/reserves/allocation'), () => HttpResponse.json(mine())));
    renderApp('/proof-of-reserves/my-bars', { session: buildSession({ kycVerified: 'Verified' }) });
    expect(await screen.findByRole('heading', { name: 'The bars behind my grams', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('AB12345')).toBeInTheDocument();
    expect(screen.getByText('0.2500%')).toBeInTheDocument();
    expect(screen.queryByText('Grams not on a bar')).not.toBeInTheDocument();
  });

  it('says plainly when no bar holds my grams yet', async () => {
    server.use(
      http.get(apiUrl('/reserves/allocation'), () =>
        HttpResponse.json(mine({ data: [], unallocatedGrams: '3', computedAt: null })),
      ),
    );
    renderApp('/proof-of-reserves/my-bars', { session: buildSession({ kycVerified: 'Verified' }) });
    expect(await screen.findByText('No bar holds your grams yet.')).toBeInTheDocument();
    expect(screen.getByText('Grams not on a bar')).toBeInTheDocument();
    expect(screen.getByText(/has not run yet/)).toBeInTheDocument();
  });

  it('says when they cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/reserves/allocation'), () =>
        HttpResponse.json(apiErrorBody(403, 'Try again later.', 'ForbiddenError'), { status: 403 }),
      ),
    );
    renderApp('/proof-of-reserves/my-bars', { session: buildSession({ kycVerified: 'Verified' }) });
    expect((await screen.findAllByText('Try again later.')).length).toBeGreaterThan(0);
  });
});
