import { http, HttpResponse } from 'msw';
import { WEAK_PASSWORD_MESSAGE } from '@qmgt/contracts';
import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { currentPath, renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';
import { SESSION_STORAGE_KEY, useSessionStore } from '@/lib/session-store';

/** The server refuses the sign-in until the e-mail address is verified, and re-sends the link. */
function refuseSignInAsUnverified() {
  server.use(
    http.post(apiUrl('/auth/local'), () =>
      HttpResponse.json(apiErrorBody(403, 'Your e-mail address is not verified yet', 'ForbiddenError'), {
        status: 403,
      }),
    ),
    http.post(apiUrl('/link-verification/registration'), () => HttpResponse.json({ ok: true })),
  );
}

describe('sign in', () => {
  it('stores the token and shows the private shell', async () => {
    const session = buildSession({ username: 'goldsaver', kycVerified: 'Verified' });
    server.use(
      http.post(apiUrl('/auth/local'), async ({ request }) => {
        const body = (await request.json()) as { identifier: string; password: string };
        if (body.identifier !== 'goldsaver' || body.password !== 'correct horse')
          return HttpResponse.json(apiErrorBody(401, 'Invalid identifier or password', 'UnauthorizedError'), {
            status: 401,
          });
        testApi.currentUser = session.user;
        return HttpResponse.json(session);
      }),
    );
    const { user, router } = renderApp('/signin');

    await user.type(screen.getByLabelText('E-mail or username'), 'goldsaver');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Swap', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    const state = useSessionStore.getState();
    expect(state.accessToken).toBe(session.jwt);
    expect(state.isAuthenticated).toBe(true);
    expect(state.info?.username).toBe('goldsaver');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain(session.jwt);
    // The private shell: profile menu and sidebar of a verified client.
    expect(screen.getByRole('button', { name: /^Profile menu/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('toasts the server message when sign-in fails', async () => {
    server.use(
      http.post(apiUrl('/auth/local'), () =>
        HttpResponse.json(apiErrorBody(401, 'Invalid identifier or password', 'UnauthorizedError'), { status: 401 }),
      ),
    );
    const { user } = renderApp('/signin');

    await user.type(screen.getByLabelText('E-mail or username'), 'someone');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Invalid identifier or password')).toBeInTheDocument();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it('explains a locked account and offers the password reset', async () => {
    const message =
      'Too many failed sign-ins: this account is locked for 15 minutes. Try again later, or reset your password to unlock it now.';
    server.use(
      http.post(apiUrl('/auth/local'), () =>
        HttpResponse.json(apiErrorBody(429, message, 'AccountLockedError'), { status: 429 }),
      ),
    );
    const { user } = renderApp('/signin');
    await user.type(screen.getByLabelText('E-mail or username'), 'goldsaver');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const box = (await screen.findByText('Account locked')).closest<HTMLElement>('[role="alert"]');
    if (!box) throw new Error('the lock is not shown as an alert');
    expect(within(box).getByText(message)).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgot-password');
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it('validates the form before calling the API', async () => {
    const { user } = renderApp('/signin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('E-mail or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(testApi.calls.filter((call) => call.path === '/auth/local')).toHaveLength(0);
  });

  it('offers to re-send the verification e-mail when the address is unconfirmed', async () => {
    refuseSignInAsUnverified();
    const { user } = renderApp('/signin');

    await user.type(screen.getByLabelText('E-mail or username'), 'New@Example.test');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Your e-mail address is not verified yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText(/a new link is on its way/)).toBeInTheDocument();
    const sent = testApi.calls.find((call) => call.path === '/link-verification/registration');
    expect(sent?.body).toEqual({ email: 'new@example.test' });
  });

  it('asks for the address before re-sending when the client signed in with a username', async () => {
    refuseSignInAsUnverified();
    const { user } = renderApp('/signin');
    await user.type(screen.getByLabelText('E-mail or username'), 'goldsaver');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await user.type(await screen.findByLabelText('E-mail'), 'gold@example.test');
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText(/a new link is on its way/)).toBeInTheDocument();
    expect(testApi.calls.find((call) => call.path === '/link-verification/registration')?.body).toEqual({
      email: 'gold@example.test',
    });
  });

  it('sends a signed-in client away from /signin', async () => {
    const { router } = renderApp('/signin', { session: buildSession() });
    expect(await screen.findByRole('heading', { name: 'Swap' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });
});

describe('registration', () => {
  const fillSignUp = async (user: ReturnType<typeof renderApp>['user']) => {
    await user.type(screen.getByLabelText('Username'), 'newsaver');
    await user.type(screen.getByLabelText('E-mail'), 'newsaver@example.test');
    await user.type(screen.getByLabelText('Password'), 'a strong password');
    await user.type(screen.getByLabelText('Confirm password'), 'a strong password');
  };

  it('registers, then sends the verification e-mail, then asks to check the inbox', async () => {
    server.use(
      http.post(apiUrl('/auth/local/register'), async ({ request }) => {
        const body = (await request.json()) as { username: string; email: string };
        // The server's receipt: the same whether or not the address was free.
        return HttpResponse.json({
          user: { id: crypto.randomUUID(), username: body.username, email: body.email, confirmed: false },
        });
      }),
      http.post(apiUrl('/link-verification/registration'), () => HttpResponse.json({ ok: true })),
    );
    const { user } = renderApp('/register?ref=FRIEND42');

    expect(screen.getByLabelText('Referral code')).toHaveValue('FRIEND42');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByText('newsaver@example.test')).toBeInTheDocument();
    const posts = testApi.calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(posts).toEqual(['/auth/local/register', '/link-verification/registration']);
    expect(testApi.calls.find((call) => call.path === '/auth/local/register')?.body).toEqual({
      username: 'newsaver',
      email: 'newsaver@example.test',
      password: 'a strong password',
      ref: 'FRIEND42',
    });
    expect(testApi.calls.find((call) => call.path === '/link-verification/registration')?.body).toEqual({
      email: 'newsaver@example.test',
    });
    // The sandbox mailbox is one click away.
    expect(await screen.findByRole('link', { name: 'Open the sandbox mailbox' })).toHaveAttribute(
      'href',
      '/dev/mailbox?to=newsaver%40example.test',
    );
  });

  it("shows 'Registration failed. Please try again.' when the server gives no message", async () => {
    server.use(http.post(apiUrl('/auth/local/register'), () => new HttpResponse('Bad gateway', { status: 502 })));
    const { user } = renderApp('/signup');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path === '/link-verification/registration')).toBe(false);
  });

  it("shows the server's message when it gives one", async () => {
    // A taken e-mail or username is never an error (the server mails instead); a bad referral code is.
    const message = 'This referral code does not exist. Check it, or sign up without one.';
    server.use(
      http.post(apiUrl('/auth/local/register'), () => HttpResponse.json(apiErrorBody(400, message), { status: 400 })),
    );
    const { user } = renderApp('/signup');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument();
  });

  it('links the terms from the sign-up form', async () => {
    renderApp('/signup');
    expect(screen.getByText(/By creating an account you agree to the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/term-conditions');
  });

  it('checks that the passwords match', async () => {
    const { user } = renderApp('/signup');
    await user.type(screen.getByLabelText('Username'), 'newsaver');
    await user.type(screen.getByLabelText('E-mail'), 'newsaver@example.test');
    await user.type(screen.getByLabelText('Password'), 'a strong password');
    await user.type(screen.getByLabelText('Confirm password'), 'another password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('refuses a common password such as "password1" before calling the API', async () => {
    const { user } = renderApp('/signup');
    await user.type(screen.getByLabelText('Username'), 'newsaver');
    await user.type(screen.getByLabelText('E-mail'), 'newsaver@example.test');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(WEAK_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(testApi.calls.filter((call) => call.path === '/auth/local/register')).toHaveLength(0);
  });
});

describe('e-mail verification', () => {
  const token = 'Zk3s9QpW1xYv7LmN2bR8tUaC';

  it('submits the token from the link once, signs the customer in and goes on to KYC', async () => {
    const session = buildSession({ username: 'newsaver', kycVerified: 'Not Verified' });
    server.use(
      http.post(apiUrl('/link-verification/code-register'), () => {
        testApi.currentUser = session.user;
        return HttpResponse.json(session);
      }),
    );
    const { router } = renderApp(`/Email-Verification/${token}`);

    expect(await screen.findByText('Signed in as newsaver. Next: verify your identity.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/kyc-verification'));
    const state = useSessionStore.getState();
    expect(state.isAuthenticated).toBe(true);
    expect(state.accessToken).toBe(session.jwt);
    const submissions = testApi.calls.filter((call) => call.path === '/link-verification/code-register');
    expect(submissions).toHaveLength(1);
    expect(submissions[0]?.body).toEqual({ verifyCode: token });
  });

  it('prefills the log-in with the address this browser signed up with', async () => {
    const { router } = renderApp('/forgot-password');
    // As the sign-up form leaves it (renderApp starts signed out, with nothing remembered).
    act(() => useSessionStore.getState().setEmail('newsaver@example.test'));
    await act(() => router.navigate('/signin'));
    expect(await screen.findByLabelText('E-mail or username')).toHaveValue('newsaver@example.test');
  });

  it('says "already verified", not "failed", for a used link of a verified account', async () => {
    server.use(
      http.post(apiUrl('/link-verification/code-register'), () =>
        HttpResponse.json(
          apiErrorBody(409, 'Your e-mail address is already verified. You can log in.', 'ConflictError'),
          { status: 409 },
        ),
      ),
    );
    renderApp(`/Email-Verification/${token}`);

    expect(await screen.findByText('Your e-mail is already verified')).toBeInTheDocument();
    expect(screen.queryByText('Verification failed')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
  });

  it('shows the error and a form to get a new link', async () => {
    server.use(
      http.post(apiUrl('/link-verification/code-register'), () =>
        HttpResponse.json(apiErrorBody(422, 'This link has expired', 'UnprocessableError'), { status: 422 }),
      ),
      http.post(apiUrl('/link-verification/registration'), () => HttpResponse.json({ ok: true })),
    );
    const { user } = renderApp(`/Email-Verification/${token}`);

    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'saver@example.test');
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText(/a new link is on its way/)).toBeInTheDocument();
  });

  it('without a token offers the re-send form', async () => {
    renderApp('/Email-Verification');
    expect(await screen.findByRole('button', { name: 'Resend verification e-mail' })).toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path === '/link-verification/code-register')).toBe(false);
  });
});

describe('forgot password', () => {
  it.each([
    ['an existing account', 'saver@example.test'],
    ['an unknown address', 'nobody@example.test'],
  ])('shows the same message for %s', async (_case, email) => {
    server.use(http.post(apiUrl('/link-verification/forgot-password'), () => HttpResponse.json({ ok: true })));
    const { user } = renderApp('/forgot-password');
    await user.type(screen.getByLabelText('E-mail'), email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('If an account exists for that address, we sent a link to reset your password.'),
    ).toBeInTheDocument();
    expect(testApi.calls.find((call) => call.path === '/link-verification/forgot-password')?.body).toEqual({ email });
  });
});

describe('change password', () => {
  const resetToken = 'Rt7x2QpW1xYv7LmN2bR8tUaC';

  it('sets a new password with the e-mailed token', async () => {
    server.use(http.post(apiUrl('/reset-verification/reset-password'), () => HttpResponse.json({ ok: true })));
    const { user } = renderApp(`/Change-Password/${resetToken}`);
    await user.type(screen.getByLabelText('New password'), 'my new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'my new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
    expect(testApi.calls.find((call) => call.path === '/reset-verification/reset-password')?.body).toEqual({
      token: resetToken,
      password: 'my new password',
      passwordConfirmation: 'my new password',
    });
  });

  it("shows 'Failed to reset password. Please try again.' when the server gives no message", async () => {
    server.use(http.post(apiUrl('/reset-verification/reset-password'), () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp(`/Change-Password/${resetToken}`);
    await user.type(screen.getByLabelText('New password'), 'my new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'my new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
  });

  it('lets a signed-in client change it and keeps the new token', async () => {
    const session = buildSession();
    server.use(
      http.post(apiUrl('/auth/local/change-password'), () =>
        HttpResponse.json({ jwt: 'fresh-token', user: session.user }),
      ),
    );
    const { user } = renderApp('/Change-Password', { session });
    await user.type(screen.getByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'my new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'my new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(useSessionStore.getState().accessToken).toBe('fresh-token');
    expect(testApi.calls.find((call) => call.path === '/auth/local/change-password')?.authorization).toBe(
      `Bearer ${session.jwt}`,
    );
  });

  it('points a guest without a token to the reset request', async () => {
    renderApp('/Change-Password');
    expect(await screen.findByRole('link', { name: 'Request a reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
