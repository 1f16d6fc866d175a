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
import { decisionRequest } from '@/lib/decision-request';
import { reviewQueueOptions } from '@/lib/review-queue';
import { refreshingMutation } from '@/lib/refreshing-mutation';

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

export const addBankAccountMutation = () => refreshingMutation(addBankAccount, bankKeys.mine());

export const verifyBankAccountMutation = (id: string) =>
  refreshingMutation(({ amounts }: { amounts: [string, string] }) => verifyBankAccount(id, amounts), bankKeys.mine());

/** Sandbox only: what the sandbox bank "sent" (the real bank shows it on the statement). */
export const sandboxDeposits = (id: string) =>
  apiRequest(apiPaths.devBankDeposits(id), { schema: devBankDepositsSchema, auth: false });

/** The operator's review of accounts whose holder is not the KYC name, a page at a time. */
export const bankReviewQueryOptions = reviewQueueOptions({
  key: bankKeys.review(),
  path: apiPaths.adminBankAccounts,
  schema: adminBankAccountsResponseSchema,
});

export const decideBankAccount = decisionRequest(apiPaths.adminBankAccountDecision, adminBankAccountResponseSchema);
