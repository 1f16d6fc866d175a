import { within, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdminGesGroup, GesDocument, GesGroup, GesMembership, GesQuote } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { FILE_PART, apiUrl, testApi } from '@/testing/handlers';
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
  text: '# Terms\n\nEach member pays **100 USDT** a month.',
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
    // A next step rather than a dead end: gold can be saved today in a GAE plan.
    expect(screen.getByRole('link', { name: 'Start a GAE plan' })).toHaveAttribute('href', '/GAE/Purchase');
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
    // The agreement's Markdown is rendered (a heading, bold), not shown raw; its fingerprint is a footnote.
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByText('100 USDT').tagName).toBe('STRONG');
    expect(screen.queryByText(/\*\*/)).not.toBeInTheDocument();
    expect(
      screen.getByText(/Your acceptance records this exact text \(fingerprint aaaaaaaaaaaa…\)/),
    ).toBeInTheDocument();
    // Joining pays the first instalment now: the terms say so instead of a date weeks away.
    expect(screen.getByText(/^Paid when you join; then monthly on day \d+$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the first instalment' }));
    expect(await screen.findByText('0.7468 g')).toBeInTheDocument();
    expect(screen.getByText('133.90 USDT/g')).toBeInTheDocument();
    // The premium once, inside what is paid (gold at spot + premium = 100.00), not a fee beside the price.
    const figures = screen.getByRole('group', { name: 'First instalment' });
    expect(within(figures).queryByText('Fee')).not.toBeInTheDocument();
    expect(within(figures).getByText('of which gold at spot (130.00 USDT/g)').nextSibling).toHaveTextContent(
      '97.09 USDT',
    );
    expect(within(figures).getByText('of which the 3% premium').nextSibling).toHaveTextContent('2.91 USDT');
    const join = screen.getByRole('button', { name: 'Join and pay 100.00 USDT' });
    expect(join).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /accept the agreement \(version 2\)/ }));
    await user.click(join);
    await screen.findByRole('dialog');
    expect(joins).toEqual([{ documentId: document.id, accept: true, quoteId: quote.quoteId }]);
  });

  it('shows the group as it is now after a join refused because its instalment changed', async () => {
    let current = group();
    server.use(
      http.get(apiUrl(`/ges/groups/${group().id}`), () => HttpResponse.json({ group: current, membership: null })),
      http.get(apiUrl(`/ges/documents/${document.id}`), () => HttpResponse.json(document)),
      http.post(apiUrl(`/ges/groups/${group().id}/quote`), () =>
        HttpResponse.json({ ...quote, amountUsdt: current.instalmentUsdt }),
      ),
      http.post(apiUrl(`/ges/groups/${group().id}/join`), () => {
        // The operator changed the instalment after the quote (edit before start).
        current = group({ instalmentUsdt: '110' });
        return HttpResponse.json(
          apiErrorBody(
            409,
            "This group's instalment has changed since your quote. Ask for a new quote to see the new terms.",
            'ConflictError',
          ),
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp(`/GES/${group().id}/${document.id}`, { session: verified() });
    expect(await screen.findByText('100.00 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the first instalment' }));
    await user.click(await screen.findByRole('checkbox', { name: /accept the agreement \(version 2\)/ }));
    await user.click(screen.getByRole('button', { name: 'Join and pay 100.00 USDT' }));
    expect(await screen.findByText(/instalment has changed since your quote/)).toBeInTheDocument();
    // The group is read again and a new quote asked for at once: the new terms and their price.
    expect(await screen.findByRole('button', { name: 'Join and pay 110.00 USDT' })).toBeInTheDocument();
    expect(screen.queryByText('100.00 USDT')).not.toBeInTheDocument();
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

const membership = (overrides: Partial<GesMembership> = {}): GesMembership => ({
  id: '77777777-7777-4777-8777-777777777777',
  status: 'active',
  joinedAt: '2026-12-01T09:00:00.000Z',
  documentVersion: 2,
  documentSha256: 'b'.repeat(64),
  grams: '1.5',
  paidCount: 2,
  missedCount: 1,
  nextDue: { seq: 4, dueOn: '2027-03-01', amountUsdt: '100' },
  projectedGrams: '9.75',
  bonusGrams: null,
  closedAt: null,
  passbook: [
    {
      seq: 1,
      dueOn: '2026-12-01',
      status: 'paid',
      paidAt: '2026-12-01T09:00:00.000Z',
      amountUsdt: '100',
      price: '133.9',
      grams: '0.746826',
      runningGrams: '0.746826',
      transactionCode: 'GES-AAAA1111',
    },
    {
      seq: 2,
      dueOn: '2027-01-01',
      status: 'missed',
      paidAt: null,
      amountUsdt: null,
      price: null,
      grams: null,
      runningGrams: '0.746826',
      transactionCode: null,
    },
    {
      seq: 3,
      dueOn: '2027-02-01',
      status: 'paid',
      paidAt: '2027-02-01T12:00:00.000Z',
      amountUsdt: '100',
      price: '132.87',
      grams: '0.753174',
      runningGrams: '1.5',
      transactionCode: 'GES-BBBB2222',
    },
  ],
  ...overrides,
});

describe('GDS passbook', () => {
  const passbookPath = `/GES/${group().id}/Diwali%20circle/${document.id}`;

  it('shows every instalment with its price, grams and running grams, the counts and the next due day', async () => {
    server.use(
      http.get(apiUrl(`/ges/groups/${group().id}`), () =>
        HttpResponse.json({ group: group({ membership: 'active', joinable: false }), membership: membership() }),
      ),
    );
    renderApp(passbookPath, { session: verified() });
    const table = await screen.findByRole('table', { name: 'Passbook' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('+0.7468')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('133.90')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Missed')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('+0.7531')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('1.5000')).toBeInTheDocument();
    expect(screen.getByText('2 paid, 1 missed (3 missed end the membership)')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/^due .*; keep it in your wallet$/)).toBeInTheDocument();
    expect(screen.getByText(/Agreement version 2 accepted/)).toBeInTheDocument();
  });

  it('says where the grams went once a membership lapsed, without a bonus', async () => {
    server.use(
      http.get(apiUrl(`/ges/groups/${group().id}`), () =>
        HttpResponse.json({
          group: group({ membership: 'lapsed', joinable: false }),
          membership: membership({
            status: 'lapsed',
            grams: '0',
            nextDue: null,
            missedCount: 3,
            projectedGrams: '1.5',
          }),
        }),
      ),
    );
    renderApp(passbookPath, { session: verified() });
    expect(await screen.findByText('Lapsed')).toBeInTheDocument();
    expect(screen.getByText('Grams moved to your GSA')).toBeInTheDocument();
    expect(screen.getByText('not paid: the membership lapsed')).toBeInTheDocument();
  });

  it('downloads the PDF passbook with the bearer token', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    server.use(
      http.get(apiUrl(`/ges/groups/${group().id}`), () =>
        HttpResponse.json({ group: group({ membership: 'active' }), membership: membership() }),
      ),
      http.get(
        apiUrl(`/ges/groups/${group().id}/passbook.pdf`),
        () =>
          new HttpResponse('%PDF-1.7', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="qmgt-gds-passbook-44444444.pdf"',
            },
          }),
      ),
    );
    const { user } = renderApp(passbookPath, { session: verified() });
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toEqual(['qmgt-gds-passbook-44444444.pdf']));
    const call = testApi.calls.find((c) => c.path === `/ges/groups/${group().id}/passbook.pdf`);
    expect(call?.authorization).toMatch(/^Bearer /);
  });

  it("shows the server's answer when a non-member opens a closed group", async () => {
    server.use(
      http.get(apiUrl(`/ges/groups/${group().id}`), () =>
        HttpResponse.json(apiErrorBody(409, 'This group is closed to new members.', 'ConflictError'), { status: 409 }),
      ),
      http.get(apiUrl(`/ges/documents/${document.id}`), () =>
        HttpResponse.json(apiErrorBody(409, 'This group is closed to new members.', 'ConflictError'), { status: 409 }),
      ),
    );
    renderApp(`/GES/${group().id}/${document.id}`, { session: verified() });
    // Said once, on the page itself: the page shows its own error, so no toast repeats it.
    const refusal = await screen.findByText('This group is closed to new members.');
    expect(refusal.closest('.mantine-Alert-message')).not.toBeNull();
    expect(screen.getAllByText('This group is closed to new members.')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show the first instalment' })).not.toBeInTheDocument();
  });
});

describe('GDS back office', () => {
  const operator = () => buildSession({ role: 'operator', username: 'ops' });
  const adminGroup = (overrides: Partial<AdminGesGroup> = {}): AdminGesGroup => {
    const { membership: _m, joinable: _j, ...base } = group();
    return { ...base, createdAt: '2026-11-20T10:00:00.000Z', ...overrides };
  };
  const draft = adminGroup({
    id: '88888888-8888-4888-8888-888888888888',
    name: 'Holi circle',
    status: 'draft',
    membersCount: 0,
    seatsLeft: 50,
    documentId: null,
    documentVersion: null,
  });
  const ready = adminGroup({ id: '99999999-9999-4999-8999-999999999999', name: 'Eid circle', status: 'draft' });
  const open = adminGroup();
  const adminCalls = (suffix: string) => testApi.calls.filter((c) => c.method === 'POST' && c.path.endsWith(suffix));

  function serve(groups: AdminGesGroup[]) {
    let list = groups;
    const answer = (id: string, change: Partial<AdminGesGroup>) => {
      list = list.map((g) => (g.id === id ? { ...g, ...change } : g));
      return HttpResponse.json({ group: list.find((g) => g.id === id) });
    };
    server.use(
      http.get(apiUrl('/admin/ges/groups'), () => HttpResponse.json({ data: list, nextCursor: null })),
      http.post(apiUrl('/admin/ges/groups/:id/open'), ({ params }) => answer(String(params.id), { status: 'open' })),
      http.post(apiUrl('/admin/ges/groups/:id/close'), ({ params }) => answer(String(params.id), { status: 'closed' })),
      http.post(apiUrl('/admin/ges/groups/:id/agreement'), ({ params }) =>
        answer(String(params.id), { documentId: document.id, documentVersion: 1 }),
      ),
      http.post(apiUrl('/admin/ges/groups/:id/agreement/file'), ({ params }) =>
        answer(String(params.id), { documentId: document.id, documentVersion: 3 }),
      ),
    );
  }
  const rowOf = async (name: string) =>
    (await screen.findAllByRole('row')).find((r) => within(r).queryByText(name) !== null)!;

  it('loads older groups a page at a time by the cursor the API gives', async () => {
    const older = adminGroup({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Older circle', status: 'closed' });
    server.use(
      http.get(apiUrl('/admin/ges/groups'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor === 'NEXT-PAGE' ? { data: [older], nextCursor: null } : { data: [open], nextCursor: 'NEXT-PAGE' },
        );
      }),
    );
    const { user } = renderApp('/admin/ges', { session: operator() });
    await rowOf('Diwali circle');
    expect(screen.queryByText('Older circle')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more groups' }));
    expect(await screen.findByText('Older circle')).toBeInTheDocument();
    expect(screen.getByText('Diwali circle')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more groups' })).not.toBeInTheDocument();
  });

  it('lists drafts, open and closed groups; a draft opens only with an agreement', async () => {
    serve([
      draft,
      ready,
      open,
      adminGroup({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Old circle', status: 'closed' }),
    ]);
    const { user } = renderApp('/admin/ges', { session: operator() });
    const draftRow = await rowOf('Holi circle');
    expect(within(draftRow).getByText('none yet')).toBeInTheDocument();
    expect(within(draftRow).getByText('draft')).toBeInTheDocument();
    expect(within(draftRow).getByRole('button', { name: 'Open Holi circle' })).toBeDisabled();
    expect(within(await rowOf('Diwali circle')).queryByRole('button', { name: /^Open/ })).not.toBeInTheDocument();
    const closedRow = await rowOf('Old circle');
    expect(within(closedRow).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(await rowOf('Eid circle')).getByRole('button', { name: 'Open Eid circle' }));
    expect(await screen.findByText('Eid circle is open: customers can join it.')).toBeInTheDocument();
    expect(adminCalls('/open').map((c) => c.path)).toEqual([`/admin/ges/groups/${ready.id}/open`]);
    await waitFor(async () => expect(within(await rowOf('Eid circle')).getByText('open')).toBeInTheDocument());
  });

  it('shows why a group could not be opened, and leaves it a draft', async () => {
    serve([ready]);
    server.use(
      http.post(apiUrl('/admin/ges/groups/:id/open'), () =>
        HttpResponse.json(
          apiErrorBody(
            422,
            'The start date has passed: a group opens before its first instalment.',
            'UnprocessableError',
          ),
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.click(within(await rowOf('Eid circle')).getByRole('button', { name: 'Open Eid circle' }));
    const alert = await screen.findByText(/Eid circle could not be opened: The start date has passed/);
    expect(alert).toBeInTheDocument();
    expect(within(await rowOf('Eid circle')).getByText('draft')).toBeInTheDocument();
  });

  it('closes a group after a confirmation', async () => {
    serve([open]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderApp('/admin/ges', { session: operator() });
    const close = within(await rowOf('Diwali circle')).getByRole('button', { name: 'Close Diwali circle' });
    await user.click(close);
    expect(adminCalls('/close')).toHaveLength(0);
    await user.click(close);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Diwali circle is closed to new members.')).toBeInTheDocument();
    expect(adminCalls('/close').map((c) => c.path)).toEqual([`/admin/ges/groups/${open.id}/close`]);
  });

  it('publishes a pasted agreement, and uploads one as a Markdown file', async () => {
    serve([draft, open]);
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.click(within(await rowOf('Holi circle')).getByRole('button', { name: 'New agreement for Holi circle' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Holi circle agreement');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Each member pays 100 USDT.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish version' }));
    expect(await screen.findByText('Holi circle: agreement version 1 is current.')).toBeInTheDocument();
    expect(adminCalls('/agreement').map((c) => c.body)).toEqual([
      { title: 'Holi circle agreement', text: 'Each member pays 100 USDT.' },
    ]);

    await user.click(
      within(await rowOf('Diwali circle')).getByRole('button', { name: 'New agreement for Diwali circle' }),
    );
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Diwali circle agreement');
    await user.click(within(dialog).getByRole('radio', { name: 'Upload a file' }));
    await user.upload(
      within(dialog).getByLabelText('Agreement file'),
      new File(['# Terms\n\nEach member pays 100 USDT.\n'], 'terms.md', { type: 'text/markdown' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish version' }));
    expect(await screen.findByText('Diwali circle: agreement version 3 is current.')).toBeInTheDocument();
    expect(adminCalls('/agreement/file').map((c) => [c.path, c.body])).toEqual([
      [`/admin/ges/groups/${open.id}/agreement/file`, { title: 'Diwali circle agreement', file: FILE_PART }],
    ]);
  });

  it("shows the server's refusal of an uploaded file in the dialog", async () => {
    serve([open]);
    server.use(
      http.post(apiUrl('/admin/ges/groups/:id/agreement/file'), () =>
        HttpResponse.json(apiErrorBody(415, 'Upload the agreement as a text or Markdown file (.md or .txt).'), {
          status: 415,
        }),
      ),
    );
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.click(
      within(await rowOf('Diwali circle')).getByRole('button', { name: 'New agreement for Diwali circle' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Agreement');
    await user.click(within(dialog).getByRole('radio', { name: 'Upload a file' }));
    await user.upload(
      within(dialog).getByLabelText('Agreement file'),
      new File(['x'], 'terms.txt', { type: 'text/plain' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish version' }));
    expect(
      await within(dialog).findByText('Upload the agreement as a text or Markdown file (.md or .txt).'),
    ).toBeInTheDocument();
  });

  it('creates a draft, with the agreement only when one is given', async () => {
    serve([]);
    const created: unknown[] = [];
    server.use(
      http.post(apiUrl('/admin/ges/groups'), async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ group: draft });
      }),
    );
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Holi circle');
    await user.type(screen.getByRole('textbox', { name: 'Monthly instalment (USDT)' }), '100');
    const start = screen.getByLabelText(/^First instalment \(start date\)/);
    expect(Number((start as HTMLInputElement).value.slice(8))).toBeLessThanOrEqual(28);
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(
      await screen.findByText('Holi circle is saved as a draft. Add its agreement, then open it.'),
    ).toBeInTheDocument();
    expect(created).toEqual([expect.not.objectContaining({ agreement: expect.anything() })]);
    expect(created[0]).toMatchObject({ name: 'Holi circle', instalmentUsdt: '100', termMonths: 11 });
  });

  it('refuses at its field what the group contract refuses, sending nothing, and an agreement half filled in', async () => {
    serve([]);
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Holi circle');
    await user.type(screen.getByRole('textbox', { name: 'Monthly instalment (USDT)' }), '12,5');
    const term = screen.getByRole('textbox', { name: 'Term (months)' });
    await user.clear(term);
    await user.type(term, '1');
    await user.type(screen.getByRole('textbox', { name: 'Agreement title' }), 'Holi circle agreement');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Enter an amount like 12.5 (digits and one decimal point)')).toBeInTheDocument();
    expect(screen.getByText('The term is 2 to 60 months')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Agreement text' })).toHaveAccessibleDescription(
      'Agreement text is required',
    );
    expect(adminCalls('/admin/ges/groups')).toHaveLength(0);
  });

  it("shows the server's refusal of the new group under the field it names", async () => {
    serve([]);
    server.use(
      http.post(apiUrl('/admin/ges/groups'), () =>
        HttpResponse.json(
          apiErrorBody(422, 'The start date cannot be in the past.', 'UnprocessableError', { field: 'startDate' }),
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Holi circle');
    await user.type(screen.getByRole('textbox', { name: 'Monthly instalment (USDT)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    const message = await screen.findByText('The start date cannot be in the past.');
    expect(message).toBeInTheDocument();
    expect(screen.getByLabelText(/^First instalment \(start date\)/)).toHaveAccessibleDescription(
      expect.stringContaining('The start date cannot be in the past.'),
    );
    expect(screen.queryByText('The group could not be created.')).not.toBeInTheDocument();
  });

  it('refuses a blank agreement title at its field, and an upload without its file, sending nothing', async () => {
    serve([draft]);
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.click(within(await rowOf('Holi circle')).getByRole('button', { name: 'New agreement for Holi circle' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.type(title, '  ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Each member pays 100 USDT.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish version' }));
    expect(await within(dialog).findByText('Agreement title is required')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription('Agreement title is required');

    await user.type(title, 'Holi circle agreement');
    await user.click(within(dialog).getByRole('radio', { name: 'Upload a file' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish version' }));
    expect(await within(dialog).findByText('Choose the agreement file to upload.')).toBeInTheDocument();
    expect(adminCalls('/agreement')).toHaveLength(0);
    expect(adminCalls('/agreement/file')).toHaveLength(0);
  });
});

describe('GDS back office: editing a group before it starts', () => {
  const operator = () => buildSession({ role: 'operator', username: 'ops' });
  const base = (overrides: Partial<AdminGesGroup>): AdminGesGroup => {
    const { membership: _m, joinable: _j, ...rest } = group();
    return { ...rest, createdAt: '2026-11-20T10:00:00.000Z', ...overrides };
  };
  // Far-future starts: these groups stay editable whatever day the suite runs.
  const draft = base({
    id: '88888888-8888-4888-8888-888888888888',
    name: 'Holi circle',
    status: 'draft',
    membersCount: 0,
    seatsLeft: 50,
    startDate: '2099-03-01',
    maturityDate: '2100-01-01',
  });
  const waiting = base({
    id: '99999999-9999-4999-8999-999999999999',
    name: 'Eid circle',
    membersCount: 0,
    seatsLeft: 50,
    startDate: '2099-05-01',
  });
  const joined = base({ name: 'Diwali circle', membersCount: 12, startDate: '2099-05-01' });
  const started = base({
    id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    name: 'Onam circle',
    membersCount: 0,
    startDate: '2020-01-01',
  });
  const patches = () => testApi.calls.filter((c) => c.method === 'PATCH');

  /** The list, and a PATCH that applies the terms it is sent (or the given refusal). */
  function serve(
    groups: AdminGesGroup[],
    refusal?: { status: number; message: string; details?: Record<string, unknown> },
  ) {
    let list = groups;
    server.use(
      http.get(apiUrl('/admin/ges/groups'), () => HttpResponse.json({ data: list, nextCursor: null })),
      http.patch(apiUrl('/admin/ges/groups/:id'), async ({ params, request }) => {
        if (refusal)
          return HttpResponse.json(apiErrorBody(refusal.status, refusal.message, 'ConflictError', refusal.details), {
            status: refusal.status,
          });
        const changes = (await request.json()) as Partial<AdminGesGroup>;
        list = list.map((g) => (g.id === params.id ? { ...g, ...changes } : g));
        return HttpResponse.json({ group: list.find((g) => g.id === params.id) });
      }),
    );
  }
  const rowOf = async (name: string) =>
    (await screen.findAllByRole('row')).find((r) => within(r).queryByText(name) !== null)!;

  it('offers Edit on a draft and on an open group nobody joined before its start, and nowhere else', async () => {
    serve([
      draft,
      waiting,
      joined,
      started,
      base({
        id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
        name: 'Old circle',
        status: 'closed',
        membersCount: 0,
        startDate: '2099-01-01',
      }),
    ]);
    renderApp('/admin/ges', { session: operator() });
    expect(within(await rowOf('Holi circle')).getByRole('button', { name: 'Edit Holi circle' })).toBeInTheDocument();
    expect(within(await rowOf('Eid circle')).getByRole('button', { name: 'Edit Eid circle' })).toBeInTheDocument();
    for (const name of ['Diwali circle', 'Onam circle', 'Old circle'])
      expect(within(await rowOf(name)).queryByRole('button', { name: `Edit ${name}` })).not.toBeInTheDocument();
  });

  it('edits the terms in a prefilled dialog and sends only what changed', async () => {
    serve([draft]);
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.click(within(await rowOf('Holi circle')).getByRole('button', { name: 'Edit Holi circle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Holi circle' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Holi circle');
    expect(within(dialog).getByRole('textbox', { name: 'Monthly instalment (USDT)' })).toHaveValue('100');
    expect(within(dialog).getByLabelText(/^First instalment \(start date\)/)).toHaveValue('2099-03-01');
    expect(within(dialog).getByRole('textbox', { name: 'Term (months)' })).toHaveValue('11');
    expect(within(dialog).getByRole('textbox', { name: 'Member cap' })).toHaveValue('50');
    expect(within(dialog).getByRole('textbox', { name: 'Maturity bonus (instalments)' })).toHaveValue('1');

    const instalment = within(dialog).getByRole('textbox', { name: 'Monthly instalment (USDT)' });
    await user.clear(instalment);
    await user.type(instalment, ' 125.5 ');
    const term = within(dialog).getByRole('textbox', { name: 'Term (months)' });
    await user.clear(term);
    await user.type(term, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));

    expect(await screen.findByText('Holi circle: the new terms are saved.')).toBeInTheDocument();
    expect(patches().map((c) => [c.path, c.body])).toEqual([
      [`/admin/ges/groups/${draft.id}`, { instalmentUsdt: '125.5', termMonths: 12 }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(within(await rowOf('Holi circle')).getByText(/125\.5/)).toBeInTheDocument());
    expect(within(await rowOf('Holi circle')).getByText(/^12 months from/)).toBeInTheDocument();
  });

  it("checks the terms with the contract's rules before sending, and says when nothing changed", async () => {
    serve([waiting]);
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.click(within(await rowOf('Eid circle')).getByRole('button', { name: 'Edit Eid circle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Eid circle' });
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect(await within(dialog).findByText('Nothing has changed: edit a term, or cancel.')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    const instalment = within(dialog).getByRole('textbox', { name: 'Monthly instalment (USDT)' });
    await user.clear(instalment);
    await user.type(instalment, '12,5');
    const term = within(dialog).getByRole('textbox', { name: 'Term (months)' });
    await user.clear(term);
    await user.type(term, '1');
    const cap = within(dialog).getByRole('textbox', { name: 'Member cap' });
    await user.clear(cap);
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount like 12.5 (digits and one decimal point)')).toBeInTheDocument();
    expect(within(dialog).getByText('The term is 2 to 60 months')).toBeInTheDocument();
    expect(within(dialog).getByText('memberCap must be a number')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog and refreshes the list", async () => {
    serve([waiting], {
      status: 409,
      message: 'This group has members or has started: its terms can no longer change.',
    });
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.click(within(await rowOf('Eid circle')).getByRole('button', { name: 'Edit Eid circle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Eid circle' });
    const cap = within(dialog).getByRole('textbox', { name: 'Member cap' });
    await user.clear(cap);
    await user.type(cap, '80');
    const listLoads = testApi.calls.filter((c) => c.method === 'GET' && c.path === '/admin/ges/groups').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect(
      await within(dialog).findByText('This group has members or has started: its terms can no longer change.'),
    ).toBeInTheDocument();
    expect(patches().map((c) => c.body)).toEqual([{ memberCap: 80 }]);
    await waitFor(() =>
      expect(testApi.calls.filter((c) => c.method === 'GET' && c.path === '/admin/ges/groups').length).toBeGreaterThan(
        listLoads,
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Edit Eid circle' })).toBeInTheDocument();
  });

  it('shows a refused term under its field', async () => {
    serve([draft], {
      status: 422,
      message: 'The start date cannot be in the past.',
      details: { field: 'startDate' },
    });
    const { user } = renderApp('/admin/ges', { session: operator() });
    await user.click(within(await rowOf('Holi circle')).getByRole('button', { name: 'Edit Holi circle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Holi circle' });
    const start = within(dialog).getByLabelText(/^First instalment \(start date\)/);
    await user.clear(start);
    await user.type(start, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    const message = await within(dialog).findByText('The start date cannot be in the past.');
    expect(start).toHaveAccessibleDescription(expect.stringContaining('The start date cannot be in the past.'));
    expect(message).toBeInTheDocument();
  });
});
