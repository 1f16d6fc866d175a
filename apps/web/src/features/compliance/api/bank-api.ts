import {
  adminBankAccountResponseSchema,
  adminBankAccountsResponseSchema,
  apiPaths,
  bankAccountResponseSchema,
  bankAccountsResponseSchema,
  devBankDepositsSchema,
  type BankAccountRequest,
} from '@qmgt/contracts';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { decisionRequest } from '@/lib/decision-request';
import { reviewQueueOptions } from '@/lib/review-queue';

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

/*
 * Adding and verifying ask for the list again after any answer (a refusal may mean it changed:
 * an attempt used up), in onSettled, so the screen's own onSuccess/onError, spread over these
 * options, does not replace it. The screen says what failed: no toast.
 */
const refreshing = <Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) =>
  mutationOptions({
    mutationFn,
    meta: { silent: true },
    onSettled: (_answer, _error, _input, _result, { client }) =>
      void client.invalidateQueries({ queryKey: bankKeys.mine() }),
  });

export const addBankAccountMutation = () => refreshing(addBankAccount);

export const verifyBankAccountMutation = (id: string) =>
  refreshing(({ amounts }: { amounts: [string, string] }) => verifyBankAccount(id, amounts));

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
