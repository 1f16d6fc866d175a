import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '@/testing/factories';
import { testApi } from '@/testing/handlers';
import { buildNotification, fakeNotifications, pushNotification } from '@/testing/notifications-api';
import { renderApp, screen } from '@/testing/render-app';
import { parseEvents } from './api/notification-stream';

const verified = () => buildSession({ kycVerified: 'Verified' });

describe('the notification stream parser', () => {
  it('splits events, keeps ids and multi-line data, skips comments, and keeps a partial event', () => {
    const { events, rest } = parseEvents(
      ': heartbeat\n\nid: a\nevent: notification\ndata: {"x":\ndata: 1}\n\nretry: 3000\n\nid: b\nda',
    );
    expect(events).toEqual([{ id: 'a', data: '{"x":\n1}' }]);
    expect(rest).toBe('id: b\nda');
  });
});

describe('the notifications bell', () => {
  it('shows the unread count, updates it live from the stream, and marks all as read', async () => {
    fakeNotifications.notifications = [
      buildNotification({ title: 'Payment credited', kind: 'deposit', link: '/transactions' }),
    ];
    const { user } = renderApp('/dashboard', { session: verified() });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    // The stream is open with the session's token, and a new notification arrives without a reload.
    await waitFor(() => expect(fakeNotifications.streams.size).toBe(1));
    expect(testApi.calls.find((c) => c.path === '/notifications/stream')?.authorization).toMatch(/^Bearer /);
    pushNotification(buildNotification({ title: 'Gold is above $131.00 per gram' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBe(bell);
    expect(bell.parentElement).toHaveTextContent('2');

    await user.click(bell);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('link', { name: 'Gold is above $131.00 per gram' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(dialog).getByRole('link', { name: 'Payment credited' })).toHaveAttribute('href', '/transactions');
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(testApi.calls.find((c) => c.path === '/notifications/read')?.body).toEqual({ all: true });
  });
});

describe('the notifications page', () => {
  it('lists every notification a page at a time and marks one read when opened', async () => {
    fakeNotifications.notifications = Array.from({ length: 25 }, (_, i) =>
      buildNotification({ title: `Event ${25 - i}`, link: null }),
    );
    const { user } = renderApp('/notifications', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 20 notifications')).toBeInTheDocument();
    expect(screen.getByText('25 unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more notifications' }));
    expect(await screen.findByText('Showing 25 notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more notifications' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Event 25' }));
    expect(await screen.findByText('24 unread')).toBeInTheDocument();
    expect(testApi.calls.find((c) => c.path === '/notifications/read')?.body).toEqual({
      ids: [fakeNotifications.notifications[0]!.id],
    });
  });

  it('says when there is nothing yet', async () => {
    renderApp('/notifications', { session: verified() });
    expect(await screen.findByText(/No notifications yet\. Deposits/)).toBeInTheDocument();
  });
});

describe('e-mail preferences', () => {
  it('shows every kind on by default and saves a change', async () => {
    const { user } = renderApp('/My-Profile', { session: verified() });
    const toggle = await screen.findByRole('switch', { name: 'Price alerts' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Price alerts' })).not.toBeChecked());
    expect(testApi.calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: { 'price-alert': false } });
  });
});

describe('price alerts', () => {
  it('adds, lists and deletes an alert beside the gold price, and shows the server’s refusal', async () => {
    const { user } = renderApp('/dashboard', { session: verified() });
    const card = await screen.findByRole('region', { name: 'Price alerts' });
    expect(await within(card).findByText('No alerts yet.')).toBeInTheDocument();

    const price = within(card).getByRole('textbox', { name: 'Price (USD per gram)' });
    await user.type(price, 'abc');
    await user.click(within(card).getByRole('button', { name: 'Add alert' }));
    // The contract's own words: the screen refuses what the API refuses.
    expect(
      await within(card).findByText('Enter an amount like 12.5 (digits and one decimal point)'),
    ).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '131.505');
    await user.click(within(card).getByRole('button', { name: 'Add alert' }));
    expect(await within(card).findByText('Give the price in cents at most')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(card).getByRole('button', { name: 'Add alert' }));
    expect(await within(card).findByText('Enter a price in USD per gram, like 131.50.')).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '120');
    await user.click(within(card).getByRole('button', { name: 'Add alert' }));
    expect(await within(card).findByText(/already at \$130\.00/)).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '131.50');
    await user.click(within(card).getByRole('button', { name: 'Add alert' }));
    expect(await within(card).findByText('Gold above $131.50 per gram')).toBeInTheDocument();
    expect(
      testApi.calls.find(
        (c) =>
          c.path === '/price-alerts' &&
          c.method === 'POST' &&
          c.body !== undefined &&
          (c.body as { usdPerGram: string }).usdPerGram === '131.50',
      )?.body,
    ).toEqual({
      direction: 'above',
      usdPerGram: '131.50',
    });

    await user.click(within(card).getByRole('radio', { name: 'Goes below' }));
    await user.type(price, '100');
    await user.click(within(card).getByRole('button', { name: 'Add alert' }));
    expect(await within(card).findByText('Gold below $100.00 per gram')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Delete the alert: Gold above $131.50 per gram' }));
    await waitFor(() => expect(within(card).queryByText('Gold above $131.50 per gram')).not.toBeInTheDocument());
    expect(within(card).getByText('Gold below $100.00 per gram')).toBeInTheDocument();
  });
});
