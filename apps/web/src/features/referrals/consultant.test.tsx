import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

describe('consultant page', () => {
  it('shows a guest the consultant with a referral link, its QR and a sign-up carrying the referral', async () => {
    server.use(
      http.get(apiUrl('/consultants/gold-advisor'), () =>
        HttpResponse.json({
          name: 'gold-advisor',
          displayName: 'Gold Advisor',
          bio: 'Twenty years in bullion.',
          pictureUrl: null,
          refCode: 'REF123',
        }),
      ),
    );
    renderApp('/Consultant/gold-advisor');
    expect(await screen.findByRole('heading', { name: 'Gold Advisor', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Twenty years in bullion.')).toBeInTheDocument();
    const link = `${window.location.origin}/register?ref=REF123`;
    expect(screen.getByText(link)).toBeInTheDocument();
    expect(screen.getByLabelText(`QR code of ${link}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?ref=REF123');
  });

  it('says so when there is no such consultant', async () => {
    server.use(
      http.get(apiUrl('/consultants/nobody'), () =>
        HttpResponse.json(apiErrorBody(404, 'Consultant not found.', 'NotFoundError'), { status: 404 }),
      ),
    );
    renderApp('/Consultant/nobody');
    expect(await screen.findByText('Consultant not found.')).toBeInTheDocument();
  });
});

describe('back office: consultants', () => {
  const consultant = (name: string, displayName: string) => ({
    name,
    displayName,
    bio: '',
    pictureUrl: null,
    refCode: 'REF123',
    email: `${name}@example.com`,
    active: true,
  });

  it('lists the latest changed first and loads older ones by the cursor the API gives', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/admin/consultants'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json(
          cursor === 'OLDER'
            ? { data: [consultant('old-hand', 'Old Hand')], nextCursor: null }
            : { data: [consultant('new-face', 'New Face')], nextCursor: 'OLDER' },
        );
      }),
    );
    const { user } = renderApp('/admin/consultants', {
      session: buildSession({ role: 'operator', username: 'ops' }),
    });
    expect(await screen.findByText('New Face')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 consultant')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more consultants' }));
    expect(await screen.findByText('Old Hand')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 consultants')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more consultants' })).not.toBeInTheDocument();
    expect(cursors[0]).toBeNull();
    expect(cursors.filter(Boolean)).toEqual(['OLDER']);
  });

  it("refuses a malformed e-mail and a blank name at their fields, in the contract's words, sending nothing", async () => {
    server.use(http.get(apiUrl('/admin/consultants'), () => HttpResponse.json({ data: [], nextCursor: null })));
    const { user } = renderApp('/admin/consultants', {
      session: buildSession({ role: 'operator', username: 'ops' }),
    });
    const email = await screen.findByRole('textbox', { name: 'Account e-mail' });
    await user.type(email, 'gold-advisor');
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save consultant' }));
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(testApi.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
