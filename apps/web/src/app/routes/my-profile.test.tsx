import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { apiErrorBody, buildSession, kycStepsOneToThree } from '@/testing/factories';
import { apiUrl, FILE_PART, testApi } from '@/testing/handlers';
import { fakeKyc } from '@/testing/kyc-api';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const submitted = { ...kycStepsOneToThree, occupation: 'Engineer', sourceOfIncome: 'Salary' };

const verified = () =>
  buildSession({ kycVerified: 'Verified', username: 'goldsaver', email: 'ana@example.test', refCode: 'GOLD7' });

describe('My Profile', () => {
  it('shows the account, the KYC badge and the submitted details, identity numbers masked', async () => {
    fakeKyc.personal.form = { ...fakeKyc.personal.form, ...submitted };
    fakeKyc.personal.submittedAt = '2025-03-01T10:00:00.000Z';
    renderApp('/My-Profile', { session: verified() });
    expect(await screen.findByRole('heading', { name: 'My Profile', level: 1 })).toBeInTheDocument();

    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('goldsaver')).toBeInTheDocument();
    expect(within(account).getByText('ana@example.test')).toBeInTheDocument();
    expect(within(account).getByText('GOLD7')).toBeInTheDocument();
    expect(within(account).getByText('Verified')).toBeInTheDocument();

    expect(await screen.findByText('Kuala Lumpur')).toBeInTheDocument();
    expect(screen.getByText('Engineer')).toBeInTheDocument();
    expect(screen.getByText('•••• 4567')).toBeInTheDocument();
    expect(screen.queryByText('A1234567')).not.toBeInTheDocument();
  });

  it('says so when no personal details are on file', async () => {
    renderApp('/My-Profile', { session: verified() });
    expect(await screen.findByText('No personal details on file yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the details cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/verification/get-personal'), () =>
        HttpResponse.json(apiErrorBody(404, 'No such user.', 'NotFoundError'), { status: 404 }),
      ),
    );
    renderApp('/My-Profile', { session: verified() });
    expect(await screen.findByText('Your details could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('previews a new picture, then uploads it with /update-picture', async () => {
    fakeKyc.personal.profileLink = '/uploads/pictures/old.png';
    const { user } = renderApp('/My-Profile', { session: verified() });
    expect(await screen.findByRole('img', { name: 'Profile picture' })).toHaveAttribute(
      'src',
      '/uploads/pictures/old.png',
    );

    await user.upload(
      screen.getByLabelText('Profile picture file'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'new.jpg', { type: 'image/jpeg' }),
    );
    const preview = await screen.findByRole('img', { name: 'Preview of the new profile picture' });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(testApi.calls.some((call) => call.path === '/update-picture')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('Picture saved.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
      'src',
      '/uploads/pictures/picture-1.png',
    );
    const upload = testApi.calls.find((call) => call.path === '/update-picture');
    expect(upload?.body).toEqual({ profilePicture: FILE_PART });
    expect(upload?.authorization).toMatch(/^Bearer /);
  });

  it("shows the server's refusal of a picture", async () => {
    fakeKyc.personal.profileLink = '/uploads/pictures/old.png';
    server.use(
      http.post(apiUrl('/update-picture'), () =>
        HttpResponse.json(apiErrorBody(413, 'The file is larger than 5 MB.', 'PayloadTooLargeError'), { status: 413 }),
      ),
    );
    const { user } = renderApp('/My-Profile', { session: verified() });
    await screen.findByRole('img', { name: 'Profile picture' });
    await user.upload(
      screen.getByLabelText('Profile picture file'),
      new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('The file is larger than 5 MB.')).toBeInTheDocument();
  });

  it('changes the password with the existing form and keeps the new token', async () => {
    const session = verified();
    server.use(
      http.post(apiUrl('/auth/local/change-password'), () =>
        HttpResponse.json({ jwt: 'jwt-after-change', user: session.user }),
      ),
    );
    const { user } = renderApp('/My-Profile', { session });
    await user.type(await screen.findByLabelText('Current password'), 'old password 1');
    await user.type(screen.getByLabelText('New password'), 'new password 22');
    await user.type(screen.getByLabelText('Confirm new password'), 'new password 22');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(useSessionStore.getState().accessToken).toBe('jwt-after-change');
    expect(testApi.calls.find((call) => call.path === '/auth/local/change-password')?.body).toEqual({
      currentPassword: 'old password 1',
      password: 'new password 22',
      passwordConfirmation: 'new password 22',
    });
  });
});
