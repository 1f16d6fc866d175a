import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';

const verificationMail = {
  id: 'm2',
  to: 'saver@example.test',
  subject: 'Verify your e-mail',
  text: 'Welcome!\nOpen http://localhost:3000/Email-Verification/abcDEF123456789xyz to verify your address.',
  html: '<p>Welcome! <a href="http://localhost:3000/Email-Verification/abcDEF123456789xyz">Verify</a></p>',
  createdAt: '2025-03-02T10:00:00.000Z',
};
const resetMail = {
  id: 'm1',
  to: 'other@example.test',
  subject: 'Reset your password',
  text: 'Use the button in this e-mail.',
  html: '<p><a href="http://localhost:3000/Change-Password/resetTOKEN12345678">Reset password</a></p>',
  createdAt: '2025-03-01T10:00:00.000Z',
};

describe('sandbox mailbox', () => {
  it('lists messages newest first with subject, recipient and clickable links', async () => {
    testApi.mailbox = [verificationMail, resetMail];
    renderApp('/dev/mailbox');

    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Verify your e-mail',
      'Reset your password',
    ]);
    expect(within(articles[0]!).getByText('To: saver@example.test')).toBeInTheDocument();
    expect(
      within(articles[0]!).getByRole('link', { name: 'http://localhost:3000/Email-Verification/abcDEF123456789xyz' }),
    ).toHaveAttribute('href', 'http://localhost:3000/Email-Verification/abcDEF123456789xyz');
    // A link only in the HTML part is still offered, as a plain same-tab anchor.
    const resetLink = within(articles[1]!).getByRole('link', {
      name: 'http://localhost:3000/Change-Password/resetTOKEN12345678',
    });
    expect(resetLink).not.toHaveAttribute('target');
  });

  it('filters by recipient', async () => {
    testApi.mailbox = [verificationMail, resetMail];
    const { user } = renderApp('/dev/mailbox');
    await screen.findAllByRole('article');
    await user.type(screen.getByLabelText('Recipient'), 'other@example.test');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await screen.findByText('To: other@example.test');
    expect(testApi.calls.some((call) => call.path === '/dev/mailbox')).toBe(true);
    await expect.poll(() => screen.queryByText('Verify your e-mail')).toBeNull();
  });

  it("says 'No messages' when the mailbox is empty, and refreshes on demand", async () => {
    const { user } = renderApp('/dev/mailbox');
    expect(await screen.findByText('No messages')).toBeInTheDocument();
    testApi.mailbox = [verificationMail];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
  });
});
