import type { BankAccount } from '@qmgt/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { apiErrorBody, buildSession } from '@/testing/factories';
import { apiUrl, testApi } from '@/testing/handlers';
import { renderApp, screen } from '@/testing/render-app';
import { server } from '@/testing/server';

const account = (overrides: Partial<BankAccount> = {}): BankAccount => ({
  id: '77777777-7777-4777-8777-777777777777',
  bankName: 'Bank Mandiri',
  accountHolder: 'Ana Lim',
  accountNumberMasked: '•••• 6789',
  country: 'Indonesia',
  status: 'verified',
  attemptsLeft: 3,
  nameMatches: true,
  reason: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  verifiedAt: '2026-11-02T00:00:00.000Z',
  ...overrides,
});

const withAccounts = (accounts: BankAccount[]) =>
  server.use(http.get(apiUrl('/bank-accounts'), () => HttpResponse.json({ data: accounts })));

describe('bank verification', () => {
  it('keeps the form for another account behind a button once an account is verified', async () => {
    withAccounts([account()]);
    const { user } = renderApp('/BankVerification', { session: buildSession({ kycVerified: 'Verified' }) });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Bank name' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add another account' }));
    expect(screen.getByRole('textbox', { name: 'Bank name' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add another account' })).not.toBeInTheDocument();
  });

  it('opens the form at once while no account is verified', async () => {
    withAccounts([]);
    renderApp('/BankVerification', { session: buildSession({ kycVerified: 'Verified' }) });
    expect(await screen.findByText('No bank account yet.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bank name' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add another account' })).not.toBeInTheDocument();
  });

  it("refuses a malformed account number and a missing bank name at their fields, in the contract's words, sending nothing", async () => {
    withAccounts([]);
    const { user } = renderApp('/BankVerification', { session: buildSession({ kycVerified: 'Verified' }) });
    await user.type(await screen.findByRole('textbox', { name: 'Account holder' }), 'Ana Lim');
    const number = screen.getByRole('textbox', { name: 'Account number or IBAN' });
    await user.type(number, '12#4');
    await user.type(screen.getByRole('textbox', { name: 'Country' }), 'Indonesia');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Bank name is required')).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription('Enter the account number or IBAN (letters and digits)');
    expect(testApi.calls.some((c) => c.method === 'POST' && c.path === '/bank-accounts')).toBe(false);
  });

  it('says a refusal at the field the server names', async () => {
    withAccounts([]);
    server.use(
      http.post(apiUrl('/bank-accounts'), () =>
        HttpResponse.json(
          apiErrorBody(409, 'This account is already registered.', 'ConflictError', { field: 'accountNumber' }),
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/BankVerification', { session: buildSession({ kycVerified: 'Verified' }) });
    await user.type(await screen.findByRole('textbox', { name: 'Bank name' }), 'Bank Mandiri');
    await user.type(screen.getByRole('textbox', { name: 'Account holder' }), 'Ana Lim');
    const number = screen.getByRole('textbox', { name: 'Account number or IBAN' });
    await user.type(number, '1234 5678 9');
    await user.type(screen.getByRole('textbox', { name: 'Country' }), 'Indonesia');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(number).toHaveAccessibleDescription('This account is already registered.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("refuses a malformed deposit amount at its field, in the contract's words, sending nothing", async () => {
    withAccounts([account({ status: 'pending', verifiedAt: null })]);
    const { user } = renderApp('/BankVerification', { session: buildSession({ kycVerified: 'Verified' }) });
    const first = await screen.findByRole('textbox', { name: 'Deposit 1 (USD)' });
    await user.type(first, '0.5');
    await user.type(screen.getByRole('textbox', { name: 'Deposit 2 (USD)' }), '0.32');
    await user.click(screen.getByRole('button', { name: 'Confirm deposits' }));
    await waitFor(() => expect(first).toHaveAccessibleDescription('Enter each amount as 0.xx'));
    expect(testApi.calls.some((c) => c.path.endsWith('/verify'))).toBe(false);
  });

  it('sends the amounts trimmed, and says wrong deposits at the amounts', async () => {
    const pending = account({ status: 'pending', verifiedAt: null });
    withAccounts([pending]);
    server.use(
      http.post(apiUrl(`/bank-accounts/${pending.id}/verify`), () =>
        HttpResponse.json(
          apiErrorBody(422, 'Those amounts are not the deposits. 2 tries left.', 'UnprocessableError', {
            field: 'amounts',
            attemptsLeft: 2,
          }),
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp('/BankVerification', { session: buildSession({ kycVerified: 'Verified' }) });
    const first = await screen.findByRole('textbox', { name: 'Deposit 1 (USD)' });
    const second = screen.getByRole('textbox', { name: 'Deposit 2 (USD)' });
    await user.type(first, ' 0.32 ');
    await user.type(second, '.45');
    await user.click(screen.getByRole('button', { name: 'Confirm deposits' }));
    await waitFor(() => expect(first).toHaveAccessibleDescription('Those amounts are not the deposits. 2 tries left.'));
    expect(first).toHaveFocus();
    expect(second).toBeInvalid();
    expect(screen.queryByRole('alert')).toBeNull();
    const sent = testApi.calls.find((c) => c.path === `/bank-accounts/${pending.id}/verify`);
    expect(sent?.body).toEqual({ amounts: ['0.32', '.45'] });

    // Editing an amount drops the refusal: it was about the amounts as they were.
    await user.clear(second);
    await user.type(second, '0.46');
    expect(first).not.toHaveAccessibleDescription('Those amounts are not the deposits. 2 tries left.');
    expect(second).toBeValid();
  });
});
