import { waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminNomineesResponse, NomineeDraft, NomineesResponse } from '@qmgt/contracts';
import { buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { currentPath, renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const empty: NomineesResponse = { nominees: [], draft: null, updatedAt: null };

describe('nominee form', () => {
  // Some 150 keystrokes through four steps: on a busy machine this alone outlasts the default timeout.
  it('checks each step, refuses shares not adding up to 100%, and saves two nominees at 60/40', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get(apiUrl('/nominee'), () => HttpResponse.json(empty)),
      http.put(apiUrl('/nominee/draft'), () => HttpResponse.json(empty)),
      http.post(apiUrl('/nominee'), async ({ request }) => {
        const body = (await request.json()) as { nominees: NomineesResponse['nominees'] };
        posted.push(body);
        return HttpResponse.json({
          nominees: body.nominees.map((n, i) => ({ ...n, id: String(i) })),
          draft: null,
          updatedAt: null,
        });
      }),
    );
    const { user } = renderApp('/nominee', { session: buildSession() });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a nominee' }));
    // Each Next checks the step's fields first: the next step shows once the check has answered.
    const fill = async (label: string, values: [string, string]) => {
      await user.type(await screen.findByRole('textbox', { name: `${label} (nominee 1)` }), values[0]);
      await user.type(screen.getByRole('textbox', { name: `${label} (nominee 2)` }), values[1]);
    };
    await fill('First name', ['Ana', 'Ben']);
    await fill('Last name', ['Lim', 'Tan']);
    await fill('Relation to you', ['Spouse', 'Son']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fill('Contact (phone or e-mail)', ['+60 12 345 6789', 'ben@example.com']);
    await user.type(screen.getByLabelText(/Date of birth \(nominee 1\)/), '1985-03-02');
    await user.type(screen.getByLabelText(/Date of birth \(nominee 2\)/), '2001-07-09');
    for (const n of [1, 2]) {
      await user.click(screen.getByRole('textbox', { name: `ID type (nominee ${n})` }));
      await user.click(await screen.findByRole('option', { name: 'Passport' }));
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fill('Address', ['1 Jalan Emas', '2 Jalan Perak']);
    await fill('City', ['Kuala Lumpur', 'Penang']);
    await fill('Postal code', ['50000', '10000']);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const share1 = await screen.findByRole('textbox', { name: 'Share (%) (nominee 1)' });
    const share2 = screen.getByRole('textbox', { name: 'Share (%) (nominee 2)' });
    await user.clear(share1);
    await user.type(share1, '60');
    await user.type(share2, '60');
    await user.click(screen.getByRole('button', { name: 'Save nominees' }));
    expect(screen.getByRole('status')).toHaveTextContent('Shares add up to 120.00%: they must add up to 100%');
    expect(posted).toHaveLength(0);
    await user.clear(share2);
    await user.type(share2, '40');
    await user.click(screen.getByRole('button', { name: 'Save nominees' }));
    expect(await screen.findByText('2 nominees saved.')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        nominees: [
          expect.objectContaining({
            firstName: 'Ana',
            idType: 'Passport',
            sharePercent: 60,
            dateOfBirth: '1985-03-02',
          }),
          expect.objectContaining({ firstName: 'Ben', city: 'Penang', sharePercent: 40 }),
        ],
      },
    ]);
  }, 60_000);

  it('resumes from the saved draft after a reload', async () => {
    server.use(
      http.get(apiUrl('/nominee'), () =>
        HttpResponse.json({
          ...empty,
          draft: { nominees: [{ firstName: 'Ana', lastName: 'Lim' }], step: 2, savedAt: '2026-11-24T05:00:00.000Z' },
        }),
      ),
    );
    renderApp('/nominee', { session: buildSession() });
    expect(await screen.findByRole('heading', { name: 'Nominee 1: Ana Lim' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeInTheDocument();
  });

  /** Ana, complete, on the Shares step: a draft the form resumes from. */
  const ana = {
    firstName: 'Ana',
    middleName: '',
    lastName: 'Lim',
    relationTestator: 'Spouse',
    contact: 'ana@example.com',
    dateOfBirth: '1985-03-02',
    idType: 'Passport',
    address: '1 Jalan Emas',
    city: 'Kuala Lumpur',
    postalCode: '50000',
    sharePercent: '10',
  };

  /**
   * A fake nominee API that keeps the draft as the real one does: a PUT replaces it when its
   * handler finishes, a POST saves the set and clears it. `draftDelayMs` holds each PUT.
   */
  function nomineeApi(options: { draftDelayMs?: number } = {}) {
    const state = {
      draft: { nominees: [ana], step: 3, savedAt: '2026-11-24T05:00:00.000Z' } as
        (NomineeDraft & { savedAt: string }) | null,
      nominees: [] as NomineesResponse['nominees'],
      /** What reached the server, in the order each request finished. */
      log: [] as string[],
      draftsStarted: 0,
    };
    const answer = () => HttpResponse.json({ nominees: state.nominees, draft: state.draft, updatedAt: null });
    server.use(
      http.get(apiUrl('/nominee'), answer),
      http.put(apiUrl('/nominee/draft'), async ({ request }) => {
        state.draftsStarted++;
        const body = (await request.json()) as NomineeDraft;
        if (options.draftDelayMs) await delay(options.draftDelayMs);
        state.draft = { ...body, savedAt: new Date().toISOString() };
        state.log.push(`draft ${body.nominees[0]?.sharePercent}`);
        return answer();
      }),
      http.post(apiUrl('/nominee'), async ({ request }) => {
        const body = (await request.json()) as { nominees: NomineesResponse['nominees'] };
        state.nominees = body.nominees.map((n, i) => ({ ...n, id: String(i) }));
        state.draft = null;
        state.log.push('save');
        return answer();
      }),
    );
    return state;
  }

  it('sends the typing of the last moments when the customer leaves the screen', async () => {
    const api = nomineeApi();
    const { user, router } = renderApp('/nominee', { session: buildSession() });
    const share = await screen.findByRole('textbox', { name: 'Share (%)' });
    await user.clear(share);
    await user.type(share, '55');
    // Leaving at once, well inside the 0.8 s the draft waits for.
    await router.navigate('/contact-us');
    expect(currentPath(router)).toBe('/contact-us');
    await expect.poll(() => api.log).toEqual(['draft 55']);
    expect(api.draft?.nominees[0]).toMatchObject({ firstName: 'Ana', sharePercent: '55' });
  });

  it('saves after a draft still on its way, so that the old draft cannot come back over the saved set', async () => {
    const api = nomineeApi({ draftDelayMs: 400 });
    const { user } = renderApp('/nominee', { session: buildSession() });
    const share = await screen.findByRole('textbox', { name: 'Share (%)' });
    await user.clear(share);
    await user.type(share, '100');
    // The draft goes out after the pause and is held by the server while the customer saves.
    await expect.poll(() => api.draftsStarted, { timeout: 3000 }).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Save nominees' }));
    expect(await screen.findByText('1 nominee saved.')).toBeInTheDocument();
    expect(api.log).toEqual(['draft 100', 'save']);
    expect(api.draft).toBeNull();
    expect(api.nominees).toEqual([expect.objectContaining({ firstName: 'Ana', sharePercent: 100 })]);
    // Nothing was waiting either: no draft follows the save.
    await new Promise((r) => setTimeout(r, 1000));
    expect(api.log).toEqual(['draft 100', 'save']);
  });

  it("refuses a share that is no number at the field, in the contract's words, and saves nothing", async () => {
    const api = nomineeApi();
    const { user } = renderApp('/nominee', { session: buildSession() });
    const share = await screen.findByRole('textbox', { name: 'Share (%)' });
    await user.clear(share);
    await user.type(share, '12,5');
    await user.click(screen.getByRole('button', { name: 'Save nominees' }));
    await waitFor(() => expect(share).toHaveAccessibleDescription('Share must be a number'));
    expect(api.log).not.toContain('save');
    expect(testApi.calls.some((c) => c.method === 'POST' && c.path === '/nominee')).toBe(false);
  });
});

describe("the operator's nominees", () => {
  const customer = (n: number, firstName: string): AdminNomineesResponse['data'][number] => ({
    userId: `00000000-0000-4000-8000-00000000000${n}`,
    username: `user${n}`,
    email: `user${n}@example.test`,
    updatedAt: `2025-03-0${n}T10:00:00.000Z`,
    nominees: [
      {
        id: `n${n}`,
        firstName,
        middleName: '',
        lastName: 'Lim',
        contact: '+60 12 345 6789',
        dateOfBirth: '1985-03-02',
        address: '1 Jalan Emas',
        city: 'Kuala Lumpur',
        postalCode: '50000',
        relationTestator: 'Spouse',
        idType: 'Passport',
        sharePercent: 100,
      },
    ],
  });

  it('shows a page of customers and loads the next one by its cursor', async () => {
    const pages: Record<string, AdminNomineesResponse> = {
      '': { data: [customer(3, 'Cy'), customer(2, 'Bo')], nextCursor: 'AAcursor' },
      AAcursor: { data: [customer(1, 'Ann')], nextCursor: null },
    };
    server.use(
      http.get(apiUrl('/admin/bank-accounts'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.get(apiUrl('/admin/nominees'), ({ request }) =>
        HttpResponse.json(pages[new URL(request.url).searchParams.get('cursor') ?? '']),
      ),
    );
    const { user } = renderApp('/admin/compliance', { session: buildSession({ role: 'operator', username: 'ops' }) });
    expect(await screen.findByRole('table', { name: 'Nominees of user3' })).toHaveTextContent('Cy');
    expect(screen.getByRole('table', { name: 'Nominees of user2' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Nominees of user1' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 customers')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Load more customers' nominees" }));
    const last = await screen.findByRole('table', { name: 'Nominees of user1' });
    expect(within(last).getByText('Ann Lim')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 customers')).toBeInTheDocument();
    const calls = testApi.calls.filter((call) => call.method === 'GET' && call.path === '/admin/nominees');
    expect(calls.at(-1)!.search).toContain('cursor=AAcursor');
    expect(screen.queryByRole('button', { name: "Load more customers' nominees" })).not.toBeInTheDocument();
  });
});
