import { act, waitFor, within } from '@testing-library/react';
import { KYC_STATUS_POLL_MS } from '@qmgt/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { buildSession } from '@/testing/factories';
import { FILE_PART, testApi } from '@/testing/handlers';
import { fakeKyc, reviewApplicant } from '@/testing/kyc-api';
import { currentPath, renderApp, screen } from '@/testing/render-app';

// The real WebSDK draws an iframe from Sumsub's host and cannot run here: a stand-in shows what it was given.
vi.mock('@sumsub/websdk-react', () => ({
  default: ({ accessToken }: { accessToken: string }) => (
    <div data-testid="sumsub-websdk">Sumsub WebSDK with {accessToken}</div>
  ),
}));

const statusCalls = () => testApi.calls.filter((call) => call.path === '/applicant/get-status');
const sandboxCalls = () => testApi.calls.filter((call) => call.path.startsWith('/sandbox-kyc/'));
const pdf = () => new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' });
const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });

// The personal details (step 1 of the one flow, decision 024) are submitted already here.
beforeEach(() => {
  fakeKyc.personal.submittedAt = '2026-01-01T00:00:00.000Z';
});

describe('identity verification with the sandbox provider', () => {
  it('uploads the document and the selfie, submits, waits, and opens the private pages once verified', async () => {
    const { user } = renderApp('/kyc-verification', { session: buildSession({ kycVerified: 'Not Verified' }) });

    const documentInput = await screen.findByLabelText('Identity document file');
    expect(documentInput).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
    await user.upload(documentInput, pdf());
    expect(await screen.findByText(/passport\.pdf uploaded\./)).toBeInTheDocument();

    const selfieInput = await screen.findByLabelText('Selfie file');
    expect(selfieInput).toHaveAttribute('capture', 'user');
    expect(selfieInput).toHaveAttribute('accept', 'image/*');
    await user.upload(selfieInput, jpeg());

    expect(await screen.findByText('Selfie: uploaded')).toBeInTheDocument();
    expect(screen.getByText('Identity document: uploaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByRole('heading', { name: 'Your documents are being reviewed' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await waitFor(() => expect(useSessionStore.getState().info?.kycVerified).toBe('Pending'));
    expect(useSessionStore.getState().sumsubStat).toBe('pending');

    // The provider's own calls carry its SDK token, never the session.
    const posts = sandboxCalls().filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      ['/sandbox-kyc/documents', { kind: 'identity_document', file: FILE_PART }],
      ['/sandbox-kyc/documents', { kind: 'selfie', file: FILE_PART }],
      ['/sandbox-kyc/submit', undefined],
    ]);
    expect(sandboxCalls().every((call) => call.sdkToken === 'sdk-token-1' && call.authorization === null)).toBe(true);

    // The reviewer approves; the next poll brings it in without signing in again.
    reviewApplicant({ reviewAnswer: 'GREEN' });
    expect(await screen.findByRole('heading', { name: 'Your identity is verified' })).toBeInTheDocument();
    expect(useSessionStore.getState().info?.kycVerified).toBe('Verified');
    expect(useSessionStore.getState().sumsubStat).toBe('completed: GREEN');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('shows the pending state from the server after leaving and coming back', async () => {
    fakeKyc.applicant.reviewStatus = 'pending';
    renderApp('/kyc-verification', { session: buildSession({ kycVerified: 'Pending' }) });
    expect(await screen.findByRole('heading', { name: 'Your documents are being reviewed' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Identity document file')).not.toBeInTheDocument();
  });

  it('shows the reason of a RETRY rejection and lets the client upload again', async () => {
    Object.assign(fakeKyc.applicant, {
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      moderationComment: 'The photo is blurred.',
    });
    const { user } = renderApp('/kyc-verification', { session: buildSession({ kycVerified: 'Rejected' }) });
    expect(await screen.findByText('Your documents were not accepted')).toBeInTheDocument();
    expect(screen.getByText('The photo is blurred.')).toBeInTheDocument();

    await user.upload(await screen.findByLabelText('Identity document file'), pdf());
    await user.upload(await screen.findByLabelText('Selfie file'), jpeg());
    await screen.findByText('Selfie: uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByRole('heading', { name: 'Your documents are being reviewed' })).toBeInTheDocument();
  });

  it('starts again from the document step when a RETRY comes in while the page is open', async () => {
    const { user } = renderApp('/kyc-verification', { session: buildSession({ kycVerified: 'Not Verified' }) });
    await user.upload(await screen.findByLabelText('Identity document file'), pdf());
    await user.upload(await screen.findByLabelText('Selfie file'), jpeg());
    await screen.findByText('Selfie: uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await screen.findByRole('heading', { name: 'Your documents are being reviewed' });

    reviewApplicant({ reviewAnswer: 'RED', reviewRejectType: 'RETRY', moderationComment: 'The selfie is too dark.' });
    expect(await screen.findByText('The selfie is too dark.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Identity document file')).toBeInTheDocument();
    expect(screen.queryByText(/uploaded\./)).not.toBeInTheDocument();
    await waitFor(() => expect(useSessionStore.getState().info?.kycVerified).toBe('Rejected'));
  });

  it('shows a FINAL rejection with the way to support, no upload, and stops polling', async () => {
    Object.assign(fakeKyc.applicant, {
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      moderationComment: 'The document is not genuine.',
    });
    renderApp('/kyc-verification', { session: buildSession({ kycVerified: 'Rejected' }) });
    expect(await screen.findByRole('heading', { name: 'We could not verify your identity' })).toBeInTheDocument();
    expect(screen.getByText('The document is not genuine.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    expect(screen.queryByLabelText('Identity document file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Fill in my details' })).not.toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path === '/applicant/access-token')).toBe(false);

    const polls = statusCalls().length;
    await act(() => new Promise((resolve) => setTimeout(resolve, KYC_STATUS_POLL_MS + 300)));
    expect(statusCalls()).toHaveLength(polls);
  });

  it('takes the private pages away when a verified client is rejected later', async () => {
    const session = buildSession({ kycVerified: 'Verified' });
    renderApp('/kyc-verification', { session });
    // The browser still holds 'Verified'; meanwhile a reviewer rejected the client.
    Object.assign(fakeKyc.applicant, {
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      moderationComment: 'Expired passport.',
    });
    testApi.currentUser = { ...session.user, kycVerified: 'Rejected' };

    expect(await screen.findByText('Expired passport.')).toBeInTheDocument();
    await waitFor(() => expect(useSessionStore.getState().info?.kycVerified).toBe('Rejected'));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(useSessionStore.getState().sumsubStat).toBe('completed: RED RETRY');
  });

  it('keeps the last known status quietly while the provider does not answer', async () => {
    fakeKyc.applicant.reviewStatus = 'pending';
    renderApp('/kyc-verification', { session: buildSession({ kycVerified: 'Pending' }) });
    await screen.findByRole('heading', { name: 'Your documents are being reviewed' });
    fakeKyc.providerDown = true;
    const polls = statusCalls().length;
    await waitFor(() => expect(statusCalls().length).toBeGreaterThan(polls + 1), { timeout: 4000 });
    expect(screen.getByRole('heading', { name: 'Your documents are being reviewed' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a second device: a QR code of the hand-off link with its expiry', async () => {
    const { user } = renderApp('/kyc-verification', { session: buildSession() });
    await user.click(await screen.findByRole('button', { name: 'Continue on your phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Continue on your phone' });
    const link = `${window.location.origin}/kyc-verification?uid=handoff-uid-1`;
    expect(await within(dialog).findByText(link)).toBeInTheDocument();
    expect(within(dialog).getByTitle('Verification link QR code')).toBeInTheDocument();
    expect(within(dialog).getByText(/The link works until/)).toBeInTheDocument();
    expect(testApi.calls.find((call) => call.path === '/applicant/handoff')?.authorization).toMatch(/^Bearer /);
  });

  it('polls the status every 1000 ms and stops when the page is left', async () => {
    // Only intervals are faked: TanStack Query polls with setInterval.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fakeKyc.applicant.reviewStatus = 'pending';
    const { unmount } = renderApp('/kyc-verification', { session: buildSession({ kycVerified: 'Pending' }) });
    await screen.findByRole('heading', { name: 'Your documents are being reviewed' });
    // StrictMode mounts twice in tests: let the first fetches settle, then count.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const start = statusCalls().length;

    await act(async () => {
      vi.advanceTimersByTime(KYC_STATUS_POLL_MS - 1);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(statusCalls()).toHaveLength(start);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(statusCalls()).toHaveLength(start + 1));
    await act(async () => {
      vi.advanceTimersByTime(KYC_STATUS_POLL_MS);
    });
    await waitFor(() => expect(statusCalls()).toHaveLength(start + 2));

    unmount();
    await act(async () => {
      vi.advanceTimersByTime(KYC_STATUS_POLL_MS * 5);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(statusCalls()).toHaveLength(start + 2);
  });
});

describe('a second device with the hand-off link', () => {
  it('works without a session and sends the uid instead of a bearer token', async () => {
    const { user } = renderApp('/kyc-verification?uid=handoff-uid-1');
    const documentInput = await screen.findByLabelText('Identity document file');
    expect(screen.queryByRole('button', { name: 'Continue on your phone' })).not.toBeInTheDocument();
    await user.upload(documentInput, pdf());
    await user.upload(await screen.findByLabelText('Selfie file'), jpeg());
    await screen.findByText('Selfie: uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByRole('heading', { name: 'Your documents are being reviewed' })).toBeInTheDocument();

    const applicantCalls = testApi.calls.filter((call) => call.path.startsWith('/applicant/'));
    expect(applicantCalls.length).toBeGreaterThan(0);
    expect(applicantCalls.every((call) => call.authorization === null)).toBe(true);
    expect(applicantCalls.every((call) => (call.body as { uid?: string }).uid === 'handoff-uid-1')).toBe(true);
    expect(useSessionStore.getState().isAuthenticated).toBe(false);

    reviewApplicant({ reviewAnswer: 'GREEN' });
    testApi.currentUser = null;
    expect(await screen.findByText(/continue on the device where you are signed in/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
  });

  it('explains an expired link', async () => {
    renderApp('/kyc-verification?uid=expired-token');
    expect(
      await screen.findByText('This verification link has expired. Open it again from your signed-in device.'),
    ).toBeInTheDocument();
  });

  it('asks a guest without a link to log in', async () => {
    const { user, router } = renderApp('/kyc-verification');
    expect(await screen.findByRole('heading', { name: 'Log in to verify your identity' })).toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path.startsWith('/applicant/'))).toBe(false);
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }));
    expect(currentPath(router)).toBe('/signin');
  });
});

describe('identity verification with Sumsub', () => {
  it('renders the WebSDK with the access token instead of the sandbox screen', async () => {
    fakeKyc.provider = 'sumsub';
    renderApp('/kyc-verification', { session: buildSession() });
    expect(await screen.findByTestId('sumsub-websdk')).toHaveTextContent('Sumsub WebSDK with sdk-token-1');
    expect(screen.queryByLabelText('Identity document file')).not.toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path.startsWith('/sandbox-kyc/'))).toBe(false);
  });
});

describe('personal details as a step of the one flow', () => {
  it('asks for the details after the document and selfie, prefilled with what the provider read', async () => {
    fakeKyc.personal.submittedAt = null;
    fakeKyc.personal.form.firstName = 'Annie';
    fakeKyc.documentReading = {
      firstName: 'Anna',
      lastName: 'Eriksson',
      dateOfBirth: '1974-08-12',
      idNumber: 'L898902C3',
    };
    const { user } = renderApp('/kyc-verification', { session: buildSession() });
    expect(await screen.findByText('Step 1 of 4: Identity document')).toBeInTheDocument();
    await user.upload(await screen.findByLabelText('Identity document file'), pdf());
    expect(await screen.findByText('Step 2 of 4: Selfie')).toBeInTheDocument();
    await user.upload(await screen.findByLabelText('Selfie file'), jpeg());

    expect(await screen.findByText('Step 3 of 4: Your details')).toBeInTheDocument();
    // What the customer typed stays; the empty fields hold what the document says, and the form says which.
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Annie');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Eriksson');
    expect(screen.getByRole('textbox', { name: 'ID number' })).toHaveValue('L898902C3');
    expect(screen.getByLabelText(/^Date of birth/)).toHaveValue('1974-08-12');
    expect(screen.getByText('Read from your document')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Last name, Date of birth, ID number: please check them against your document and correct anything misread.',
      ),
    ).toBeInTheDocument();
  });

  it('sends the details, then offers sending everything for review', async () => {
    fakeKyc.personal.submittedAt = null;
    fakeKyc.applicant.documents.push(
      { id: 'doc-1', kind: 'identity_document', createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 'doc-2', kind: 'selfie', createdAt: '2026-01-01T00:00:00.000Z' },
    );
    renderApp('/kyc-verification', { session: buildSession() });
    expect(await screen.findByText('Step 3 of 4: Your details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeInTheDocument();
    expect(screen.queryByText('Read from your document')).not.toBeInTheDocument();
  });
});
