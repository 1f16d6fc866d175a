import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ANNUAL_INCOME_MESSAGE } from '@qmgt/contracts';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { apiErrorBody, buildSession, kycStepsOneToThree } from '@/testing/factories';
import { apiUrl, FILE_PART, testApi } from '@/testing/handlers';
import { fakeKyc } from '@/testing/kyc-api';
import { currentPath, renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

type User = ReturnType<typeof renderApp>['user'];

const field = (name: string) => screen.getByRole('textbox', { name });
const drafts = () => testApi.calls.filter((call) => call.path === '/verification/save-draft-personal');

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillPersonal(user: User) {
  await user.type(field('First name'), 'Ana');
  await user.type(field('Last name'), 'Lim');
  await user.type(screen.getByLabelText(/Date of birth/), '1990-05-17');
  await choose(user, 'Gender', 'Female');
  await user.type(field('Citizenship'), 'Malaysian');
}

describe('KYC registration form', () => {
  it('checks each step with its own schema before moving on, saving the draft on the way', async () => {
    const { user, router } = renderApp('/Registration/1', { session: buildSession() });
    expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a gender')).toBeInTheDocument();
    expect(screen.getByText('Citizenship is required')).toBeInTheDocument();
    expect(drafts().filter((call) => (call.body as Record<string, string>).currentStep)).toHaveLength(0);
    expect(currentPath(router)).toBe('/Registration/1');

    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Address and contact' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Address and contact' })).toHaveFocus());
    expect(currentPath(router)).toBe('/Registration/2');
    expect(useSessionStore.getState().currentStep).toBe(1);
    const stepSave = drafts().find((call) => (call.body as Record<string, string>).currentStep === '1');
    expect(stepSave?.body).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lim',
      gender: 'Female',
      dateOfBirth: '1990-05-17',
    });

    await user.type(field('Mobile phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Mobile phone must be a phone number')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/Registration/2');
    // The typing's autosave lands before the test ends: a save still in flight would reach the
    // next test's fresh fake server and move its draft to step 2.
    expect(await screen.findByText(/Draft saved at/)).toBeInTheDocument();
  });

  it('refuses someone under 18 on the first step', async () => {
    const { user } = renderApp('/Registration/1', { session: buildSession() });
    await screen.findByRole('heading', { name: 'Personal details' });
    const year = new Date().getFullYear() - 10;
    await user.type(screen.getByLabelText(/Date of birth/), `${year}-01-01`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('You must be at least 18 years old')).toBeInTheDocument();
  });

  it('restores the draft after a reload in the middle of a step, and resumes where it was left', async () => {
    const first = renderApp('/Registration/1', { session: buildSession() });
    await first.user.click(await screen.findByRole('button', { name: 'Next' }));
    await fillPersonal(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Address and contact' });

    // Typed on step 2, no step change: the autosave keeps it.
    await first.user.type(field('Address'), '1 Jalan Emas');
    await first.user.type(field('City'), 'Kuala Lumpur');
    expect(await screen.findByText(/Draft saved at/)).toBeInTheDocument();
    first.unmount();

    // A reload: a new app, the same server. Step 1 of a fresh visit resumes at step 2.
    const second = renderApp('/Registration/1', { session: buildSession() });
    expect(await screen.findByRole('heading', { name: 'Address and contact' })).toBeInTheDocument();
    expect(currentPath(second.router)).toBe('/Registration/2');
    expect(field('Address')).toHaveValue('1 Jalan Emas');
    expect(field('City')).toHaveValue('Kuala Lumpur');

    await second.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
    expect(field('First name')).toHaveValue('Ana');
    expect(field('Last name')).toHaveValue('Lim');
    expect(screen.getByLabelText(/Date of birth/)).toHaveValue('1990-05-17');
    expect(screen.getByRole('textbox', { name: 'Gender' })).toHaveValue('Female');
  });

  it('does not let a typed URL skip steps that are not filled in', async () => {
    const { router } = renderApp('/Registration/4', { session: buildSession() });
    expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/Registration/1');
  });

  it('submits the whole form on the last step and goes on to /kyc-verification', async () => {
    fakeKyc.personal.form = { ...fakeKyc.personal.form, ...kycStepsOneToThree };
    fakeKyc.personal.currentStep = 3;
    const { user, router } = renderApp('/Registration/4', { session: buildSession() });
    expect(await screen.findByRole('heading', { name: 'Work and income' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Occupation is required')).toBeInTheDocument();

    await user.type(field('Occupation'), 'Engineer');
    await user.type(field('Source of income'), 'Salary');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'KYC Verification' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/kyc-verification');
    expect(await screen.findByText('Your personal details have been submitted.')).toBeInTheDocument();
    const submitted = testApi.calls.find((call) => call.path === '/verification/personal-info');
    expect(submitted?.body).toMatchObject({ ...kycStepsOneToThree, occupation: 'Engineer', sourceOfIncome: 'Salary' });
  });

  it('takes annual income as an amount only', async () => {
    fakeKyc.personal.form = {
      ...fakeKyc.personal.form,
      ...kycStepsOneToThree,
      occupation: 'Engineer',
      sourceOfIncome: 'Salary',
    };
    fakeKyc.personal.currentStep = 3;
    const { user, router } = renderApp('/Registration/4', { session: buildSession() });
    await screen.findByRole('heading', { name: 'Work and income' });

    await user.type(field('Annual income'), 'a lot');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ANNUAL_INCOME_MESSAGE)).toBeInTheDocument();
    expect(testApi.calls.some((call) => call.path === '/verification/personal-info')).toBe(false);

    await user.clear(field('Annual income'));
    await user.type(field('Annual income'), '48000.50');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'KYC Verification' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/kyc-verification');
    const submitted = testApi.calls.find((call) => call.path === '/verification/personal-info');
    expect(submitted?.body).toMatchObject({ annualIncome: '48000.50' });
  });

  it("shows the server's refusal on submit and stays on the form", async () => {
    fakeKyc.personal.form = {
      ...fakeKyc.personal.form,
      ...kycStepsOneToThree,
      occupation: 'Engineer',
      sourceOfIncome: 'Salary',
    };
    server.use(
      http.post(apiUrl('/verification/personal-info'), () =>
        HttpResponse.json(apiErrorBody(400, 'ID number is required'), { status: 400 }),
      ),
    );
    const { user, router } = renderApp('/Registration/4', { session: buildSession() });
    await screen.findByRole('heading', { name: 'Work and income' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('ID number is required')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/Registration/4');
  });

  it('shows loading and a retry when the saved details cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(apiUrl('/verification/get-personal'), () =>
        fail
          ? HttpResponse.json(apiErrorBody(400, 'Something is off'), { status: 400 })
          : HttpResponse.json({ form: {}, currentStep: 0, submittedAt: null, profileLink: null }),
      ),
    );
    const { user } = renderApp('/Registration/1', { session: buildSession() });
    expect(screen.getByText('Loading your details…')).toBeInTheDocument();
    expect(await screen.findByText('Your details could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Something is off')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
  });

  describe('profile picture', () => {
    it('checks type and size before sending, previews, then uploads with the draft', async () => {
      renderApp('/Registration/1', { session: buildSession() });
      // The picker's accept list is only a hint: a person can still choose "All files".
      const user = userEvent.setup({ applyAccept: false });
      await screen.findByRole('heading', { name: 'Personal details' });
      const input = screen.getByLabelText('Profile picture file');

      await user.upload(input, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
      expect(
        await screen.findByText('This file is not accepted: choose a JPEG, PNG or WebP file.'),
      ).toBeInTheDocument();

      await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
      expect(await screen.findByText('The file is larger than 5 MB.')).toBeInTheDocument();
      expect(drafts()).toHaveLength(0);

      await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
      const preview = await screen.findByRole('img', { name: 'Preview of the new profile picture' });
      expect(preview.getAttribute('src')).toMatch(/^blob:/);
      expect(screen.getByText('This is a preview. Upload it to keep it.')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Upload picture' }));
      expect(await screen.findByText('Picture saved.')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
        'src',
        '/uploads/pictures/picture-1.png',
      );
      await waitFor(() => expect(drafts()[0]?.body).toEqual({ profilePicture: FILE_PART }));
    });

    it("shows the server's refusal of a picture", async () => {
      server.use(
        http.post(apiUrl('/verification/save-draft-personal'), () =>
          HttpResponse.json(apiErrorBody(415, 'This file is not accepted: upload a JPEG, PNG or WebP image.'), {
            status: 415,
          }),
        ),
      );
      const { user } = renderApp('/Registration/1', { session: buildSession() });
      await screen.findByRole('heading', { name: 'Personal details' });
      await user.upload(
        screen.getByLabelText('Profile picture file'),
        new File(['#!/bin/sh'], 'fake.png', { type: 'image/png' }),
      );
      await user.click(await screen.findByRole('button', { name: 'Upload picture' }));
      const alert = await screen.findByRole('alert');
      expect(
        within(alert).getByText('This file is not accepted: upload a JPEG, PNG or WebP image.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Picture saved.')).not.toBeInTheDocument();
    });
  });

  it('tells a verified client the details can no longer be changed here', async () => {
    renderApp('/Registration/1', { session: buildSession({ kycVerified: 'Verified' }) });
    expect(await screen.findByText('Your identity is verified')).toBeInTheDocument();
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});
