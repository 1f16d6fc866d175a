import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AnnualStatement, StatementMovement } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const thisYear = new Date().getUTCFullYear();
const verified = () => buildSession({ kycVerified: 'Verified' });

const movement = (n: number, overrides: Partial<StatementMovement> = {}): StatementMovement => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: `${thisYear}-03-0${(n % 9) + 1}T10:00:00.000000Z`,
  code: `QM-CODE${n}`,
  kind: 'QMGT',
  description: 'QMGT bought',
  status: 'completed',
  changes: [
    { asset: 'USDT', amount: '-200' },
    { asset: 'QMGT', amount: '1.5' },
  ],
  fee: { asset: 'QMGT', amount: '0.0075' },
  realisedGainUsdt: null,
  ...overrides,
});

const statement = (overrides: Partial<AnnualStatement> = {}): AnnualStatement => ({
  year: thisYear,
  from: `${thisYear}-01-01`,
  to: `${thisYear}-11-27`,
  firstYear: thisYear - 2,
  holdings: [
    { asset: 'USDT', place: 'available', opening: '0', closing: '563.41' },
    { asset: 'GOLD', place: 'gae_plan', opening: '0.5', closing: '2.240477' },
  ],
  fees: [
    { asset: 'USDT', amount: '9.05' },
    { asset: 'QMGT', amount: '0.0075' },
  ],
  gains: [
    {
      asset: 'GOLD',
      disposed: '0',
      proceedsUsdt: '0',
      costUsdt: '0',
      gainUsdt: '0',
      heldAtClose: '2.240477',
      heldCostUsdt: '300',
    },
    {
      asset: 'QMGT',
      disposed: '0.5',
      proceedsUsdt: '63.41',
      costUsdt: '66.66',
      gainUsdt: '-3.25',
      heldAtClose: '1.0005',
      heldCostUsdt: '133.33',
    },
  ],
  totalGainUsdt: '-3.25',
  method: ['Gains and losses use the average cost method.', 'Rewards come in at a cost of zero.'],
  movements: [
    movement(1),
    movement(2, {
      description: 'QMGT sold',
      changes: [
        { asset: 'QMGT', amount: '-0.5' },
        { asset: 'USDT', amount: '63.41' },
      ],
      fee: { asset: 'USDT', amount: '0.31' },
      realisedGainUsdt: '-3.25',
    }),
  ],
  nextCursor: null,
  ...overrides,
});

function statementApi(answer: (search: URLSearchParams) => Response) {
  server.use(http.get(apiUrl('/statements/annual'), ({ request }) => answer(new URL(request.url).searchParams)));
}

describe('Annual Statement', () => {
  it('shows the summary, holdings, gains with their method, and the movements of the year', async () => {
    statementApi(() => HttpResponse.json(statement()));
    renderApp('/statements', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'Annual Statement' })).toBeInTheDocument();
    expect(await screen.findByText('Realised gain or loss')).toBeInTheDocument();
    // A loss reads with a minus sign, in USDT, rounded down for display.
    expect(screen.getAllByText('−3.25 USDT').length).toBeGreaterThan(0);
    expect(screen.getByText('9.05 USDT · 0.0075 QMGT')).toBeInTheDocument();

    const holdings = screen.getByRole('table', { name: /Holdings/ });
    expect(within(holdings).getByText('GAE plan (grams)')).toBeInTheDocument();
    expect(within(holdings).getByText('0.5000 g')).toBeInTheDocument();
    expect(within(holdings).getByText('2.2404 g')).toBeInTheDocument();

    expect(screen.getByText('Gains and losses use the average cost method.')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Movements of the year' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('−200.00 USDT')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+1.5000 QMGT')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('QMGT sold')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('+63.41 USDT')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 movements, oldest first')).toBeInTheDocument();
    const call = testApi.calls.find((c) => c.path === '/statements/annual');
    expect(new URLSearchParams(call?.search).get('year')).toBe(String(thisYear));
  });

  it('loads more movements by the cursor the server gave', async () => {
    statementApi((search) =>
      search.get('cursor') === 'NEXT'
        ? HttpResponse.json(statement({ movements: [movement(3, { code: 'QM-LATER' })], nextCursor: null }))
        : HttpResponse.json(statement({ nextCursor: 'NEXT' })),
    );
    const { user } = renderApp('/statements', { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Load more movements' }));
    expect(await screen.findByText('QM-LATER')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 movements, oldest first')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more movements' })).not.toBeInTheDocument();
  });

  it('picks a year from the sign-up year to this one, and says when the year had no activity', async () => {
    statementApi((search) =>
      search.get('year') === String(thisYear - 2)
        ? HttpResponse.json(
            statement({
              year: thisYear - 2,
              from: `${thisYear - 2}-01-01`,
              to: `${thisYear - 2}-12-31`,
              holdings: [],
              fees: [],
              movements: [],
              totalGainUsdt: '0',
            }),
          )
        : HttpResponse.json(statement()),
    );
    const { user } = renderApp('/statements', { session: verified() });
    await screen.findByRole('table', { name: 'Movements of the year' });
    await user.click(screen.getByRole('textbox', { name: 'Year' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([String(thisYear), String(thisYear - 1), String(thisYear - 2)]);
    await user.click(screen.getByRole('option', { name: String(thisYear - 2) }));
    expect(await screen.findByText(new RegExp(`You had no activity in ${thisYear - 2}`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeInTheDocument();
    // The downloads stay: a statement of no activity is a statement too.
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it("shows the server's refusal with a retry", async () => {
    let fail = true;
    statementApi(() =>
      fail
        ? HttpResponse.json(apiErrorBody(400, 'Statements start in 2000.', 'ValidationError'), { status: 400 })
        : HttpResponse.json(statement()),
    );
    const { user } = renderApp('/statements', { session: verified() });
    expect(await screen.findByText('The statement could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Statements start in 2000.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Movements of the year' })).toBeInTheDocument();
  });

  it('downloads the PDF and the CSV of the chosen year with the bearer token', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    statementApi(() => HttpResponse.json(statement()));
    const file = (type: string, name: string, body: string) => () =>
      new HttpResponse(body, {
        headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
      });
    server.use(
      http.get(
        apiUrl('/statements/annual.pdf'),
        file('application/pdf', `qmgt-annual-statement-${thisYear}.pdf`, '%PDF-1.7'),
      ),
      http.get(
        apiUrl('/statements/annual.csv'),
        file('text/csv', `qmgt-annual-statement-${thisYear}.csv`, 'record\r\n'),
      ),
    );
    const { user } = renderApp(`/statements?year=${thisYear}`, { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toEqual([`qmgt-annual-statement-${thisYear}.pdf`]));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]).toBe(`qmgt-annual-statement-${thisYear}.csv`);
    const pdf = testApi.calls.find((c) => c.path === '/statements/annual.pdf');
    expect(pdf?.authorization).toMatch(/^Bearer /);
    expect(pdf?.search).toBe(`?year=${thisYear}`);
  });

  it('is for signed-in customers: a guest is sent to log in, and nothing is asked of the API', async () => {
    renderApp('/statements');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(testApi.calls.some((c) => c.path.startsWith('/statements'))).toBe(false);
  });

  it('tells the customer when a file could not be made', async () => {
    statementApi(() => HttpResponse.json(statement()));
    server.use(
      http.get(apiUrl('/statements/annual.csv'), () =>
        HttpResponse.json(apiErrorBody(400, 'The 2999 statement is not available.', 'ValidationError'), {
          status: 400,
        }),
      ),
    );
    const { user } = renderApp('/statements', { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The 2999 statement is not available.')).toBeInTheDocument();
  });
});
