import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RewardRequest } from '@qmgt/contracts';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

/* The one back-office queue component, through one of its screens (Reward Requests). */

type Row = RewardRequest & { username: string; email: string };
const request = (n: number, overrides: Partial<Row> = {}): Row => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  code: `RWD-${n}`,
  amountQmgt: '10',
  status: 'pending',
  reason: null,
  createdAt: `2025-03-0${n}T10:00:00.000Z`,
  decidedAt: null,
  username: `user${n}`,
  email: `user${n}@example.test`,
  ...overrides,
});

const operator = () => buildSession({ role: 'operator', username: 'ops' });
const queueCalls = () => testApi.calls.filter((call) => call.method === 'GET' && call.path === '/list-aun-request');

function serve(pages: Record<string, { data: Row[]; nextCursor: string | null }>) {
  server.use(
    http.get(apiUrl('/list-aun-request'), ({ request: req }) => {
      const url = new URL(req.url);
      const page = pages[`${url.searchParams.get('queue')}:${url.searchParams.get('cursor') ?? ''}`];
      return HttpResponse.json(page ?? { data: [], nextCursor: null });
    }),
  );
}

describe('review queue', () => {
  it('shows the waiting requests, loads more by key, and switches to the decided ones', async () => {
    serve({
      'open:': { data: [request(1), request(2)], nextCursor: 'AAcursor' },
      'open:AAcursor': { data: [request(3)], nextCursor: null },
      'decided:': {
        data: [request(4, { status: 'rejected', reason: 'Too early', decidedAt: '2025-03-05T00:00:00Z' })],
        nextCursor: null,
      },
    });
    renderApp('/reward-requests', { session: operator() });
    const table = await screen.findByRole('table', { name: 'Reward payout requests' });
    expect(within(table).getByText('RWD-1')).toBeInTheDocument();
    expect(within(table).getByText('user2@example.test')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 reward payout requests')).toBeInTheDocument();
    expect(queueCalls()[0]!.search).toContain('queue=open');

    await userEvent.click(screen.getByRole('button', { name: 'Load more reward payout requests' }));
    expect(await within(table).findByText('RWD-3')).toBeInTheDocument();
    expect(queueCalls().at(-1)!.search).toContain('cursor=AAcursor');
    expect(screen.queryByRole('button', { name: 'Load more reward payout requests' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Decided' }));
    expect(await screen.findByText('Too early')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve RWD-4' })).not.toBeInTheDocument();
    expect(queueCalls().at(-1)!.search).toContain('queue=decided');
  });

  it('approves with an Idempotency-Key and reloads the queue', async () => {
    serve({ 'open:': { data: [request(1)], nextCursor: null } });
    server.use(
      http.post(apiUrl('/admin/reward-requests/:id/:decision'), () =>
        HttpResponse.json({ request: request(1, { status: 'approved', decidedAt: '2025-03-05T00:00:00Z' }) }),
      ),
    );
    renderApp('/reward-requests', { session: operator() });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve RWD-1' }));
    await waitFor(() => expect(testApi.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = testApi.calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/admin/reward-requests/${request(1).id}/approve`);
    expect(post.idempotencyKey).toEqual(expect.any(String));
    await waitFor(() => expect(queueCalls().length).toBeGreaterThan(1));
    // The decided row stays on screen with its outcome, without its buttons.
    const table = screen.getByRole('table', { name: 'Reward payout requests' });
    expect(await within(table).findByText('approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve RWD-1' })).not.toBeInTheDocument();
  });

  it('rejects with the reason the operator gives, trimmed', async () => {
    serve({ 'open:': { data: [request(1)], nextCursor: null } });
    server.use(
      http.post(apiUrl('/admin/reward-requests/:id/:decision'), () =>
        HttpResponse.json({
          request: request(1, { status: 'rejected', reason: 'Too early', decidedAt: '2025-03-05T00:00:00Z' }),
        }),
      ),
    );
    renderApp('/reward-requests', { session: operator() });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject RWD-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject RWD-1' });
    const send = within(dialog).getByRole('button', { name: 'Reject request' });
    expect(send).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Reason (the customer reads it)' }),
      '  Too early ',
    );
    await userEvent.click(send);
    await waitFor(() => expect(testApi.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = testApi.calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/admin/reward-requests/${request(1).id}/reject`);
    expect(post.body).toEqual({ reason: 'Too early' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("refuses a reason the decision's contract refuses at the field, without sending it", async () => {
    serve({ 'open:': { data: [request(1)], nextCursor: null } });
    renderApp('/reward-requests', { session: operator() });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject RWD-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject RWD-1' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (the customer reads it)' });
    await userEvent.click(reason);
    await userEvent.paste('Too\u0000early');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(
      await within(dialog).findByText('Invalid input: control characters (such as NUL) are not allowed'),
    ).toBeInTheDocument();
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('control characters'));
    expect(testApi.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('counts one request in the singular', async () => {
    serve({ 'open:': { data: [request(1)], nextCursor: null } });
    renderApp('/reward-requests', { session: operator() });
    expect(await screen.findByText('Showing 1 reward payout request')).toBeInTheDocument();
  });

  it('says when nothing waits and when the queue cannot be loaded', async () => {
    serve({});
    const { unmount } = renderApp('/reward-requests', { session: operator() });
    expect(await screen.findByText('No reward payout requests yet.')).toBeInTheDocument();
    unmount();
    server.use(
      http.get(apiUrl('/list-aun-request'), () =>
        HttpResponse.json(apiErrorBody(422, 'The queue is closed for maintenance.', 'ValidationError'), {
          status: 422,
        }),
      ),
    );
    renderApp('/reward-requests', { session: operator() });
    expect(await screen.findByText('The queue is closed for maintenance.')).toBeInTheDocument();
  });
});
