import { render, screen as rtl } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Announcement } from '@qmgt/contracts';
import { Markdown, safeHref } from '@/components/ui/markdown';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
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
