import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GesDocument, GesGroup, GesQuote } from '@qmgt/contracts';
import { buildSession } from '@/testing/factories';
import { apiUrl } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const verified = () => buildSession({ kycVerified: 'Verified' });
const group = (overrides: Partial<GesGroup> = {}): GesGroup => ({
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Diwali circle',
  instalmentUsdt: '100',
  termMonths: 11,
  memberCap: 50,
  membersCount: 12,
  seatsLeft: 38,
  startDate: '2026-12-01',
  maturityDate: '2027-10-01',
  bonusInstalments: 1,
  status: 'open',
  joinable: true,
  documentId: '55555555-5555-4555-8555-555555555555',
  documentVersion: 2,
  membership: null,
  ...overrides,
});
const document: GesDocument = {
  id: '55555555-5555-4555-8555-555555555555',
  groupId: '44444444-4444-4444-8444-444444444444',
  version: 2,
  title: 'Diwali circle agreement',
  text: 'Each member pays 100 USDT a month.',
  sha256: 'a'.repeat(64),
  createdAt: '2026-11-24T00:00:00.000Z',
  current: true,
};
const quote: GesQuote = {
  quoteId: '66666666-6666-4666-8666-666666666666',
  amountUsdt: '100',
  grams: '0.746826',
  price: '133.9',
  spot: '130',
  fee: '2.912',
  expiresAt: new Date(Date.now() + 30_000).toISOString(),
};

describe('GDS', () => {
  it('lists groups with their terms and seats, and says when none is open', async () => {
    server.use(http.get(apiUrl('/ges/groups'), () => HttpResponse.json({ data: [group()] })));
    renderApp('/ges', { session: verified() });
    expect(await screen.findByText('Diwali circle')).toBeInTheDocument();
    expect(screen.getByText('38 seats left')).toBeInTheDocument();
    expect(screen.getByText("1 instalment's worth of grams")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the agreement and join' })).toHaveAttribute(
      'href',
      `/GES/${group().id}/${document.id}`,
    );
  });

  it('shows an empty state', async () => {
    server.use(http.get(apiUrl('/ges/groups'), () => HttpResponse.json({ data: [] })));
    renderApp('/ges', { session: verified() });
    expect(await screen.findByText('No groups are open right now.')).toBeInTheDocument();
  });

  it('shows the agreement and the first instalment before joining, and joins only once it is accepted', async () => {
    const joins: unknown[] = [];
    server.use(
      http.get(apiUrl(`/ges/groups/${group().id}`), () => HttpResponse.json({ group: group(), membership: null })),
      http.get(apiUrl(`/ges/documents/${document.id}`), () => HttpResponse.json(document)),
      http.post(apiUrl(`/ges/groups/${group().id}/quote`), () => HttpResponse.json(quote)),
      http.post(apiUrl(`/ges/groups/${group().id}/join`), async ({ request }) => {
        joins.push(await request.json());
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = renderApp(`/GES/${group().id}/${document.id}`, { session: verified() });
    expect(await screen.findByText('Each member pays 100 USDT a month.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the first instalment' }));
    expect(await screen.findByText('0.7468 g')).toBeInTheDocument();
    expect(screen.getByText('133.90 USDT/g')).toBeInTheDocument();
    const join = screen.getByRole('button', { name: 'Join and pay 100.00 USDT' });
    expect(join).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /accept the agreement \(version 2\)/ }));
    await user.click(join);
    await screen.findByRole('dialog');
    expect(joins).toEqual([{ documentId: document.id, accept: true, quoteId: quote.quoteId }]);
  });

  it('points to the current agreement when an older version is opened', async () => {
    server.use(
      http.get(apiUrl(`/ges/groups/${group().id}`), () => HttpResponse.json({ group: group(), membership: null })),
      http.get(apiUrl(`/ges/documents/${document.id}`), () =>
        HttpResponse.json({ ...document, version: 1, current: false }),
      ),
    );
    renderApp(`/GES/${group().id}/${document.id}`, { session: verified() });
    expect(await screen.findByText(/not the group's current agreement/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read version 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show the first instalment' })).not.toBeInTheDocument();
  });
});
