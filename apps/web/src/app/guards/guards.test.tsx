import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { currentPath, renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const KYC_GATED = [
  ['/dashboard', 'Dashboard'],
  ['/ges', 'GDS'],
  ['/GES', 'GDS'],
  ['/BankVerification', 'Bank Verification'],
  ['/transactions', 'Transactions'],
  ['/transactions-buysell', 'QMGT Transactions'],
  ['/transactions-convert', 'Convert Transactions'],
  ['/transactions-gae', 'GAE Transactions'],
  ['/transactions-gaex', 'GAEX Transactions'],
  ['/request-external-usdau', 'USDAU Request External'],
  ['/transactions/QMGT/TX-1', 'Transaction'],
  ['/My-Profile', 'My Profile'],
  ['/My-Affiliates', 'My Affiliates'],
  ['/My-Reward-Center', 'My Reward Center'],
] as const;

describe('KYC-verified pages', () => {
  it.each(KYC_GATED)('%s renders nothing for a client whose KYC is not verified', async (path) => {
    renderApp(path, { session: buildSession({ kycVerified: 'Pending' }) });
    // Wait until the signed-in shell has settled (its client record refresh has answered).
    await screen.findByRole('button', { name: /^Profile menu/ });
    await act(async () => {});
    expect(screen.getByRole('main')).toHaveTextContent('');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it.each(KYC_GATED)('%s renders for a verified client', async (path, title) => {
    renderApp(path, { session: buildSession({ kycVerified: 'Verified' }) });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it('opens once the refreshed client record says the KYC is verified', async () => {
    const session = buildSession({ kycVerified: 'Pending' });
    renderApp('/dashboard', { session });
    testApi.currentUser = { ...session.user, kycVerified: 'Verified' };
    // The stored record was 'Pending'; GET /getInfo answers 'Verified'.
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a guest to /signin and back after signing in', async () => {
    const session = buildSession({ kycVerified: 'Verified' });
    server.use(http.post(apiUrl('/auth/local'), () => HttpResponse.json(session)));
    const { user, router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/signin');

    testApi.currentUser = session.user;
    await user.type(screen.getByLabelText('E-mail or username'), 'saver');
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });
});

describe('staking', () => {
  it.each(['/staking', '/Staking'])('%s renders for a client with an upline', async (path) => {
    renderApp(path, { session: buildSession(), upline: true });
    expect(await screen.findByRole('heading', { name: 'Staking', level: 1 })).toBeInTheDocument();
  });

  it('explains, instead of a blank page, why there is no staking without an upline', async () => {
    renderApp('/staking', { session: buildSession(), upline: false });
    expect(await screen.findByRole('heading', { name: 'Staking', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText(/QMGT\+ staking is open to customers who joined through a referral link/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(testApi.calls.some((call) => call.path === '/get-upline')).toBe(true);
    // The staking screen itself (SPEC.md section 5) is not rendered: its calls are never made.
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Show the interest' })).not.toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path.startsWith('/staking'))).toBe(false);
  });
});

describe('routes', () => {
  it.each([
    ['/kyc-verification', 'KYC Verification'],
    ['/Announcements', 'Announcements'],
    ['/contact-us', 'Contact Us'],
    ['/term-conditions', 'Terms and Conditions'],
    ['/transaction-details/42/QMGT', 'Transaction Details'],
  ])('%s is open to guests', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it.each([
    ['/nominee', 'Nominee'],
    ['/Consultant/ana', 'Consultant'],
    ['/payment', 'Spend To Save'],
    ['/GES/7/Gold%20Circle/99', 'GDS Group'],
    ['/GES/7/99', 'Join GDS Group'],
    ['/GAE/Account-Statement', 'GAE Account Statement'],
    ['/kyc-verification', 'KYC Verification'],
    ['/remit-to-save', 'Remit to Save'],
  ])('%s is open to a signed-in client', async (path, title) => {
    renderApp(path, { session: buildSession() });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it('shows a sample balance card on /test, marked as sample', async () => {
    renderApp('/test');
    expect(await screen.findByText('Sample')).toBeInTheDocument();
    expect(screen.getByText('Placeholder figures for layout only. This is not your balance.')).toBeInTheDocument();
  });
});

describe('an ended session', () => {
  it('signs the browser out and goes to /signin when the server refuses the token', async () => {
    const session = buildSession({ kycVerified: 'Verified' });
    server.use(
      http.get(apiUrl('/getInfo'), () =>
        HttpResponse.json(apiErrorBody(401, 'Your session has expired', 'UnauthorizedError'), { status: 401 }),
      ),
    );
    const { router } = renderApp('/dashboard', { session });
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/signin');
    expect(useSessionStore.getState().accessToken).toBeNull();
  });
});

describe('sandbox mailbox route', () => {
  it('is a 404 when the API is not in sandbox mode', async () => {
    testApi.sandbox = false;
    renderApp('/dev/mailbox');
    expect(await screen.findByText('Waiting..')).toBeInTheDocument();
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
  });
});
