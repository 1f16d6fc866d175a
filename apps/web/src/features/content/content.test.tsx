import { render, screen as rtl, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Announcement, Ticket } from '@qmgt/contracts';
import { Markdown, safeHref } from '@/components/ui/markdown';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { fakeKyc } from '@/testing/kyc-api';
import { server } from '@/testing/server';

const announcement = (overrides: Partial<Announcement> = {}): Announcement => ({
  id: '77777777-7777-4777-8777-777777777777',
  title: 'Vault audit',
  body: 'The **annual** audit is done.',
  pinned: false,
  publishedAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

describe('markdown', () => {
  it('renders its subset as elements and leaves markup and unsafe links inert', () => {
    const { container } = render(
      <MantineProvider>
        <Markdown
          source={
            '# Title\n\nHello **bold** and _it_ `code`.\n\n- one\n- two\n\n<script>alert(1)</script> <img src=x onerror=alert(1)> [click](javascript:alert(1)) [site](https://qmgt.example)'
          }
        />
      </MantineProvider>,
    );
    expect(rtl.getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(rtl.getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(rtl.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(rtl.queryByRole('link', { name: 'click' })).toBeNull();
    expect(rtl.getByRole('link', { name: 'site' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(safeHref('/support')).toBe('/support');
    expect(safeHref('/Announcements?page=2#top')).toBe('/Announcements?page=2#top');
  });

  it('refuses paths a browser would open on another site', () => {
    for (const offSite of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\\/evil.example',
    ])
      expect(safeHref(offSite), JSON.stringify(offSite)).toBeNull();
    for (const notWeb of ['javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c', 'support'])
      expect(safeHref(notWeb), notWeb).toBeNull();
    // And as a link in a body: left as text.
    render(
      <MantineProvider>
        <Markdown source={'[a](//evil.example) [b](/\\evil.example) [c](\\\\evil.example) [home](/)'} />
      </MantineProvider>,
    );
    expect(rtl.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/']);
    expect(rtl.getByText(/\[a\]\(\/\/evil\.example\)/)).toBeInTheDocument();
  });
});

describe('content screens', () => {
  it('lists announcements for guests, pinned first as the server orders them, with a detail view', async () => {
    const pinned = announcement({ id: '88888888-8888-4888-8888-888888888888', title: 'Maintenance', pinned: true });
    server.use(
      http.get(apiUrl('/announcements'), () => HttpResponse.json({ data: [pinned, announcement()] })),
      http.get(apiUrl(`/announcements/${announcement().id}`), () =>
        HttpResponse.json({ announcement: announcement() }),
      ),
    );
    const { user } = renderApp('/Announcements');
    expect(await screen.findByText('Pinned')).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Maintenance', 'Vault audit']);
    await user.click(screen.getByRole('link', { name: 'Vault audit' }));
    expect(await screen.findByText('annual')).toBeInTheDocument();
  });

  it('with no announcements yet, says what will appear and offers the next step', async () => {
    server.use(http.get(apiUrl('/announcements'), () => HttpResponse.json({ data: [] })));
    renderApp('/Announcements');
    expect(await screen.findByText(/No announcements yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('a signed-in customer with no announcements is offered the way back to their account', async () => {
    server.use(http.get(apiUrl('/announcements'), () => HttpResponse.json({ data: [] })));
    renderApp('/Announcements', { session: buildSession() });
    expect(await screen.findByText(/No announcements yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/');
  });

  it('sends the contact form and shows the reference; explains the rate limit', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/contact'), () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ code: 'ST-ABCD2345' })
          : HttpResponse.json(apiErrorBody(429, 'Too many requests', 'RateLimitError'), { status: 429 });
      }),
    );
    const { user } = renderApp('/contact-us');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'asha@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Statement');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Where is my PDF?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/Your reference is ST-ABCD2345/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Again');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/Too many messages from here/)).toBeInTheDocument();
  });

  it("an empty submit shows the form's own messages beside each field, and sends nothing", async () => {
    const { user } = renderApp('/contact-us');
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(testApi.calls.filter((call) => call.path === '/contact')).toHaveLength(0);
  });

  it("fills in a signed-in customer's declared name and e-mail", async () => {
    fakeKyc.personal.form = { ...fakeKyc.personal.form, firstName: 'Asha', lastName: 'Rao' };
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/contact'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 'ST-ABCD2345' });
      }),
    );
    const session = buildSession({ username: 'asha_saves', email: 'asha@example.com' });
    const { user } = renderApp('/contact-us', { session });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Asha Rao'));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('asha@example.com');

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Statement');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Where is my PDF?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/Your reference is ST-ABCD2345/)).toBeInTheDocument();
    expect(sent).toEqual([
      { name: 'Asha Rao', email: 'asha@example.com', subject: 'Statement', message: 'Where is my PDF?' },
    ]);
  });

  it('a signed-in customer who declared no name yet gets their username', async () => {
    const session = buildSession({ username: 'asha_saves', email: 'asha@example.com' });
    renderApp('/contact-us', { session });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('asha_saves');
  });

  it('asks a signed-in user to accept new terms once, and records the version', async () => {
    const accepted: unknown[] = [];
    const terms = { version: 3, title: 'Terms', body: 'Version **three**.', publishedAt: '2026-11-24T00:00:00.000Z' };
    server.use(
      http.get(apiUrl('/terms/status'), () =>
        HttpResponse.json({ current: terms, acceptedVersion: 2, mustAccept: true }),
      ),
      http.post(apiUrl('/terms/accept'), async ({ request }) => {
        accepted.push(await request.json());
        return HttpResponse.json({ current: terms, acceptedVersion: 3, mustAccept: false });
      }),
    );
    const { user } = renderApp('/My-Profile', { session: buildSession({ kycVerified: 'Verified' }) });
    const accept = await screen.findByRole('button', { name: 'I accept the terms (version 3)' });
    expect(screen.getByText('three')).toBeInTheDocument();
    await user.click(accept);
    expect(accepted).toEqual([{ version: 3 }]);
    await expect.poll(() => screen.queryByRole('button', { name: /I accept the terms/ })).toBeNull();
  });
});

const MARKUP = '<script>window.pwned = true</script> <img src=x onerror="window.pwned = true">';
const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: '99999999-9999-4999-8999-999999999999',
  code: 'ST-ABCD2345',
  subject: 'Statement question',
  status: 'answered',
  createdAt: '2026-11-24T01:00:00.000Z',
  updatedAt: '2026-11-24T02:00:00.000Z',
  messages: [
    { id: 'm1', from: 'customer', body: `Hello ${MARKUP}`, createdAt: '2026-11-24T01:00:00.000Z' },
    { id: 'm2', from: 'support', body: `Re: ${MARKUP}`, createdAt: '2026-11-24T02:00:00.000Z' },
  ],
  ...overrides,
});
const closedTicket = () =>
  ticket({
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    code: 'ST-CLOSED23',
    subject: 'Old question',
    status: 'closed',
    messages: [{ id: 'm3', from: 'customer', body: 'Done, thanks.', createdAt: '2026-11-20T01:00:00.000Z' }],
  });
/** No element was made from the markup: it is on the page as characters only. */
const inert = () => {
  expect(document.querySelector('script')).toBeNull();
  expect(document.querySelector('img[src="x"], [onerror]')).toBeNull();
  expect((window as { pwned?: boolean }).pwned).toBeUndefined();
};

describe('Support Center', () => {
  it('shows ticket text as text, a closed ticket without an answer box, and a refused answer', async () => {
    server.use(
      http.get(apiUrl('/support/tickets'), () =>
        HttpResponse.json({ data: [ticket(), closedTicket()], nextCursor: null }),
      ),
      http.post(apiUrl(`/support/tickets/${ticket().id}/messages`), () =>
        HttpResponse.json(
          apiErrorBody(409, 'This ticket is closed. Send a new message from the contact form.', 'ConflictError'),
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/support', { session: buildSession() });
    await user.click(await screen.findByRole('button', { name: /Statement question/ }));
    expect(await screen.findByText(`Hello ${MARKUP}`)).toBeInTheDocument();
    expect(screen.getByText(`Re: ${MARKUP}`)).toBeInTheDocument();
    inert();

    // Closed by support while the customer typed: the server's refusal is shown as it is.
    // Found once the ticket's panel has opened (it is hidden from the accessibility tree while it slides).
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'One more thing');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(
      await screen.findByText('This ticket is closed. Send a new message from the contact form.'),
    ).toBeInTheDocument();

    // A closed ticket says so, offers the contact form and no answer box.
    expect(screen.getByText('Closed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Old question/ }));
    const closed = await screen.findByText(/This message is closed/);
    expect(await within(closed).findByRole('link', { name: 'send a new message' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await expect.poll(() => screen.queryByRole('textbox', { name: 'Your answer' })).toBeNull();
    expect(screen.getAllByRole('textbox', { hidden: true, name: 'Your answer' })).toHaveLength(1);
  });
});

describe('back office support queue', () => {
  const operator = () => buildSession({ role: 'operator', username: 'ops' });
  const adminTicket = (t: Ticket) => ({ ...t, name: 'Asha', email: 'asha@example.com', username: 'asha' });

  it('shows ticket text as text and closes a ticket after a confirmation', async () => {
    let open = adminTicket(ticket());
    server.use(
      http.get(apiUrl('/admin/support/tickets'), () =>
        HttpResponse.json({ data: [open, adminTicket(closedTicket())], nextCursor: null }),
      ),
      http.post(apiUrl(`/admin/support/tickets/${ticket().id}/close`), () => {
        open = { ...open, status: 'closed' };
        return HttpResponse.json({ ticket: open });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/admin/content', { session: operator() });
    expect(await screen.findByText(`Hello ${MARKUP}`)).toBeInTheDocument();
    expect(screen.getByText(`Re: ${MARKUP}`)).toBeInTheDocument();
    inert();
    // The closed ticket takes neither an answer nor a second close.
    expect(screen.queryByRole('textbox', { name: 'Answer ST-CLOSED23' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close ST-CLOSED23' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close ST-ABCD2345' }));
    expect(confirm).toHaveBeenCalledWith('Close ST-ABCD2345? Neither you nor the customer can add to it afterwards.');
    expect(await screen.findByText('ST-ABCD2345 closed; Asha is e-mailed.')).toBeInTheDocument();
    await expect.poll(() => screen.queryByRole('textbox', { name: 'Answer ST-ABCD2345' })).toBeNull();
    expect(screen.getAllByText('Closed: the customer can write again through the contact form.')).toHaveLength(2);
    expect(testApi.calls.filter((c) => c.path.endsWith('/close')).map((c) => c.path)).toEqual([
      `/admin/support/tickets/${ticket().id}/close`,
    ]);
    confirm.mockRestore();
  });

  it('shows one queue at a time, the open one first, and loads more from the cursor', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/admin/support/tickets'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('status')}:${params.get('cursor') ?? ''}`);
        if (params.get('status') === 'closed')
          return HttpResponse.json({ data: [adminTicket(closedTicket())], nextCursor: null });
        return params.get('cursor')
          ? HttpResponse.json({ data: [adminTicket({ ...ticket(), id: 'older', code: 'ST-OLDER' })], nextCursor: null })
          : HttpResponse.json({ data: [adminTicket(ticket())], nextCursor: 'AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO' });
      }),
    );
    const { user } = renderApp('/admin/content', { session: operator() });
    expect(await screen.findByRole('button', { name: 'Close ST-ABCD2345' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more tickets' }));
    expect(await screen.findByRole('button', { name: 'Close ST-OLDER' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    expect(
      await screen.findByText('Closed: the customer can write again through the contact form.'),
    ).toBeInTheDocument();
    expect(new Set(asked)).toEqual(new Set(['open:', 'open:AAZL84iHyHsPj61b2ctGn6FlcIZ3KJUO', 'closed:']));
  });

  it('closes nothing when the operator cancels the confirmation', async () => {
    server.use(
      http.get(apiUrl('/admin/support/tickets'), () =>
        HttpResponse.json({ data: [adminTicket(ticket())], nextCursor: null }),
      ),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderApp('/admin/content', { session: operator() });
    await user.click(await screen.findByRole('button', { name: 'Close ST-ABCD2345' }));
    expect(confirm).toHaveBeenCalled();
    expect(testApi.calls.some((c) => c.path.endsWith('/close'))).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Answer ST-ABCD2345' })).toBeInTheDocument();
    confirm.mockRestore();
  });
});

describe('back office: answering a ticket', () => {
  const operator = () => buildSession({ role: 'operator', username: 'ops' });
  const adminTicket = (t: Ticket) => ({ ...t, name: 'Asha', email: 'asha@example.com', username: 'asha' });

  function serve(reply: () => Response) {
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('/admin/support/tickets'), () =>
        HttpResponse.json({ data: [adminTicket(ticket())], nextCursor: null }),
      ),
      http.post(apiUrl(`/admin/support/tickets/${ticket().id}/reply`), async ({ request }) => {
        sent.push(await request.json());
        return reply();
      }),
    );
    return sent;
  }

  it('refuses at the field an answer the reply contract refuses, sending nothing, then sends one it takes', async () => {
    const sent = serve(() => HttpResponse.json({ ticket: adminTicket(ticket()) }));
    const { user } = renderApp('/admin/content', { session: operator() });
    const answer = await screen.findByRole('textbox', { name: 'Answer ST-ABCD2345' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(answer);
    await user.paste('Thanks\u0000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Invalid input: control characters (such as NUL) are not allowed'),
    ).toBeInTheDocument();
    expect(answer).toHaveAccessibleDescription(expect.stringContaining('control characters'));
    expect(sent).toEqual([]);

    await user.clear(answer);
    await user.type(answer, ' Your statement is attached. ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('ST-ABCD2345 answered; Asha is e-mailed.')).toBeInTheDocument();
    expect(sent).toEqual([{ body: 'Your statement is attached.' }]);
    await waitFor(() => expect(answer).toHaveValue(''));
  });

  it("shows the server's refusal of the answer under it", async () => {
    serve(() =>
      HttpResponse.json(
        apiErrorBody(400, 'A message is at most 5,000 characters', 'ValidationError', { field: 'body' }),
        {
          status: 400,
        },
      ),
    );
    const { user } = renderApp('/admin/content', { session: operator() });
    const answer = await screen.findByRole('textbox', { name: 'Answer ST-ABCD2345' });
    await user.type(answer, 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A message is at most 5,000 characters')).toBeInTheDocument();
    expect(answer).toHaveAccessibleDescription('A message is at most 5,000 characters');
  });
});

describe('back office: announcements and terms', () => {
  const operator = () => buildSession({ role: 'operator', username: 'ops' });

  it('publishes an announcement, refusing at the field what the contract refuses without sending it', async () => {
    const published: unknown[] = [];
    server.use(
      http.get(apiUrl('/admin/support/tickets'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.get(apiUrl('/announcements'), () => HttpResponse.json({ data: [] })),
      http.post(apiUrl('/admin/announcements'), async ({ request }) => {
        published.push(await request.json());
        return HttpResponse.json({ announcement: announcement({ pinned: true }) });
      }),
    );
    const { user } = renderApp('/admin/content', { session: operator() });
    await user.click(await screen.findByRole('tab', { name: 'Announcements' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const text = screen.getByRole('textbox', { name: /^Text \(markdown/ });
    await user.type(title, '   ');
    await user.click(text);
    await user.paste('The **annual** audit is done.');
    await user.click(screen.getByRole('button', { name: 'Publish announcement' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(published).toEqual([]);

    await user.type(title, 'Vault audit');
    await user.click(screen.getByRole('checkbox', { name: 'Pin to the top' }));
    await user.click(screen.getByRole('button', { name: 'Publish announcement' }));
    expect(await screen.findByText('"Vault audit" is published.')).toBeInTheDocument();
    expect(published).toEqual([{ title: 'Vault audit', body: 'The **annual** audit is done.', pinned: true }]);
  });

  it('asks before publishing new terms, and refuses empty text at its field without sending it', async () => {
    const published: unknown[] = [];
    server.use(
      http.get(apiUrl('/admin/support/tickets'), () => HttpResponse.json({ data: [], nextCursor: null })),
      http.get(apiUrl('/terms'), () =>
        HttpResponse.json({
          version: 3,
          title: 'Terms and Conditions',
          body: 'Old',
          publishedAt: '2026-01-01T00:00:00Z',
        }),
      ),
      http.post(apiUrl('/admin/terms'), async ({ request }) => {
        published.push(await request.json());
        return HttpResponse.json({
          version: 4,
          title: 'Terms and Conditions',
          body: 'New',
          publishedAt: '2026-11-01T00:00:00Z',
        });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/admin/content', { session: operator() });
    await user.click(await screen.findByRole('tab', { name: 'Terms' }));
    const text = await screen.findByRole('textbox', { name: 'Text (markdown)' });
    await user.type(text, '  ');
    await user.click(screen.getByRole('button', { name: 'Publish new version' }));
    expect(await screen.findByText('Text is required')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(published).toEqual([]);

    await user.type(text, '# Terms');
    await user.click(screen.getByRole('button', { name: 'Publish new version' }));
    expect(
      await screen.findByText('Version 4 is published: signed-in users are asked to accept it.'),
    ).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith('Publish a new version? Every signed-in user will be asked to accept it.');
    expect(published).toEqual([{ title: 'Terms and Conditions', body: '# Terms' }]);
    await waitFor(() => expect(text).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Terms and Conditions');
    confirm.mockRestore();
  });
});
