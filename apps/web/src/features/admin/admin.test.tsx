import type { AdminApplicant } from '@qmgt/contracts';
import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSession } from '@/testing/factories';
import { testApi } from '@/testing/handlers';
import { fakeKyc } from '@/testing/kyc-api';
import { currentPath, renderApp, screen } from '@/testing/render-app';

function buildApplicant(overrides: Partial<AdminApplicant> = {}): AdminApplicant {
  return {
    id: 'app-1',
    userId: 'user-ana',
    username: 'ana',
    email: 'ana@example.test',
    provider: 'sandbox',
    reviewStatus: 'pending',
    reviewResult: null,
    kycVerified: 'Pending',
    submittedAt: '2025-03-01T10:00:00.000Z',
    declared: {
      firstName: 'Ana',
      middleName: '',
      lastName: 'Lim',
      dateOfBirth: '1990-05-17',
      idType: 'Passport',
      idNumber: 'A1234567',
    },
    documents: [
      {
        id: 'doc-1',
        kind: 'identity_document',
        contentType: 'application/pdf',
        size: 120 * 1024,
        createdAt: '2025-03-01T09:58:00.000Z',
      },
      { id: 'doc-2', kind: 'selfie', contentType: 'image/jpeg', size: 2048, createdAt: '2025-03-01T09:59:00.000Z' },
    ],
    decisions: [
      {
        action: 'kyc.status_changed',
        detail: 'Not Verified -> Pending (applicantPending)',
        actor: null,
        createdAt: '2025-03-01T10:05:00.000Z',
      },
    ],
    updatedAt: '2025-03-01T10:05:00.000Z',
    ...overrides,
  };
}

const operator = () => buildSession({ role: 'operator', username: 'ops' });
const reviewCalls = () => testApi.calls.filter((call) => call.path.endsWith('/review'));
const listCalls = () => testApi.calls.filter((call) => call.path === '/admin/kyc/applicants');

function seed() {
  fakeKyc.applicants = [
    buildApplicant(),
    buildApplicant({
      id: 'app-2',
      userId: 'user-bo',
      username: 'bo',
      email: 'bo@example.test',
      kycVerified: 'Verified',
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN', reviewRejectType: null, rejectLabels: [], moderationComment: null },
      decisions: [{ action: 'kyc.reviewed', detail: 'GREEN', actor: 'ops', createdAt: '2025-02-01T09:00:00.000Z' }],
    }),
    buildApplicant({
      id: 'app-3',
      username: 'cy',
      email: 'cy@example.test',
      kycVerified: 'Not Verified',
      reviewStatus: 'init',
      documents: [],
      decisions: [],
    }),
  ];
}

