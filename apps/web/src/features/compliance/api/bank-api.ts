import {
  adminBankAccountResponseSchema,
  adminBankAccountsResponseSchema,
  apiPaths,
  bankAccountResponseSchema,
  bankAccountsResponseSchema,
  devBankDepositsSchema,
  type BankAccountRequest,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const bankKeys = { mine: () => ['bank'] as const, review: () => ['bank', 'review'] as const };

export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: bankKeys.mine(),
    queryFn: ({ signal }) => apiRequest(apiPaths.bankAccounts, { schema: bankAccountsResponseSchema, signal }),
  });

export const addBankAccount = (input: BankAccountRequest) =>
  apiRequest(apiPaths.bankAccounts, { method: 'POST', body: input, schema: bankAccountResponseSchema });

export const verifyBankAccount = (id: string, amounts: [string, string]) =>
  apiRequest(apiPaths.bankAccountVerify(id), { method: 'POST', body: { amounts }, schema: bankAccountResponseSchema });

/** Sandbox only: what the sandbox bank "sent" (the real bank shows it on the statement). */
export const sandboxDeposits = (id: string) =>
  apiRequest(apiPaths.devBankDeposits(id), { schema: devBankDepositsSchema, auth: false });

export const bankReviewQueryOptions = () =>
  queryOptions({
    queryKey: bankKeys.review(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.adminBankAccounts, { schema: adminBankAccountsResponseSchema, signal }),
  });

export const decideBankAccount = (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
  apiRequest(apiPaths.adminBankAccountDecision(input.id, input.decision), {
    method: 'POST',
    body: input.reason ? { reason: input.reason } : {},
    schema: adminBankAccountResponseSchema,
  });