describe('back office: identity reviews', () => {
  it('lists Pending applicants first, with documents and decision history', async () => {
    seed();
    renderApp('/admin/kyc', { session: operator() });
    expect(await screen.findByRole('heading', { name: 'Identity Reviews', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Pending', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toBeInTheDocument();

    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(1);
    const ana = within(items[0]!);
    expect(ana.getByRole('heading', { name: 'ana' })).toBeInTheDocument();
    expect(ana.getByText('ana@example.test')).toBeInTheDocument();
    // Each round's files carry their upload time, so a reviewer tells new uploads from old.
    expect(
      ana.getByRole('button', { name: /^Download identity document \(PDF, 120 KB, uploaded .+\)$/ }),
    ).toBeInTheDocument();
    expect(ana.getByRole('button', { name: /^Download selfie \(JPEG, 2 KB, uploaded .+\)$/ })).toBeInTheDocument();
    expect(ana.getByText('Status changed: Not Verified → Pending (applicantPending)')).toBeInTheDocument();
    expect(ana.getByText(/^System ·/)).toBeInTheDocument();
    expect(screen.queryByText('bo@example.test')).not.toBeInTheDocument();
  });

  it('approves after a confirmation, with the right body, and refreshes the list', async () => {
    seed();
    const { user } = renderApp('/admin/kyc', { session: operator() });
    const item = await screen.findByRole('listitem', { name: 'ana' });
    await user.click(within(item).getByRole('button', { name: 'Approve' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve ana?' });
    expect(reviewCalls()).toHaveLength(0);
    const listsBefore = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('ana is approved.')).toBeInTheDocument();
    expect(reviewCalls()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/admin/kyc/applicants/app-1/review',
        body: { reviewAnswer: 'GREEN' },
      }),
    ]);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(listsBefore));
    expect(await screen.findByText('Nobody is waiting for a review.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Verified' }));
    const approved = await screen.findByRole('listitem', { name: 'ana' });
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText(/^ops ·/)).toBeInTheDocument();
  });

  it('shows the declared name, date of birth and ID beside a preview of the pictures', async () => {
    seed();
    renderApp('/admin/kyc', { session: operator() });
    const item = await screen.findByRole('listitem', { name: 'ana' });
    const declared = within(item).getByText('Name', { selector: 'dt' }).closest('dl')!;
    expect(within(declared).getByText('Ana Lim')).toBeInTheDocument();
    expect(within(declared).getByText('1990-05-17')).toBeInTheDocument();
    expect(within(declared).getByText('Passport A1234567')).toBeInTheDocument();
    // The selfie (JPEG) is shown from the bytes fetched with the operator's bearer token.
    const selfie = await within(item).findByRole('img', { name: 'Selfie of ana' });
    expect(selfie).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    const call = testApi.calls.find((c) => c.path === '/admin/kyc/applicants/app-1/documents/doc-2');
    expect(call?.authorization).toMatch(/^Bearer /);
    // A PDF is not drawn: it is downloaded.
    expect(within(item).getByText('No preview for this file type: download it below.')).toBeInTheDocument();
  });

  it('says when the personal details are not submitted yet', async () => {
    fakeKyc.applicants = [buildApplicant({ declared: null, submittedAt: null })];
    renderApp('/admin/kyc', { session: operator() });
    const item = await screen.findByRole('listitem', { name: 'ana' });
    expect(within(item).getByText('Personal details not submitted yet.')).toBeInTheDocument();
  });

  it('rejects saying whether they may retry, required, and an optional comment', async () => {
    seed();
    const { user } = renderApp('/admin/kyc', { session: operator() });
    await user.click(
      within(await screen.findByRole('listitem', { name: 'ana' })).getByRole('button', { name: 'Reject' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject ana?' });

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    // Plain words, not the API's field names.
    expect(await within(dialog).findByText('Choose whether they may try again.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/reviewRejectType|RETRY|FINAL/)).not.toBeInTheDocument();
    expect(reviewCalls()).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Yes: they may upload new documents' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason shown to the customer (optional)' }),
      'The photo is blurred.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('ana is rejected (may retry).')).toBeInTheDocument();
    expect(reviewCalls()[0]?.body).toEqual({
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      moderationComment: 'The photo is blurred.',
    });
    await user.click(await screen.findByRole('tab', { name: 'Rejected' }));
    const rejected = await screen.findByRole('listitem', { name: 'ana' });
    expect(within(rejected).getByText('Rejected (may retry): The photo is blurred.')).toBeInTheDocument();
  });

  it('closes the confirmation without deciding on Cancel', async () => {
    seed();
    const { user } = renderApp('/admin/kyc', { session: operator() });
    await user.click(
      within(await screen.findByRole('listitem', { name: 'ana' })).getByRole('button', { name: 'Reject' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject ana?' });
    await user.click(within(dialog).getByRole('radio', { name: 'No: the rejection is final' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reviewCalls()).toHaveLength(0);
  });

  it('downloads a document with the bearer token, as a file, never inline', async () => {
    seed();
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const { user } = renderApp('/admin/kyc', { session: operator() });
    const item = await screen.findByRole('listitem', { name: 'ana' });
    await user.click(within(item).getByRole('button', { name: /Download identity document/ }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ href: expect.stringMatching(/^blob:/), download: 'document-doc-1.pdf' });
    const call = testApi.calls.find((c) => c.path === '/admin/kyc/applicants/app-1/documents/doc-1');
    expect(call?.authorization).toMatch(/^Bearer /);
    // Pictures are drawn only from fetched bytes, never from the document's address.
    for (const img of screen.queryAllByRole('img')) expect(img.getAttribute('src')).toMatch(/^blob:/);
  });

  it('asks the server for one queue at a time, and loads more of it by key', async () => {
    fakeKyc.applicants = Array.from({ length: 23 }, (_, i) =>
      buildApplicant({ id: `app-${i}`, userId: `user-${i}`, username: `waiting_${i}`, kycVerified: 'Pending' }),
    );
    const { user } = renderApp('/admin/kyc', { session: operator() });
    expect(await screen.findByText('Showing 20 applicants')).toBeInTheDocument();
    expect(listCalls()[0]?.search).toBe('?queue=pending&pageSize=20');
    await user.click(screen.getByRole('button', { name: 'Load more applicants' }));
    expect(await screen.findByText('Showing 23 applicants')).toBeInTheDocument();
    expect(listCalls().at(-1)?.search).toBe('?queue=pending&cursor=app-19&pageSize=20');
    expect(screen.queryByRole('button', { name: 'Load more applicants' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Verified' }));
    expect(await screen.findByText('No applicants here.')).toBeInTheDocument();
    expect(listCalls().at(-1)?.search).toBe('?queue=verified&pageSize=20');
  });

  it('offers no decision before documents are submitted', async () => {
    seed();
    const { user } = renderApp('/admin/kyc', { session: operator() });
    await user.click(await screen.findByRole('tab', { name: 'Not submitted' }));
    const item = await screen.findByRole('listitem', { name: 'cy' });
    expect(within(item).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(item).getByText('Nothing to decide until documents are submitted.')).toBeInTheDocument();
  });

  it('has a Back office link in the profile menu for operators only', async () => {
    const { user, router } = renderApp('/', { session: operator() });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Back office' }));
    expect(await screen.findByRole('heading', { name: 'Identity Reviews' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/kyc');
  });
});

describe('back office is refused to customers', () => {
  it.each(['/admin/kyc', '/reward-requests'])('%s sends a customer home without asking the API', async (path) => {
    const { router } = renderApp(path, { session: buildSession({ kycVerified: 'Verified' }) });
    expect(await screen.findByRole('heading', { name: 'Swap', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    await act(async () => {});
    expect(listCalls()).toHaveLength(0);
  });

  it('does not show the Back office link to a customer', async () => {
    const { user } = renderApp('/', { session: buildSession({ kycVerified: 'Verified' }) });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: 'Back office' })).not.toBeInTheDocument();
  });

  it('sends a guest to sign in', async () => {
    const { router } = renderApp('/admin/kyc');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/signin');
  });

  it('lets an operator reach /reward-requests', async () => {
    renderApp('/reward-requests', { session: operator() });
    expect(await screen.findByRole('heading', { name: 'Reward Requests', level: 1 })).toBeInTheDocument();
  });
});
